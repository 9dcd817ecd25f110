import { Check, Checked, Infer, MessageOf, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, shortStr, str } from '../../shared/common/validate';

/**
 * The worklog panel's messages, both directions, declared once: each type is what its
 * check accepts. The page sends ids (an entry's event id, a message's MSG id), never
 * paths or command names; each side checks every message it receives against these
 * shapes and drops what does not fit.
 */
export const WORKLOG_PROTOCOL_VERSION = 3;

const id: Check<string> = (v, at) => (typeof v === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(v) ? null : `${at} should be an id`);
/** A whole number (the protocol version, counts). */
const count: Check<number> = (v, at) => (Number.isInteger(v) ? null : `${at} should be a whole number`);

const entryView = object({
  id: str,
  timestamp: str,
  actor: str,
  type: str,
  /** Without the type word. */
  subject: str,
  body: str,
});
export type EntryView = Infer<typeof entryView>;

const messageView = object({
  id: str,
  subject: str,
  from: str,
  to: str,
  sent: str,
  status: str,
  body: str,
  /** The statuses it may move to (none when final). */
  next: arrayOf(str),
  /** The Type row when it is one of the adopted types (else the text written, or null). */
  kind: nullable(str),
  /** P0…P3 (P2 when the message names none). */
  priority: str,
  /** The message has a Priority row. */
  priorityGiven: bool,
  /** When a response is due, `YYYY-MM-DDTHH:MM`; null when it cannot be told. */
  respondBy: nullable(str),
  /** "critical", "high", "normal", "low". */
  priorityName: str,
  /** Minutes past `respondBy` while still new; 0 when not overdue. */
  overdueMinutes: num,
  /** How long it is overdue, for reading ("2 h 5 min"); null when it is not. */
  overdueText: nullable(str),
  /** When it was escalated to WORKLOG.md, as written. */
  escalated: nullable(str),
  /** Overdue, P0 or P1, not escalated: the panel offers Escalate. */
  canEscalate: bool,
});
export type MessageView = Infer<typeof messageView>;

/** One event of the activity feed (`.cortex/activity.jsonl`): a write an agent made through the MCP server or a CLI verb, or the dashboard made for a person. */
const activityView = object({
  id: str,
  /** ISO-8601, UTC. */
  timestamp: str,
  actor: str,
  type: str,
  subject: str,
  /** `mcp`, `cli` or `dashboard` (another value is shown as it is). */
  via: str,
  /** The team file written, team-relative. */
  file: str,
  /** A completion's summary, a message's recipient…: one line of what else the event says. */
  detail: str,
});
export type ActivityView = Infer<typeof activityView>;

const teamHeader = nullable(object({ name: str, path: str }));

const worklogViewState = object({
  hasTeam: bool,
  /** The team's name and folder, for the page header (`null`: none open). */
  team: teamHeader,
  trusted: bool,
  /** The session charter (document 001), the first of CHARTER_FILES found: its file, the session id it declares, its text; `null`: none. */
  charter: nullable(object({ file: str, sessionId: nullable(str), text: str })),
  worklog: object({
    exists: bool,
    order: str,
    status: nullable(object({ columns: arrayOf(str), rows: arrayOf(arrayOf(str)), note: str })),
    decisions: arrayOf(object({ date: str, decision: str, entry: str })),
    entries: arrayOf(entryView),
    problems: count,
  }),
  mailbox: object({
    exists: bool,
    inbox: nullable(arrayOf(object({ to: str, newCount: nullable(count), openCount: nullable(count) }))),
    messages: arrayOf(messageView),
    problems: count,
  }),
  activity: object({
    exists: bool,
    /** Newest first, at most ACTIVITY_SHOWN of them. */
    events: arrayOf(activityView),
    /** Every event in the file. */
    total: count,
    problems: count,
  }),
});
export type WorklogViewState = Infer<typeof worklogViewState>;

/** The panel's tabs. */
export const WORKLOG_TABS = ['worklog', 'mailbox', 'activity'] as const;
export type WorklogTab = (typeof WORKLOG_TABS)[number];

export function isWorklogTab(v: unknown): v is WorklogTab {
  return (WORKLOG_TABS as readonly unknown[]).includes(v);
}

/** How many of the newest activity events the page gets. */
export const ACTIVITY_SHOWN = 200;
const status = shortStr(40);

const WEBVIEW_CHECKS = {
  ready: object({ type: oneOf(['ready']), protocol: count }),
  openEntry: object({ type: oneOf(['openEntry']), id }),
  openMessage: object({ type: oneOf(['openMessage']), id }),
  openActivity: object({ type: oneOf(['openActivity']), id }),
  setStatus: object({ type: oneOf(['setStatus']), id, status, expected: status }),
  appendEntry: object({ type: oneOf(['appendEntry']) }),
  updateStatus: object({ type: oneOf(['updateStatus']) }),
  compose: object({ type: oneOf(['compose']), to: nullable(shortStr(200)) }),
  escalate: object({ type: oneOf(['escalate']), id }),
};
export type WorklogWebviewMessage = MessageOf<typeof WEBVIEW_CHECKS>;

export function checkWorklogWebviewMessage(data: unknown): Checked<WorklogWebviewMessage> {
  return checkMessage(data, WEBVIEW_CHECKS);
}

const HOST_CHECKS = {
  state: object({ type: oneOf(['state']), version: int, state: worklogViewState }),
  /**
   * Show a tab (the escalation offer's Open Mailbox) or, with an id, an entry or a
   * message on it (Search Team's result): scrolled to, focused.
   */
  reveal: object({ type: oneOf(['reveal']), tab: oneOf(WORKLOG_TABS), id: nullable(id) }),
  /**
   * Sent at once when the page is ready, before the files are read (4.8 s on a hostile
   * team): the page shows its header and a loading state, then the state fills it in.
   */
  loading: object({ type: oneOf(['loading']), team: teamHeader }),
};
export type WorklogHostMessage = MessageOf<typeof HOST_CHECKS>;

export function checkWorklogHostMessage(data: unknown): Checked<WorklogHostMessage> {
  return checkMessage(data, HOST_CHECKS);
}
