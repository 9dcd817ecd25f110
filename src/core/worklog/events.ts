import { createHash } from 'crypto';
import { TeamFs } from '../fs/team-fs';
import { readTextFile } from '../edit/edit-file';
import { Diagnostic } from '../team/model';
import { EventType } from './event-type';
import { WORKLOG_FILE, Worklog, WorklogEntry, parseWorklog } from './parse';

/**
 * The machine-readable projection of WORKLOG.md (seed 001, section 4): one envelope
 * per entry, in file order. The markdown stays canonical; this is for tools.
 *
 * - `event_id`: `wl-` + the first 16 hex digits of sha256(timestamp, actor, subject),
 *   stable across runs and edits elsewhere in the file; a heading repeated verbatim
 *   gets `-2`, `-3`… in file order.
 * - `session_id`: from the session charter when the team folder has one, else null.
 * - `payload`: the body text, its `**Key:** value` lines as fields, the heading's
 *   line, and for a decision the index rows that refer to it.
 * - `links`: files (`path/file.ext` in backticks or links), URLs, mailbox messages
 *   (MSG-0003) and decision rows the entry refers to.
 */
export interface EventLink {
  readonly kind: 'file' | 'url' | 'message' | 'decision';
  readonly target: string;
}

export interface EventEnvelope {
  readonly event_id: string;
  readonly event_type: EventType;
  readonly session_id: string | null;
  readonly actor: string;
  readonly timestamp: string;
  readonly subject: string;
  readonly payload: {
    readonly body: string;
    readonly fields: Readonly<Record<string, string>>;
    readonly file: string;
    readonly line: number;
    readonly decisions?: ReadonlyArray<{ readonly date: string; readonly decision: string; readonly line: number }>;
  };
  readonly links: readonly EventLink[];
}

export function eventIdOf(entry: Pick<WorklogEntry, 'timestamp' | 'actor' | 'subject'>): string {
  return 'wl-' + createHash('sha256').update(`${entry.timestamp}\n${entry.actor}\n${entry.subject}`).digest('hex').slice(0, 16);
}

/** `**Key:** value` lines of a body (the handoff and decision templates' fields). */
export function bodyFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of body.split('\n')) {
    const m = /^\s*(?:[-*]\s+)?\*\*([^*:]{1,40}):\*\*\s*(.*)$/.exec(line) ?? /^\s*(?:[-*]\s+)?\*\*([^*:]{1,40})\*\*:\s*(.*)$/.exec(line);
    if (m && !(m[1] in fields)) fields[m[1].trim()] = m[2].trim();
  }
  return fields;
}

