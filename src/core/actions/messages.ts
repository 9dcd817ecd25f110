import { readTextFile } from '../edit';
import { CortexInputError } from '../errors';
import { composeMessage } from '../mailbox/compose';
import { MAILBOX_FILE, parseMailbox } from '../mailbox/parse';
import { setMessageStatus } from '../mailbox/set-status';
import { MESSAGE_STATUSES, MessageStatus, isMessageStatus } from '../mailbox/statuses';
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
}

export interface SendData {
  readonly file: string;
  readonly id: string;
  readonly sent: string;
  readonly line: number;
}

export async function sendMessageAction(ctx: ActionContext, input: { from: string; to: string; subject: string; body?: string }): Promise<ActionResult<SendData>> {
  const { at } = readClock(ctx);
  const r = await composeMessage(ctx.fs, { from: input.from, to: input.to, subject: input.subject, body: input.body ?? '', at }, ctx.edit);
  const note = await recordWrite(ctx, teamEvents.messageSent(input.from, input.to, input.subject, r), at);
  return { message: `Sent ${r.id} to ${input.to.trim()} (${MAILBOX_FILE}, line ${r.line}).${note}`, data: { file: MAILBOX_FILE, id: r.id, sent: r.sent, line: r.line } };
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
  const same = (a: string, b: string | undefined) => b === undefined || a.trim().toLowerCase() === b.trim().toLowerCase();
  const messages = all
    .filter((m) => same(m.to, input.to) && same(m.from, input.from) && (statuses.length === 0 || statuses.includes(m.status)))
    .map((m) => ({ id: m.id, subject: m.subject, from: m.from, to: m.to, sent: m.sent, status: m.status, body: m.body }));
  const filters = [input.to !== undefined ? `to ${input.to}` : '', input.from !== undefined ? `from ${input.from}` : '', statuses.length ? `with status ${statuses.join(' or ')}` : '']
    .filter((s) => s !== '')
    .join(', ');
  const head = `${messages.length} message${messages.length === 1 ? '' : 's'}${filters ? ` ${filters}` : ''} in ${MAILBOX_FILE}${text === undefined ? ' (there is no MAILBOX.md yet)' : ''}.`;
  const lines = messages.map((m) => `${m.id} [${m.status || 'no status'}] from ${m.from} to ${m.to}, ${m.sent}: ${m.subject}`);
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
