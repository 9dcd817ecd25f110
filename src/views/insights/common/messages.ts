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
import { Check, Checked, Infer, MessageOf, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, slug, str } from '../../shared/common/validate';

export const INSIGHTS_PROTOCOL_VERSION = 1;

export type { AgentTick, AgentUsageDays, CycleStat, Insights, UsageDays };
export type { QueuePoint } from '../../../core/insights/figures';
export type { Liveness } from '../../shared/common/liveness';

export const INSIGHTS_STATUSES = ['loading', 'noTeam', 'ready'] as const;
export type InsightsStatus = (typeof INSIGHTS_STATUSES)[number];

/**
 * Where the past comes from: `reading` (git is being read), `read` (snapshots from
 * git), `notRepository`, `unavailable` (git missing or failed), `notLocal` (the team
 * folder is not on a file system git can reach from here).
 */
export const HISTORY_STATUSES = ['reading', 'read', 'notRepository', 'unavailable', 'notLocal'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

// ---- the messages, declared once: each type is what its check accepts ----------------

const DATE = /^\d{4}-\d\d-\d\d$/;
const date: Check<string> = (v, at) => (typeof v === 'string' && DATE.test(v) ? null : `${at} should be a YYYY-MM-DD date`);
const counts = arrayOf(int);
const cycleStatCheck: Check<CycleStat> = object({ count: int, medianMinutes: nullable(num), p90Minutes: nullable(num) });
// The figures' types are the core's; `Check<Insights>` holds the check to them both ways.
const insights: Check<Insights> = object({
  now: num,
  days: arrayOf(date),
  done: object({ team: counts, total: int, agents: arrayOf(object({ slug, name: str, counts, total: int })) }),
  cycle: object({ team: cycleStatCheck, agents: arrayOf(object({ slug, name: str, stat: cycleStatCheck })), withoutStart: int, startedAfterCompleted: int }),
  queue: object({ points: arrayOf(object({ date, ready: nullable(int), inProgress: int })), readyHistory: bool, readyUnknownDays: int }),
  ticks: arrayOf(object({ slug, name: str, liveness: oneOf(LIVENESS_VALUES), tickAgeMinutes: nullable(num), lastTick: nullable(str) })),
  counts: object({ doneWithoutDate: int, fromHistoryOnly: int, snapshots: int }),
});
const numbers = arrayOf(num);
const usage: Check<UsageDays> = object({
  team: object({ tokens: numbers, cost: numbers }),
  agents: arrayOf(object({ slug, name: str, tokens: numbers, cost: numbers, totalTokens: num, totalCost: num })),
  totalTokens: num,
  totalCost: num,
  unpriced: arrayOf(str),
});
const state = object({
  status: oneOf(INSIGHTS_STATUSES),
  team: nullable(object({ name: str, path: str })),
  /** Why no team is shown, or a load failure. */
  message: nullable(str),
  insights: nullable(insights),
  history: object({
    status: oneOf(HISTORY_STATUSES),
    /** Why git could not be read (for `unavailable`). */
    detail: nullable(str),
    /** Wall-clock minutes of the last read. */
    readAt: nullable(num),
  }),
  /** What the charts rest on and what they lack, one sentence each. */
  notes: arrayOf(str),
  /** The liveness rule's threshold (a line on the tick chart). */
  staleAfterMinutes: num,
  /** Tokens and cost per day of `insights.days`, from the agents' session logs; `null` where the dashboard reads none. */
  usage: nullable(usage),
});
export type InsightsState = Infer<typeof state>;

/** Host → webview. */
const hostMessages = {
  state: object({ type: oneOf(['state']), version: int, state }),
};
export type InsightsHostMessage = MessageOf<typeof hostMessages>;

/** Webview → host. */
const webviewMessages = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  refresh: object({ type: oneOf(['refresh']) }),
};
export type InsightsWebviewMessage = MessageOf<typeof webviewMessages>;
export type InsightsWebviewMessageType = InsightsWebviewMessage['type'];

/** Checks a message the host received from the insights webview. */
export function checkInsightsWebviewMessage(data: unknown): Checked<InsightsWebviewMessage> {
  return checkMessage(data, webviewMessages);
}

/** Checks a message the insights webview received from the host. */
export function checkInsightsHostMessage(data: unknown): Checked<InsightsHostMessage> {
  return checkMessage(data, hostMessages);
}
