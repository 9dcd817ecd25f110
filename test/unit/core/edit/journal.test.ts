import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { JournalEntry, WriteJournal } from '../../../../src/core/edit/journal';
import { editFile } from '../../../../src/core/edit/edit-file';
import { CortexUnconfirmedError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { TeamFs, isCortexTempName } from '../../../../src/core/fs/team-fs';
import { dispatchOperation, dispatchTask } from '../../../../src/core/ops/dispatch';
import { moveOperation } from '../../../../src/core/ops/move';
import { reorderOperation } from '../../../../src/core/ops/reorder';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { VirtualClock, hooked } from './fs-hooks';

/**
 * The journal of operations not yet confirmed, as the extension uses it from its
 * watcher: write, then `fileChanged` whenever the file changes and `check` when
 * `nextCheckIn` says. Run on the in-memory and on the Node file system.
 */
const F = 'agents/ada/tasks.md';
const START = '## A\n**Status:** ready\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n';
const STALE_CLAIM = '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:01\n\n<!-- cortex:last-tick 2026-01-01T00:01 -->\n';

interface Disk {
  fs: TeamFs;
  put(text: string): void;
  get(): string;
  temps(): string[];
  done(): void;
}

function memoryDisk(): Disk {
  const fs = new MemoryTeamFs({ [F]: START });
  return { fs, put: (t) => fs.put(F, t), get: () => fs.get(F)!, temps: () => fs.paths().filter((p) => isCortexTempName(path.basename(p))), done: () => undefined };
}

function nodeDisk(): Disk {
  const dir = mkdtempSync(path.join(tmpdir(), 'cortex-journal-'));
  mkdirSync(path.join(dir, 'agents/ada'), { recursive: true });
  const abs = path.join(dir, F);
  writeFileSync(abs, START);
  return {
    fs: new NodeTeamFs(dir),
    put: (t) => writeFileSync(abs, t),
    get: () => readFileSync(abs, 'utf8'),
    temps: () => readdirSync(path.dirname(abs)).filter(isCortexTempName),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const tasksOf = (text: string) => parseTaskFile(text, F).tasks.map((t) => `${t.title}:${t.status}`);

for (const [name, make] of [
  ['in memory', memoryDisk],
  ['on disk', nodeDisk],
] as const) {
  describe(`WriteJournal (${name})`, () => {
    let disk: Disk;
    let clock: VirtualClock;
    let events: string[];
    let journal: WriteJournal;
    beforeEach(() => {
      disk = make();
      clock = new VirtualClock();
      events = [];
      const log = (what: string) => (e: JournalEntry, err?: unknown) => events.push(`${what} ${e.label}${err instanceof Error ? `: ${err.message}` : ''}`);
      journal = new WriteJournal(disk.fs, { settleMs: 1000, clock, onConfirmed: log('confirmed'), onReapplied: log('reapplied'), onGaveUp: log('gave up') });
    });
    afterEach(() => disk.done());

    it('puts nothing back that was forgotten while its file was being read', async () => {
      let forgetOnRead = false;
      const fs = hooked(disk.fs, {
        readFile: async (_args, call) => {
          const bytes = await call();
          if (forgetOnRead) journal.dispose(); // between the read and the re-apply
          return bytes;
        },
      });
      journal = new WriteJournal(fs, { settleMs: 1000, clock, onReapplied: (e) => events.push(`reapplied ${e.label}`) });
      await journal.write(F, dispatchOperation(F, { title: 'B' }), { label: 'B' });
      disk.put(START); // the file as it was, written by someone who wants it so
      forgetOnRead = true;
      await journal.fileChanged(F);
      assert.strictEqual(disk.get(), START);
      assert.deepStrictEqual(events, []);
      assert.strictEqual(journal.pending().length, 0);
    });

    it('keeps an operation until it has held for the settle window, then confirms it', async () => {
      await journal.write(F, dispatchOperation(F, { title: 'B' }), { label: 'B' });
      assert.deepStrictEqual(journal.pending().map((e) => e.label), ['B']);
      // The window runs from the write (the read-back after it took a moment of the clock).
      const due = journal.nextCheckIn()!;
      assert.ok(due > 990 && due <= 1000, String(due));
      await clock.sleep(due - 10); // (a check reads the file, which takes a moment too)
      await journal.check();
      assert.strictEqual(journal.pending().length, 1, 'not before the window passed');
      await clock.sleep(10);
      await journal.check();
      assert.deepStrictEqual([journal.pending().length, events], [0, ['confirmed B']]);
      assert.strictEqual(journal.nextCheckIn(), undefined);
    });

    it('forgets the operations on a file a person undid: their effect gone is not put back', async () => {
      await journal.write(F, dispatchOperation(F, { title: 'B' }), { label: 'B' });
      journal.forget(['some/other.md']);
      assert.strictEqual(journal.pending().length, 1, 'other files do not count');
      journal.forget([F]);
      assert.deepStrictEqual(journal.pending(), []);
      disk.put(START); // the undo: B is gone again
      await journal.fileChanged(F);
      await journal.check();
      assert.strictEqual(disk.get(), START);
      assert.deepStrictEqual(events, []);
    });

    it('lets go of an earlier operation whose effect its own later write took away (a card dragged back), and puts back one an agent took away before that write', async () => {
      const TWO = '## A\n**Status:** ready\n\n## B\n**Status:** ready\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n';
      disk.put(TWO);
      await journal.write(F, reorderOperation(F, { ref: 'B', before: 'A' }), { label: 'B before A' });
      assert.deepStrictEqual(tasksOf(disk.get()), ['B:ready', 'A:ready']);
      // Dragged back within the window: the newer wish, not a stale write to undo.
      await journal.write(F, reorderOperation(F, { ref: 'B', after: 'A' }), { label: 'B after A' });
      assert.deepStrictEqual(journal.pending().map((e) => e.label), ['B after A']);
      await journal.fileChanged(F);
      assert.deepStrictEqual([tasksOf(disk.get()), events], [['A:ready', 'B:ready'], []]);
      // A dispatch an agent's stale write removed stays owed when another of ours lands first on that text.
      await journal.write(F, dispatchOperation(F, { title: 'C' }), { label: 'C' });
      disk.put(TWO); // the agent's stale text: C gone
      await journal.write(F, reorderOperation(F, { ref: 'B', before: 'A' }), { label: 'B before A again' });
      await journal.fileChanged(F);
      assert.deepStrictEqual(tasksOf(disk.get()), ['B:ready', 'A:ready', 'C:ready']);
      assert.deepStrictEqual(events, ['reapplied C']);
    });

    it("re-applies after an agent's stale write, on the agent's text, and confirms a window later", async () => {
      await journal.write(F, dispatchOperation(F, { title: 'B' }), { label: 'B' });
      await clock.sleep(400);
      disk.put(STALE_CLAIM); // read before our write, written after it
      await journal.fileChanged(F);
      assert.deepStrictEqual(tasksOf(disk.get()), ['A:in-progress', 'B:ready'], "the agent's claim and our task");
      assert.deepStrictEqual(events, ['reapplied B']);
      assert.strictEqual(journal.pending()[0].reapplied, 1);
      assert.ok(journal.nextCheckIn()! > 990, 'the window starts again from the re-apply');
      await clock.sleep(1000);
      await journal.check();
      assert.deepStrictEqual(events, ['reapplied B', 'confirmed B']);
      assert.deepStrictEqual(disk.temps(), []);
    });

    it('keeps what a core operation wrote when given as its journal (the extension\'s writes), and puts it back', async () => {
      const r = await dispatchTask(disk.fs, F, { title: 'B' }, { clock, journal, label: 'dispatch B' });
      assert.strictEqual(r.title, 'B');
      assert.deepStrictEqual(journal.pending().map((e) => e.label), ['dispatch B']);
      disk.put(STALE_CLAIM);
      await journal.fileChanged(F);
      assert.deepStrictEqual(tasksOf(disk.get()), ['A:in-progress', 'B:ready']);
      // A plain transform has no `holds`: written once, never kept.
      await editFile(disk.fs, F, (t) => t.replace('## A', '## A2'), { clock, journal });
      assert.strictEqual(journal.pending().length, 1);
      await clock.sleep(1000);
      await journal.check();
      assert.deepStrictEqual(events, ['reapplied dispatch B', 'confirmed dispatch B']);
    });

    it('does nothing for a change that keeps the effect (an agent claiming the dispatched task)', async () => {
      await journal.write(F, dispatchOperation(F, { title: 'B' }), { label: 'B' });
      const claimed = disk.get().replace('## B\n**Status:** ready\n', '## B\n**Status:** in-progress\n**Started:** 2026-01-01T00:05\n');
      disk.put(claimed);
      await journal.fileChanged(F);
      assert.strictEqual(disk.get(), claimed);
      assert.deepStrictEqual(events, []);
    });

    it('handles several operations on one file in order, each re-applied once', async () => {
      await journal.write(F, dispatchOperation(F, { title: 'B' }), { label: 'B' });
      await journal.write(F, dispatchOperation(F, { title: 'C' }), { label: 'C' });
      await journal.write(F, moveOperation(F, { ref: 'A', to: 'in-progress', now: '2026-01-01T00:09' }), { label: 'move A' });
      disk.put(START); // a stale write from before all three
      await Promise.all([journal.fileChanged(F), journal.fileChanged(F)]);
      assert.deepStrictEqual(tasksOf(disk.get()), ['A:in-progress', 'B:ready', 'C:ready']);
      assert.strictEqual(disk.get().split('## B\n').length, 2, 'not doubled');
      await clock.sleep(1000);
      await journal.settled();
      assert.deepStrictEqual(events.filter((e) => e.startsWith('confirmed')).sort(), ['confirmed B', 'confirmed C', 'confirmed move A']);
    });

    it('gives up, with the reason, when the operation can no longer be applied', async () => {
      await journal.write(F, moveOperation(F, { ref: 'A', to: 'in-progress', now: '2026-01-01T00:09' }), { label: 'move A' });
      disk.put('## Other\n**Status:** ready\n'); // A is gone
      await journal.fileChanged(F);
      assert.deepStrictEqual(journal.pending(), []);
      assert.match(events[0], /^gave up move A: agents\/ada\/tasks\.md was written, but another program then changed the file so that the change is gone and can no longer be made: "A" is no longer in/);
      assert.strictEqual(disk.get(), '## Other\n**Status:** ready\n');
    });

    it('gives up after the limit when another program keeps undoing the operation', async () => {
      const errors: unknown[] = [];
      const j = new WriteJournal(disk.fs, { settleMs: 100, limitMs: 500, clock, onGaveUp: (_e, err) => errors.push(err) });
      await j.write(F, dispatchOperation(F, { title: 'B' }));
      for (let i = 0; i < 10 && j.pending().length > 0; i++) {
        await clock.sleep(90);
        disk.put(STALE_CLAIM);
        await j.fileChanged(F);
      }
      assert.strictEqual(j.pending().length, 0);
      assert.ok(errors[0] instanceof CortexUnconfirmedError && /kept undoing it/.test(errors[0].message), String(errors[0]));
      assert.strictEqual(disk.get(), STALE_CLAIM, "the other program's last write stays");
    });
  });
}
