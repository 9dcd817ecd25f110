// The one failure policy of the card operations: a write that happened but was not
// confirmed, and a file-system refusal, are the person's sentence (a warning), from the
// task actions (Accept, Edit, Cancel) as from the board; only a bug is logged as an error.
import * as assert from 'node:assert/strict';
import { CortexFileError, CortexUnconfirmedError } from '../../../../src/core/errors';
import { TaskActions, TaskActionsDeps } from '../../../../src/extension/tasks/task-actions';
import { TaskRef } from '../../../../src/base/task-ref';
import { failedOutcome } from '../../../../src/extension/tasks/task-outcome';
import { NOW, loadFixture } from '../../team-fixture';

const UNCONFIRMED = 'agents/billing-dev/tasks.md was written, but another program wrote it again at once; check the file.';
const REFUSED = 'agents/billing-dev/tasks.md: permission denied writing it; nothing was changed.';

/** TaskActions over the fixture team, its writer failing with `error`; what it told the person and the log. */
async function actionsFailingWith(error: unknown) {
  const team = await loadFixture();
  const said = { warn: [] as string[], error: [] as string[], logged: [] as string[] };
  const deps = {
    team: { current: { team, now: NOW, staleAfterMinutes: 30 }, whenIdle: () => Promise.resolve() },
    writer: { whenTrusted: (_what: string, run: () => unknown) => run(), write: () => Promise.reject(error), checkUnsaved: () => undefined },
    prompts: { warn: (m: string) => said.warn.push(m), error: (m: string) => said.error.push(m), info: () => undefined, input: () => Promise.resolve(undefined), pick: () => Promise.resolve(undefined) },
    log: { info: () => undefined, error: (m: string) => said.logged.push(m) },
    undo: { done: () => undefined, record: () => undefined },
  } as unknown as TaskActionsDeps;
  return { actions: new TaskActions(deps), said };
}

const ref = (index: number, title: string, status: string): TaskRef => ({ agent: 'billing-dev', index, title, status });

describe('extension/tasks/task-outcome: one failure policy for every card operation', () => {
  for (const [kind, error, message] of [
    ['an unconfirmed write', new CortexUnconfirmedError(UNCONFIRMED, 'agents/billing-dev/tasks.md'), UNCONFIRMED],
    ['a file-system refusal', new CortexFileError(REFUSED, 'agents/billing-dev/tasks.md', 'EACCES'), REFUSED],
  ] as const) {
    it(`Accept, Edit and Cancel tell ${kind} as the board does: a warning with its sentence, no error, nothing logged`, async () => {
      const { actions, said } = await actionsFailingWith(error);
      const outcomes = [
        await actions.accept(ref(0, 'Old work', 'done')),
        await actions.edit(ref(2, 'Retry emails', 'ready'), { title: 'Retry emails', body: 'Do retry emails.' }, 'Retry emails twice', 'Do retry emails.'),
        await actions.cancel(ref(3, 'Credit notes', 'ready')),
      ];
      for (const o of outcomes) assert.deepEqual(o, { ok: false, message });
      assert.deepEqual(said.warn, [`Cortex: ${message}`, `Cortex: ${message}`, `Cortex: ${message}`]);
      assert.deepEqual(said.error, []);
      assert.deepEqual(said.logged, []);
    });
  }

  it('a bug (any other error) is an error message and logged', () => {
    const said = { warn: [] as string[], error: [] as string[], logged: [] as string[] };
    const outcome = failedOutcome(new TypeError('x is undefined'), { prompts: { warn: (m) => said.warn.push(m), error: (m) => said.error.push(m) }, log: { error: (m) => said.logged.push(m) } });
    assert.deepEqual(outcome, { ok: false, message: 'x is undefined' });
    assert.deepEqual(said, { warn: [], error: ['Cortex: could not write: x is undefined'], logged: ['Task operation: x is undefined'] });
  });
});
