import { Liveness, agentLiveness, tickAgeMinutes } from '../team/liveness';
import { Agent, SessionLogEntry, Task, Team } from '../team/model';
import { parseStamp } from '../../base/time';

/**
 * What the Daily Briefing and the Daily Review are made of, gathered from the parsed
 * team at one moment. Pure: the same team, `now`, threshold and period always give
 * the same report.
 */
export interface ReportInput {
  readonly team: Team;
  /** The team folder's name, for the title. */
  readonly teamName: string;
  /** Wall-clock minutes (see `time.ts`). */
  readonly now: number;
  /** Minutes after the last tick before an agent stops counting as alive. */
  readonly staleAfterMinutes: number;
  /** The heartbeat (the pickup window, see `agentLiveness`); default half the stale threshold. */
  readonly heartbeatMinutes?: number;
  /** When the last Daily Review was made (wall-clock minutes); `null`: none recorded. */
  readonly lastReview: number | null;
}

/** Without a recorded review, the period is the last 24 hours. */
export const DEFAULT_PERIOD_MINUTES = 24 * 60;

export interface ReportPeriod {
  /** Start of the period (exclusive), wall-clock minutes. */
  readonly since: number;
  /** `lastReview`: since the last recorded review; `default`: none was recorded, the last 24 hours. */
  readonly basis: 'lastReview' | 'default';
}

export interface AgentReport {
  readonly agent: Agent;
  readonly liveness: Liveness;
  /** Minutes since the last tick; `null` without a readable tick. */
  readonly tickAge: number | null;
  /** Its in-progress tasks, in file order (normally one). */
  readonly inProgress: readonly TaskAge[];
  /** Its ready tasks in pickup (document) order. */
  readonly ready: readonly Task[];
  /** The latest Session Log entry (latest date; the later in the file on a tie). */
  readonly latestSession: SessionLogEntry | null;
}

export interface TaskAge {
  readonly task: Task;
  /** Minutes since Started; `null` when Started is missing or unreadable. */
  readonly age: number | null;
}

export interface DoneItem {
  readonly agent: Agent;
  readonly task: Task;
  /** Completed, wall-clock minutes. */
  readonly completed: number;
  /** Completed − Started, when both are readable. */
  readonly took: number | null;
}

/**
 * Why something is blocked. Precisely:
 * - `down`: the agent's tick is stale while it has ready or in-progress tasks (the
 *   coordinator's "likely down");
 * - `session-log`: an active (not inactive) agent's latest Session Log entry has a
 *   Status line that says it is blocked: one of the words blocked, blocker(s),
 *   blocking, waiting, stuck (any case);
 * - `task-status`: a task whose status line says `blocked` or `waiting` (not a
 *   protocol status, but agents write it).
 */
export type Blocker =
  | { readonly kind: 'down'; readonly agent: AgentReport }
  | { readonly kind: 'session-log'; readonly agent: AgentReport; readonly entry: SessionLogEntry }
  | { readonly kind: 'task-status'; readonly agent: AgentReport; readonly task: Task };

export interface TeamReport {
  readonly teamName: string;
  readonly now: number;
  readonly staleAfterMinutes: number;
  readonly period: ReportPeriod;
  readonly agents: readonly AgentReport[];
  /** Tasks completed within the period, oldest first. */
  readonly done: readonly DoneItem[];
  readonly blockers: readonly Blocker[];
  /** In-progress tasks started before the period began: carried over, still not done. */
  readonly carriedOver: ReadonlyArray<{ readonly agent: Agent; readonly task: TaskAge }>;
  readonly counts: Readonly<Record<Liveness, number>> & { readonly ready: number; readonly inProgress: number };
  /** Problems (errors and warnings) found in the team files. */
  readonly problems: number;
}

const BLOCKED_WORDS = /\b(blocked|blockers?|blocking|waiting|stuck)\b/i;
const BLOCKED_STATUS = /^(blocked|waiting)\b/i;

/** Does a Session Log status line say the agent is blocked (see `Blocker`)? */
export function saysBlocked(status: string | null): boolean {
  return status !== null && BLOCKED_WORDS.test(status);
}

export function reportPeriod(now: number, lastReview: number | null): ReportPeriod {
  return lastReview === null ? { since: now - DEFAULT_PERIOD_MINUTES, basis: 'default' } : { since: lastReview, basis: 'lastReview' };
}

export function buildTeamReport(input: ReportInput): TeamReport {
  const { team, now, staleAfterMinutes } = input;
  const period = reportPeriod(now, input.lastReview);
  const counts = { alive: 0, idle: 0, waiting: 0, down: 0, inactive: 0, ready: 0, inProgress: 0 };
  const agents: AgentReport[] = [];
  const done: DoneItem[] = [];
  const blockers: Blocker[] = [];
  const carriedOver: Array<{ agent: Agent; task: TaskAge }> = [];

  for (const agent of team.agents) {
    const liveness = agentLiveness(agent, now, staleAfterMinutes, input.heartbeatMinutes);
    counts[liveness]++;
    const inProgress: TaskAge[] = [];
    const ready: Task[] = [];
    const blockedTasks: Task[] = [];
    for (const task of agent.tasks) {
      if (task.status === 'in-progress') {
        const started = parseStamp(task.started);
        const entry = { task, age: started === null ? null : now - started };
        inProgress.push(entry);
        if (started !== null && started <= period.since) carriedOver.push({ agent, task: entry });
      } else if (task.status === 'ready') {
        ready.push(task);
      } else if (task.status === 'done') {
        const completed = parseStamp(task.completed);
        if (completed !== null && completed > period.since && completed <= now) {
          const started = parseStamp(task.started);
          done.push({ agent, task, completed, took: started === null || started > completed ? null : completed - started });
        }
      } else if (task.status !== null && BLOCKED_STATUS.test(task.status.trim())) {
        blockedTasks.push(task);
      }
    }
    counts.ready += ready.length;
    counts.inProgress += inProgress.length;
    const report: AgentReport = { agent, liveness, tickAge: tickAgeMinutes(agent, now), inProgress, ready, latestSession: latestSession(agent) };
    agents.push(report);
    if (liveness === 'down') blockers.push({ kind: 'down', agent: report });
    if (liveness !== 'inactive' && report.latestSession && saysBlocked(report.latestSession.status)) {
      blockers.push({ kind: 'session-log', agent: report, entry: report.latestSession });
    }
    for (const task of blockedTasks) blockers.push({ kind: 'task-status', agent: report, task });
  }
  // Oldest first; ties in team order (stable sort).
  done.sort((a, b) => a.completed - b.completed);
  return {
    teamName: input.teamName,
    now,
    staleAfterMinutes,
    period,
    agents,
    done,
    blockers,
    carriedOver,
    counts,
    problems: team.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').length,
  };
}

/** The Session Log entry with the latest date (the later one in the file on a tie or without dates); the Team view shows the same one. */
export function latestSession(agent: Pick<Agent, 'sessionLog'>): SessionLogEntry | null {
  let best: SessionLogEntry | null = null;
  let bestAt = -Infinity;
  for (const entry of agent.sessionLog) {
    const at = parseStamp(entry.lastSession) ?? -Infinity;
    if (!best || at >= bestAt) {
      best = entry;
      bestAt = Math.max(bestAt, at);
    }
  }
  return best;
}
