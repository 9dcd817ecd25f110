import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { checkSummary } from '../text/input-rules';
import { MoveResult, moveText, taskMoveOperation } from './move';

/**
 * complete: what an agent does when a task is finished. The task must be the agent's
 * claimed one (`in-progress`; without a reference, the only in-progress task of the
 * file), and a summary is required: the change is `move` to done, that is
 * `**Status:** done`, `**Completed:** <now>` and a `### Summary` at the end of the
 * task. Done is terminal: a done task is never completed again.
 */
export interface CompleteInput {
  /** A 1-based position or an exact title; absent: the task in progress. */
  readonly ref?: string;
  readonly now: string;
  readonly summary: string;
}

export function completeText(text: string, file: string, input: CompleteInput): MoveResult {
  checkSummary(input.summary);
  const { tasks } = parseTaskFile(text, file);
  let index: number;
  if (input.ref === undefined) {
    const working = tasks.flatMap((t, i) => (t.status === 'in-progress' ? [i] : []));
    if (working.length === 0) throw new CortexInputError(`${file} has no task in progress; claim one before completing it.`);
    if (working.length > 1) {
      throw new CortexInputError(`${file} has ${working.length} tasks in progress (tasks ${working.map((i) => i + 1).join(', ')}); say which one is complete.`);
    }
    index = working[0];
  } else {
    index = resolveTaskRef(tasks, input.ref, file);
  }
  const task = tasks[index];
  if (task.status === 'ready') {
    throw new CortexInputError(`"${task.title}" (task ${index + 1} in ${file}) is ready, not in progress: claim it first, so it gets its Started time.`);
  }
  return moveText(text, file, { ref: String(index + 1), to: 'done', now: input.now, summary: input.summary });
}

/** Complete as an operation for the writer: the same task again after a stale write undid it; holds while it is done. */
export function completeOperation(file: string, input: CompleteInput): TextOperation<MoveResult> {
  return taskMoveOperation(file, 'done', (text, ref) => completeText(text, file, ref === undefined ? input : { ...input, ref }));
}

export async function completeTask(fs: TeamFs, path: string, input: CompleteInput, opts: EditOptions = {}): Promise<MoveResult> {
  return (await writeOperation(fs, path, completeOperation(path, input), opts)).result;
}
