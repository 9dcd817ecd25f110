/**
 * The task statuses of the Shuttle protocol and what Cortex says of them: the one
 * definition the core, the extension and the pages share (base imports nothing, so a
 * page may bundle it). A task's `status` as read stays a string (an unknown value is
 * kept as written); these predicates say what a known one means.
 */

/** In the order a task goes through them. */
export const TASK_STATUSES = ['ready', 'in-progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export function isTaskStatus(value: string | null | undefined): value is TaskStatus {
  return value === 'ready' || value === 'in-progress' || value === 'done';
}

/** An open task: still to do or being done (ready or in-progress), what keeps an agent busy. */
export function isOpenStatus(value: string | null | undefined): value is 'ready' | 'in-progress' {
  return value === 'ready' || value === 'in-progress';
}

/** Done is terminal: a finished task is never moved back or again. */
export function isTerminalStatus(value: string | null | undefined): value is 'done' {
  return value === 'done';
}

/** The status a task moves on to (ready → in-progress → done); `null` after done or for an unknown status. */
export function nextStatus(value: string | null | undefined): 'in-progress' | 'done' | null {
  return value === 'ready' ? 'in-progress' : value === 'in-progress' ? 'done' : null;
}

/** A known status in running text: "ready", "in progress", "done". */
export const STATUS_WORDS: Readonly<Record<TaskStatus, string>> = {
  ready: 'ready',
  'in-progress': 'in progress',
  done: 'done',
};

/** A known status as a heading or label: "Ready", "In progress", "Done". */
export const STATUS_TITLES: Readonly<Record<TaskStatus, string>> = {
  ready: 'Ready',
  'in-progress': 'In progress',
  done: 'Done',
};

/** The status as a phrase: "ready", "in progress", "done", or the value as written ("no status" without one). */
export function statusPhrase(value: string | null): string {
  if (value === null) return 'no status';
  return isTaskStatus(value) ? STATUS_WORDS[value] : value;
}
