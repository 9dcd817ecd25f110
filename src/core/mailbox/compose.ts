import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { TeamFs } from '../fs/team-fs';
import { Splice, applySplices, normalizeUserText } from '../ops/shared';
import { formatRow } from '../parse/md-table';
import { detectStampStyle, formatInStyle } from '../text/stamp-style';
import { bomLength, detectEol } from '../text/text';
import { checkBlockText, checkOneLine } from '../worklog/check-text';
import { newBlockSplice } from '../worklog/layout-edit';
import { inboxSplices } from './inbox-sync';
import { MAILBOX_FILE, MailboxMessage, layoutMailbox } from './parse';
import { MessageType, Priority, RESPONSE_MINUTES, checkMessageType, checkPriority } from './urgency';

/**
 * A new message: the next MSG number (one above the highest, as many digits as the
 * file uses, at least four), placed where the file's order puts the newest (above
 * the first message in a newest-first file), From/To/Sent/Status new in a Field/Value
 * table, Sent in the style of the file's other Sent stamps; the recipient's inbox
 * counts follow. A missing MAILBOX.md is created.
 */
export interface NewMessage {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly at: Date;
  /** question, request, review, fyi, alert (see urgency.ts); no Type row when absent. */
  readonly type?: string;
  /** P0…P3; with it, a Respond by row (Sent + the tier's response time). No rows when absent (P2 applies). */
  readonly priority?: string;
}

export interface ComposedMessage {
  readonly id: string;
  readonly sent: string;
  readonly type: MessageType | null;
  readonly priority: Priority | null;
  readonly respondBy: string | null;
  /** 1-based line of the heading as written. */
  readonly line: number;
}

export function composeMessageText(text: string, message: NewMessage): { text: string; result: ComposedMessage } {
  const from = checkOneLine(message.from, 'sender', 80);
  const to = checkOneLine(message.to, 'recipient', 80);
  const subject = checkOneLine(message.subject, 'subject');
  const type = message.type === undefined || message.type.trim() === '' ? null : checkMessageType(message.type);
  const priority = message.priority === undefined || message.priority.trim() === '' ? null : checkPriority(message.priority);
  checkBlockText(message.body, 'message');
  const layout = layoutMailbox(text);
  const eol = detectEol(text);
  const highest = layout.messages.reduce((n, m) => Math.max(n, m.message.number), 0);
  const digits = Math.max(4, ...layout.messages.map((m) => m.digits));
  const id = `MSG-${String(highest + 1).padStart(digits, '0')}`;
  const style = detectStampStyle(layout.messages.map((m) => m.message.sent));
  const sent = formatInStyle(message.at, style);
  const respondBy = priority === null ? null : formatInStyle(new Date(message.at.getTime() + RESPONSE_MINUTES[priority] * 60_000), style);
  const sep = layout.messages[0]?.separator ?? ' — ';
  const body = normalizeUserText(message.body, eol);
  const rows: Array<[string, string]> = [['From', from], ['To', to], ['Sent', sent]];
  if (type !== null) rows.push(['Type', type]);
  if (priority !== null) rows.push(['Priority', priority], ['Respond by', respondBy!]);
  rows.push(['Status', 'new']);
  const block = [`## ${id}${sep}${subject}`, '| Field | Value |', '|---|---|', ...rows.map((r) => formatRow(r))].join(eol) + eol + (body === '' ? '' : eol + body + eol);
  const added: MailboxMessage = { id, number: highest + 1, subject, from, to, sent, status: 'new', fields: rows, body, line: 0, statusLine: null };
  const splices: Splice[] = [];
  if (text.slice(bomLength(text)).trim() === '') {
    const inbox = `## Inbox${eol}| To | New | Open |${eol}|---|---|---|${eol}${formatRow([to, '1', '0'])}${eol}${eol}`;
    splices.push({ at: text.length, insert: `# Mailbox${eol}${eol}${inbox}${block}` });
  } else {
    splices.push(...inboxSplices(layout, [...layout.messages.map((m) => m.message), added], [to], eol, true));
    splices.push(newBlockSplice(text, layout.lines, layout.messages, layout.order === 'newest-first', block, eol));
  }
  const next = applySplices(text, splices);
  const line = next.split(/\r\n|\r|\n/).findIndex((l) => l.startsWith(`## ${id}`)) + 1;
  return { text: next, result: { id, sent, type, priority, respondBy, line } };
}

/**
 * Sending as an operation for the writer. It holds while the file has the message:
 * the id it was given, from the same sender to the same recipient with the same
 * subject (an agent's stale write that dropped it gets it again, with the number
 * that is free then; a message already there is never sent twice).
 */
export function messageOperation(message: NewMessage): TextOperation<ComposedMessage> {
  const ids = new Set<string>();
  let sent: { from: string; to: string; subject: string } | null = null;
  return {
    apply: (text) => {
      const r = composeMessageText(text, message);
      ids.add(r.result.id);
      sent ??= { from: message.from.trim(), to: message.to.trim(), subject: message.subject.trim() };
      return r;
    },
    holds: (text) =>
      sent !== null &&
      layoutMailbox(text).messages.some(({ message: m }) => ids.has(m.id) && m.from === sent!.from && m.to === sent!.to && m.subject === sent!.subject),
  };
}

/** Sends through the writer (fresh read, check, read-back, re-apply). A missing MAILBOX.md is created. */
export async function composeMessage(fs: TeamFs, message: NewMessage, opts: EditOptions = {}, path = MAILBOX_FILE): Promise<ComposedMessage> {
  return (await writeOperation(fs, path, messageOperation(message), { ...opts, ifMissing: 'create' })).result;
}
