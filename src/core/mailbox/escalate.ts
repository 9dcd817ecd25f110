import { formatStamp, nowStamp, wallMinutes } from '../../base/time';
import { EditOptions, editFile, readTextFile } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { applySplices } from '../ops/shared';
import { formatRow } from '../parse/md-table';
import { detectEol } from '../text/text';
import { AppendedEntry, appendWorklogEntry } from '../worklog/append';
import { WORKLOG_FILE, parseWorklog } from '../worklog/parse';
import { MAILBOX_FILE, Mailbox, MailboxMessage, layoutMailbox, parseMailbox } from './parse';
import { PRIORITY_NAMES, Urgency, messageUrgency, responseTimeText } from './urgency';

/**
 * Escalation of overdue P0/P1 messages into WORKLOG.md (see urgency.ts for when a
 * message is overdue): an `escalation.requested` entry that names the message, then an
 * `| Escalated | <time> |` row in the message's table, so it is escalated once. Both
 * writes go through `editFile` (fresh read, conflict check); the entry comes first, and
 * an entry already in the WORKLOG for the message counts as its escalation, so a second
 * run after a failed mark adds no second entry.
 */
export interface OverdueMessage {
  readonly message: MailboxMessage;
  readonly urgency: Urgency;
}

/** The messages that should escalate now (overdue P0/P1 or unresolved P0, not marked), in file order. */
export function messagesToEscalate(mailbox: Pick<Mailbox, 'messages'>, now: number): OverdueMessage[] {
  return mailbox.messages.map((message) => ({ message, urgency: messageUrgency(message, now) })).filter((m) => m.urgency.shouldEscalate);
}

/** "MSG-0003 overdue: P0 question to billing-dev" (without the type word the heading adds). */
export function escalationSubject(m: MailboxMessage, u: Urgency): string {
  const kind = u.type ?? 'message';
  return `${m.id} overdue: ${u.priority} ${kind} to ${m.to || 'nobody'}`;
}

export function escalationBody(m: MailboxMessage, u: Urgency): string {
  const due = u.dueAt === null ? 'its response time' : formatStamp(u.dueAt);
  return [
    `**Message:** ${m.id} — ${m.subject || '(no subject)'}`,
    `**From:** ${m.from || '-'} **To:** ${m.to || '-'}`,
    `**Sent:** ${m.sent || '-'} **Priority:** ${u.priority} (${PRIORITY_NAMES[u.priority]}, respond within ${responseTimeText(u.priority)}, by ${due})`,
    '',
    u.unresolved
      ? `Unresolved: it is ${m.status} in ${MAILBOX_FILE}, past its response time. Escalated to the maintainer.`
      : `No response yet: it is still new in ${MAILBOX_FILE}. Escalated to the maintainer.`,
  ].join('\n');
}

/** An escalation entry for `id` is already in the WORKLOG (its subject names the message). */
export function hasEscalationEntry(worklogText: string, id: string): boolean {
  const pattern = new RegExp(`\\b${id.replace(/[-]/g, '\\-')}\\b`, 'i');
  return parseWorklog(worklogText).entries.some((e) => /escalat/i.test(e.subject) && pattern.test(e.subject));
}

/** MAILBOX.md with `| Escalated | stamp |` added at the end of the message's table (unchanged when it has the row). */
export function markEscalatedText(text: string, id: string, stamp: string): string {
  const layout = layoutMailbox(text);
  const found = layout.messages.find((m) => m.message.id === id.toUpperCase());
  if (!found) throw new CortexInputError(`There is no ${id} in ${MAILBOX_FILE}.`);
  if (found.message.fields.some(([k]) => k.trim().toLowerCase() === 'escalated')) return text;
  if (found.tableEnd === null) throw new CortexInputError(`${id} has no Field/Value table to record the escalation in.`);
  const last = layout.lines[found.tableEnd - 1];
  const eol = detectEol(text);
  const brk = last.next === last.end ? eol : '';
  return applySplices(text, [{ at: last.next, insert: `${brk}${formatRow(['Escalated', stamp])}${eol}` }]);
}

export interface EscalatedMessage {
  readonly id: string;
  readonly subject: string;
  readonly to: string;
  readonly priority: string;
  /** The WORKLOG entry written, `null` when one was there already. */
  readonly entry: AppendedEntry | null;
  readonly escalated: string;
}

export interface EscalateInput {
  /** Only these messages (each must be one to escalate); all of them when absent. */
  readonly ids?: readonly string[];
  readonly actor: string;
  readonly at: Date;
}

export async function escalateOverdue(fs: TeamFs, input: EscalateInput, opts: EditOptions = {}): Promise<EscalatedMessage[]> {
  const now = wallMinutes(input.at);
  const text = await readTextFile(fs, MAILBOX_FILE);
  if (text === undefined) {
    if (input.ids?.length) throw new CortexInputError(`There is no ${MAILBOX_FILE} in the team folder.`);
    return [];
  }
  const mailbox = parseMailbox(text);
  let due = messagesToEscalate(mailbox, now);
  if (input.ids) {
    const wanted = input.ids.map((i) => i.trim().toUpperCase());
    for (const id of wanted) {
      if (due.some((d) => d.message.id === id)) continue;
      const m = mailbox.messages.find((x) => x.id === id);
      if (!m) throw new CortexInputError(`There is no ${id} in ${MAILBOX_FILE}.`);
      const u = messageUrgency(m, now);
      const why = u.escalated !== null ? `it was escalated at ${u.escalated}` : !u.overdue ? (m.status !== 'new' ? `it is ${m.status || 'without a status'}, not new (only an overdue P0 escalates once acknowledged)` : 'it is not overdue yet') : `it is ${u.priority}; only P0 and P1 escalate`;
      throw new CortexInputError(`${id} does not escalate: ${why}. Nothing was written.`);
    }
    due = due.filter((d) => wanted.includes(d.message.id));
  }
  const stamp = nowStamp(input.at);
  const out: EscalatedMessage[] = [];
  for (const { message: m, urgency: u } of due) {
    const worklog = (await readTextFile(fs, WORKLOG_FILE)) ?? '';
    const entry = hasEscalationEntry(worklog, m.id)
      ? null
      : await appendWorklogEntry(fs, { type: 'escalation.requested', actor: input.actor, subject: escalationSubject(m, u), body: escalationBody(m, u), at: input.at }, opts);
    await editFile(fs, MAILBOX_FILE, (t) => markEscalatedText(t, m.id, stamp), opts);
    out.push({ id: m.id, subject: m.subject, to: m.to, priority: u.priority, entry, escalated: stamp });
  }
  return out;
}
