import { CortexInputError } from '../edit/errors';

/**
 * A task reference as people type it: a 1-based position among the tasks of one file
 * ("3"), or a task's exact title. A number that is a valid position wins over a
 * title made of digits; an out-of-range number still matches such a title.
 */
export interface Titled {
  readonly title: string;
}

/** The 0-based index of the task `ref` names; `CortexInputError` when none or several match. */
export function resolveTaskRef(tasks: readonly Titled[], ref: string, file: string): number {
  const wanted = ref.trim();
  if (wanted === '') throw new CortexInputError(`Empty task reference; give a position (1-${tasks.length}) or an exact title.`);
  if (/^\d+$/.test(wanted)) {
    const n = Number(wanted);
    if (n >= 1 && n <= tasks.length) return n - 1;
  }
  const matches: number[] = [];
  for (let i = 0; i < tasks.length; i++) if (tasks[i].title === wanted) matches.push(i);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw new CortexInputError(
      `"${wanted}" is ambiguous in ${file}: tasks ${matches.map((i) => i + 1).join(', ')} have that title; give the position instead.`,
    );
  }
  if (/^\d+$/.test(wanted)) {
    throw new CortexInputError(
      tasks.length === 0
        ? `${file} has no tasks, so there is no task ${wanted}.`
        : `There is no task ${wanted} in ${file}; it has ${tasks.length} task${tasks.length === 1 ? '' : 's'}.`,
    );
  }
  throw new CortexInputError(`No task titled "${wanted}" in ${file}.`);
}

/** Which of the tasks with the same title this one is (0 for the first), to find it again after the file changed. */
export function occurrenceOf(tasks: readonly Titled[], index: number): number {
  let n = 0;
  for (let i = 0; i < index; i++) if (tasks[i].title === tasks[index].title) n++;
  return n;
}

/** The index of the `occurrence`-th task titled `title`, or -1. */
export function findOccurrence(tasks: readonly Titled[], title: string, occurrence: number): number {
  let n = 0;
  for (let i = 0; i < tasks.length; i++) {
    if (tasks[i].title !== title) continue;
    if (n === occurrence) return i;
    n++;
  }
  return -1;
}
