import { Check, Checked, checkMessage, nullable, object, oneOf, shortStr, str } from '../../shared/common/validate';

/**
 * The worklog panel's messages, both directions. The page sends ids (an entry's
 * event id, a message's MSG id), never paths or command names; the host checks
 * every message against these shapes and drops what does not fit.
 */
export const WORKLOG_PROTOCOL_VERSION = 3;

export interface EntryView {
  readonly id: string;
  readonly timestamp: string;
  readonly actor: string;
  readonly type: string;
  /** Without the type word. */
  readonly subject: string;
  readonly body: string;
}

export interface MessageView {
  readonly id: string;
  readonly subject: string;
  readonly from: string;
  readonly to: string;
  readonly sent: string;
  readonly status: string;
  readonly body: string;
  /** The statuses it may move to (none when final). */
  readonly next: readonly string[];
  /** The Type row when it is one of the adopted types (else the text written, or null). */
  readonly kind: string | null;
  /** P0…P3 (P2 when the message names none). */
  readonly priority: string;
  /** The message has a Priority row. */
  readonly priorityGiven: boolean;
  /** When a response is due, `YYYY-MM-DDTHH:MM`; null when it cannot be told. */
  readonly respondBy: string | null;
  /** "critical", "high", "normal", "low". */
  readonly priorityName: string;
  /** Minutes past `respondBy` while still new; 0 when not overdue. */
  readonly overdueMinutes: number;
  /** How long it is overdue, for reading ("2 h 5 min"); null when it is not. */
  readonly overdueText: string | null;
  /** When it was escalated to WORKLOG.md, as written. */
  readonly escalated: string | null;
  /** Overdue, P0 or P1, not escalated: the panel offers Escalate. */
  readonly canEscalate: boolean;
}

/** One event of the activity feed (`.cortex/activity.jsonl`): a write an agent made through the MCP server or a CLI verb, or the dashboard made for a person. */
export interface ActivityView {
  readonly id: string;
  /** ISO-8601, UTC. */
  readonly timestamp: string;
  readonly actor: string;
  readonly type: string;
  readonly subject: string;
  /** `mcp`, `cli` or `dashboard` (another value is shown as it is). */
  readonly via: string;
  /** The team file written, team-relative. */
  readonly file: string;
  /** A completion's summary, a message's recipient…: one line of what else the event says. */
  readonly detail: string;
}

export interface WorklogViewState {
  readonly hasTeam: boolean;
  /** The team's name and folder, for the page header (`null`: none open). */
  readonly team: { readonly name: string; readonly path: string } | null;
  readonly trusted: boolean;
  /** The session charter (document 001), the first of CHARTER_FILES found: its file, the session id it declares, its text; `null`: none. */
  readonly charter: { readonly file: string; readonly sessionId: string | null; readonly text: string } | null;
  readonly worklog: {
    readonly exists: boolean;
    readonly order: string;
    readonly status: { readonly columns: readonly string[]; readonly rows: ReadonlyArray<readonly string[]>; readonly note: string } | null;
    readonly decisions: ReadonlyArray<{ readonly date: string; readonly decision: string; readonly entry: string }>;
    readonly entries: readonly EntryView[];
    readonly problems: number;
  };
  readonly mailbox: {
    readonly exists: boolean;
    readonly inbox: ReadonlyArray<{ readonly to: string; readonly newCount: number | null; readonly openCount: number | null }> | null;
    readonly messages: readonly MessageView[];
    readonly problems: number;
  };
  readonly activity: {
    readonly exists: boolean;
    /** Newest first, at most ACTIVITY_SHOWN of them. */
    readonly events: readonly ActivityView[];
    /** Every event in the file. */
    readonly total: number;
    readonly problems: number;
  };
}

/** The panel's tabs. */
export const WORKLOG_TABS = ['worklog', 'mailbox', 'activity'] as const;
export type WorklogTab = (typeof WORKLOG_TABS)[number];

export function isWorklogTab(v: unknown): v is WorklogTab {
  return (WORKLOG_TABS as readonly unknown[]).includes(v);
}

