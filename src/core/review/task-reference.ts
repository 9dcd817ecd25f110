/**
 * The task reference an agent puts in a commit message, so that the dashboard can tell
 * which task a commit belongs to without guessing from the time: a line of its own,
 * usually the last (a git trailer),
 *
 *     Cortex-Task: billing-dev/Add Stripe webhook endpoint
 *
 * the agent's slug, a slash, and the task's title exactly as its `## ` heading has it.
 * The key is read in any case; spaces around the value do not count. A commit may name
 * several tasks (one line each). The protocol texts (templates/protocol/) teach it.
 */
export const TASK_REFERENCE_KEY = 'Cortex-Task';

export interface TaskReference {
  readonly agent: string;
  readonly title: string;
}

const REFERENCE_LINE = /^[ \t]*cortex-task[ \t]*:[ \t]*([a-z0-9][a-z0-9_-]*)[ \t]*\/[ \t]*(.*?)[ \t]*$/i;

/** The line an agent writes for one of its tasks. */
export function taskReferenceLine(agent: string, title: string): string {
  return `${TASK_REFERENCE_KEY}: ${agent}/${title}`;
}

/** Every task reference in a commit message, in order. */
export function taskReferencesIn(message: string): TaskReference[] {
  if (!/cortex-task/i.test(message)) return [];
  const out: TaskReference[] = [];
  for (const line of message.split(/\r\n|\r|\n/)) {
    const m = REFERENCE_LINE.exec(line);
    if (m && m[2] !== '') out.push({ agent: m[1].toLowerCase(), title: m[2] });
  }
  return out;
}

/** Whether `ref` names the task `title` of `agent`. */
export function namesTask(ref: TaskReference, agent: string, title: string): boolean {
  return ref.agent === agent.toLowerCase() && ref.title === title.trim();
}
