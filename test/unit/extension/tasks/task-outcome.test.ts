// The one failure policy of the card operations (`failedOutcome`): refused input, a
// conflict, an unconfirmed write and a file-system refusal are the person's sentence;
// only a bug is logged as an error. How each operation of the task service applies it:
// task-service.test.ts.
import * as assert from 'node:assert/strict';
import { failedOutcome } from '../../../../src/extension/tasks/task-outcome';

describe('extension/tasks/task-outcome: one failure policy for every card operation', () => {
  it('a bug (any other error) is an error message and logged', () => {
    const said = { warn: [] as string[], error: [] as string[], logged: [] as string[] };
    const outcome = failedOutcome(new TypeError('x is undefined'), { prompts: { warn: (m) => said.warn.push(m), error: (m) => said.error.push(m) }, log: { error: (m) => said.logged.push(m) } });
    assert.deepEqual(outcome, { ok: false, message: 'x is undefined' });
    assert.deepEqual(said, { warn: [], error: ['Cortex: could not write: x is undefined'], logged: ['Task operation: x is undefined'] });
  });
});
