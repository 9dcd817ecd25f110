import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { Splice, applySplices } from '../ops/shared';
import { detectEol } from '../text/text';
import { inboxSplices } from './inbox-sync';
import { MAILBOX_FILE, layoutMailbox } from './parse';
import { FLOW_STATUSES, MESSAGE_STATUSES, MessageStatus, isFinalStatus, isMessageStatus, nextStatuses } from './statuses';

/**
 * Changes one message's status in place: only the bytes of its Status cell, plus the
 * inbox snapshot's counts for its recipient. Unknown statuses are refused, and so is
 * a move backwards or out of a final status. `expected` (the status the user saw)
 * refuses the change when an agent moved the message meanwhile.
 */
export interface StatusChange {
  readonly id: string;
  readonly status: string;
  readonly expected?: string;
}

export interface StatusChanged {
  readonly id: string;
  readonly from: string;
  readonly to: MessageStatus;
  readonly recipient: string;
}

export function setMessageStatusText(text: string, change: StatusChange): { text: string; result: StatusChanged } {
  const to = change.status.trim().toLowerCase();
  if (!isMessageStatus(to)) throw new CortexInputError(`"${change.status}" is not a message status; use one of ${MESSAGE_STATUSES.join(', ')}.`);
  const layout = layoutMailbox(text);
  const id = change.id.trim().toUpperCase();
  const found = layout.messages.find((m) => m.message.id === id);
  if (!found) throw new CortexInputError(`There is no ${id} in ${MAILBOX_FILE}.`);
  const from = found.message.status;
  if (!found.statusCell) throw new CortexInputError(`${id} has no Status row in its table; add "| Status | ${from || 'new'} |" by hand first.`);
  if (change.expected !== undefined && change.expected.trim().toLowerCase() !== from) {
    throw new CortexInputError(`${id} is now "${from}" (it was "${change.expected}" when you chose); nothing was written.`);
  }
  if (from === to) return { text, result: { id, from, to, recipient: found.message.to } };
  if (isFinalStatus(from)) throw new CortexInputError(`${id} is ${from}, which is final; its status stays.`);
  if (!nextStatuses(from).includes(to)) {
    throw new CortexInputError(`${id} cannot go back from ${from} to ${to}: messages move ${FLOW_STATUSES.join(' → ')} (or to a terminal status).`);
  }
  const eol = detectEol(text);
  const splices: Splice[] = [{ at: found.statusCell.start, remove: found.statusCell.end - found.statusCell.start, insert: to }];
  const after = layout.messages.map((m) => (m === found ? { ...m.message, status: to } : m.message));
  splices.push(...inboxSplices(layout, after, [found.message.to], eol, false));
  return { text: applySplices(text, splices), result: { id, from, to, recipient: found.message.to } };
}

/** True when a message with status `now` is at `to` or beyond it (a final status is beyond everything). */
function atOrBeyond(now: string, to: MessageStatus): boolean {
  if (now === to || isFinalStatus(now)) return true;
  const flow: readonly string[] = FLOW_STATUSES;
  return flow.includes(now) && flow.includes(to) && flow.indexOf(now) > flow.indexOf(to);
}

/**
 * The status change as an operation for the writer: it holds while the message is at
 * the new status or beyond; an agent's stale write that put the old status back gets
 * the change again.
 */
export function messageStatusOperation(change: StatusChange): TextOperation<StatusChanged> {
  let done: StatusChanged | null = null;
  return {
    apply: (text) => {
      const r = setMessageStatusText(text, change);
      done ??= r.result;
      return r;
    },
    holds: (text) => {
      if (done === null) return false;
      const m = layoutMailbox(text).messages.find((x) => x.message.id === done!.id);
      return m !== undefined && atOrBeyond(m.message.status, done.to);
    },
  };
}

export async function setMessageStatus(fs: TeamFs, change: StatusChange, opts: EditOptions = {}, path = MAILBOX_FILE): Promise<StatusChanged> {
  return (await writeOperation(fs, path, messageStatusOperation(change), opts)).result;
}
