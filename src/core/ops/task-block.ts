import { CortexInputError } from '../edit/errors';
import { LocatedTask, parseTaskFile } from '../parse/tasks';
import { detectEol, endsWithEol, withEol } from '../text/text';
import { appendTaskBlock } from './dispatch';
import { reorderText } from './reorder';
import { separatorBefore, withBlankLineAfter } from './shared';

/**
 * A task's block as text (its heading through its last non-blank line), and the
 * operations that put a block back as it was: what undo is made of. A block is found
 * again by its title and its exact text (line breaks aside): when the agent touched
 * the task since (claimed it, ticked into it, rewrote a line), the text differs and
 * the operation is refused, so an undo never overwrites an agent's change.
 */

/** The task's block, heading through its last non-blank line, as in the file. */
export function blockText(text: string, task: LocatedTask): string {
  return text.slice(task.span.start, task.span.contentEnd);
}

function sameBlock(a: string, b: string): boolean {
  return withEol(a, '\n') === withEol(b, '\n');
}

/** The index of the task titled `title` whose block is `block`, or -1. */
export function findBlock(tasks: readonly LocatedTask[], text: string, title: string, block: string): number {
  for (let i = 0; i < tasks.length; i++) if (tasks[i].title === title && sameBlock(blockText(text, tasks[i]), block)) return i;
  return -1;
}

/** Names what happened to a task that is not as it was left. */
function changedSince(tasks: readonly LocatedTask[], title: string, file: string): CortexInputError {
  const gone = !tasks.some((t) => t.title === title);
  return new CortexInputError(
    gone ? `"${title}" is no longer in ${file}; nothing was changed.` : `"${title}" in ${file} has changed since (its agent or someone else edited it); nothing was changed.`,
  );
}

/** Replaces the block `expected` of the task `title` with `replacement` (line breaks in the file's style). */
export function replaceBlockText(text: string, file: string, input: { readonly title: string; readonly expected: string; readonly replacement: string }): string {
  const tasks = parseTaskFile(text, file).tasks;
  const i = findBlock(tasks, text, input.title, input.expected);
  if (i < 0) throw changedSince(tasks, input.title, file);
  const t = tasks[i];
  return text.slice(0, t.span.start) + withEol(input.replacement, detectEol(text)) + text.slice(t.span.contentEnd);
}

/** Removes the task whose block is `expected`, with the blank lines after it. */
export function removeBlockText(text: string, file: string, input: { readonly title: string; readonly expected: string }): string {
  const tasks = parseTaskFile(text, file).tasks;
  const i = findBlock(tasks, text, input.title, input.expected);
  if (i < 0) throw changedSince(tasks, input.title, file);
  return text.slice(0, tasks[i].span.start) + text.slice(tasks[i].span.end);
}

/**
 * Inserts a block before the first task titled `before` (where it was), else where
 * new tasks go (the end of the queue, before a trailing tick).
 */
export function insertBlockText(text: string, file: string, input: { readonly title: string; readonly block: string; readonly before: string | null }): string {
  const eol = detectEol(text);
  const block = withEol(input.block, eol);
  const tasks = parseTaskFile(text, file).tasks;
  const anchor = input.before === null ? -1 : tasks.findIndex((t) => t.title === input.before);
  if (anchor < 0) {
    // The queue's end, as a dispatch would put it (also refuses a duplicate active title).
    return appendTaskBlock(text, file, input.title, endsWithEol(block) ? block : block + eol).text;
  }
  const at = tasks[anchor].span.start;
  return text.slice(0, at) + separatorBefore(text, at, eol) + withBlankLineAfter(block, eol) + text.slice(at);
}

/**
 * Moves the task whose block is `expected` back before the first other task titled
 * `before`, or after the first other task titled `after` (one of them is given: the
 * neighbours it had).
 */
export function moveBlockText(text: string, file: string, input: { readonly title: string; readonly expected: string; readonly before: string | null; readonly after: string | null }): string {
  const tasks = parseTaskFile(text, file).tasks;
  const i = findBlock(tasks, text, input.title, input.expected);
  if (i < 0) throw changedSince(tasks, input.title, file);
  const other = (title: string | null) => (title === null ? -1 : tasks.findIndex((t, k) => k !== i && t.title === title));
  const before = other(input.before);
  if (before >= 0) return reorderText(text, file, { ref: String(i + 1), before: String(before + 1) }).text;
  const after = other(input.after);
  if (after >= 0) return reorderText(text, file, { ref: String(i + 1), after: String(after + 1) }).text;
  throw new CortexInputError(`"${input.title}" cannot go back where it was: the tasks next to it are no longer in ${file}; nothing was moved.`);
}
