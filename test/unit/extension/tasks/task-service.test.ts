// The task service: every card operation (the board's drops, the review's Accept, the
// card's Edit and Cancel) ends in one outcome type, its failures told by one policy: a
// write that happened but was not confirmed, and a file-system refusal, are the
// person's sentence (a warning) whichever door the operation came through; nothing is
// logged as an error.
import * as assert from 'node:assert/strict';
import { CortexFileError, CortexUnconfirmedError } from '../../../../src/core/errors';
import { CardMove, TaskService, TaskServiceDeps } from '../../../../src/extension/tasks/task-service';
import { TaskRef } from '../../../../src/base/task-ref';
import { NOW, loadFixture } from '../../team-fixture';

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
const planned = (move: CardMove) => () => move;
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
