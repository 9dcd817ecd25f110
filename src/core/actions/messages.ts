import { readTextFile } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { composeMessage } from '../mailbox/compose';
import { MAILBOX_FILE, parseMailbox } from '../mailbox/parse';
import { setMessageStatus } from '../mailbox/set-status';
import { MESSAGE_STATUSES, MessageStatus, isMessageStatus } from '../mailbox/statuses';
import { escalateOverdue } from '../mailbox/escalate';
import { MessageType, Priority, messageUrgency } from '../mailbox/urgency';
import { formatStamp, wallMinutes } from '../../base/time';
import { ActionContext, ActionResult, readClock, recordWrite } from './context';
import { teamEvents } from './events';

/**
 * MAILBOX.md, the communications protocol's targeted channel: send a message (the next
 * MSG number, status new), list messages, move one along its lifecycle
 * (new → acknowledged → actioned → closed, or a terminal status). Decisions and
 * handoffs belong in the WORKLOG, not here.
 */
export interface MessageInfo {
  readonly id: string;
  readonly subject: string;
  readonly from: string;
  readonly to: string;
  readonly sent: string;
  readonly status: string;
  readonly body: string;
  /** null without a Type row (or one this adoption does not know). */
  readonly type: MessageType | null;
  /** The Priority row, else P2. */
  readonly priority: Priority;
  /** When a response is due (Respond by, else Sent + the tier), a protocol stamp. */
  readonly respondBy: string | null;
  /** Still new after its response time. */
  readonly overdue: boolean;
  readonly escalated: string | null;
}

export interface SendData {
  readonly file: string;
  readonly id: string;
  readonly sent: string;
  readonly line: number;
  readonly type: MessageType | null;
  readonly priority: Priority | null;
  readonly respondBy: string | null;
}

export async function sendMessageAction(
  ctx: ActionContext,
  input: { from: string; to: string; subject: string; body?: string; type?: string; priority?: string },
): Promise<ActionResult<SendData>> {
  const { at } = readClock(ctx);
  const r = await composeMessage(ctx.fs, { from: input.from, to: input.to, subject: input.subject, body: input.body ?? '', at, type: input.type, priority: input.priority }, ctx.edit);
  const note = await recordWrite(ctx, teamEvents.messageSent(input.from, input.to, input.subject, r, { type: r.type, priority: r.priority }), at);
  const urgency = r.priority ? `, ${r.priority}, respond by ${r.respondBy}` : '';
  return {
    message: `Sent ${r.id} to ${input.to.trim()} (${MAILBOX_FILE}, line ${r.line}${urgency}).${note}`,
    data: { file: MAILBOX_FILE, id: r.id, sent: r.sent, line: r.line, type: r.type, priority: r.priority, respondBy: r.respondBy },
  };
}

export interface ListData {
  readonly file: string;
  readonly messages: readonly MessageInfo[];
}

