// The insights' statistics with a fixed clock, on teams read by the real core from
// task files in memory: empty team, one task, percentiles, tasks without Started,
// unreadable timestamps, day boundaries, git snapshots (pruned tasks, the ready queue).
import * as assert from 'node:assert/strict';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { computeInsights } from '../../../../src/core/insights/insights';
import { HistorySnapshot, TeamHistory } from '../../../../src/core/insights/figures';
import { quantile, cycleStat } from '../../../../src/core/insights/stats';
import { Team } from '../../../../src/core/team/model';
import { readTaskFile } from '../../../../src/core/parse/tasks';
import { TeamIndex } from '../../../../src/core/team/team-index';
import { parseStamp } from '../../../../src/base/time';
import { note, task, tasks } from '../../team-fixture';

const NOW = parseStamp('2026-03-28T12:00')!;
const STALE = 30;

function team(files: Record<string, string>): Promise<Team> {
  return new TeamIndex(new MemoryTeamFs(files)).load();
}

function done(title: string, started: string | null, completed: string | null): string {
  return task(title, 'done', [...(started ? [`**Started:** ${started}`] : []), ...(completed ? [`**Completed:** ${completed}`] : [])]);
}

function snapshot(date: string, files: Record<string, string>): HistorySnapshot {
  return {
    date,
    commit: '0'.repeat(40),
    at: parseStamp(`${date}T20:00`)!,
    agents: Object.entries(files).map(([slug, text]) => ({ slug, tasks: readTaskFile(text, '').tasks })),
  };
}

function history(...snapshots: HistorySnapshot[]): TeamHistory {
  return { snapshots, commits: snapshots.length, truncated: false };
}

