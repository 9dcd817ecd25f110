import { Diagnostic } from '../team/model';
import { MdTable, TableCell, columnIndex, readTable } from '../parse/md-table';
import { findSections } from '../parse/sections';
import { Line, bomLength, splitLines } from '../text/text';
import { trimmedBlock } from '../worklog/parse';
import { MESSAGE_STATUSES, OPEN_STATUSES, isMessageStatus } from './statuses';

/**
 * MAILBOX.md (seed 001, section 6, in the format this project adopted):
 *
 *     # Mailbox
 *     ## Inbox                         snapshot: | To | New | Open |
 *     ## MSG-0003 — subject            newest first
 *     | Field | Value |                From, To, Sent, Status (and any others)
 *     body
 *
 * Tolerant: `-`/`–` separators, oldest-first files, a missing Inbox, extra fields.
 * Problems become diagnostics; a snapshot that disagrees with the messages is one.
 */
export const MAILBOX_FILE = 'MAILBOX.md';

export interface MailboxMessage {
  /** "MSG-0003". */
  readonly id: string;
  readonly number: number;
  readonly subject: string;
  readonly from: string;
  readonly to: string;
  readonly sent: string;
  /** As written, lowercased and trimmed; `''` when the message has no Status row. */
  readonly status: string;
  /** Every Field/Value row, in order (From, To, Sent, Status included). */
  readonly fields: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
  /** 1-based line of the heading. */
  readonly line: number;
  /** 1-based line of the Status row, or null. */
  readonly statusLine: number | null;
}

export interface InboxRow {
  readonly to: string;
  readonly newCount: number | null;
  readonly openCount: number | null;
  readonly line: number;
}

export interface Mailbox {
  readonly file: string;
  /** `null` when the file has no `## Inbox` block. */
  readonly inbox: { readonly line: number; readonly columns: readonly string[]; readonly rows: readonly InboxRow[] } | null;
  /** In file order. */
  readonly messages: readonly MailboxMessage[];
  readonly order: 'newest-first' | 'oldest-first';
  readonly diagnostics: readonly Diagnostic[];
}

export interface MailboxLayout {
  readonly text: string;
  readonly lines: readonly Line[];
  readonly title: number | null;
  readonly inbox: { readonly heading: number; readonly end: number; readonly table: MdTable | null } | null;
  readonly messages: ReadonlyArray<{
    readonly message: MailboxMessage;
    readonly heading: number;
    readonly end: number;
    readonly statusCell: TableCell | null;
    /** The line index just after the Field/Value table (`null` without one). */
    readonly tableEnd: number | null;
    readonly separator: string;
    readonly digits: number;
  }>;
  readonly order: 'newest-first' | 'oldest-first';
  readonly diagnostics: readonly Diagnostic[];
}

const MESSAGE_HEADING = /^(MSG-(\d+))(?:(\s*:\s+|\s+(?:—|–|--?)\s+)(.*))?$/i;
const INBOX_TITLES = ['inbox', 'inbox snapshot', 'snapshot'];

type Diag = (line: number, severity: Diagnostic['severity'], message: string) => void;
type MessageLayout = MailboxLayout['messages'][number];

export function layoutMailbox(text: string, file = MAILBOX_FILE): MailboxLayout {
  const lines = splitLines(text, bomLength(text));
  const diagnostics: Diagnostic[] = [];
  const diag: Diag = (line, severity, message) => diagnostics.push({ file, line: line + 1, severity, message });
  let inbox: MailboxLayout['inbox'] = null;
  const messages: MessageLayout[] = [];
  const seen = new Map<string, number>();
  for (const s of findSections(text, lines, 0)) {
    if (INBOX_TITLES.includes(s.title.toLowerCase())) {
      if (inbox) diag(s.heading, 'warning', 'A second "## Inbox" block; only the first is the snapshot.');
      else inbox = { heading: s.heading, end: s.end, table: readTable(text, lines, s.heading + 1, s.end) };
      continue;
    }
    const m = MESSAGE_HEADING.exec(s.title);
    if (!m) {
      diag(s.heading, 'warning', `"## ${s.title}" is not a message heading (## MSG-NNNN — subject); it is left out.`);
      continue;
    }
    const id = m[1].toUpperCase();
    if (seen.has(id)) diag(s.heading, 'warning', `${id} is used twice (first on line ${seen.get(id)}); a status change goes to the first.`);
    else seen.set(id, s.heading + 1);
    messages.push(layoutMessage(text, lines, s, m, diag));
  }
  if (inbox?.table) checkInbox(inbox.table, messages.map((m) => m.message), diag);
  return { text, lines, title: titleLine(text, lines), inbox, messages, order: messageOrder(messages), diagnostics };
}

