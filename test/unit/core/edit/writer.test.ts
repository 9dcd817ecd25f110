import * as assert from 'assert';
import * as path from 'path';
import { editFile } from '../../../../src/core/edit/edit-file';
import { writeOperation } from '../../../../src/core/edit/writer';
import { CortexConflictError, CortexInputError, CortexUnconfirmedError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { isCortexTempName } from '../../../../src/core/fs/team-fs';
import { dispatchOperation, dispatchText } from '../../../../src/core/ops/dispatch';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { VirtualClock, hooked } from './fs-hooks';

/**
 * The one writer on the in-memory file system (no hard links, so no lock and no
 * second name: the read-back and the settle window alone), with a virtual clock.
 */
const F = 'agents/ada/tasks.md';
const append = (line: string) => (text: string) => text + line + '\n';
const START = '## A\n**Status:** ready\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n';
/** What an agent writes back after claiming A from the text it read before our write. */
const AGENT_CLAIMED = '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:01\n\n<!-- cortex:last-tick 2026-01-01T00:01 -->\n';

/** Runs `change` after the writer renamed its temp file over `F` (the write landed). */
function afterReplace(fs: MemoryTeamFs, change: (n: number) => void) {
  let n = 0;
  return hooked(fs, {
    rename: async (args, call) => {
      await call();
      if (args[1] === F) change(n++);
    },
  });
}

function titles(text: string): string[] {
  return parseTaskFile(text, F).tasks.map((t) => `${t.title}:${t.status}`);
}

describe('writer (in memory)', () => {
  it('applies the operation and writes through a temp file, leaving no temp behind', async () => {
    const fs = new MemoryTeamFs({ [F]: 'a\n' });
    const renames: string[] = [];
    const r = await editFile(hooked(fs, { rename: async (args, call) => (renames.push(args[0] as string), call()) }), F, append('b'));
    assert.deepStrictEqual([r.changed, r.before, r.after, r.attempts], [true, 'a\n', 'a\nb\n', 1]);
    assert.strictEqual(fs.get(F), 'a\nb\n');
    assert.strictEqual(renames.length, 1);
    assert.ok(isCortexTempName(path.basename(renames[0])), renames[0]);
    assert.deepStrictEqual(fs.paths(), [F]);
  });

  it('writes nothing when the operation changes nothing or throws', async () => {
    const fs = new MemoryTeamFs({ [F]: 'a\n' });
    let writes = 0;
    const counting = hooked(fs, { writeFile: async (_a, call) => (writes++, call()) });
    assert.strictEqual((await editFile(counting, F, (t) => t)).changed, false);
    await assert.rejects(
      editFile(counting, F, () => {
        throw new CortexInputError('no');
      }),
      CortexInputError,
    );
    assert.strictEqual(writes, 0);
  });

  it('refuses a file that is not UTF-8, leaving it as it is', async () => {
    const latin1 = Uint8Array.from([0x23, 0x23, 0x20, 0xe9, 0x0a]);
    const fs = new MemoryTeamFs({ [F]: latin1 });
    await assert.rejects(editFile(fs, F, append('x')), /not valid UTF-8/);
    assert.deepStrictEqual(await fs.readFile(F), latin1);
  });

  it('keeps a BOM and every byte the operation does not touch', async () => {
    const fs = new MemoryTeamFs({ [F]: '\uFEFFa\r\n' });
    await editFile(fs, F, append('b'));
    assert.deepStrictEqual([...(await fs.readFile(F))], [0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x62, 0x0a]);
  });

  it('reports a missing file, or creates it when asked', async () => {
    const fs = new MemoryTeamFs();
    await assert.rejects(editFile(fs, F, append('x')), /does not exist/);
    assert.deepStrictEqual(fs.paths(), []);
    await editFile(fs, F, append('x'), { ifMissing: 'create' });
    assert.strictEqual(fs.get(F), 'x\n');
  });

  /** Runs `change` whenever the writer writes its temp file: after it read and applied the operation, before it checks and renames. */
  const onTempWrite = (fs: MemoryTeamFs, change: (n: number) => void) => {
    let n = 0;
    return hooked(fs, {
      writeFile: async (args, call) => {
        await call();
        if (isCortexTempName(path.basename(args[0] as string))) change(n++);
      },
    });
  };

  it('applies the operation again when the file changed after it was read (never writes from the stale copy)', async () => {
    const fs = new MemoryTeamFs({ [F]: '## A\n**Status:** ready\n' });
    const racing = onTempWrite(fs, (n) => {
      if (n === 0) fs.put(F, '## A\n**Status:** in-progress\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n');
    });
    const r = await editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text, { backoffMs: 0 });
    assert.strictEqual(r.attempts, 2);
    assert.strictEqual(fs.get(F), '## A\n**Status:** in-progress\n\n## B\n**Status:** ready\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n');
    assert.deepStrictEqual(fs.paths(), [F]);
  });

  it('gives up with a conflict after the retries, overwriting nothing', async () => {
    const fs = new MemoryTeamFs({ [F]: 'v0\n' });
    const busy = onTempWrite(fs, (n) => fs.put(F, `v${n + 1}\n`));
    await assert.rejects(editFile(busy, F, append('mine'), { retries: 3, backoffMs: 0 }), (e: unknown) => e instanceof CortexConflictError && /\(4 attempts\); nothing was overwritten/.test(e.message));
    assert.strictEqual(fs.get(F), 'v4\n');
    assert.deepStrictEqual(fs.paths(), [F]);
  });

  it('lets the operation refuse the new text (nothing written)', async () => {
    const fs = new MemoryTeamFs({ [F]: '## A\n**Status:** ready\n' });
    const racing = onTempWrite(fs, (n) => {
      if (n === 0) fs.put(F, '## A\n**Status:** ready\n\n## B\n**Status:** ready\n');
    });
    await assert.rejects(editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text, { backoffMs: 0 }), /already has a ready task titled "B"/);
    assert.strictEqual(fs.get(F), '## A\n**Status:** ready\n\n## B\n**Status:** ready\n');
  });

  describe('read-back', () => {
    it('puts a dispatch back on the agent\'s text when the agent\'s stale write removed it, keeping the agent\'s claim', async () => {
      const fs = new MemoryTeamFs({ [F]: START });
      // The agent read the file before our write and writes its claim after it.
      const racing = afterReplace(fs, (n) => {
        if (n === 0) fs.put(F, AGENT_CLAIMED);
      });
      const r = await writeOperation(racing, F, dispatchOperation(F, { title: 'B', id: 'b0b0b0b0b0b0' }), { clock: new VirtualClock() });
      assert.strictEqual(r.reapplied, 1);
      assert.strictEqual(fs.get(F), AGENT_CLAIMED.replace('\n<!--', '\n## B\n**Status:** ready\n\n<!-- cortex-team:id b0b0b0b0b0b0 -->\n\n<!--'));
      assert.strictEqual(r.result.position, 2);
    });

    it('never doubles: a later write that still has the task (claimed, even without its marker) is left alone', async () => {
      const fs = new MemoryTeamFs({ [F]: START });
      const claimedOurs = (text: string) => text.replace('## B\n**Status:** ready\n', '## B\n**Status:** in-progress\n**Started:** 2026-01-01T00:02\n');
      const racing = afterReplace(fs, (n) => {
        if (n === 0) fs.put(F, claimedOurs(fs.get(F)!));
        if (n === 1) throw new Error('written twice');
      });
      const clock = new VirtualClock();
      const r = await writeOperation(racing, F, dispatchOperation(F, { title: 'B', id: 'b0b0b0b0b0b0' }), { clock, settleMs: 500 });
      assert.deepStrictEqual([r.reapplied, r.settled], [0, true]);
      assert.deepStrictEqual(titles(fs.get(F)!), ['A:ready', 'B:in-progress']);
      // An agent that rewrote the block without the marker: still held (an open task titled B).
      const op = dispatchOperation(F, { title: 'B', id: 'b0b0b0b0b0b0' });
      assert.strictEqual(op.holds!(fs.get(F)!.replace(/\n<!-- cortex-team:id \w+ -->\n/, '')), true);
    });

    it('watches for the settle window: a stale write 300 ms later is repaired too', async () => {
      const fs = new MemoryTeamFs({ [F]: START });
      const clock = new VirtualClock();
      let wroteAt = 0;
      let staleWritten = false;
      const racing = hooked(fs, {
        rename: async (args, call) => {
          await call();
          if (args[1] === F && wroteAt === 0) wroteAt = clock.now();
        },
        stat: async (_args, call) => {
          if (wroteAt > 0 && !staleWritten && clock.now() - wroteAt >= 300) {
            staleWritten = true;
            fs.put(F, AGENT_CLAIMED);
          }
          return call();
        },
      });
      const r = await writeOperation(racing, F, dispatchOperation(F, { title: 'B' }), { clock, settleMs: 1000 });
      assert.ok(staleWritten);
      assert.deepStrictEqual([r.reapplied, r.settled], [1, true]);
      assert.deepStrictEqual(titles(fs.get(F)!), ['A:in-progress', 'B:ready']);
      assert.ok(clock.now() - r.lastWriteAt >= 1000, 'watched a full window after the re-apply');
    });

    it('without a settle window, reads back once: a stale write after that is not seen (the journal\'s job)', async () => {
      const fs = new MemoryTeamFs({ [F]: START });
      const r = await writeOperation(fs, F, dispatchOperation(F, { title: 'B' }), { clock: new VirtualClock() });
      assert.strictEqual(r.settled, false);
      fs.put(F, AGENT_CLAIMED);
      assert.deepStrictEqual(titles(fs.get(F)!), ['A:in-progress']);
    });

    it('says the change is gone when it can no longer be made (CortexUnconfirmedError, the agent\'s text kept)', async () => {
      const fs = new MemoryTeamFs({ [F]: START });
      // The agent's stale write has an open task "B" of its own (another id): ours cannot be added again.
      const theirs = START.replace('\n<!--', '\n## B\n**Status:** in-progress\n**Started:** 2026-01-01T00:03\n\n<!-- cortex-team:id 111111111111 -->\n\n<!--');
      const racing = afterReplace(fs, (n) => {
        if (n === 0) fs.put(F, theirs);
      });
      await assert.rejects(writeOperation(racing, F, dispatchOperation(F, { title: 'B', id: 'b0b0b0b0b0b0' }), { clock: new VirtualClock() }), (e: unknown) => {
        return e instanceof CortexUnconfirmedError && /was written, but another program then changed the file so that the change is gone/.test(e.message);
      });
      assert.strictEqual(fs.get(F), theirs);
    });

    it('gives up after the limit when another program keeps undoing the change', async () => {
      const fs = new MemoryTeamFs({ [F]: START });
      const racing = afterReplace(fs, () => fs.put(F, AGENT_CLAIMED));
      await assert.rejects(
        writeOperation(racing, F, dispatchOperation(F, { title: 'B' }), { clock: new VirtualClock(), settleMs: 100, settleLimitMs: 2000, retries: 1000 }),
        (e: unknown) => e instanceof CortexUnconfirmedError && /kept undoing the change/.test(e.message),
      );
      assert.strictEqual(fs.get(F), AGENT_CLAIMED, 'the last write is the agent\'s, untouched');
    });

    it('does not re-apply a plain transform (it cannot tell whether its effect is there)', async () => {
      const fs = new MemoryTeamFs({ [F]: 'a\n' });
      const racing = afterReplace(fs, (n) => {
        if (n === 0) fs.put(F, 'theirs\n');
      });
      const r = await editFile(racing, F, append('b'), { clock: new VirtualClock(), settleMs: 100 });
      assert.strictEqual(r.changed, true);
      assert.strictEqual(fs.get(F), 'theirs\n');
    });
  });
});
