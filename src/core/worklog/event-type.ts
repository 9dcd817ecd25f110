/**
 * The logical event types of the communications protocol (seed 001, section 3). A
 * WORKLOG entry carries no tag: its type is read from the subject's leading word
 * ("handoff: draft invoices", "Decision - invoice numbering"), else from a bold
 * marker that opens the body (`**Handoff:**`, `**Counter-recommendation:**`).
 * Anything else is a plain `note.posted`.
 */
export const EVENT_TYPES = [
  'task.claimed',
  'task.completed',
  'handoff.posted',
  'proposal.created',
  'proposal.amended',
  'objection.raised',
  'decision.recorded',
  'escalation.requested',
] as const;

export const GENERIC_EVENT_TYPE = 'note.posted';

export type EventType = (typeof EVENT_TYPES)[number] | typeof GENERIC_EVENT_TYPE;

export const ALL_EVENT_TYPES: readonly EventType[] = [...EVENT_TYPES, GENERIC_EVENT_TYPE];

/** Leading words (lowercase, before `:` or ` - `) and the type each means. Checked in this order. */
const KEYWORDS: ReadonlyArray<readonly [RegExp, EventType]> = [
  [/^(?:proposal[ -]?amended|amended proposal|amendment|proposal \(amended\)|revised proposal|amend(?:ed)?)$/, 'proposal.amended'],
  [/^(?:proposal|propose|proposed|proposing|rfc)$/, 'proposal.created'],
  [/^(?:claim|claimed|claiming|start|started|starting|picked up)$/, 'task.claimed'],
  [/^(?:complete|completed|done|finished|shipped)$/, 'task.completed'],
  [/^(?:handoff|hand-off|hand off|handover|hand-over)$/, 'handoff.posted'],
  [/^(?:objection|object|objecting|counter-rec|counter-recommendation|counter recommendation|counter-proposal)$/, 'objection.raised'],
  [/^(?:decision|decided|decision recorded|adr)$/, 'decision.recorded'],
  [/^(?:escalation|escalate|escalated|escalating)$/, 'escalation.requested'],
];

/** The subject's leading word(s): the text before the first `:` (or ` - `/` — `), lowercased. */
function leadingWord(subject: string): string | null {
  const m = /^\s*([A-Za-z][A-Za-z ()-]{0,40}?)\s*(?::|\s[-–—]\s)/.exec(subject);
  return m ? m[1].toLowerCase().replace(/\s+/g, ' ') : null;
}

function typeOfWord(word: string): EventType | null {
  for (const [re, type] of KEYWORDS) if (re.test(word)) return type;
  return null;
}

/** The event type of an entry, from its subject, else from a bold marker on the body's first line. */
export function inferEventType(subject: string, body: string): EventType {
  const word = leadingWord(subject);
  const fromSubject = word ? typeOfWord(word) : null;
  if (fromSubject) return fromSubject;
  const first = body.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  const bold = /^\s*\*\*([A-Za-z][A-Za-z ()-]{0,40}?)\s*:?\s*\*\*/.exec(first);
  const fromBody = bold ? typeOfWord(bold[1].toLowerCase().replace(/:$/, '').trim()) : null;
  return fromBody ?? GENERIC_EVENT_TYPE;
}

/** The subject without its leading type word ("handoff: draft invoices" → "draft invoices"), for display. */
export function subjectWithoutType(subject: string): string {
  const word = leadingWord(subject);
  if (!word || !typeOfWord(word)) return subject;
  return subject.replace(/^\s*[A-Za-z][A-Za-z ()-]{0,40}?\s*(?::|\s[-–—]\s)\s*/, '');
}

/** The leading word an appended entry's subject gets for each kind (the generic kind gets none). */
export const SUBJECT_PREFIX: Readonly<Record<EventType, string>> = {
  'task.claimed': 'claimed',
  'task.completed': 'completed',
  'handoff.posted': 'handoff',
  'proposal.created': 'proposal',
  'proposal.amended': 'proposal amended',
  'objection.raised': 'objection',
  'decision.recorded': 'decision',
  'escalation.requested': 'escalation',
  'note.posted': '',
};

export function isEventType(value: string): value is EventType {
  return (ALL_EVENT_TYPES as readonly string[]).includes(value);
}
