import { formatStamp, parseStamp } from '../../base/time';
import { CortexInputError } from '../edit/errors';
import { MailboxMessage } from './parse';
import { OPEN_STATUSES } from './statuses';

/**
 * A message's kind, priority and response time (seed 001, section 6, refers to a
 * notification protocol for "message types, delivery semantics, and SLA tiers"; this is
 * the adoption this project documents). Each is a row of the message's Field/Value
 * table, written when the message is composed and read tolerantly:
 *
 *     | Type | question |            question, request, review, fyi, alert
 *     | Priority | P1 |              P0 (critical) … P3 (low); none written means P2
 *     | Respond by | 2026-03-28T14:05 |   Sent + the priority's response time
 *     | Escalated | 2026-03-28T14:30 |   set when the overdue message went to WORKLOG.md
 *
 * A message is **overdue** while it is still `new` (nobody acknowledged it) after its
 * Respond by time: an acknowledged message has been answered, its outcome is tracked by
 * its status. Overdue P0 and P1 messages **escalate**: an `escalation.requested` entry
 * in WORKLOG.md (the protocol's "expired or unresolved P0 messages escalate to
 * WORKLOG.md"; P1 too, its tier is hours), once per message (the Escalated row). A P0
 * past its Respond by time that was acknowledged (or actioned) but not resolved is
 * "unresolved" and escalates too.
 */
export const MESSAGE_TYPES = ['question', 'request', 'review', 'fyi', 'alert'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_TYPE_HINTS: Readonly<Record<MessageType, string>> = {
  question: 'needs an answer',
  request: 'asks for something to be done',
  review: 'asks for a review of work',
  fyi: 'for information, no action needed',
  alert: 'something is wrong and needs attention',
};

export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** What a message without a Priority row counts as. */
export const DEFAULT_PRIORITY: Priority = 'P2';

/** The response time of each tier, in minutes. */
export const RESPONSE_MINUTES: Readonly<Record<Priority, number>> = { P0: 60, P1: 4 * 60, P2: 24 * 60, P3: 72 * 60 };

export const PRIORITY_NAMES: Readonly<Record<Priority, string>> = { P0: 'critical', P1: 'high', P2: 'normal', P3: 'low' };

/** The priorities whose overdue messages escalate to WORKLOG.md. */
export const ESCALATING: readonly Priority[] = ['P0', 'P1'];

export function isMessageType(v: string): v is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(v);
}

export function isPriority(v: string): v is Priority {
  return (PRIORITIES as readonly string[]).includes(v);
}

/** A type as given (any case); a refusal that lists the types. */
export function checkMessageType(v: string): MessageType {
  const t = v.trim().toLowerCase();
  if (!isMessageType(t)) throw new CortexInputError(`"${v}" is not a message type; use one of ${MESSAGE_TYPES.join(', ')}.`);
  return t;
}

/** A priority as given (`p1`, `P1`, `1`); a refusal that lists them. */
export function checkPriority(v: string): Priority {
  const t = v.trim().toUpperCase();
  const p = /^\d$/.test(t) ? `P${t}` : t;
  if (!isPriority(p)) throw new CortexInputError(`"${v}" is not a priority; use one of ${PRIORITIES.join(', ')} (P0 critical … P3 low).`);
  return p;
}

/** "1 h", "4 h", "24 h", "72 h", for sentences. */
export function responseTimeText(p: Priority): string {
  return `${RESPONSE_MINUTES[p] / 60} h`;
}

/** The Respond by stamp for a message sent at `sent` (wall-clock minutes). */
export function respondByStamp(sent: number, p: Priority): string {
  return formatStamp(sent + RESPONSE_MINUTES[p]);
}

export interface Urgency {
  /** As written, lowercased; `null` without a Type row or with one this adoption does not know. */
  readonly type: MessageType | null;
  /** The Type row as written, when it is not a known type. */
  readonly otherType: string | null;
  readonly priority: Priority;
  /** The Priority row was written (else the default applies). */
  readonly priorityGiven: boolean;
  /** When a response is due (wall-clock minutes): Respond by, else Sent + the tier; `null` when neither can be read. */
  readonly dueAt: number | null;
  /** Still `new` after `dueAt`. */
  readonly overdue: boolean;
  /** Minutes past `dueAt` (0 when not overdue). */
  readonly overdueBy: number;
  /** The Escalated row's stamp, when the message was escalated. */
  readonly escalated: string | null;
  /** A P0 past `dueAt` that was acknowledged or actioned but not closed or resolved. */
  readonly unresolved: boolean;
  /** Not escalated yet, and overdue P0 or P1, or an unresolved P0. */
  readonly shouldEscalate: boolean;
}

function field(m: Pick<MailboxMessage, 'fields'>, name: string): string | null {
  const f = m.fields.find(([k]) => k.trim().toLowerCase() === name);
  return f ? f[1].trim() : null;
}

export function messageUrgency(m: Pick<MailboxMessage, 'fields' | 'sent' | 'status'>, now: number): Urgency {
  const typeText = (field(m, 'type') ?? '').toLowerCase();
  const type = isMessageType(typeText) ? typeText : null;
  const priorityText = (field(m, 'priority') ?? '').toUpperCase();
  const priorityGiven = isPriority(priorityText);
  const priority = priorityGiven ? (priorityText as Priority) : DEFAULT_PRIORITY;
  const respondBy = parseStamp(field(m, 'respond by'));
  const sent = parseStamp(m.sent);
  const dueAt = respondBy ?? (sent === null ? null : sent + RESPONSE_MINUTES[priority]);
  const overdue = m.status === 'new' && dueAt !== null && now > dueAt;
  const unresolved = priority === 'P0' && (OPEN_STATUSES as readonly string[]).includes(m.status) && dueAt !== null && now > dueAt;
  const escalatedText = field(m, 'escalated');
  const escalated = escalatedText === null || escalatedText === '' ? null : escalatedText;
  return {
    type,
    otherType: type === null && typeText !== '' ? typeText : null,
    priority,
    priorityGiven,
    dueAt,
    overdue,
    overdueBy: overdue ? now - dueAt! : 0,
    escalated,
    unresolved,
    shouldEscalate: ((overdue && ESCALATING.includes(priority)) || unresolved) && escalated === null,
  };
}
