// The insights protocol's runtime checks and the notes the host model writes: a state
// built from a real team passes; anything else in either direction is refused.
import * as assert from 'node:assert/strict';
import { MemoryTeamFs } from '../../../../../src/core/fs/memory-fs';
import { TeamIndex } from '../../../../../src/core/team/team-index';
import { parseStamp } from '../../../../../src/base/time';
import { buildInsightsState } from '../../../../../src/views/insights/insights-view-state';
import { checkInsightsHostMessage, checkInsightsWebviewMessage, InsightsState } from '../../../../../src/views/insights/common/messages';
import { fixtureFiles } from '../../../team-fixture';

const NOW = parseStamp('2026-03-28T12:00')!;

async function state(history: Parameters<typeof buildInsightsState>[0]['history']): Promise<InsightsState> {
  const team = await new TeamIndex(new MemoryTeamFs(fixtureFiles())).load();
  return buildInsightsState({ status: 'ready', team, header: { name: 't', path: '/t' }, message: null, now: NOW, staleAfterMinutes: 30, history });
}

describe('Insights protocol and notes', () => {
  it('a state built from a team passes the host-message check; broken ones do not', async () => {
    const s = await state({ status: 'notRepository', detail: null, readAt: NOW, data: null });
    assert.deepEqual(checkInsightsHostMessage({ type: 'state', version: 1, state: s }), { ok: true, value: { type: 'state', version: 1, state: s } });
    const bad = (mutate: (x: Record<string, any>) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const copy = JSON.parse(JSON.stringify(s));
      mutate(copy);
      return checkInsightsHostMessage({ type: 'state', version: 1, state: copy }).ok;
    };
    assert.equal(bad(() => undefined), true);
    assert.equal(bad((x) => (x.insights.days[0] = '<img src=x>')), false);
    assert.equal(bad((x) => (x.insights.ticks[0].liveness = 'zombie')), false);
    assert.equal(bad((x) => (x.insights.done.team[0] = -1)), false);
    assert.equal(bad((x) => (x.insights.extra = 1)), false);
    assert.equal(bad((x) => (x.history.status = 'maybe')), false);
    assert.equal(bad((x) => (x.insights.ticks[0].slug = '../etc')), false);
  });

  it('the page may send only ready and refresh', () => {
    assert.equal(checkInsightsWebviewMessage({ type: 'ready', protocol: 1 }).ok, true);
    assert.equal(checkInsightsWebviewMessage({ type: 'refresh' }).ok, true);
    assert.equal(checkInsightsWebviewMessage({ type: 'refresh', path: '/x' }).ok, false);
    assert.equal(checkInsightsWebviewMessage({ type: 'ready' }).ok, false);
    assert.equal(checkInsightsWebviewMessage({ type: 'open', agent: 'ada' }).ok, false);
    assert.equal(checkInsightsWebviewMessage({ type: 'constructor' }).ok, false);
    assert.equal(checkInsightsWebviewMessage(null).ok, false);
  });

  it('notes say what the figures rest on and what they lack', async () => {
    assert.match((await state({ status: 'notRepository', detail: null, readAt: NOW, data: null })).notes[0], /not a git repository.*tasks removed by housekeeping are not counted/);
    assert.match((await state({ status: 'notLocal', detail: null, readAt: NOW, data: null })).notes[0], /not on a local file system/);
    assert.match((await state({ status: 'unavailable', detail: 'git is not installed', readAt: NOW, data: null })).notes[0], /\(git is not installed\)/);
    assert.match((await state({ status: 'reading', detail: null, readAt: null, data: null })).notes[0], /Reading the git history/);
    const read = await state({ status: 'read', detail: null, readAt: NOW, data: { snapshots: [], commits: 5000, truncated: true } });
    assert.deepEqual(read.notes, [
      'Past ready counts come from the task files as committed at that time of day.',
      'Only the newest 5000 commits were read: the earliest days may miss pruned tasks.',
      'No commit of the task files in these days: ready tasks before today are unknown.',
      '1 done task has no readable Started: counted as done, left out of cycle time.',
    ]);
  });
});