export type WorklogHostMessage =
  | { readonly type: 'state'; readonly state: WorklogViewState }
  /**
   * Show a tab (the escalation offer's Open Mailbox) or, with an id, an entry or a
   * message on it (Search Team's result): scrolled to, focused.
   */
  | { readonly type: 'reveal'; readonly tab: WorklogTab; readonly id: string | null }
  /**
   * Sent at once when the page is ready, before the files are read (4.8 s on a hostile
   * team): the page shows its header and a loading state, then the state fills it in.
   */
  | { readonly type: 'loading'; readonly team: { readonly name: string; readonly path: string } | null };

export type WorklogWebviewMessage =
  | { readonly type: 'ready'; readonly protocol: number }
  | { readonly type: 'openEntry'; readonly id: string }
  | { readonly type: 'openMessage'; readonly id: string }
  | { readonly type: 'openActivity'; readonly id: string }
  | { readonly type: 'setStatus'; readonly id: string; readonly status: string; readonly expected: string }
  | { readonly type: 'appendEntry' }
  | { readonly type: 'updateStatus' }
  | { readonly type: 'compose'; readonly to: string | null }
  | { readonly type: 'escalate'; readonly id: string };

const id: Check = (v, at) => (typeof v === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(v) ? null : `${at} should be an id`);

/** How many of the newest activity events the page gets. */
export const ACTIVITY_SHOWN = 200;
const status = shortStr(40);

const WEBVIEW_CHECKS: Record<string, Check> = {
  ready: object({ type: str, protocol: (v, at) => (Number.isInteger(v) ? null : `${at} should be a whole number`) }),
  openEntry: object({ type: str, id }),
  openMessage: object({ type: str, id }),
  openActivity: object({ type: str, id }),
  setStatus: object({ type: str, id, status, expected: status }),
  appendEntry: object({ type: str }),
  updateStatus: object({ type: str }),
  compose: object({ type: str, to: nullable(shortStr(200)) }),
  escalate: object({ type: str, id }),
};

export function checkWorklogWebviewMessage(data: unknown): Checked<WorklogWebviewMessage> {
  return checkMessage<WorklogWebviewMessage>(data, WEBVIEW_CHECKS);
}

/** The page's check of what the host sends: the envelope and the state's top-level shape. */
const HOST_CHECKS: Record<string, Check> = {
  state: object({
    type: oneOf(['state']),
    state: (v, at) => {
      if (typeof v !== 'object' || v === null) return `${at} should be an object`;
      const s = v as Record<string, unknown>;
      if (typeof s.hasTeam !== 'boolean' || typeof s.trusted !== 'boolean') return `${at} lacks hasTeam/trusted`;
      const t = s.team as Record<string, unknown> | null | undefined;
      if (t !== null && (typeof t !== 'object' || typeof t.name !== 'string' || typeof t.path !== 'string')) return `${at}.team should be null or { name, path }`;
      const w = s.worklog as Record<string, unknown> | undefined;
      const m = s.mailbox as Record<string, unknown> | undefined;
      if (!w || !Array.isArray(w.entries) || !Array.isArray(w.decisions)) return `${at}.worklog is malformed`;
      const c = s.charter as Record<string, unknown> | null | undefined;
      if (c !== null && (typeof c !== 'object' || typeof c.file !== 'string' || typeof c.text !== 'string' || (c.sessionId !== null && typeof c.sessionId !== 'string'))) return `${at}.charter should be null or { file, sessionId, text }`;
      if (!m || !Array.isArray(m.messages)) return `${at}.mailbox is malformed`;
      const a = s.activity as Record<string, unknown> | undefined;
      if (!a || !Array.isArray(a.events)) return `${at}.activity is malformed`;
      return null;
    },
  }),
  reveal: object({ type: oneOf(['reveal']), tab: oneOf(WORKLOG_TABS), id: nullable(id) }),
  loading: object({
    type: oneOf(['loading']),
    team: (v, at) => (v === null || (typeof v === 'object' && typeof (v as Record<string, unknown>).name === 'string' && typeof (v as Record<string, unknown>).path === 'string') ? null : `${at} should be null or { name, path }`),
  }),
};

export function checkWorklogHostMessage(data: unknown): Checked<WorklogHostMessage> {
  return checkMessage<WorklogHostMessage>(data, HOST_CHECKS);
}
