// The task service: every card operation (the board's drops, the review's Accept, the
// card's Edit and Cancel) ends in one outcome type, its failures told by one policy: a
// write that happened but was not confirmed, and a file-system refusal, are the
// person's sentence (a warning) whichever door the operation came through; nothing is
// logged as an error.
import * as assert from 'node:assert/strict';
import { CortexFileError, CortexUnconfirmedError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { TeamFs } from '../../../../src/core/fs/team-fs';
import { UndoEntry, applyUndoStep } from '../../../../src/core/ops/undo';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { TeamIndex } from '../../../../src/core/team/team-index';
import { decodeText, encodeText } from '../../../../src/core/text/text';
import { TaskService } from '../../../../src/extension/tasks/task-service';
import { TaskServiceDeps } from '../../../../src/extension/tasks/task-context';
import { TaskRef } from '../../../../src/base/task-ref';
import { DropPlan } from '../../../../src/base/drop-plan';
import { NOW, before, fixtureFiles, loadFixture } from '../../team-fixture';

const UNCONFIRMED = 'agents/billing-dev/tasks.md was written, but another program wrote it again at once; check the file.';
const REFUSED = 'agents/billing-dev/tasks.md: permission denied writing it; nothing was changed.';

/** The task service over the fixture team, its writer failing with `error`; what it told the person and the log. */
async function serviceFailingWith(error: unknown) {
  const team = await loadFixture();
  const said = { warn: [] as string[], error: [] as string[], logged: [] as string[] };
  const deps = {
    team: { current: { team, now: NOW, staleAfterMinutes: 30 }, whenIdle: () => Promise.resolve() },
    writer: { whenTrusted: (_what: string, run: () => unknown) => run(), write: () => Promise.reject(error), checkUnsaved: () => undefined },
    prompts: { warn: (m: string) => said.warn.push(m), error: (m: string) => said.error.push(m), info: () => undefined, input: () => Promise.resolve(undefined), pick: () => Promise.resolve(undefined), confirm: () => Promise.resolve(undefined) },
    log: { info: () => undefined, error: (m: string) => said.logged.push(m) },
    undo: { done: () => undefined, record: () => undefined, undo: () => Promise.resolve({ ok: false, message: null }) },
    dispatch: () => Promise.reject(error),
    checkTitle: () => undefined,
  } as unknown as TaskServiceDeps;
  return { tasks: new TaskService(deps), said };
}

const ref = (index: number, title: string, status: string): TaskRef => ({ agent: 'billing-dev', index, title, status });
const planned = (move: DropPlan) => () => move;
const target = { agent: 'billing-dev', column: 'ready', anchor: null, place: 'before' } as const;

describe('extension/tasks/task-service: one failure policy for every card operation', () => {
  for (const [kind, error, message] of [
    ['an unconfirmed write', new CortexUnconfirmedError(UNCONFIRMED, 'agents/billing-dev/tasks.md'), UNCONFIRMED],
    ['a file-system refusal', new CortexFileError(REFUSED, 'agents/billing-dev/tasks.md', 'EACCES'), REFUSED],
  ] as const) {
    it(`Accept, Edit and Cancel tell ${kind} as the board does: a warning with its sentence, no error, nothing logged`, async () => {
      const { tasks, said } = await serviceFailingWith(error);
      const outcomes = [
        await tasks.accept(ref(0, 'Old work', 'done')),
        await tasks.edit(ref(2, 'Retry emails', 'ready'), { title: 'Retry emails', body: 'Do retry emails.' }, 'Retry emails twice', 'Do retry emails.'),
        await tasks.cancel(ref(3, 'Credit notes', 'ready')),
      ];
      for (const o of outcomes) assert.deepEqual(o, { ok: false, message });
      assert.deepEqual(said.warn, [`Cortex: ${message}`, `Cortex: ${message}`, `Cortex: ${message}`]);
      assert.deepEqual(said.error, []);
      assert.deepEqual(said.logged, []);
    });

    it(`the board's move and reorder tell ${kind} in the same words`, async () => {
      const { tasks, said } = await serviceFailingWith(error);
      const outcomes = [
        await tasks.drop(ref(2, 'Retry emails', 'ready'), target, planned({ kind: 'move', to: 'in-progress' })),
        await tasks.drop(ref(3, 'Credit notes', 'ready'), target, planned({ kind: 'reorder', anchor: { index: 2, title: 'Retry emails' }, place: 'before' })),
      ];
      for (const o of outcomes) assert.deepEqual(o, { ok: false, message });
      assert.deepEqual(said.warn, [`Cortex: ${message}`, `Cortex: ${message}`]);
      assert.deepEqual(said.error, []);
      assert.deepEqual(said.logged, []);
    });
  }

  it('a card that changed since it was shown is refused before anything is written, in the same outcome', async () => {
    const { tasks, said } = await serviceFailingWith(new Error('never written'));
    const outcome = await tasks.accept(ref(2, 'Retry emails', 'done'));
    assert.deepEqual(outcome, { ok: false, message: null });
    assert.equal(said.warn.length, 1);
    assert.match(said.warn[0], /^Cortex: "Retry emails" is now ready \(it changed since it was shown\); nothing was written\.$/);
    assert.deepEqual(said.logged, []);
  });
});

/**
 * The task service over the fixture team in memory, its writer running each write
 * through the core on that folder (no editor, always trusted): what the files say
 * afterwards, the undo entries and what the person was told.
 */
async function serviceOnFiles(files: Record<string, string>) {
  const fs = new MemoryTeamFs(files);
  const team = await new TeamIndex(fs).load();
  const said = { warn: [] as string[], info: [] as string[] };
  const undo: UndoEntry[] = [];
  const deps = {
    team: { current: { team, fs, now: NOW, staleAfterMinutes: 30 }, whenIdle: () => Promise.resolve() },
    writer: { whenTrusted: (_what: string, run: () => unknown) => run(), write: (_o: unknown, work: (f: TeamFs, edit: object) => unknown) => work(fs, {}), checkUnsaved: () => undefined },
    prompts: { warn: (m: string) => said.warn.push(m), error: (m: string) => assert.fail(m), info: (m: string) => said.info.push(m), input: () => Promise.resolve(undefined), pick: () => Promise.resolve(undefined), confirm: () => Promise.resolve(undefined) },
    log: { info: () => undefined, error: (m: string) => assert.fail(m) },
    undo: { done: (e: UndoEntry) => undo.push(e), record: (e: UndoEntry) => undo.push(e), undo: () => Promise.resolve({ ok: false, message: null }) },
    dispatch: () => Promise.reject(new Error('no dispatch here')),
    checkTitle: () => undefined,
  } as unknown as TaskServiceDeps;
  const read = async (path: string) => decodeText(await fs.readFile(path));
  /** Each of the entry's steps applied to the file it names, as Undo does. */
  const undoLast = async () => {
    for (const step of undo[undo.length - 1].steps) await fs.writeFile(step.path, encodeText(applyUndoStep(await read(step.path), step)));
  };
  const titles = async (path: string) => parseTaskFile(await read(path), path).tasks.map((t) => `${t.title}: ${t.status}`);
  return { tasks: new TaskService(deps), said, undo, read, undoLast, titles };
}

/** The fixture with billing-dev down: its last tick 10 hours ago, its task in progress started long before. */
function billingDevDown(): Record<string, string> {
  const files = fixtureFiles();
  files['agents/billing-dev/tasks.md'] = files['agents/billing-dev/tasks.md'].replace(/cortex:last-tick \S+/, `cortex:last-tick ${before(600)}`);
  return files;
}

const BILLING = 'agents/billing-dev/tasks.md';
const DASH = 'agents/dash-dev/tasks.md';

describe('extension/tasks/task-service: the card operations on the files', () => {
  it('Unclaim puts a down agent\'s task in progress back to ready; its undo restores the file', async () => {
    const files = billingDevDown();
    const s = await serviceOnFiles(files);
    const outcome = await s.tasks.unclaim(ref(1, 'Webhook endpoint', 'in-progress'));
    assert.deepEqual(outcome, { ok: true, message: "Put \"Webhook endpoint\" back in Billing Dev's queue as ready." });
    assert.deepEqual(await s.titles(BILLING), ['Old work: done', 'Webhook endpoint: ready', 'Retry emails: ready', 'Credit notes: ready']);
    assert.match(await s.read(BILLING), /Unclaimed/);
    assert.deepEqual(s.undo.map((e) => e.label), ['unclaiming "Webhook endpoint"']);
    await s.undoLast();
    assert.equal(await s.read(BILLING), files[BILLING]);
  });

  it('Unclaim refuses while the agent may be working on the task, and writes nothing', async () => {
    const files = fixtureFiles();
    const s = await serviceOnFiles(files);
    const outcome = await s.tasks.unclaim(ref(1, 'Webhook endpoint', 'in-progress'));
    assert.equal(outcome.ok, false);
    assert.match(s.said.warn.join('\n'), /may be working on "Webhook endpoint" right now/);
    assert.equal(await s.read(BILLING), files[BILLING]);
    assert.deepEqual(s.undo, []);
  });

  it('Reassign to… of a down agent\'s task in progress unclaims it into the other queue; its undo restores both files', async () => {
    const files = billingDevDown();
    const s = await serviceOnFiles(files);
    const dash = (await loadFixture(files)).agents.find((a) => a.slug === 'dash-dev');
    const outcome = await s.tasks.unclaim(ref(1, 'Webhook endpoint', 'in-progress'), dash);
    assert.deepEqual(outcome, { ok: true, message: "\"Webhook endpoint\" was unclaimed from Billing Dev (down) and is at the end of Dashboard Dev's queue." });
    assert.deepEqual(await s.titles(BILLING), ['Old work: done', 'Retry emails: ready', 'Credit notes: ready']);
    assert.deepEqual(await s.titles(DASH), ['Chart: ready', 'Webhook endpoint: ready']);
    await s.undoLast();
    assert.equal(await s.read(BILLING), files[BILLING]);
    assert.equal(await s.read(DASH), files[DASH]);
  });

  it('a ready card dropped into another lane is reassigned the same way; its undo restores both files', async () => {
    const files = fixtureFiles();
    const s = await serviceOnFiles(files);
    const outcome = await s.tasks.drop(ref(3, 'Credit notes', 'ready'), { agent: 'dash-dev', column: 'ready', anchor: null, place: 'after' }, planned({ kind: 'reassign', to: 'dash-dev' }));
    assert.deepEqual(outcome, { ok: true, message: '"Credit notes" reassigned to Dashboard Dev.' });
    assert.deepEqual(await s.titles(DASH), ['Chart: ready', 'Credit notes: ready']);
    assert.deepEqual(s.undo.map((e) => e.label), ['reassigning "Credit notes" to Dashboard Dev']);
    await s.undoLast();
    assert.equal(await s.read(BILLING), files[BILLING]);
    assert.equal(await s.read(DASH), files[DASH]);
  });

  it('Cancel moves a ready task into cancelled.md; its undo puts it back and empties the archive of it', async () => {
    const files = fixtureFiles();
    const s = await serviceOnFiles(files);
    const outcome = await s.tasks.cancel(ref(3, 'Credit notes', 'ready'));
    assert.equal(outcome.ok, true);
    assert.deepEqual(await s.titles(BILLING), ['Old work: done', 'Webhook endpoint: in-progress', 'Retry emails: ready']);
    assert.match(await s.read('agents/billing-dev/cancelled.md'), /## Credit notes/);
    await s.undoLast();
    assert.equal(await s.read(BILLING), files[BILLING]);
    assert.doesNotMatch(await s.read('agents/billing-dev/cancelled.md'), /Credit notes/);
  });
});
