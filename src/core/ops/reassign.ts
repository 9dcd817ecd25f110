import { EditOptions, editFile, readTextFile } from '../edit';
import { CortexConflictError, CortexInputError } from '../errors';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { findOccurrence, occurrenceOf, resolveTaskRef } from '../refs';
import { detectEol, withEol } from '../text';
import { appendTaskBlock } from './dispatch';
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
 */
export interface TaskBlock {
  readonly title: string;
  /** Heading through the last non-blank line, as in the source. */
  readonly block: string;
  /** Rank among the source's tasks with the same title. */
  readonly occurrence: number;
  /** 1-based position in the source. */
  readonly position: number;
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
  return { title: task.title, block, occurrence: occurrenceOf(parsed.tasks, index), position: index + 1 };
}

/** The target text with a copy of the block appended. */
export function appendCopy(text: string, file: string, task: TaskBlock): { text: string; position: number } {
  const eol = detectEol(text);
  const r = appendTaskBlock(text, file, task.title, withEol(task.block, eol) + eol);
  return { text: r.text, position: r.position };
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
  let position = 0;
  await editFile(
    fs,
    toPath,
    (text) => {
      const r = appendCopy(text, toPath, task);
      position = r.position;
      return r.text;
    },
    { ifMissing: 'create', ...opts },
  );
  try {
    await editFile(fs, fromPath, (text) => removeTask(text, fromPath, task), opts);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (e instanceof CortexInputError) {
      // Claimed or edited in the source meanwhile: take the copy back out of the target.
      try {
        await editFile(fs, toPath, (text) => removeTask(text, toPath, task, 'last'), opts);
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
