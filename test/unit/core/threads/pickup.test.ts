import * as assert from 'assert';
import { awaitsPickup } from '../../../../src/core/threads/pickup';

describe('threads: awaiting pickup', () => {
  const started = { status: 'running', steps: [], scheduleTaskId: '5e7d1c9a0b42' };

  it('a running thread with no step whose task is still ready awaits pickup', () => {
    assert.strictEqual(awaitsPickup(started, 'ready'), true);
  });

  it('not once the task is picked up or gone, after a step, without a task, or in any other state', () => {
    assert.strictEqual(awaitsPickup(started, 'in-progress'), false);
    assert.strictEqual(awaitsPickup(started, 'done'), false);
    assert.strictEqual(awaitsPickup(started, undefined), false);
    assert.strictEqual(awaitsPickup({ ...started, steps: [{ agent: 'planner', stage: null, costUsd: null, durationMs: null, status: 'done', output: null }] as never }, 'ready'), false);
    assert.strictEqual(awaitsPickup({ ...started, scheduleTaskId: null }, 'ready'), false);
    for (const status of ['waiting', 'completed', 'cancelled']) assert.strictEqual(awaitsPickup({ ...started, status }, 'ready'), false, status);
  });
});