/** What an entry refers to, each once, in order of appearance. */
export function entryLinks(entry: WorklogEntry, worklog: Worklog | null): EventLink[] {
  const links: EventLink[] = [];
  const seen = new Set<string>();
  const add = (kind: EventLink['kind'], target: string) => {
    const key = `${kind}:${target}`;
    if (!seen.has(key)) {
      seen.add(key);
      links.push({ kind, target });
    }
  };
  const text = `${entry.subject}\n${entry.body}`;
  const found: Array<{ at: number; kind: EventLink['kind']; target: string }> = [];
  for (const m of text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) found.push({ at: m.index!, kind: /^[a-z]+:\/\//i.test(m[1]) ? 'url' : 'file', target: m[1] });
  for (const m of text.matchAll(/(?<![(\w])(https?:\/\/[^\s)>\]]+)/g)) found.push({ at: m.index!, kind: 'url', target: m[1].replace(/[.,;:]+$/, '') });
  for (const m of text.matchAll(/`([^`\s]+\/[^`\s]*|[^`\s/]+\.[A-Za-z][A-Za-z0-9]{0,7})`/g)) {
    if (!/^[a-z]+:\/\//i.test(m[1]) && !/^\d+(\.\d+)*$/.test(m[1])) found.push({ at: m.index!, kind: 'file', target: m[1] });
  }
  for (const m of text.matchAll(/\bMSG-\d+\b/g)) found.push({ at: m.index!, kind: 'message', target: m[0] });
  found.sort((a, b) => a.at - b.at);
  for (const f of found) add(f.kind, f.target);
  for (const d of decisionRowsOf(entry, worklog)) add('decision', `${WORKLOG_FILE}#L${d.line}`);
  return links;
}

/** Decision index rows whose Entry names this entry's subject (with or without its type word). */
export function decisionRowsOf(entry: WorklogEntry, worklog: Worklog | null) {
  if (!worklog?.decisions) return [];
  const subject = entry.subject.toLowerCase();
  const bare = subject.replace(/^[^:]{1,40}:\s*/, '');
  return worklog.decisions.rows.filter((r) => {
    const e = r.entry.trim().toLowerCase();
    return e !== '' && (e === subject || e === bare || e === entry.heading.toLowerCase());
  });
}

export function worklogEvents(worklog: Worklog, sessionId: string | null): EventEnvelope[] {
  const counts = new Map<string, number>();
  return worklog.entries.map((entry) => {
    const base = eventIdOf(entry);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    const decisions = decisionRowsOf(entry, worklog).map((d) => ({ date: d.date, decision: d.decision, line: d.line }));
    return {
      event_id: n === 1 ? base : `${base}-${n}`,
      event_type: entry.eventType,
      session_id: sessionId,
      actor: entry.actor,
      timestamp: entry.timestamp,
      subject: entry.subject,
      payload: { body: entry.body, fields: bodyFields(entry.body), file: worklog.file, line: entry.line, ...(decisions.length ? { decisions } : {}) },
      links: entryLinks(entry, worklog),
    };
  });
}

/** Where a session charter may be, in the team folder (first found wins). */
export const CHARTER_FILES = ['SESSION-CHARTER.md', 'SESSION_CHARTER.md', 'session-charter.md', 'CHARTER.md', 'charter.md'];

/**
 * The session id a charter declares: `session_id:` / `session-id:` in its frontmatter,
 * a `Session ID` table row, or a `**Session ID:** X` line. `null` when none.
 */
export function sessionIdOf(charter: string): string | null {
  const patterns = [
    /^\s*session[_ -]?id\s*:\s*["']?([^"'\s#]+)/im,
    /^\s*\|\s*session[_ -]?id\s*\|\s*`?([^|`\s]+)`?\s*\|/im,
    /^\s*(?:[-*]\s+)?\*\*session[_ -]?id:?\*\*:?\s*`?([^\s`]+)`?/im,
  ];
  for (const p of patterns) {
    const m = p.exec(charter);
    if (m) return m[1];
  }
  return null;
}

export interface LoadedEvents {
  readonly events: EventEnvelope[];
  /** `null` when the team has no WORKLOG.md. */
  readonly worklog: Worklog | null;
  readonly sessionId: string | null;
  readonly charter: string | null;
  readonly diagnostics: readonly Diagnostic[];
}

/** The team's session charter (the first of `CHARTER_FILES` found) and the session id it declares. */
export async function readSessionCharter(fs: TeamFs): Promise<{ readonly charter: string | null; readonly sessionId: string | null }> {
  for (const name of CHARTER_FILES) {
    const text = await readTextFile(fs, name);
    if (text !== undefined) return { charter: name, sessionId: sessionIdOf(text) };
  }
  return { charter: null, sessionId: null };
}

export async function loadWorklogEvents(fs: TeamFs): Promise<LoadedEvents> {
  const { charter, sessionId } = await readSessionCharter(fs);
  const text = await readTextFile(fs, WORKLOG_FILE);
  if (text === undefined) return { events: [], worklog: null, sessionId, charter, diagnostics: [] };
  const worklog = parseWorklog(text);
  return { events: worklogEvents(worklog, sessionId), worklog, sessionId, charter, diagnostics: worklog.diagnostics };
}
