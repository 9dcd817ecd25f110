import { Agent, Team } from './model';
import { LIVENESS_ICONS as ICONS } from '../../base/liveness-icons';
import { parseStamp } from '../../base/time';
import { isOpenStatus } from '../../base/task-status';

/**
 * Liveness as the Cortex coordinator judges it: a pure function of the parsed team
 * and "now" (wall-clock minutes, see `time.ts`).
 *
 * - `inactive`: the agent note says `status: inactive` (any case).
 * - `alive`: the last tick is at most `staleAfter` minutes old (a tick in the future
 *   counts as alive: clocks drift), or a task in progress was claimed (its `Started:`)
 *   that recently: claiming is the agent's own write, and an agent that claims through
 *   MCP or the CLI without a tick is working, not down.
 * - otherwise the tick is stale (or missing, or unreadable): `idle` when it has no
 *   ready or in-progress task (idle workers suppress their ticks, which is normal);
 * - `waiting` (for pickup) when its only work is ready tasks dispatched less than one
 *   heartbeat ago (`dispatchedAt`, from the activity feed): an idle agent looks at its
 *   task file when it next polls, so a stale tick right after a dispatch is expected;
 * - else `down`: it has work and should be ticking (a heartbeat passed without pickup).
 */
export type Liveness = 'alive' | 'idle' | 'waiting' | 'down' | 'inactive';

/** Every state has its icon (base/liveness-icons.ts): this fails to compile when one lacks it. */
export const LIVENESS_ICONS: Readonly<Record<Liveness, string>> = ICONS;

/** The coordinator's rule: two missed heartbeats (30 minutes at the default 15). */
export function staleAfterMinutes(heartbeatMinutes: number): number {
  return 2 * heartbeatMinutes;
}

/** Minutes since the agent's last tick (negative when it lies in the future); `null` when there is no readable tick. */
export function tickAgeMinutes(agent: Pick<Agent, 'lastTick'>, nowMinutes: number): number | null {
  const tick = parseStamp(agent.lastTick);
  return tick === null ? null : nowMinutes - tick;
}

export function isInactive(agent: Pick<Agent, 'status'>): boolean {
  return agent.status !== null && agent.status.trim().toLowerCase() === 'inactive';
}

/** The agent has a `ready` or `in-progress` task. */
export function hasActiveTasks(agent: Pick<Agent, 'tasks'>): boolean {
  for (const t of agent.tasks) if (isOpenStatus(t.status)) return true;
  return false;
}

/** A task in progress was started at most `minutes` before now. */
function claimedWithin(agent: Pick<Agent, 'tasks'>, nowMinutes: number, minutes: number): boolean {
  for (const t of agent.tasks) {
    if (t.status !== 'in-progress') continue;
    const started = parseStamp(t.started);
    if (started !== null && nowMinutes - started <= minutes) return true;
  }
  return false;
}

/**
 * The agent waits for pickup: no task in progress, and its ready tasks were all
 * dispatched less than `heartbeat` minutes before now (see `core/team/pickup.ts`).
 */
export function waitingForPickup(agent: Pick<Agent, 'tasks'> & Partial<Pick<Agent, 'dispatchedAt'>>, nowMinutes: number, heartbeat: number): boolean {
  const since = parseStamp(agent.dispatchedAt ?? null);
  if (since === null || nowMinutes - since >= heartbeat) return false;
  for (const t of agent.tasks) if (t.status === 'in-progress') return false;
  return true;
}

/**
 * `heartbeat` (minutes, for the pickup window) defaults to half the stale threshold: the
 * coordinator's rule makes stale two heartbeats.
 */
export function agentLiveness(
  agent: Pick<Agent, 'status' | 'lastTick' | 'tasks'> & Partial<Pick<Agent, 'dispatchedAt'>>,
  nowMinutes: number,
  staleAfter: number,
  heartbeat: number = staleAfter / 2,
): Liveness {
  if (isInactive(agent)) return 'inactive';
  const age = tickAgeMinutes(agent, nowMinutes);
  if (age !== null && age <= staleAfter) return 'alive';
  if (claimedWithin(agent, nowMinutes, staleAfter)) return 'alive';
  if (!hasActiveTasks(agent)) return 'idle';
  return waitingForPickup(agent, nowMinutes, heartbeat) ? 'waiting' : 'down';
}

export interface TeamSummary {
  readonly agents: number;
  readonly alive: number;
  readonly idle: number;
  readonly waiting: number;
  readonly down: number;
  readonly inactive: number;
  /** Tasks with status `ready`, over all agents. */
  readonly ready: number;
  /** Tasks with status `in-progress`, over all agents. */
  readonly inProgress: number;
}

/** Counts for the status bar ("Cortex: 7 agents · 1 down · 12 ready"). */
export function teamSummary(team: Pick<Team, 'agents'>, nowMinutes: number, staleAfter: number, heartbeat?: number): TeamSummary {
  const counts = { agents: 0, alive: 0, idle: 0, waiting: 0, down: 0, inactive: 0, ready: 0, inProgress: 0 };
  for (const agent of team.agents) {
    counts.agents++;
    counts[agentLiveness(agent, nowMinutes, staleAfter, heartbeat)]++;
    for (const t of agent.tasks) {
      if (t.status === 'ready') counts.ready++;
      else if (t.status === 'in-progress') counts.inProgress++;
    }
  }
  return counts;
}

/** What the agent's own session last reported, as the Team view's row shows it beside the liveness. */
export interface SessionReport {
  readonly turn: 'starting' | 'working' | 'needs-input' | 'turn-finished' | 'ended' | null;
  /** Minutes since the report (`null`: unknown). */
  readonly minutes: number | null;
  /** Its terminal runs here. */
  readonly live: boolean;
}

/**
 * The liveness a row shows beside its session's state: an agent whose own session
 * reports a turn (working, needs input, or finished and at its prompt) is alive,
 * whatever its tick says, when that session runs in a terminal here or reported
 * within `staleAfter` minutes. "Down" or "idle" beside "Turn finished just now"
 * would contradict the line under it. Inactive stays inactive; an ended session or
 * none leaves the tick's word.
 */
export function livenessWithSession(liveness: Liveness, session: SessionReport | null, staleAfter: number): Liveness {
  if (!session || liveness === 'inactive' || liveness === 'alive') return liveness;
  const { turn, minutes, live } = session;
  if (turn !== 'working' && turn !== 'needs-input' && turn !== 'turn-finished') return liveness;
  return live || (minutes !== null && minutes <= staleAfter) ? 'alive' : liveness;
}
