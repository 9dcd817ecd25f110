import { agentLiveness, tickAgeMinutes } from '../team/liveness';
import { Team } from '../team/model';
import { compareStrings } from '../../base/sorted';
import { parseStamp } from '../../base/time';
import { dateOfDay, dayOf, sampleTime, windowDays } from './days';
import { DoneTask, collectDoneTasks } from './done-tasks';
import { AgentCycle, AgentDone, INSIGHT_DAYS, Insights, QueuePoint, TeamHistory } from './figures';
import { cycleStat } from './stats';

export interface InsightsInput {
  readonly team: Pick<Team, 'agents'>;
  /** Wall-clock minutes (see base/time). */
  readonly now: number;
  readonly staleAfterMinutes: number;
  /** The pickup window (see `agentLiveness`); default half the stale threshold. */
  readonly heartbeatMinutes?: number;
  /** The task files' git history over the window; `null` when there is none (not a repository, or not read). */
  readonly history: TeamHistory | null;
  readonly days?: number;
}

/**
 * The panel's figures, a pure function of the team, its history and "now":
 *
 * - done per day: tasks whose Completed falls on each of the last days, per agent and
 *   for the team (from the files, and from git for tasks pruned since);
 * - cycle time: Completed − Started of the tasks done in the window, median and 90th
 *   percentile, per agent and for the team;
 * - queue: ready + in-progress on each day at the time of day it is now. In progress
 *   comes from the tasks' Started/Completed intervals; ready tasks carry no time, so
 *   past ready counts come from git snapshots (none without git). Today is what the
 *   files say now;
 * - ticks: each agent's tick age and liveness.
 */
export function computeInsights(input: InsightsInput): Insights {
  const { team, now, history } = input;
  const days = windowDays(now, input.days ?? INSIGHT_DAYS);
  const first = days[0];
  const today = days[days.length - 1];
  const index = (minutes: number) => {
    const d = dayOf(minutes);
    return d >= first && d <= today ? d - first : -1;
  };

  const { tasks: done, withoutDate } = collectDoneTasks(team, history);
  const names = new Map(team.agents.map((a) => [a.slug, a.name] as const));
  const inWindow = done.filter((t) => index(t.completed) >= 0);

  // Agents in team order, then agents only history knows (removed since), by slug.
  const slugs = team.agents.map((a) => a.slug);
  const gone = [...new Set(inWindow.map((t) => t.agent).filter((s) => !names.has(s)))].sort(compareStrings);
  const order = [...slugs, ...gone];

  const teamCounts = days.map(() => 0);
  const agentCounts = new Map(order.map((s) => [s, days.map(() => 0)] as const));
  const durations = new Map<string, number[]>(order.map((s) => [s, []] as const));
  const all: number[] = [];
  let withoutStart = 0;
  let startedAfterCompleted = 0;
  for (const t of inWindow) {
    const i = index(t.completed);
    teamCounts[i]++;
    agentCounts.get(t.agent)![i]++;
    if (t.started === null) withoutStart++;
    else if (t.started > t.completed) startedAfterCompleted++;
    else {
      durations.get(t.agent)!.push(t.completed - t.started);
      all.push(t.completed - t.started);
    }
  }
  const nameOf = (slug: string) => names.get(slug) ?? slug;
  const agentsDone: AgentDone[] = order.map((slug) => {
    const counts = agentCounts.get(slug)!;
    return { slug, name: nameOf(slug), counts, total: counts.reduce((a, b) => a + b, 0) };
  });
  const agentsCycle: AgentCycle[] = order.map((slug) => ({ slug, name: nameOf(slug), stat: cycleStat(durations.get(slug)!) }));

  return {
    now,
    days: days.map(dateOfDay),
    done: { team: teamCounts, total: inWindow.length, agents: agentsDone },
    cycle: { team: cycleStat(all), agents: agentsCycle, withoutStart, startedAfterCompleted },
    queue: queueOverTime(team, done, history, days, now),
    ticks: team.agents.map((a) => ({
      slug: a.slug,
      name: a.name,
      liveness: agentLiveness(a, now, input.staleAfterMinutes, input.heartbeatMinutes),
      tickAgeMinutes: tickAgeMinutes(a, now),
      lastTick: a.lastTick,
    })),
    counts: {
      doneWithoutDate: withoutDate,
      fromHistoryOnly: inWindow.filter((t) => t.fromHistory).length,
      snapshots: history?.snapshots.length ?? 0,
    },
  };
}

function queueOverTime(team: Pick<Team, 'agents'>, done: readonly DoneTask[], history: TeamHistory | null, days: readonly number[], now: number): Insights['queue'] {
  // In progress over time: [Started, Completed) of done tasks, [Started, ∞) of the ones in progress now.
  const intervals: Array<readonly [number, number]> = [];
  for (const t of done) if (t.started !== null && t.started <= t.completed) intervals.push([t.started, t.completed]);
  let readyNow = 0;
  let inProgressNow = 0;
  for (const a of team.agents) {
    for (const t of a.tasks) {
      if (t.status === 'ready') readyNow++;
      else if (t.status === 'in-progress') {
        inProgressNow++;
        const s = parseStamp(t.started);
        if (s !== null) intervals.push([s, Infinity]);
      }
    }
  }
  const readyByDate = new Map<string, number>();
  for (const s of history?.snapshots ?? []) {
    let n = 0;
    for (const a of s.agents) for (const t of a.tasks) if (t.status === 'ready') n++;
    readyByDate.set(s.date, n);
  }
  const today = days[days.length - 1];
  let readyUnknownDays = 0;
  const points: QueuePoint[] = days.map((d) => {
    const date = dateOfDay(d);
    if (d === today) return { date, ready: readyNow, inProgress: inProgressNow };
    const at = sampleTime(d, now);
    let inProgress = 0;
    for (const [s, e] of intervals) if (s <= at && e > at) inProgress++;
    const ready = readyByDate.get(date) ?? null;
    if (ready === null) readyUnknownDays++;
    return { date, ready, inProgress };
  });
  return { points, readyHistory: readyUnknownDays === 0, readyUnknownDays };
}
