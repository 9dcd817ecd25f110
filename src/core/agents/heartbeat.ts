import { TurnState } from './run-state';

/**
 * The heartbeat driver's rule. Agents tick only when prompted (`Cortex tick: …`); for
 * an agent the dashboard started, the dashboard types that prompt:
 *
 * - only while the agent has ready or in-progress work (the idle-suppression rule:
 *   an empty queue stops the ticks, a dispatched task starts them again);
 * - only at its prompt: when its own session's last report (a session of the terminal
 *   the dashboard started, never another session in the project) says its turn
 *   finished. Working, needs input (a permission dialog would take the keystrokes as
 *   its answer), ended, starting (no report yet) or unknown: no keystrokes, ever;
 * - at once when a ready task appeared that was not there at the last tick (a
 *   dispatch is picked up without anyone typing), else once per heartbeat;
 * - after a tick, not again until the agent reported a new turn state. A tick that
 *   started no turn within `noTurnMs` (the CLI took the keys elsewhere: a dialog no
 *   hook reports) is said, not assumed, and never typed again blindly;
 * - not for an agent whose daily budget is spent (when the budget stops the driver).
 *
 * Pure: the extension keeps each agent's `DriverMemory` and asks `heartbeatDecision`
 * whenever the team, a turn state, a terminal or the clock moves.
 */
export type DriverTurn = TurnState | 'starting' | 'unknown';

/** How long a typed tick may take to start a turn (its CLI's UserPromptSubmit / BeforeAgent report) before it is said to have started none. */
export const NO_TURN_MS = 60_000;

/** The wait for a tick's turn: a CLI that reports no turn start (Codex's notify comes at its end) gets a heartbeat. */
export function noTurnWindow(reportsTurnStart: boolean, heartbeatMs: number): number {
  return reportsTurnStart ? NO_TURN_MS : Math.max(NO_TURN_MS, heartbeatMs);
}

export interface DriverInput {
  /** Milliseconds since the epoch, from the extension's clock. */
  readonly now: number;
  readonly heartbeatMs: number;
  /** The driver is on for this agent. */
  readonly enabled: boolean;
  /** Its terminal is open with its command running. */
  readonly live: boolean;
  /** Its own session's last report (`starting` before the first; `unknown` when its terminal's sessions cannot be told). */
  readonly turn: DriverTurn;
  /** How long a tick may take to start a turn (see `noTurnWindow`). */
  readonly noTurnMs: number;
  /** The `at` of the state file now (`null`: none), which says whether a new report came. */
  readonly stateAt: string | null;
  /** Titles of its ready tasks, in order. */
  readonly ready: readonly string[];
  /** It has a task in progress. */
  readonly inProgress: boolean;
  readonly budgetSpent: boolean;
}

export interface DriverMemory {
  readonly lastSentAt: number;
  /** The ready titles at the last tick (or at the start, which the first prompt covers). */
  readonly seenReady: readonly string[];
  /** After a tick: the state file's `at` when it was sent; `undefined` once a new report came. */
  readonly sentStateAt?: string | null;
}

export type DriverWait = 'not-running' | 'off' | 'budget' | 'no-work' | 'starting' | 'working' | 'needs-input' | 'ended' | 'unknown' | 'sent' | 'no-turn' | 'scheduled';

export type DriverDecision = { readonly send: true; readonly why: 'new-task' | 'heartbeat' } | { readonly send: false; readonly why: DriverWait; readonly dueAt?: number };

/** What an agent started now remembers: its ready tasks are the first prompt's to pick up. */
export function startMemory(now: number, ready: readonly string[]): DriverMemory {
  return { lastSentAt: now, seenReady: [...ready] };
}

export function heartbeatDecision(i: DriverInput, m: DriverMemory): DriverDecision {
  if (!i.live) return { send: false, why: 'not-running' };
  if (!i.enabled) return { send: false, why: 'off' };
  if (i.budgetSpent) return { send: false, why: 'budget' };
  if (i.ready.length === 0 && !i.inProgress) return { send: false, why: 'no-work' };
  // The one state in which keystrokes reach the prompt and nothing else.
  if (i.turn !== 'turn-finished') return { send: false, why: i.turn };
  if (m.sentStateAt !== undefined && m.sentStateAt === i.stateAt) {
    const noTurnAt = m.lastSentAt + i.noTurnMs;
    return i.now < noTurnAt ? { send: false, why: 'sent', dueAt: noTurnAt } : { send: false, why: 'no-turn' };
  }
  if (i.ready.some((t) => !m.seenReady.includes(t))) return { send: true, why: 'new-task' };
  const dueAt = m.lastSentAt + i.heartbeatMs;
  if (i.now >= dueAt) return { send: true, why: 'heartbeat' };
  return { send: false, why: 'scheduled', dueAt };
}

/** The memory after a tick was sent. */
export function sentMemory(i: DriverInput): DriverMemory {
  return { lastSentAt: i.now, seenReady: [...i.ready], sentStateAt: i.stateAt };
}

/** The memory when nothing was sent: an empty queue forgets what it saw, so the next dispatch counts as new. */
export function idleMemory(i: DriverInput, m: DriverMemory): DriverMemory {
  if (i.ready.length === 0 && !i.inProgress && m.seenReady.length > 0) return { ...m, seenReady: [] };
  if (m.sentStateAt !== undefined && m.sentStateAt !== i.stateAt) return { lastSentAt: m.lastSentAt, seenReady: m.seenReady };
  return m;
}