/** The `# ` title's line, when it comes before the first `## ` section. */
function titleLine(text: string, lines: readonly Line[]): number | null {
  for (let i = 0; i < lines.length; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (/^#[ \t]/.test(s)) return i;
    if (/^##[ \t]/.test(s)) break;
  }
  return null;
}

/** One `## MSG-NNNN — subject` section: its fields, status cell and body. */
function layoutMessage(text: string, lines: readonly Line[], s: { heading: number; end: number }, m: RegExpExecArray, diag: Diag): MessageLayout {
  const id = m[1].toUpperCase();
  const table = readFieldTable(text, lines, s.heading, s.end, diag);
  if (!table) diag(s.heading, 'warning', `${id} has no Field/Value table under its heading.`);
  const fields = table?.fields ?? [];
  const statusCell = table?.statusCell ?? null;
  const statusLine = table?.statusLine ?? null;
  const field = (name: string) => fields.find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
  const status = field('status').toLowerCase();
  if (!statusCell) diag(s.heading, 'warning', `${id} has no Status row.`);
  else if (!isMessageStatus(status)) diag(statusLine! - 1, 'warning', `"${field('status')}" is not a message status (${MESSAGE_STATUSES.join(', ')}).`);
  for (const name of ['from', 'to', 'sent']) if (field(name) === '') diag(s.heading, 'info', `${id} has no ${name[0].toUpperCase() + name.slice(1)}.`);
  const message: MailboxMessage = {
    id,
    number: Number(m[2]),
    subject: (m[4] ?? '').trim(),
    from: field('from'),
    to: field('to'),
    sent: field('sent'),
    status,
    fields,
    body: trimmedBlock(text, lines, table?.endLine ?? s.heading + 1, s.end),
    line: s.heading + 1,
    statusLine,
  };
  const separator = !m[3] ? ' — ' : m[3].trim() === ':' ? ': ' : ` ${m[3].trim()} `;
  return { message, heading: s.heading, end: s.end, statusCell, tableEnd: table?.endLine ?? null, separator, digits: m[2].length };
}

/** The Field/Value table right under a message heading, or `null` when there is none. */
function readFieldTable(text: string, lines: readonly Line[], heading: number, end: number, diag: Diag) {
  const table = readTable(text, lines, heading + 1, end);
  if (!table || table.headerLine > heading + 2) return null;
  const fields: Array<[string, string]> = [];
  let statusCell: TableCell | null = null;
  let statusLine: number | null = null;
  // The header row of a Field/Value table is itself a field when it is not "Field | Value".
  if (table.header[0]?.toLowerCase() !== 'field') {
    diag(table.headerLine, 'info', 'The message table has no "| Field | Value |" header.');
    fields.push([table.header[0] ?? '', table.header.slice(1).join(' | ')]);
  }
  for (const r of table.rows) {
    if (r.cells.length < 2) diag(r.line, 'warning', 'A field row needs a name and a value.');
    fields.push([r.cells[0]?.text ?? '', r.cells.slice(1).map((c) => c.text).join(' | ')]);
    if ((r.cells[0]?.text ?? '').toLowerCase() === 'status' && !statusCell && r.cells[1]) {
      statusCell = r.cells[1];
      statusLine = r.line + 1;
    }
  }
  return { fields, statusCell, statusLine, endLine: table.endLine };
}

/** Which way the file runs: most steps between neighbours decide. */
function messageOrder(messages: readonly MessageLayout[]): MailboxLayout['order'] {
  let up = 0;
  let down = 0;
  for (let i = 1; i < messages.length; i++) {
    if (messages[i].message.number > messages[i - 1].message.number) up++;
    else if (messages[i].message.number < messages[i - 1].message.number) down++;
  }
  return up > down ? 'oldest-first' : 'newest-first';
}

/** How many of `to`'s messages are new and open (acknowledged or actioned). */
export function inboxCounts(messages: readonly MailboxMessage[], to: string): { newCount: number; openCount: number } {
  let newCount = 0;
  let openCount = 0;
  for (const m of messages) {
    if (m.to.trim().toLowerCase() !== to.trim().toLowerCase()) continue;
    if (m.status === 'new') newCount++;
    else if ((OPEN_STATUSES as readonly string[]).includes(m.status)) openCount++;
  }
  return { newCount, openCount };
}

function checkInbox(table: MdTable, messages: readonly MailboxMessage[], diag: (line: number, s: Diagnostic['severity'], m: string) => void): void {
  const ti = columnIndex(table.header, 'to', 'agent', 'recipient');
  const ni = columnIndex(table.header, 'new');
  const oi = columnIndex(table.header, 'open');
  if (ti < 0) {
    diag(table.headerLine, 'warning', 'The inbox snapshot has no "To" column.');
    return;
  }
  for (const r of table.rows) {
    const to = r.cells[ti]?.text ?? '';
    const c = inboxCounts(messages, to);
    const said = (i: number) => (i >= 0 && r.cells[i] ? r.cells[i].text : null);
    if (ni >= 0 && said(ni) !== String(c.newCount)) diag(r.line, 'info', `The snapshot says ${said(ni) ?? 'nothing'} new for ${to}; the messages say ${c.newCount}.`);
    if (oi >= 0 && said(oi) !== String(c.openCount)) diag(r.line, 'info', `The snapshot says ${said(oi) ?? 'nothing'} open for ${to}; the messages say ${c.openCount}.`);
  }
}

export function parseMailbox(text: string, file = MAILBOX_FILE): Mailbox {
  const l = layoutMailbox(text, file);
  let inbox: Mailbox['inbox'] = null;
  if (l.inbox) {
    const t = l.inbox.table;
    const header = t?.header ?? [];
    const ti = columnIndex(header, 'to', 'agent', 'recipient');
    const ni = columnIndex(header, 'new');
    const oi = columnIndex(header, 'open');
    const count = (s: string | undefined) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);
    inbox = {
      line: l.inbox.heading + 1,
      columns: [...header],
      rows: (t?.rows ?? []).map((r) => ({ to: r.cells[Math.max(ti, 0)]?.text ?? '', newCount: count(r.cells[ni]?.text), openCount: count(r.cells[oi]?.text), line: r.line + 1 })),
    };
  }
  return { file, inbox, messages: l.messages.map((m) => m.message), order: l.order, diagnostics: l.diagnostics };
}
