import * as assert from 'node:assert/strict';
import { againTitle } from '../../../../src/extension/tasks/dispatch-again';

describe('extension/tasks/dispatch-again: a done task dispatched again as a new task', () => {
  it('suggests a dispatch-again title that no active task has', () => {
    assert.equal(againTitle('Ship it', new Set()), 'Ship it (again)');
    assert.equal(againTitle('Ship it', new Set(['Ship it (again)', 'Ship it (again 2)'])), 'Ship it (again 3)');
  });
});
