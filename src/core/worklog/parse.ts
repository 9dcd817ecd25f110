import { Diagnostic } from '../team/model';
import { findSections } from '../parse/sections';
import { MdTable, TableRow, columnIndex, readTable } from '../parse/md-table';
import { STAMP_SOURCE, stampMinutes } from '../text/stamp-style';
import { Line, bomLength, splitLines } from '../text/text';
import { EventType, inferEventType } from './event-type';

/**
 * WORKLOG.md as the team writes it (seed 001 and the format this project adopted):
 *
 *     # Worklog
 *     ## Status            pinned table, updated in place
 *     ## Decisions         index table, append-only
 *     ## <ISO time> — <actor> — <subject>     entries, newest first
 *
 * Tolerant: `-`, `--` or `–` separators, entries oldest first, any block missing.
 * What cannot be read becomes a diagnostic (file, line, message), never an exception.
 */
export const WORKLOG_FILE = 'WORKLOG.md';

export type EntryOrder = 'newest-first' | 'oldest-first';

export interface WorklogEntry {
  /** The heading without `## `. */
  readonly heading: string;
  readonly timestamp: string;
  readonly actor: string;
  /** As written, type word included ("handoff: draft invoices"). */
  readonly subject: string;
  readonly eventType: EventType;
  /** The text under the heading, without leading and trailing blank lines. */
  readonly body: string;
  /** 1-based line of the heading. */
  readonly line: number;
  /** The separator the heading uses (" — ", " - "…), for writing new entries alike. */
  readonly separator: string;
}

export interface StatusRow {
  /** 1-based line. */
  readonly line: number;
  /** Cells by column, as in `columns`. */
  readonly cells: readonly string[];
}

export interface WorklogStatus {
  readonly line: number;
  readonly columns: readonly string[];
  readonly rows: readonly StatusRow[];
  /** The section's lines other than the table (a "last updated" note…), as text. */
  readonly note: string;
}

export interface DecisionRow {
  readonly line: number;
  readonly date: string;
  readonly decision: string;
  /** The entry it refers to (the "Entry" column), as written. */
  readonly entry: string;
  readonly cells: readonly string[];
}

export interface WorklogDecisions {
  readonly line: number;
  readonly columns: readonly string[];
  readonly rows: readonly DecisionRow[];
}

export interface Worklog {
  readonly file: string;
  readonly status: WorklogStatus | null;
  readonly decisions: WorklogDecisions | null;
  /** In file order. */
  readonly entries: readonly WorklogEntry[];
  /** The order the entries' timestamps follow; `newest-first` when fewer than two can be compared. */
  readonly order: EntryOrder;
  readonly diagnostics: readonly Diagnostic[];
}

/** `<stamp> <sep> <actor> <sep> <subject>`: the separator is a dash of any kind with spaces around it. */
const ENTRY_HEADING = new RegExp(`^(${STAMP_SOURCE})(\\s+(?:—|–|--?)\\s+)(.+?)\\s+(?:—|–|--?)\\s+(.+)$`);

export const STATUS_TITLES = ['status', 'pinned status', 'status block', 'current status'];
export const DECISION_TITLES = ['decisions', 'decision index', 'decision log', 'key decisions'];

/** Where a WORKLOG's parts are in the text: what the edits work from. */
export interface WorklogLayout {
  readonly text: string;
  readonly lines: readonly Line[];
  readonly status: { readonly heading: number; readonly end: number; readonly table: MdTable | null } | null;
  readonly decisions: { readonly heading: number; readonly end: number; readonly table: MdTable | null } | null;
  /** Entries with the line index of the heading and of the line after the entry. */
  readonly entries: ReadonlyArray<{ readonly entry: WorklogEntry; readonly heading: number; readonly end: number }>;
  readonly order: EntryOrder;
  /** Index of a `# ` title line, if any. */
  readonly title: number | null;
  readonly diagnostics: readonly Diagnostic[];
}

function lineText(text: string, l: Line): string {
  return text.slice(l.start, l.end);
}

/** The lines of a range as text, without leading and trailing blank lines. */
export function trimmedBlock(text: string, lines: readonly Line[], from: number, to: number): string {
  while (from < to && lineText(text, lines[from]).trim() === '') from++;
  while (to > from && lineText(text, lines[to - 1]).trim() === '') to--;
  if (from >= to) return '';
  return text.slice(lines[from].start, lines[to - 1].end).replace(/\r\n?/g, '\n');
}

