import { randomBytes } from 'crypto';

/**
 * A dispatched task's identity: a hidden marker line at the end of its block,
 *
 *     ## Fix the login redirect
 *     **Status:** ready
 *
 *     The body.
 *
 *     <!-- cortex-team:id 3f9a2c4b7e01 -->
 *
 * An HTML comment is invisible in rendered markdown, and agents keep it as it is when
 * they claim, tick or complete the task (they change the status line, add Started,
 * Completed and a `### Summary`). It is not a status line, not a heading and not a
 * last-tick comment, so the idle-suppression grep, the status-line rule and the
 * heartbeat are unaffected; the parser leaves it out of the body (parse/tasks.ts).
 *
 * The writer uses it to tell whether a dispatch is still in the file after another
 * program wrote it (a claimed or completed task is still the same task), so that a
 * dispatch is put back when an agent's stale write removed it, and never doubled.
 */
export const TASK_ID_PREFIX = '<!-- cortex-team:id ';
const TASK_ID_LINE = /^<!-- cortex-team:id ([0-9a-f]{8,32}) -->[ \t]*$/;

/** A fresh id: 12 hex digits (48 random bits). */
export function newTaskId(): string {
  return randomBytes(6).toString('hex');
}

export function taskIdLine(id: string): string {
  if (!/^[0-9a-f]{8,32}$/.test(id)) throw new Error(`not a task id: ${id}`);
  return `${TASK_ID_PREFIX}${id} -->`;
}

/** The id a line carries, or null. */
export function taskIdOf(line: string): string | null {
  if (!line.startsWith(TASK_ID_PREFIX)) return null;
  const m = TASK_ID_LINE.exec(line);
  return m ? m[1] : null;
}
