import { randomBytes } from 'crypto';
import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { TeamFs } from '../fs/team-fs';
import { Diagnostic } from '../team/model';
import { ACTIVITY_FILE } from '../team/team-paths';
import { detectEol } from '../text/text';
import { EVENT_TYPES, GENERIC_EVENT_TYPE } from '../worklog/event-type';
import { EventLink, readSessionCharter } from '../worklog/events';

/**
 * The activity feed: every write made through the agent operations (the MCP server's
 * tools and the CLI verbs that share them) is recorded as one event, in the
 * communications protocol's JSON envelope (seed 001, section 4), one JSON object per
 * line, appended to `.cortex/activity.jsonl` in the team folder. The markdown files stay
 * canonical; the feed says who changed what, when and through which door, so a
 * dashboard can show it live.
 *
 * - `event_type`: the protocol's types (a WORKLOG entry keeps its own type:
 *   `decision.recorded`, `handoff.posted`…), plus the writes the protocol does not
 *   name (`ACTIVITY_ONLY_TYPES`: a dispatch, a tick, a message, a reorder…).
 *   `task.claimed` and `task.completed` are the claim and completion themselves,
 *   whether an agent made them or a person moved the card on the board.
 * - `timestamp`: the instant, ISO-8601 in UTC (`2026-03-28T09:15:00.000Z`).
 * - `event_id`: `act-` + the instant in base 36 + 8 random hex digits: unique, and in
 *   time order when sorted.
 * - `session_id`: from the team's session charter, else null.
 * - `payload`: `via` (`mcp`, `cli` or `dashboard`), `file` (team-relative) and what
 *   the write did.
 * - `links`: the file written, the message named.
 *
 * The file is append-only and written through the one writer, like every other file:
 * the lock, the conflict check, the atomic rename and the read-back apply, so two
 * writers never lose a line and an agent's stale rewrite gets the event back. A
 * reader takes each line as one event and reports a line it cannot read.
 */
export { ACTIVITY_FILE };

export const ACTIVITY_ONLY_TYPES = [
  'task.dispatched',
  'task.reordered',
  'task.reassigned',
  'task.reviewed',
  'task.edited',
  'task.cancelled',
  'task.unclaimed',
  'action.undone',
  'agent.ticked',
  'agent.registered',
  'protocol.generated',
  'protocol.removed',
  'message.sent',
  'message.updated',
  'worklog.status.updated',
  'team.created',
  'team.pruned',
  'team.upgraded',
  'project.created',
  'project.updated',
  'thread.started',
  'thread.agent.added',
  'thread.cancelled',
  'background.cancelled',
  'write.reapplied',
  'write.unconfirmed',
] as const;
export const ACTIVITY_EVENT_TYPES = [...EVENT_TYPES, GENERIC_EVENT_TYPE, ...ACTIVITY_ONLY_TYPES] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

/** The door a write came through: an agent's MCP tool, a `cortex-team` verb, or the VS Code dashboard (a person). */
export type ActivityVia = 'mcp' | 'cli' | 'dashboard';

/** Who the dashboard's writes are by: the person at the dashboard, the protocol's human maintainer. */
export const DASHBOARD_ACTOR = 'maintainer';

export interface ActivityEvent {
  readonly event_id: string;
  readonly event_type: ActivityEventType;
  readonly session_id: string | null;
  readonly actor: string;
  readonly timestamp: string;
  readonly subject: string;
  readonly payload: { readonly via: ActivityVia; readonly file: string } & Readonly<Record<string, unknown>>;
  readonly links: readonly EventLink[];
}

/** What an operation says about its write; the envelope's other fields are filled in here. */
export interface ActivityRecord {
  readonly type: ActivityEventType;
  readonly actor: string;
  readonly subject: string;
  readonly file: string;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly links?: readonly EventLink[];
}

export function activityEventId(at: Date, random: string = randomBytes(4).toString('hex')): string {
  return `act-${at.getTime().toString(36).padStart(9, '0')}-${random}`;
}

export function activityEvent(record: ActivityRecord, at: Date, via: ActivityVia, sessionId: string | null): ActivityEvent {
  const links: EventLink[] = [{ kind: 'file', target: record.file }];
  for (const l of record.links ?? []) if (!links.some((k) => k.kind === l.kind && k.target === l.target)) links.push(l);
  return {
    event_id: activityEventId(at),
    event_type: record.type,
    session_id: sessionId,
    actor: record.actor,
    timestamp: at.toISOString(),
    subject: record.subject,
    payload: { via, file: record.file, ...record.details },
    links,
  };
}

/** The feed with one more line (a last line without its line break gets one first). */
export function appendActivityText(text: string, event: ActivityEvent): string {
  const eol = text === '' ? '\n' : detectEol(text);
  const sep = text === '' || text.endsWith('\n') || text.endsWith('\r') ? '' : eol;
  return text + sep + JSON.stringify(event) + eol;
}

/** Appends the event for `record` to the feed (created with its folder when missing). */
export async function recordActivity(fs: TeamFs, record: ActivityRecord, at: Date, via: ActivityVia, opts: EditOptions = {}): Promise<ActivityEvent> {
  const { sessionId } = await readSessionCharter(fs);
  const event = activityEvent(record, at, via, sessionId);
  await writeOperation(fs, ACTIVITY_FILE, activityOperation(event), { ...opts, ifMissing: 'create' });
  return event;
}

/** The append as an operation for the writer: it holds while the feed has the event's id (never written twice). */
export function activityOperation(event: ActivityEvent): TextOperation<void> {
  const id = JSON.stringify(event.event_id);
  return {
    apply: (text) => ({ text: appendActivityText(text, event), result: undefined }),
    holds: (text) => text.includes(`"event_id":${id}`),
  };
}

export interface ActivityFeed {
  /** In file order (oldest first). */
  readonly events: readonly ActivityEvent[];
  readonly diagnostics: readonly Diagnostic[];
}

function isEnvelope(v: unknown): v is ActivityEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.event_id === 'string' &&
    typeof e.event_type === 'string' &&
    typeof e.actor === 'string' &&
    typeof e.timestamp === 'string' &&
    typeof e.subject === 'string' &&
    typeof e.payload === 'object' &&
    e.payload !== null &&
    Array.isArray(e.links)
  );
}

/** Reads the feed; a line that is not an event becomes a diagnostic, never an exception. */
export function parseActivity(text: string, file = ACTIVITY_FILE): ActivityFeed {
  const events: ActivityEvent[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      diagnostics.push({ file, line: i + 1, severity: 'warning', message: 'Not a JSON object; the line is skipped.' });
      continue;
    }
    if (isEnvelope(value)) events.push(value);
    else diagnostics.push({ file, line: i + 1, severity: 'warning', message: 'Not an event envelope (event_id, event_type, actor, timestamp, subject, payload, links); the line is skipped.' });
  }
  return { events, diagnostics };
}