export function layoutWorklog(text: string, file = WORKLOG_FILE): WorklogLayout {
  const lines = splitLines(text, bomLength(text));
  const diagnostics: Diagnostic[] = [];
  const diag = (line: number, severity: Diagnostic['severity'], message: string) => diagnostics.push({ file, line: line + 1, severity, message });
  let status: WorklogLayout['status'] = null;
  let decisions: WorklogLayout['decisions'] = null;
  const entries: Array<{ entry: WorklogEntry; heading: number; end: number }> = [];
  let title: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (/^#[ \t]/.test(lineText(text, lines[i]))) {
      title = i;
      break;
    }
    if (/^##[ \t]/.test(lineText(text, lines[i]))) break;
  }
  for (const s of findSections(text, lines, 0)) {
    const name = s.title.toLowerCase();
    if (STATUS_TITLES.includes(name)) {
      if (status) diag(s.heading, 'warning', `A second "## ${s.title}" block; only the first is the pinned status.`);
      else status = { heading: s.heading, end: s.end, table: readTable(text, lines, s.heading + 1, s.end) };
      continue;
    }
    if (DECISION_TITLES.includes(name)) {
      if (decisions) diag(s.heading, 'warning', `A second "## ${s.title}" block; only the first is the decision index.`);
      else decisions = { heading: s.heading, end: s.end, table: readTable(text, lines, s.heading + 1, s.end) };
      continue;
    }
    const m = ENTRY_HEADING.exec(s.title);
    if (!m) {
      diag(s.heading, 'warning', `"## ${s.title}" is not an entry heading (## <ISO time> — <actor> — <subject>); it is left out of the timeline.`);
      continue;
    }
    const [, timestamp, sep, actor, subject] = m;
    if (stampMinutes(timestamp) === null) diag(s.heading, 'warning', `"${timestamp}" is not a real date and time.`);
    const body = trimmedBlock(text, lines, s.heading + 1, s.end);
    entries.push({
      entry: { heading: s.title, timestamp, actor: actor.trim(), subject: subject.trim(), eventType: inferEventType(subject, body), body, line: s.heading + 1, separator: ` ${sep.trim()} ` },
      heading: s.heading,
      end: s.end,
    });
  }
  if (status && !status.table) diag(status.heading, 'info', 'The status block has no table (| Agent | State | Working on |).');
  if (status?.table && !status.table.hasSeparator) diag(status.table.headerLine, 'warning', 'The status table has no |---| line under its header.');
  if (decisions?.table && !decisions.table.hasSeparator) diag(decisions.table.headerLine, 'warning', 'The decision index has no |---| line under its header.');
  for (const block of [status, decisions]) {
    if (!block?.table) continue;
    for (const row of block.table.rows) {
      if (row.cells.length !== block.table.header.length) {
        diag(row.line, 'warning', `This row has ${row.cells.length} cells; its table has ${block.table.header.length} columns.`);
      }
    }
  }
  if (status && decisions && decisions.heading < status.heading) diag(decisions.heading, 'info', 'The decision index comes before the status block; the protocol pins the status block first.');
  const firstEntry = entries[0]?.heading;
  if (firstEntry !== undefined) {
    for (const b of [status, decisions]) if (b && b.heading > firstEntry) diag(b.heading, 'info', 'This block comes after the entries; the protocol keeps it above them.');
  }
  const order = entryOrder(entries.map((e) => e.entry));
  checkOrder(entries, order, diag);
  return { text, lines, status, decisions, entries, order, title, diagnostics };
}

/** The order most neighbouring pairs follow (ties and unknowns: newest first, the adopted format). */
export function entryOrder(entries: readonly WorklogEntry[]): EntryOrder {
  let down = 0;
  let up = 0;
  for (let i = 1; i < entries.length; i++) {
    const a = stampMinutes(entries[i - 1].timestamp);
    const b = stampMinutes(entries[i].timestamp);
    if (a === null || b === null) continue;
    if (b < a) down++;
    else if (b > a) up++;
  }
  return up > down ? 'oldest-first' : 'newest-first';
}

function checkOrder(entries: ReadonlyArray<{ entry: WorklogEntry; heading: number }>, order: EntryOrder, diag: (line: number, s: Diagnostic['severity'], m: string) => void): void {
  for (let i = 1; i < entries.length; i++) {
    const a = stampMinutes(entries[i - 1].entry.timestamp);
    const b = stampMinutes(entries[i].entry.timestamp);
    if (a === null || b === null) continue;
    if ((order === 'newest-first' && b > a) || (order === 'oldest-first' && b < a)) {
      diag(entries[i].heading, 'info', `This entry is out of order (the file lists entries ${order === 'newest-first' ? 'newest first' : 'oldest first'}).`);
    }
  }
}

function cellsOf(row: TableRow, width: number): string[] {
  const cells = row.cells.map((c) => c.text);
  while (cells.length < width) cells.push('');
  return cells;
}

export function parseWorklog(text: string, file = WORKLOG_FILE): Worklog {
  const l = layoutWorklog(text, file);
  let status: WorklogStatus | null = null;
  if (l.status) {
    const t = l.status.table;
    const noteLines: string[] = [];
    for (let i = l.status.heading + 1; i < l.status.end; i++) {
      if (t && i >= t.headerLine && i < t.endLine) continue;
      noteLines.push(lineText(text, l.lines[i]));
    }
    status = {
      line: l.status.heading + 1,
      columns: t ? [...t.header] : [],
      rows: t ? t.rows.map((r) => ({ line: r.line + 1, cells: cellsOf(r, t.header.length) })) : [],
      note: noteLines.join('\n').trim(),
    };
  }
  let decisions: WorklogDecisions | null = null;
  if (l.decisions) {
    const t = l.decisions.table;
    const header = t ? t.header : [];
    const di = columnIndex(header, 'date', 'when');
    const ci = columnIndex(header, 'decision', 'what');
    const ei = columnIndex(header, 'entry', 'link', 'ref', 'reference', 'source');
    decisions = {
      line: l.decisions.heading + 1,
      columns: [...header],
      rows: t
        ? t.rows.map((r) => {
            const cells = cellsOf(r, header.length);
            return { line: r.line + 1, date: di >= 0 ? cells[di] : '', decision: ci >= 0 ? cells[ci] : cells.join(' · '), entry: ei >= 0 ? cells[ei] : '', cells };
          })
        : [],
    };
  }
  return { file, status, decisions, entries: l.entries.map((e) => e.entry), order: l.order, diagnostics: l.diagnostics };
}
