/**
 * Which background agents the list shows. Seed 003: "Completed agents stay in the
 * registry for 24 hours then are pruned on next access" — the agent manager prunes
 * (on each new registration), not the dashboard, so the dashboard deletes nothing: a
 * record that ended more than 24 hours ago is hidden as expired (and counted) unless
 * the person asks to see them (Show Expired), the rest filtered by status as the
 * document's `agent_list(status)` does. Pure; "now" is passed in.
 */
import { BACKGROUND_STATUSES, BackgroundAgent } from './background-agents';

export const BACKGROUND_RETENTION_MS = 24 * 60 * 60 * 1000;

/** `all`, or one of the statuses the manager writes. */
export type BackgroundStatusFilter = 'all' | (typeof BACKGROUND_STATUSES)[number];

export function isBackgroundStatusFilter(v: unknown): v is BackgroundStatusFilter {
  return v === 'all' || (typeof v === 'string' && (BACKGROUND_STATUSES as readonly string[]).includes(v));
}

/**
 * Ended (any status but running) and `finished` more than 24 hours before `nowMs`.
 * Without a readable `finished` it cannot be told, so it is not expired.
 */
export function isBackgroundExpired(a: Pick<BackgroundAgent, 'status' | 'finished'>, nowMs: number): boolean {
  if (a.status === 'running' || a.finished === null) return false;
  const end = Date.parse(a.finished);
  return Number.isFinite(end) && nowMs - end > BACKGROUND_RETENTION_MS;
}

export interface BackgroundListing {
  /** In the order given (running first, then newest). */
  readonly shown: readonly BackgroundAgent[];
  /** Records matching the filter that are expired: hidden, or shown (marked) with `showExpired`. */
  readonly expired: number;
  /** Records not matching the filter (expired or not). */
  readonly filteredOut: number;
}

/** `showExpired`: the expired records stay in `shown`, in their place (still counted in `expired`). */
export function listBackgroundAgents(agents: readonly BackgroundAgent[], filter: BackgroundStatusFilter, nowMs: number, showExpired = false): BackgroundListing {
  const matching = agents.filter((a) => filter === 'all' || a.status === filter);
  const current = matching.filter((a) => !isBackgroundExpired(a, nowMs));
  return { shown: showExpired ? matching : current, expired: matching.length - current.length, filteredOut: agents.length - matching.length };
}
