/**
 * What the Team Insights panel shows, as plain data (safe to post to a webview).
 * Days are local calendar days (`YYYY-MM-DD`, the files' wall clock), oldest first;
 * durations are minutes.
 */
import { Liveness } from '../team/liveness';
import { Task } from '../team/model';

/** How many days the charts look back, today included. */
export const INSIGHT_DAYS = 14;

/** Median and 90th percentile of some durations, and how many they rest on. */
export interface CycleStat {
  readonly count: number;
  /** `null` when `count` is 0. */
  readonly medianMinutes: number | null;
  readonly p90Minutes: number | null;
}

export interface AgentDone {
  readonly slug: string;
  readonly name: string;
  /** Tasks completed on each day of `Insights.days`. */
  readonly counts: readonly number[];
  readonly total: number;
}

export interface AgentCycle {
  readonly slug: string;
  readonly name: string;
  readonly stat: CycleStat;
}

/** The queue on a day at the time of day it is now (see `sampleTime`; today: now). */
export interface QueuePoint {
  readonly date: string;
  /** Ready tasks; `null` when nothing says (a past day without git history). */
  readonly ready: number | null;
  readonly inProgress: number;
}

export interface AgentTick {
  readonly slug: string;
  readonly name: string;
  readonly liveness: Liveness;
  /** Minutes since the last tick (negative: in the future); `null` without a readable tick. */
  readonly tickAgeMinutes: number | null;
  readonly lastTick: string | null;
}

export interface Insights {
  /** Wall-clock minutes the figures are measured at. */
  readonly now: number;
  readonly days: readonly string[];
  readonly done: { readonly team: readonly number[]; readonly total: number; readonly agents: readonly AgentDone[] };
  readonly cycle: {
    readonly team: CycleStat;
    readonly agents: readonly AgentCycle[];
    /** Done in the window with a readable Completed but no readable Started: counted as done, not in cycle time. */
    readonly withoutStart: number;
    /** Done tasks whose Started lies after their Completed: left out of cycle time. */
    readonly startedAfterCompleted: number;
  };
  readonly queue: {
    readonly points: readonly QueuePoint[];
    /** Every day has a ready count (from git snapshots for the past days). */
    readonly readyHistory: boolean;
    /** Past days without a ready count (no git snapshot of that day). */
    readonly readyUnknownDays: number;
  };
  readonly ticks: readonly AgentTick[];
  readonly counts: {
    /** Done tasks anywhere (files or history) whose Completed cannot be read: not on any chart. */
    readonly doneWithoutDate: number;
    /** Done tasks in the window known only from git history (pruned since). */
    readonly fromHistoryOnly: number;
    /** Git snapshots the queue's past rests on. */
    readonly snapshots: number;
  };
}

/**
 * The team folder's past as git holds it: for a day of the window, the task files as
 * committed at that day's sample time (the last commit at or before it, see
 * `sampleTime`). Days without a snapshot (no commit yet) are absent.
 */
export interface HistorySnapshot {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly commit: string;
  /** The commit's time, wall-clock minutes. */
  readonly at: number;
  readonly agents: ReadonlyArray<{ readonly slug: string; readonly tasks: readonly Task[] }>;
}

export interface TeamHistory {
  readonly snapshots: readonly HistorySnapshot[];
  /** Commits in the window that touched a task file (bounded: see `truncated`). */
  readonly commits: number;
  /** More commits than the reader looks at: the oldest days may be missing. */
  readonly truncated: boolean;
}
