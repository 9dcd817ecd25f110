// The Team Insights panel inside a real extension host, on the example team (a copy,
// not a git repository): the command opens the panel, its real page says ready and is
// sent the figures the core computes for the live team; every agent's liveness is the
// Team view's; a task completed on disk shows up after the debounce; Refresh reads the
// history again; malformed messages are dropped.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { computeInsights } from '../../../src/core/insights/insights';
import { formatStamp, wallMinutes } from '../../../src/base/time';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { InsightsState } from '../../../src/views/insights/common/messages';
import { addAgent, api, closeEverything, removeAgents, removeTempFolders, waitFor } from './commands-helpers';

describe('Team insights (extension host)', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  // Noon, so "today" holds the half hour before (the run's clock stands at noon too).
  const NOW = new Date(2026, 2, 28, 12, 0);

  before(async function () {
    this.timeout(120_000);
    a = await api();
    a.setNow(() => NOW);
    await vscode.commands.executeCommand('cortex.openInsights');
    await waitFor(() => a.insights.isReady, 60_000, 'the insights page to say ready');
    await waitFor(() => a.insights.lastPostedState?.history.status !== 'reading' && a.insights.lastPostedState, 30_000, 'the history read');
  });

  after(async () => {
    a.setNow(undefined);
    await closeEverything();
    await removeAgents(a, ['insights-a']);
    removeTempFolders();
  });

  it('sends the page the core figures for the example team, from the files alone (not a repository)', () => {
    const state = a.insights.lastPostedState!;
    assert.equal(state.status, 'ready');
    assert.equal(state.history.status, 'notRepository');
    assert.match(state.notes[0], /not a git repository/);
    const expected = computeInsights({ team: a.store.team!, now: wallMinutes(NOW), staleAfterMinutes: state.staleAfterMinutes, history: null });
    assert.deepEqual(state.insights, expected);
    const i = state.insights!;
    assert.equal(i.days.length, 14);
    assert.equal(i.days[13], formatStamp(wallMinutes(NOW)).slice(0, 10));
    assert.ok(i.done.total >= 20, `${i.done.total} done in 14 days`);
    assert.ok(i.cycle.team.count >= 20 && i.cycle.team.medianMinutes! > 0 && i.cycle.team.p90Minutes! >= i.cycle.team.medianMinutes!);
    assert.equal(i.queue.readyHistory, false);
    assert.equal(i.queue.points[13].ready, a.viewState().summary.ready);
  });

  it('shows every agent with the liveness the Team view shows', () => {
    const ticks = a.insights.lastPostedState!.insights!.ticks;
    const view = a.viewState().agents;
    assert.deepEqual(
      ticks.map((t) => [t.slug, t.liveness, t.tickAgeMinutes]),
      view.map((v) => [v.slug, v.liveness, v.tickAgeMinutes]).sort((x, y) => ticks.findIndex((t) => t.slug === x[0]) - ticks.findIndex((t) => t.slug === y[0])),
    );
    assert.deepEqual([...new Set(ticks.map((t) => t.liveness))].sort(), ['alive', 'down', 'idle', 'inactive']);
  });

  it('follows the team: a task completed on disk counts today', async () => {
    const before = a.insights.lastPostedState!.insights!;
    const stamp = formatStamp(wallMinutes(NOW) - 30);
    const agent = await addAgent(a, { slug: 'insights-a', name: 'Insights A', tasks: '' });
    writeFileSync(agent.tasksFile, `## Measured\n**Status:** done\n**Started:** ${formatStamp(wallMinutes(NOW) - 90)}\n**Completed:** ${stamp}\n\nDone.\n`);
    a.store.notifyChanged(['agents/insights-a/tasks.md']);
    const state = await waitFor(
      () => {
        const s = a.insights.lastPostedState;
        return s && s.insights!.done.total === before.done.total + 1 ? s : undefined;
      },
      10_000,
      'the new done task in the posted figures',
    );
    const i = state.insights!;
    assert.equal(i.done.team[13], before.done.team[13] + 1);
    assert.deepEqual(i.done.agents.find((x) => x.slug === 'insights-a')!.counts.slice(12), [0, 1]);
    assert.deepEqual(i.cycle.agents.find((x) => x.slug === 'insights-a')!.stat, { count: 1, medianMinutes: 60, p90Minutes: 60 });
  });

  it('reads the history again on Refresh and drops malformed messages', async () => {
    const posted: InsightsState[] = [];
    const sub = a.insights.onDidPostState((s) => posted.push(s));
    try {
      a.insights.receiveMessage({ type: 'refresh', extra: true });
      a.insights.receiveMessage({ type: 'openFile', path: '/etc/passwd' });
      a.insights.receiveMessage('refresh');
      // A message is handled as it arrives, and a refresh drops the history read at once
      // (the state says "reading" until it is read again): none of these was one.
      assert.equal(a.insights.currentState().history.status, 'notRepository', 'no malformed message was taken for a refresh');
      a.insights.receiveMessage({ type: 'refresh' });
      assert.equal(a.insights.currentState().history.status, 'reading', 'the well-formed one was');
      await waitFor(() => posted.some((s) => s.history.status === 'reading'), 10_000, 'reading again');
      await waitFor(() => posted.some((s) => s.history.status === 'notRepository'), 10_000, 'read again');
    } finally {
      sub.dispose();
    }
  });
});