describe('Insights: statistics', () => {
  it('quantiles interpolate between the nearest ranks', () => {
    assert.equal(quantile([], 0.5), null);
    assert.equal(quantile([7], 0.5), 7);
    assert.equal(quantile([7], 0.9), 7);
    assert.equal(quantile([1, 2, 3, 10], 0.5), 2.5);
    assert.ok(Math.abs(quantile([1, 2, 3, 10], 0.9)! - 7.9) < 1e-9);
    assert.equal(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9), 10);
    assert.deepEqual(cycleStat([30, 10, 20]), { count: 3, medianMinutes: 20, p90Minutes: 28 });
    assert.deepEqual(cycleStat([]), { count: 0, medianMinutes: null, p90Minutes: null });
  });

  it('an empty team: fourteen zero days, no cycle time, an empty queue', async () => {
    const i = computeInsights({ team: await team({}), now: NOW, staleAfterMinutes: STALE, history: null });
    assert.equal(i.days.length, 14);
    assert.equal(i.days[0], '2026-03-15');
    assert.equal(i.days[13], '2026-03-28');
    assert.deepEqual(i.done.team, new Array(14).fill(0));
    assert.equal(i.done.total, 0);
    assert.deepEqual(i.done.agents, []);
    assert.deepEqual(i.cycle.team, { count: 0, medianMinutes: null, p90Minutes: null });
    assert.deepEqual(i.ticks, []);
    assert.equal(i.queue.points.length, 14);
    assert.deepEqual(i.queue.points[13], { date: '2026-03-28', ready: 0, inProgress: 0 });
    assert.equal(i.queue.points[0].ready, null, 'no history: past ready counts are unknown');
    assert.equal(i.queue.readyHistory, false);
    assert.equal(i.queue.readyUnknownDays, 13);
  });

  it('one done task: counted on its day, its cycle time is median and p90', async () => {
    const t = await team({
      'agents/ada/ada.md': note('Ada'),
      'agents/ada/tasks.md': tasks([done('Ship it', '2026-03-27T09:00', '2026-03-27T10:30')], '2026-03-28T11:50'),
    });
    const i = computeInsights({ team: t, now: NOW, staleAfterMinutes: STALE, history: null });
    assert.equal(i.done.total, 1);
    assert.equal(i.done.team[12], 1);
    assert.deepEqual(i.done.agents, [{ slug: 'ada', name: 'Ada', counts: [...new Array(12).fill(0), 1, 0], total: 1 }]);
    assert.deepEqual(i.cycle.team, { count: 1, medianMinutes: 90, p90Minutes: 90 });
    assert.deepEqual(i.cycle.agents[0].stat, { count: 1, medianMinutes: 90, p90Minutes: 90 });
    assert.deepEqual(i.ticks, [{ slug: 'ada', name: 'Ada', liveness: 'alive', tickAgeMinutes: 10, lastTick: '2026-03-28T11:50' }]);
    // In progress 09:00–10:30 on the 27th: not at its midnight.
    assert.equal(i.queue.points[12].inProgress, 0);
  });

  it('percentiles per agent and for the team, with the number of tasks they rest on', async () => {
    const mins = [10, 20, 30, 40, 50, 60, 70, 80, 90, 600];
    const t = await team({
      'agents/a/a.md': note('A'),
      'agents/a/tasks.md': tasks(mins.map((m, k) => done(`T${k}`, '2026-03-20T00:00', formatMinutes(parseStamp('2026-03-20T00:00')! + m)))),
      'agents/b/b.md': note('B'),
      'agents/b/tasks.md': tasks([done('U', '2026-03-21T08:00', '2026-03-21T12:00')]),
    });
    const i = computeInsights({ team: t, now: NOW, staleAfterMinutes: STALE, history: null });
    const a = i.cycle.agents.find((x) => x.slug === 'a')!.stat;
    assert.equal(a.count, 10);
    assert.equal(a.medianMinutes, 55);
    assert.ok(Math.abs(a.p90Minutes! - 141) < 1e-9); // 90 + 0.1 × (600 − 90)
    assert.deepEqual(i.cycle.agents.find((x) => x.slug === 'b')!.stat, { count: 1, medianMinutes: 240, p90Minutes: 240 });
    assert.equal(i.cycle.team.count, 11);
    assert.equal(i.cycle.team.medianMinutes, 60);
    assert.equal(i.done.team[5], 10);
    assert.equal(i.done.team[6], 1);
  });

  it('tasks without Started count as done, not in cycle time; unreadable stamps count nowhere and are counted', async () => {
    const t = await team({
      'agents/a/a.md': note('A'),
      'agents/a/tasks.md': tasks([
        done('No start', null, '2026-03-27T10:00'),
        done('Bad start', 'yesterday', '2026-03-27T11:00'),
        done('Bad completed', '2026-03-27T09:00', '2026-02-31T10:00'),
        done('No completed', '2026-03-27T09:00', null),
        done('Backwards', '2026-03-27T12:00', '2026-03-27T11:00'),
        done('Good', '2026-03-27T08:00', '2026-03-27T09:00'),
      ]),
    });
    const i = computeInsights({ team: t, now: NOW, staleAfterMinutes: STALE, history: null });
    assert.equal(i.done.total, 4);
    assert.equal(i.done.team[12], 4);
    assert.equal(i.cycle.withoutStart, 2);
    assert.equal(i.cycle.startedAfterCompleted, 1);
    assert.deepEqual(i.cycle.team, { count: 1, medianMinutes: 60, p90Minutes: 60 });
    assert.equal(i.counts.doneWithoutDate, 2);
  });

  it('day boundaries: 23:59 and 00:00, the window edges; the queue sampled at the time of day it is now', async () => {
    const t = await team({
      'agents/a/a.md': note('A'),
      'agents/a/tasks.md': tasks([
        done('Too old', '2026-03-14T20:00', '2026-03-14T23:59'),
        done('First day', '2026-03-14T23:00', '2026-03-15T00:00'),
        done('Late', '2026-03-20T22:00', '2026-03-20T23:59'),
        done('Over midnight', '2026-03-20T23:00', '2026-03-21T00:30'),
        done('Ends at midnight', '2026-03-21T22:00', '2026-03-22T00:00'),
        done('Starts at midnight', '2026-03-23T00:00', '2026-03-23T01:00'),
        done('Noon start', '2026-03-24T12:00', '2026-03-24T13:00'),
        done('Noon end', '2026-03-25T10:00', '2026-03-25T12:00'),
        done('Future', '2026-03-28T13:00', '2026-03-29T00:10'),
        task('Running', 'in-progress', ['**Started:** 2026-03-26T15:00']),
        task('Running, no start', 'in-progress'),
        task('Next', 'ready'),
      ]),
    });
    const i = computeInsights({ team: t, now: NOW, staleAfterMinutes: STALE, history: null });
    const day = (d: string) => i.days.indexOf(d);
    assert.equal(i.done.team[day('2026-03-15')], 1, 'the window opens at 00:00 of the 15th');
    assert.equal(i.done.team[day('2026-03-20')], 1);
    assert.equal(i.done.team[day('2026-03-21')], 1);
    assert.equal(i.done.team[day('2026-03-22')], 1);
    assert.equal(i.done.total, 7, 'the 14th and tomorrow are outside');
    const q = (d: string) => i.queue.points[day(d)].inProgress;
    assert.equal(q('2026-03-20'), 0, 'at 12:00 of the 20th nothing ran');
    assert.equal(q('2026-03-24'), 1, 'started at 12:00 sharp: in progress at 12:00');
    assert.equal(q('2026-03-25'), 0, 'completed at 12:00 sharp: no longer in progress');
    assert.equal(q('2026-03-26'), 0, 'the running task starts at 15:00 on the 26th');
    assert.equal(q('2026-03-27'), 1);
    assert.deepEqual(i.queue.points[13], { date: '2026-03-28', ready: 1, inProgress: 2 }, 'today: what the files say now');
  });

  it('git snapshots: a pruned task counts once, a task still in the files is not history, ready counts come from each day', async () => {
    const current = tasks([done('Kept', '2026-03-26T09:00', '2026-03-26T10:00'), task('Next', 'ready')]);
    const old = tasks([
      done('Pruned', '2026-03-18T09:00', '2026-03-18T11:00'),
      done('Kept', '2026-03-26T09:00', '2026-03-26T10:00'),
      task('A', 'ready'),
      task('B', 'ready'),
      task('Dropped', 'in-progress', ['**Started:** 2026-03-19T09:00']),
    ]);
    const t = await team({ 'agents/a/a.md': note('A'), 'agents/a/tasks.md': current });
    const h = history(
      snapshot('2026-03-18', { a: old }),
      snapshot('2026-03-26', { a: old }),
      snapshot('2026-03-27', { a: old, gone: tasks([done('Ghost work', '2026-03-27T08:00', '2026-03-27T08:45')]) }),
    );
    const i = computeInsights({ team: t, now: NOW, staleAfterMinutes: STALE, history: h });
    assert.equal(i.done.total, 3, 'Kept, Pruned and Ghost work, each once');
    assert.equal(i.counts.fromHistoryOnly, 2);
    assert.deepEqual(
      i.done.agents.map((a) => [a.slug, a.total]),
      [['a', 2], ['gone', 1]],
      'an agent only history knows comes after the team, by slug',
    );
    assert.equal(i.cycle.team.count, 3);
    const ready = i.queue.points.map((p) => p.ready);
    assert.deepEqual(ready, [null, null, null, 2, null, null, null, null, null, null, null, 2, 2, 1]);
    assert.equal(i.queue.readyUnknownDays, 10);
    assert.equal(i.queue.points[i.days.indexOf('2026-03-19')].inProgress, 0, 'an in-progress task that vanished without finishing has no known end: not counted');
    assert.equal(i.counts.snapshots, 3);
  });

  it('ticks: liveness and tick age for every agent, never-ticked and future ticks', async () => {
    const t = await team({
      'agents/a/a.md': note('A'),
      'agents/a/tasks.md': tasks([task('X', 'ready')], '2026-03-28T09:00'),
      'agents/b/b.md': note('B'),
      'agents/b/tasks.md': tasks([task('Y', 'done', ['**Completed:** 2026-03-20T10:00'])]),
      'agents/c/c.md': note('C', { status: 'inactive' }),
      'agents/c/tasks.md': tasks([], '2026-03-28T12:05'),
    });
    const i = computeInsights({ team: t, now: NOW, staleAfterMinutes: STALE, history: null });
    assert.deepEqual(
      i.ticks.map((x) => [x.slug, x.liveness, x.tickAgeMinutes]),
      [['a', 'down', 180], ['b', 'idle', null], ['c', 'inactive', -5]],
    );
  });
});

function formatMinutes(m: number): string {
  return new Date(m * 60000).toISOString().slice(0, 16);
}
