/**
 * The message lifecycle (seed 001, section 6): new → acknowledged → actioned → closed,
 * and the terminal statuses resolved, superseded, withdrawn, abandoned. A message only
 * moves forward; closed and the terminal statuses are final.
 */
export const FLOW_STATUSES = ['new', 'acknowledged', 'actioned', 'closed'] as const;
export const TERMINAL_STATUSES = ['resolved', 'superseded', 'withdrawn', 'abandoned'] as const;
export const MESSAGE_STATUSES = [...FLOW_STATUSES, ...TERMINAL_STATUSES] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Counted as "Open" in the inbox snapshot: seen but not finished. */
export const OPEN_STATUSES = ['acknowledged', 'actioned'] as const;

export function isMessageStatus(value: string): value is MessageStatus {
  return (MESSAGE_STATUSES as readonly string[]).includes(value);
}

export function isFinalStatus(value: string): boolean {
  return value === 'closed' || (TERMINAL_STATUSES as readonly string[]).includes(value);
}

/** The statuses a message with status `from` may move to (none when it is final; every status when its own is unknown). */
export function nextStatuses(from: string): MessageStatus[] {
  if (isFinalStatus(from)) return [];
  const i = (FLOW_STATUSES as readonly string[]).indexOf(from);
  if (i < 0) return [...MESSAGE_STATUSES];
  return [...FLOW_STATUSES.slice(i + 1), ...TERMINAL_STATUSES];
}
