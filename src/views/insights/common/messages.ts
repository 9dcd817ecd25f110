/**
 * The Team Insights panel's message protocol: the one module both sides import (the
 * extension host and the insights webview). No `vscode` import, no DOM: plain types
 * and validators.
 *
 * Webview → host: `ready` first (the host posts nothing before it), then `refresh`
 * (read the git history again). No ids, paths or command names are needed.
 * Host → webview: `state`, the whole figure set (a few kilobytes) with a version.
 * Every message is validated on arrival; whatever fails is dropped (and logged).
 */
import type { AgentTick, CycleStat, Insights } from '../../../core/insights/figures';
import type { AgentUsageDays, UsageDays } from '../../../core/insights/usage';
import { LIVENESS_VALUES } from '../../shared/common/liveness';
import { Check, Checked, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, slug, str } from '../../shared/common/validate';

export const INSIGHTS_PROTOCOL_VERSION = 1;

export type { AgentTick, AgentUsageDays, CycleStat, Insights, UsageDays };
export type { QueuePoint } from '../../../core/insights/figures';
export type { Liveness } from '../../shared/common/liveness';

export type InsightsStatus = 'loading' | 'noTeam' | 'ready';

/**
 * Where the past comes from: `reading` (git is being read), `read` (snapshots from
 * git), `notRepository`, `unavailable` (git missing or failed), `notLocal` (the team
 * folder is not on a file system git can reach from here).
 */
export type HistoryStatus = 'reading' | 'read' | 'notRepository' | 'unavailable' | 'notLocal';
export const HISTORY_STATUSES: readonly HistoryStatus[] = ['reading', 'read', 'notRepository', 'unavailable', 'notLocal'];

export interface InsightsState {
  readonly status: InsightsStatus;
  readonly team: { readonly name: string; readonly path: string } | null;
  /** Why no team is shown, or a load failure. */
  readonly message: string | null;
  readonly insights: Insights | null;
  readonly history: {
    readonly status: HistoryStatus;
    /** Why git could not be read (for `unavailable`). */
    readonly detail: string | null;
    /** Wall-clock minutes of the last read. */
    readonly readAt: number | null;
  };
  /** What the charts rest on and what they lack, one sentence each. */
  readonly notes: readonly string[];
  /** The liveness rule's threshold (a line on the tick chart). */
  readonly staleAfterMinutes: number;
  /** Tokens and cost per day of `insights.days`, from the agents' session logs; `null` where the dashboard reads none. */
  readonly usage: UsageDays | null;
}

/** Host → webview. */
export type InsightsHostMessage = { readonly type: 'state'; readonly version: number; readonly state: InsightsState };

/** Webview → host. */
export type InsightsWebviewMessage = { readonly type: 'ready'; readonly protocol: number } | { readonly type: 'refresh' };
export type InsightsWebviewMessageType = InsightsWebviewMessage['type'];

// ---- validation --------------------------------------------------------------------

const DATE = /^\d{4}-\d\d-\d\d$/;
const date: Check = (v, at) => (typeof v === 'string' && DATE.test(v) ? null : `${at} should be a YYYY-MM-DD date`);
const counts = arrayOf(int);
const cycleStatCheck = object({ count: int, medianMinutes: nullable(num), p90Minutes: nullable(num) });
const insights = object({
  now: num,
  days: arrayOf(date),
  done: object({ team: counts, total: int, agents: arrayOf(object({ slug, name: str, counts, total: int })) }),
  cycle: object({ team: cycleStatCheck, agents: arrayOf(object({ slug, name: str, stat: cycleStatCheck })), withoutStart: int, startedAfterCompleted: int }),
  queue: object({ points: arrayOf(object({ date, ready: nullable(int), inProgress: int })), readyHistory: bool, readyUnknownDays: int }),
  ticks: arrayOf(object({ slug, name: str, liveness: oneOf(LIVENESS_VALUES), tickAgeMinutes: nullable(num), lastTick: nullable(str) })),
  counts: object({ doneWithoutDate: int, fromHistoryOnly: int, snapshots: int }),
});
const numbers = arrayOf(num);
const usage = object({
  team: object({ tokens: numbers, cost: numbers }),
  agents: arrayOf(object({ slug, name: str, tokens: numbers, cost: numbers, totalTokens: num, totalCost: num })),
  totalTokens: num,
  totalCost: num,
  unpriced: arrayOf(str),
});
const state = object({
  status: oneOf(['loading', 'noTeam', 'ready']),
  team: nullable(object({ name: str, path: str })),
  message: nullable(str),
  insights: nullable(insights),
  history: object({ status: oneOf(HISTORY_STATUSES), detail: nullable(str), readAt: nullable(num) }),
  notes: arrayOf(str),
  staleAfterMinutes: num,
  usage: nullable(usage),
});

const hostMessages: Readonly<Record<InsightsHostMessage['type'], Check>> = {
  state: object({ type: str, version: int, state }),
};

const webviewMessages: Readonly<Record<InsightsWebviewMessageType, Check>> = {
  ready: object({ type: str, protocol: int }),
  refresh: object({ type: str }),
};

/** Checks a message the host received from the insights webview. */
export function checkInsightsWebviewMessage(data: unknown): Checked<InsightsWebviewMessage> {
  return checkMessage<InsightsWebviewMessage>(data, webviewMessages);
}

/** Checks a message the insights webview received from the host. */
export function checkInsightsHostMessage(data: unknown): Checked<InsightsHostMessage> {
  return checkMessage<InsightsHostMessage>(data, hostMessages);
}
