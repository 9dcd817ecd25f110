// Whose is the uncommitted work in an agent's project: its task in progress, else its
// latest done task (the work of an agent that finished without committing).
import * as assert from 'node:assert/strict';
import { ownsWorkingTree } from '../../../../src/core/review/working-tree';

const t = (status: string, completed: string | null = null) => ({ status, completed });

describe('Review: whose uncommitted work it is', () => {
  it('a task in progress owns it; a done task only when it is the latest done and nothing is in progress', () => {
    const older = t('done', '2026-03-28T09:00');
    const latest = t('done', '2026-03-28T10:00');
    const ready = t('ready');
    assert.equal(ownsWorkingTree([older, latest, ready], latest), true);
    assert.equal(ownsWorkingTree([older, latest, ready], older), false);
    assert.equal(ownsWorkingTree([older, latest, ready], ready), false);
    const running = t('in-progress');
    assert.equal(ownsWorkingTree([older, latest, running], running), true);
    assert.equal(ownsWorkingTree([older, latest, running], latest), false, 'another task is under way: the work is that one\'s');
  });

  it('without times, the last done task in the file', () => {
    const a = t('done');
    const b = t('done');
    assert.equal(ownsWorkingTree([a, b], b), true);
    assert.equal(ownsWorkingTree([a, b], a), false);
  });
});
