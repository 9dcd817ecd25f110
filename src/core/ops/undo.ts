import { CortexInputError } from '../edit/errors';
import { parseTaskFile } from '../parse/tasks';
import { unarchiveText } from './cancel';
import { blockText, insertBlockText, moveBlockText, removeBlockText, replaceBlockText } from './task-block';

/**
 * Undo as inverse operations: each board action records the steps that put the files
 * back (as text operations on the files as they are when undo runs, never a saved
 * copy of a whole file), each step checking that the task is still exactly as the
 * action left it. When the agent has touched the task since, the step is refused and
 * nothing of it is written.
 *
 * - replace: a task's block back to what it was (a move, an edit, a review, an unclaim);
 * - remove: a task the action added (a dispatch, a send-back's rework task, a reassign's copy);
 * - insert: a task the action removed, back before the task that followed it (a reassign's source, a cancel);
 * - move: a task the action moved within its queue, back between its old neighbours (a reorder);
 * - unarchive: a cancelled task out of the agent's cancelled.md.
 *
 * Steps run in order, each on one file; an entry's steps are ordered so that a task
 * is never lost between two of them (added back before it is removed elsewhere).
 */
export type UndoStep =
  | { readonly kind: 'replace'; readonly path: string; readonly title: string; readonly expected: string; readonly replacement: string }
  | { readonly kind: 'remove'; readonly path: string; readonly title: string; readonly expected: string }
  | { readonly kind: 'insert'; readonly path: string; readonly title: string; readonly block: string; readonly before: string | null }
  | { readonly kind: 'move'; readonly path: string; readonly title: string; readonly expected: string; readonly before: string | null; readonly after: string | null }
  | { readonly kind: 'unarchive'; readonly path: string; readonly title: string; readonly expected: string };

export interface UndoEntry {
  /** What the action did, completing "Undo …" ("move of "Add CSV export" to in progress"). */
  readonly label: string;
  readonly steps: readonly UndoStep[];
}

/** The file's text with one step applied; `CortexInputError` when the task is not as the action left it. */
export function applyUndoStep(text: string, step: UndoStep): string {
  switch (step.kind) {
    case 'replace':
      return replaceBlockText(text, step.path, step);
    case 'remove':
      return removeBlockText(text, step.path, step);
    case 'insert':
      return insertBlockText(text, step.path, step);
    case 'move':
      return moveBlockText(text, step.path, step);
    case 'unarchive':
      return unarchiveText(text, step.path, step.title, step.expected);
  }
}

// ---- the inverse of each action, from the texts it saw and left ----------------------

function taskAt(text: string, path: string, index: number) {
  const tasks = parseTaskFile(text, path).tasks;
  const task = tasks[index];
  if (!task) throw new CortexInputError(`There is no task ${index + 1} in ${path}.`);
  return { task, tasks, block: blockText(text, task) };
}

/**
 * A task changed in place (moved along its lifecycle, edited, reviewed, unclaimed):
 * its block goes back to what it was. `before`/`after` are the file's texts around the
 * action, the indexes the task's position in each.
 */
export function undoBlockChange(path: string, before: string, beforeIndex: number, after: string, afterIndex: number): UndoStep[] {
  const was = taskAt(before, path, beforeIndex);
  const now = taskAt(after, path, afterIndex);
  return [{ kind: 'replace', path, title: now.task.title, expected: now.block, replacement: was.block }];
}

/** A task moved within its queue: back between the neighbours it had in `before`. */
export function undoReorder(path: string, before: string, index: number): UndoStep[] {
  const { task, tasks, block } = taskAt(before, path, index);
  return [{ kind: 'move', path, title: task.title, expected: block, before: tasks[index + 1]?.title ?? null, after: tasks[index - 1]?.title ?? null }];
}

/** A task the action added (a dispatch): taken out again. */
export function undoAdd(path: string, after: string, index: number): UndoStep[] {
  const { task, block } = taskAt(after, path, index);
  return [{ kind: 'remove', path, title: task.title, expected: block }];
}

/**
 * A task that left `from` (at `index` of its text `before`, as `original`) and was
 * added to `to` as `copy` (a reassign, also of a task unclaimed first): back in `from`
 * before the task that followed it, then out of `to`.
 */
export function undoReassign(from: string, before: string, index: number, original: string, to: string, copyTitle: string, copy: string): UndoStep[] {
  const { task, tasks } = taskAt(before, from, index);
  return [
    { kind: 'insert', path: from, title: task.title, block: original, before: tasks[index + 1]?.title ?? null },
    { kind: 'remove', path: to, title: copyTitle, expected: copy },
  ];
}

/** A cancel: the task back in its queue where it was, then out of the archive. */
export function undoCancel(path: string, cancelled: { readonly title: string; readonly block: string; readonly before: string | null }, archivePath: string, archived: string): UndoStep[] {
  return [
    { kind: 'insert', path, title: cancelled.title, block: cancelled.block, before: cancelled.before },
    { kind: 'unarchive', path: archivePath, title: cancelled.title, expected: archived },
  ];
}
