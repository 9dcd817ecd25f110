import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { Splice, applySplices, normalizeUserText, separatorBefore } from '../ops/shared';
import { formatRow } from '../parse/md-table';
import { detectStampStyle, formatInStyle } from '../text/stamp-style';
import { Eol, bomLength, detectEol } from '../text/text';
import { checkBlockText, checkOneLine } from './check-text';
import { EventType, SUBJECT_PREFIX, inferEventType } from './event-type';
import { afterContent, blankLineIfFollowed, breakIfUnterminated, newBlockSplice } from './layout-edit';
import { WORKLOG_FILE, WorklogLayout, layoutWorklog } from './parse';

/**
 * Appends an entry to WORKLOG.md, never touching an existing one. Where it goes
 * follows the file's own order: a newest-first file (the adopted format, and any file
 * whose order cannot be told) gets it above its first entry, an oldest-first file at
 * the end of its last entry. A decision also gets a row at the end of the decision
 * index (created under the status block when the file has none). The timestamp and
 * the heading's separator copy the entries already there.
 */
export interface NewWorklogEntry {
  readonly type: EventType;
  readonly actor: string;
  /** Without the type word: "draft invoices" (a subject that already starts with it is kept). */
  readonly subject: string;
  readonly body: string;
  readonly at: Date;
  /** For a decision: its one line in the index (default: the subject). */
  readonly decision?: string;
}

export interface AppendedEntry {
  readonly heading: string;
  readonly timestamp: string;
  /** 1-based line of the new heading in the file as written. */
  readonly line: number;
  readonly decisionRow: boolean;
}

/** The subject with the type's leading word, unless it already reads as that type. */
export function fullSubject(type: EventType, subject: string): string {
  const prefix = SUBJECT_PREFIX[type];
  if (!prefix || inferEventType(subject, '') === type) return subject;
  return `${prefix}: ${subject}`;
}

/** Body templates for an editor draft: what a handoff or a decision usually says. */
export function entryTemplate(type: EventType): string {
  switch (type) {
    case 'handoff.posted':
      return '**To:** \n\n**Done:**\n- \n\n**Changed files:**\n- \n\n**Next:**\n- \n';
    case 'decision.recorded':
      return '**Decision:** \n\n**Why:**\n- \n\n**Decided by:** \n';
    case 'objection.raised':
      return '**Counter-recommendation:** \n\n**Why:**\n- \n';
    case 'escalation.requested':
      return '**Conflict:** \n\n**Options:**\n- \n\n**Needs:** a maintainer decision\n';
    default:
      return '';
  }
}

function check(entry: NewWorklogEntry): { actor: string; subject: string; decision: string | null } {
  const actor = checkOneLine(entry.actor, 'actor', 80);
  if (/\s[-–—]\s|^[-–—]|[-–—]$/.test(actor)) throw new CortexInputError(`The actor "${actor}" contains a dash separator; headings use " — " between time, actor and subject.`);
  const subject = checkOneLine(entry.subject, 'subject');
  checkBlockText(entry.body, 'entry body');
  const decision = entry.type === 'decision.recorded' ? checkOneLine(entry.decision ?? subject, 'decision', 300) : null;
  return { actor, subject, decision };
}

/** The text with the entry added (see the module comment). Throws `CortexInputError` for bad input. */
export function appendWorklogEntryText(text: string, entry: NewWorklogEntry): { text: string; result: AppendedEntry } {
  const { actor, subject, decision } = check(entry);
  const layout = layoutWorklog(text);
  const eol = detectEol(text);
  const first = layout.entries[0];
  const sep = first?.entry.separator ?? ' — ';
  const timestamp = formatInStyle(entry.at, detectStampStyle(layout.entries.map((e) => e.entry.timestamp)));
  const heading = `${timestamp}${sep}${actor}${sep}${fullSubject(entry.type, subject)}`;
  const body = normalizeUserText(entry.body, eol);
  const block = `## ${heading}${eol}${body === '' ? '' : body + eol}`;
  const splices: Splice[] = [];
  if (text.slice(bomLength(text)).trim() === '') {
    // A new (or blank) file: the title, the index for a decision, the entry.
    const index = decision !== null ? `## Decisions${eol}${decisionTable(['Date', 'Decision', 'Entry'], eol, timestamp.slice(0, 10), decision, subject)}${eol}` : '';
    splices.push({ at: text.length, insert: `# Worklog${eol}${eol}${index}${block}` });
  } else {
    if (decision !== null) splices.push(decisionSplice(layout, eol, timestamp.slice(0, 10), decision, subject));
    splices.push(newBlockSplice(text, layout.lines, layout.entries, layout.order === 'newest-first', block, eol));
  }
  const next = applySplices(text, splices);
  const line = lineOfHeading(next, `## ${heading}`);
  return { text: next, result: { heading, timestamp, line, decisionRow: decision !== null } };
}

