import * as assert from 'assert';
import { awaitsAddedAgent, awaitsPickup } from '../../../../src/core/threads/pickup';

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

  it('an agent added to a thread (Add Agent) is awaited while the record runs with it active and no step was recorded since the add', () => {
    const step = { agent: 'coder', stage: null, costUsd: null, durationMs: null, status: 'done', output: null };
    const added = { status: 'running', steps: [step, step] as never[], activeAgent: 'reviewer', addedAgent: { agent: 'reviewer', afterSteps: 2 } };
    assert.strictEqual(awaitsAddedAgent(added), true);
    assert.strictEqual(awaitsAddedAgent({ ...added, steps: [step, step, { ...step, agent: 'reviewer' }] as never[] }), false, 'its step is recorded');
    assert.strictEqual(awaitsAddedAgent({ ...added, activeAgent: 'coder' }), false, 'another agent is active');
    assert.strictEqual(awaitsAddedAgent({ ...added, addedAgent: null }), false);
    assert.strictEqual(awaitsAddedAgent({ ...added, addedAgent: undefined }), false);
    for (const status of ['waiting', 'completed', 'cancelled']) assert.strictEqual(awaitsAddedAgent({ ...added, status }), false, status);
  });
});
