import * as assert from 'assert';
import { cleanupDue, staleRunning } from '../../../../src/core/threads/cleanup';

const NOW = Date.parse('2026-03-28T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 24 * 3600 * 1000).toISOString();

describe('threads: the startup cleanup seed 002 states (7 days; auto threads without a workspace 24 hours)', () => {
  it('a thread older than 7 days is due; one of 7 days or less is kept', () => {
    assert.match(cleanupDue({ createdAt: daysAgo(7.01), templateName: 'coder-review', workspacePath: 'tmp/threads/thr_1' }, NOW)!, /older than 7 days/);
    assert.strictEqual(cleanupDue({ createdAt: daysAgo(7), templateName: 'coder-review', workspacePath: 'tmp/threads/thr_1' }, NOW), null);
    assert.strictEqual(cleanupDue({ createdAt: daysAgo(3), templateName: 'default', workspacePath: 'tmp/threads/thr_2' }, NOW), null);
  });

  it('an auto thread without a workspace is due after 24 hours; with a workspace it keeps the 7 days', () => {
    assert.match(cleanupDue({ createdAt: daysAgo(1.01), templateName: null, workspacePath: null }, NOW)!, /auto thread without a workspace, older than 24 hours/);
    assert.strictEqual(cleanupDue({ createdAt: daysAgo(0.99), templateName: null, workspacePath: null }, NOW), null);
    assert.strictEqual(cleanupDue({ createdAt: daysAgo(2), templateName: null, workspacePath: 'tmp/threads/thr_3' }, NOW), null);
  });

  it('no time, or one that does not parse: not said', () => {
    assert.strictEqual(cleanupDue({ createdAt: null, templateName: null, workspacePath: null }, NOW), null);
    assert.strictEqual(cleanupDue({ createdAt: 'yesterday', templateName: null, workspacePath: null }, NOW), null);
  });

  it('a running thread not updated for more than 24 hours is said to be possibly stale (seed 002: a stopped server marks it failed when it next starts); any other is not', () => {
    assert.match(staleRunning({ status: 'running', updatedAt: daysAgo(1.01) }, NOW)!, /^possibly stale: .* marks it failed when it next starts$/);
    assert.strictEqual(staleRunning({ status: 'running', updatedAt: daysAgo(0.99) }, NOW), null);
    assert.strictEqual(staleRunning({ status: 'completed', updatedAt: daysAgo(3) }, NOW), null);
    assert.strictEqual(staleRunning({ status: 'waiting', updatedAt: daysAgo(3) }, NOW), null);
    assert.strictEqual(staleRunning({ status: 'running', updatedAt: null }, NOW), null);
    assert.strictEqual(staleRunning({ status: 'running', updatedAt: 'last week' }, NOW), null);
  });
});