function lineOfHeading(text: string, heading: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.indexOf(heading) + 1;
}

/** The decision index row (and the index itself when the file has none). */
function decisionSplice(layout: WorklogLayout, eol: Eol, date: string, decision: string, entry: string): Splice {
  const { text, lines } = layout;
  const d = layout.decisions;
  const row = decisionRow(d?.table?.header ?? ['Date', 'Decision', 'Entry'], date, decision, entry);
  if (d?.table) {
    const lastLine = lines[d.table.endLine - 1];
    return { at: lastLine.next, insert: breakIfUnterminated(text, lastLine.next, eol) + row + eol };
  }
  const table = decisionTable(['Date', 'Decision', 'Entry'], eol, date, decision, entry);
  if (d) {
    const headingLine = lines[d.heading];
    return { at: headingLine.next, insert: breakIfUnterminated(text, headingLine.next, eol) + table };
  }
  // No index yet: under the status block, else above the first entry, else under the title, else at the end.
  const section = `## Decisions${eol}${table}`;
  const s = layout.status;
  const first = layout.entries[0];
  let at: number;
  if (s) at = afterContent(text, lines, s.heading, s.end, lines[s.heading].next);
  else if (first) at = lines[first.heading].start;
  else if (layout.title !== null) at = lines[layout.title].next;
  else at = text.length;
  return { at, insert: breakIfUnterminated(text, at, eol) + separatorBefore(text, at, eol) + section + blankLineIfFollowed(text, at, eol) };
}

/**
 * The append as an operation for the writer. It holds while the file has a heading it
 * wrote (an agent's stale write that dropped the entry gets it again, in the file's
 * order as it is then; an entry already there is never added twice).
 */
export function worklogEntryOperation(entry: NewWorklogEntry): TextOperation<AppendedEntry> {
  const headings = new Set<string>();
  return {
    apply: (text) => {
      const r = appendWorklogEntryText(text, entry);
      headings.add(r.result.heading);
      return r;
    },
    holds: (text) => layoutWorklog(text).entries.some((e) => headings.has(e.entry.heading)),
  };
}

/** Appends through the writer (fresh read, check, read-back, re-apply). A missing WORKLOG.md is created. */
export async function appendWorklogEntry(fs: TeamFs, entry: NewWorklogEntry, opts: EditOptions = {}, path = WORKLOG_FILE): Promise<AppendedEntry> {
  return (await writeOperation(fs, path, worklogEntryOperation(entry), { ...opts, ifMissing: 'create' })).result;
}

/** A decision index row for a table with these columns (Date, Decision, Entry and their synonyms; others left empty). */
function decisionRow(header: readonly string[], date: string, decision: string, entry: string): string {
  return formatRow(
    header.map((h) => {
      const name = h.trim().toLowerCase();
      if (name === 'date' || name === 'when') return date;
      if (name === 'decision' || name === 'what') return decision;
      if (['entry', 'link', 'ref', 'reference', 'source'].includes(name)) return entry;
      return '';
    }),
  );
}

function decisionTable(header: readonly string[], eol: Eol, date: string, decision: string, entry: string): string {
  return `${formatRow(header)}${eol}|${header.map(() => '---').join('|')}|${eol}${decisionRow(header, date, decision, entry)}${eol}`;
}
