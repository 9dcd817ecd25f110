import { EditOptions, readTextFile } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexConflictError, CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { newTaskId, taskIdLine } from '../parse/task-id';
import { parseTaskFile } from '../parse/tasks';
import { findOccurrence, occurrenceOf, resolveTaskRef } from '../team/task-refs';
import { detectEol, withEol } from '../text/text';
import { appendTaskBlock, hasTask } from './dispatch';
import { unclosedFenceLine } from './shared';

/**
 * reassign: moves a ready task to another agent's task file without ever losing it.
 * The target is written first (the block appended as dispatch would, bytes kept, line
 * breaks in the target's style), then the task is removed from the source. A task in
 * both files is recoverable, a task in neither is not.
 *
 * The task is found again in the source by its title and its rank among tasks with
 * that title. If by then it was claimed or changed, the copy is taken out of the
 * target again; if that fails too, or the source cannot be written, the error says
 * the task is now in both files.
 *
 * The copy carries the task's id marker (a new one when the task had none), so that
 * the writer can tell it is there after an agent rewrote the target file.
 */
export interface TaskBlock {
  readonly title: string;
  /** Heading through the last non-blank line, as in the source. */
  readonly block: string;
  /** Rank among the source's tasks with the same title. */
  readonly occurrence: number;
  /** 1-based position in the source. */
  readonly position: number;
  /** The task's id marker in the source, or null. */
  readonly id: string | null;
}

/** The ready task `ref` names, as a block to copy. */
export function takeReadyTask(text: string, file: string, ref: string): TaskBlock {
  const parsed = parseTaskFile(text, file);
  const index = resolveTaskRef(parsed.tasks, ref, file);
  const task = parsed.tasks[index];
  const name = `"${task.title}" (task ${index + 1} in ${file})`;
  if (task.status !== 'ready') {
    const why =
      task.status === 'in-progress'
        ? 'it is in progress: its agent is working on it'
        : task.status === 'done'
          ? 'it is done'
          : task.status === null
            ? 'it has no status line'
            : `its status is "${task.status}"`;
    throw new CortexInputError(`${name} cannot be reassigned: ${why}. Only ready tasks move between agents.`);
  }
  const block = text.slice(task.span.start, task.span.contentEnd);
  if (unclosedFenceLine(block) !== null) {
    throw new CortexInputError(`${name} has a code fence that is never closed; close it before reassigning the task.`);
  }
  return { title: task.title, block, occurrence: occurrenceOf(parsed.tasks, index), position: index + 1, id: task.id };
}

/** The target text with a copy of the block appended (with the id marker `id` when the block has none). */
export function appendCopy(text: string, file: string, task: TaskBlock, id: string | null = null): { text: string; position: number } {
  const eol = detectEol(text);
  let block = withEol(task.block, eol) + eol;
  if (task.id === null && id !== null) block += `${eol}${taskIdLine(id)}${eol}`;
  const r = appendTaskBlock(text, file, task.title, block);
  return { text: r.text, position: r.position };
}

/** The copy's id: the task's own, or a new one. */
function copyId(task: TaskBlock): string {
  return task.id ?? newTaskId();
}

/** Appending the copy to the target, as an operation: held while a task with the copy's id is there. */
export function appendCopyOperation(file: string, task: TaskBlock, id: string): TextOperation<{ position: number }> {
  return {
    apply: (text) => {
      const r = appendCopy(text, file, task, id);
      return { text: r.text, result: { position: r.position } };
    },
    holds: (text) => hasTask(text, file, id, task.title),
  };
}

/** Removing the task from the source, as an operation: held while the source has no such ready task. */
export function removeTaskOperation(file: string, task: TaskBlock): TextOperation<void> {
  return {
    apply: (text) => ({ text: removeTask(text, file, task), result: undefined }),
    holds: (text) => {
      try {
        removeTask(text, file, task);
        return false;
      } catch {
        return true;
      }
    },
  };
}

/** The text without the task that carries `id` (the copy, taken back out of the target). */
function removeById(text: string, file: string, id: string, title: string): string {
  const found = parseTaskFile(text, file).tasks.find((t) => t.id === id);
  if (!found) throw new CortexInputError(`"${title}" is no longer in ${file}.`);
  if (found.status !== 'ready') throw new CortexInputError(`"${title}" in ${file} is now ${found.status ?? 'without a status'}.`);
  return text.slice(0, found.span.start) + text.slice(found.span.end);
}

/**
 * The text without the task: found by title and rank, still ready, still holding the
 * same block (compared line by line, ignoring line-break style). `CortexInputError`
 * otherwise.
 */
export function removeTask(text: string, file: string, task: TaskBlock, rank: 'occurrence' | 'last' = 'occurrence'): string {
  const parsed = parseTaskFile(text, file);
  let index = -1;
  if (rank === 'last') {
    for (let i = parsed.tasks.length - 1; i >= 0 && index < 0; i--) if (parsed.tasks[i].title === task.title) index = i;
  } else {
    index = findOccurrence(parsed.tasks, task.title, task.occurrence);
  }
  if (index < 0) throw new CortexInputError(`"${task.title}" is no longer in ${file}.`);
  const found = parsed.tasks[index];
  if (found.status !== 'ready') throw new CortexInputError(`"${task.title}" in ${file} is now ${found.status ?? 'without a status'}.`);
  const block = text.slice(found.span.start, found.span.contentEnd);
  if (withEol(block, '\n') !== withEol(task.block, '\n')) throw new CortexInputError(`"${task.title}" in ${file} was changed meanwhile.`);
  return text.slice(0, found.span.start) + text.slice(found.span.end);
}

export interface ReassignResult {
  readonly title: string;
  /** 1-based position in the target file. */
  readonly position: number;
}

export async function reassignTask(
  fs: TeamFs,
  fromPath: string,
  toPath: string,
  ref: string,
  opts: EditOptions = {},
): Promise<ReassignResult> {
  if (fromPath === toPath) throw new CortexInputError('A task is reassigned to another agent, not to the same one.');
  const sourceText = await readTextFile(fs, fromPath);
  if (sourceText === undefined) throw new CortexInputError(`${fromPath} does not exist.`);
  // Checks the task (and the ref) before anything is written.
  const task = takeReadyTask(sourceText, fromPath, ref);
  const id = copyId(task);
  const copied = await writeOperation(fs, toPath, appendCopyOperation(toPath, task, id), { ifMissing: 'create', ...opts });
  const position = copied.result.position;
  try {
    await writeOperation(fs, fromPath, removeTaskOperation(fromPath, task), opts);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (e instanceof CortexInputError) {
      // Claimed or edited in the source meanwhile: take the copy back out of the target.
      try {
        await writeOperation(
          fs,
          toPath,
          { apply: (text) => ({ text: removeById(text, toPath, id, task.title), result: undefined }), holds: (text) => !hasTask(text, toPath, id, task.title) },
          opts,
        );
      } catch (undo) {
        throw new CortexConflictError(
          `"${task.title}" is now in both ${fromPath} and ${toPath}: ${reason} Removing the copy from ${toPath} failed too (${undo instanceof Error ? undo.message : String(undo)}); remove one of them by hand.`,
          fromPath,
        );
      }
      throw new CortexConflictError(`"${task.title}" was not reassigned: ${reason} The copy in ${toPath} was removed again; nothing changed.`, fromPath);
    }
    throw new CortexConflictError(
      `"${task.title}" is now in both ${fromPath} and ${toPath}: it was added to ${toPath}, but removing it from ${fromPath} failed (${reason}). Remove one of them by hand.`,
      fromPath,
    );
  }
  return { title: task.title, position };
}