/** Messages, newest first as the file has them, filtered by recipient, sender and status (case-insensitive). Writes nothing. */
export async function listMessagesAction(
  ctx: ActionContext,
  input: { to?: string; from?: string; statuses?: readonly string[] },
): Promise<ActionResult<ListData>> {
  const statuses = (input.statuses ?? []).map((s) => s.trim().toLowerCase());
  for (const s of statuses) if (!isMessageStatus(s)) throw new CortexInputError(`"${s}" is not a message status; use one of ${MESSAGE_STATUSES.join(', ')}.`);
  const text = await readTextFile(ctx.fs, MAILBOX_FILE);
  const all = text === undefined ? [] : parseMailbox(text).messages;
  const now = wallMinutes(ctx.clock());
  const same = (a: string, b: string | undefined) => b === undefined || a.trim().toLowerCase() === b.trim().toLowerCase();
  const messages = all
    .filter((m) => same(m.to, input.to) && same(m.from, input.from) && (statuses.length === 0 || statuses.includes(m.status)))
    .map((m) => {
      const u = messageUrgency(m, now);
      return { id: m.id, subject: m.subject, from: m.from, to: m.to, sent: m.sent, status: m.status, body: m.body, type: u.type, priority: u.priority, respondBy: u.dueAt === null ? null : formatStamp(u.dueAt), overdue: u.overdue, escalated: u.escalated };
    });
  const filters = [input.to !== undefined ? `to ${input.to}` : '', input.from !== undefined ? `from ${input.from}` : '', statuses.length ? `with status ${statuses.join(' or ')}` : '']
    .filter((s) => s !== '')
    .join(', ');
  const head = `${messages.length} message${messages.length === 1 ? '' : 's'}${filters ? ` ${filters}` : ''} in ${MAILBOX_FILE}${text === undefined ? ' (there is no MAILBOX.md yet)' : ''}.`;
  const lines = messages.map(
    (m) => `${m.id} [${m.status || 'no status'}] ${m.priority}${m.type ? ` ${m.type}` : ''} from ${m.from} to ${m.to}, ${m.sent}: ${m.subject}${m.overdue ? ` (OVERDUE since ${m.respondBy}${m.escalated ? `, escalated ${m.escalated}` : ''})` : ''}`,
  );
  return { message: [head, ...lines].join('\n'), data: { file: MAILBOX_FILE, messages } };
}

export interface UpdateData {
  readonly file: string;
  readonly id: string;
  readonly from: string;
  readonly to: MessageStatus;
  readonly changed: boolean;
}

export async function updateMessageAction(
  ctx: ActionContext,
  input: { id: string; status: string; expected?: string; actor: string },
): Promise<ActionResult<UpdateData>> {
  const { at } = readClock(ctx);
  const r = await setMessageStatus(ctx.fs, { id: input.id, status: input.status, expected: input.expected }, ctx.edit);
  const data: UpdateData = { file: MAILBOX_FILE, id: r.id, from: r.from, to: r.to, changed: r.from !== r.to };
  if (!data.changed) return { message: `${r.id} is already ${r.to}; nothing was written.`, data };
  const note = await recordWrite(ctx, teamEvents.messageUpdated(input.actor, r.id, r.from, r.to), at);
  return { message: `${r.id}: ${r.from || 'no status'} → ${r.to}.${note}`, data };
}

export interface EscalateData {
  readonly files: readonly string[];
  readonly escalated: ReadonlyArray<{ readonly id: string; readonly to: string; readonly priority: string; readonly heading: string | null; readonly line: number | null }>;
}

/**
 * Escalates overdue P0/P1 messages (still new after their response time) into
 * WORKLOG.md as `escalation.requested` entries, once each (see mailbox/escalate.ts);
 * `ids` limits it to those messages, each of which must be due for escalation.
 */
export async function escalateAction(ctx: ActionContext, input: { actor: string; ids?: readonly string[] }): Promise<ActionResult<EscalateData>> {
  const { at } = readClock(ctx);
  const done = await escalateOverdue(ctx.fs, { actor: input.actor, ids: input.ids, at }, ctx.edit);
  let note = '';
  for (const e of done) note += await recordWrite(ctx, teamEvents.escalated(input.actor, e.id, e.subject, e.priority, e.entry), at);
  const data: EscalateData = {
    files: done.length ? ['WORKLOG.md', MAILBOX_FILE] : [],
    escalated: done.map((e) => ({ id: e.id, to: e.to, priority: e.priority, heading: e.entry?.heading ?? null, line: e.entry?.line ?? null })),
  };
  if (done.length === 0) return { message: 'No overdue P0 or P1 message to escalate.', data };
  const lines = done.map((e) => `Escalated ${e.id} (${e.priority} to ${e.to})${e.entry ? ` as "## ${e.entry.heading}" (WORKLOG.md, line ${e.entry.line})` : ' (its WORKLOG entry was already there)'}; marked Escalated ${e.escalated} in ${MAILBOX_FILE}.`);
  return { message: lines.join('\n') + note, data };
}
