import * as assert from 'node:assert/strict';
import { readBackgroundAgents } from '../../../../src/core/agents/background-agents';
import { BACKGROUND_RETENTION_MS, isBackgroundExpired, isBackgroundStatusFilter, listBackgroundAgents } from '../../../../src/core/agents/background-list';

const TEXT = JSON.stringify({
  agents: [
    { agent_id: 'old-done', status: 'done', started: '2026-03-27T09:00:00Z', finished: '2026-03-27T10:00:00Z' },
    { agent_id: 'old-failed', status: 'failed', started: '2026-03-27T09:00:00Z', finished: '2026-03-27T09:30:00Z' },
    { agent_id: 'new-done', status: 'done', started: '2026-03-28T09:00:00Z', finished: '2026-03-28T09:10:00Z' },
    { agent_id: 'old-running', status: 'running', started: '2026-03-20T09:00:00Z', finished: null },
    { agent_id: 'no-finish', status: 'cancelled', started: '2026-03-20T09:00:00Z', finished: null },
    { agent_id: 'bad-finish', status: 'timeout', started: '2026-03-20T09:00:00Z', finished: 'yesterday' },
  ],
});
const NOW = Date.parse('2026-03-28T10:30:00Z');

function agents() {
  const r = readBackgroundAgents(TEXT);
  assert.ok(r.ok);
  return r.agents;
}

describe('background agents (seed 003): 24-hour expiry and the status filter', () => {
  it('an ended record is expired only more than 24 hours after it finished; a running one, or one without a readable finish, never', () => {
    const finished = '2026-03-27T10:00:00Z';
    const end = Date.parse(finished);
    assert.equal(isBackgroundExpired({ status: 'done', finished }, end + BACKGROUND_RETENTION_MS), false, 'exactly 24 hours: still kept');
    assert.equal(isBackgroundExpired({ status: 'done', finished }, end + BACKGROUND_RETENTION_MS + 1), true);
    for (const status of ['failed', 'cancelled', 'timeout', 'something-else']) assert.equal(isBackgroundExpired({ status, finished }, NOW + 1), true, status);
    assert.equal(isBackgroundExpired({ status: 'running', finished }, NOW + 1), false);
    assert.equal(isBackgroundExpired({ status: 'done', finished: null }, NOW + 1), false);
    assert.equal(isBackgroundExpired({ status: 'done', finished: 'not a time' }, NOW + 1), false);
  });

  it('hides the expired records and counts them; filters by status; deletes nothing', () => {
    const all = agents();
    const before = JSON.stringify(all);
    const l = listBackgroundAgents(all, 'all', NOW);
    assert.deepEqual(l.shown.map((a) => a.id), ['old-running', 'new-done', 'no-finish', 'bad-finish']);
    assert.equal(l.expired, 2);
    assert.equal(l.filteredOut, 0);
    const done = listBackgroundAgents(all, 'done', NOW);
    assert.deepEqual(done.shown.map((a) => a.id), ['new-done']);
    assert.deepEqual([done.expired, done.filteredOut], [1, 4]);
    assert.deepEqual(listBackgroundAgents(all, 'running', NOW).shown.map((a) => a.id), ['old-running']);
    assert.deepEqual(listBackgroundAgents(all, 'failed', NOW), { shown: [], expired: 1, filteredOut: 5 });
    // An hour before the old ones' 24 hours are up, they are shown.
    assert.equal(listBackgroundAgents(all, 'all', Date.parse('2026-03-28T09:00:00Z')).expired, 0);
    assert.equal(JSON.stringify(all), before);
  });

  it('Show Expired: the expired records are listed too, in their place, still counted; the status filter still applies', () => {
    const all = agents();
    const l = listBackgroundAgents(all, 'all', NOW, true);
    assert.deepEqual(l.shown.map((a) => a.id), all.map((a) => a.id));
    assert.deepEqual([l.expired, l.filteredOut], [2, 0]);
    assert.deepEqual(l.shown.filter((a) => isBackgroundExpired(a, NOW)).map((a) => a.id).sort(), ['old-done', 'old-failed']);
    const done = listBackgroundAgents(all, 'done', NOW, true);
    assert.deepEqual([done.shown.map((a) => a.id), done.expired, done.filteredOut], [all.filter((a) => a.status === 'done').map((a) => a.id), 1, 4]);
    assert.equal(done.shown.length, 2);
    assert.deepEqual(listBackgroundAgents(all, 'running', NOW, true).shown.map((a) => a.id), ['old-running']);
  });

  it('accepts only the document\'s statuses (or all) as a filter', () => {
    for (const f of ['all', 'running', 'done', 'failed', 'cancelled', 'timeout']) assert.ok(isBackgroundStatusFilter(f), f);
    for (const f of ['', 'Done', 'unknown', 3, undefined]) assert.equal(isBackgroundStatusFilter(f), false, String(f));
  });
});
