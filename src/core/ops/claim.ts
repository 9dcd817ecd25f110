import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { LocatedTask, parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { MoveResult, moveText, taskMoveOperation } from './move';

/**
 * claim: what an agent does to start work (the Shuttle rules, not a person's free move):
 *
 * - a ready task named that is not the next one is refused unless `outOfOrder` asks for it
 *   (the protocol: "first ready task in the file wins");
 * - without a reference, the task claimed is the next one: the first `ready` task in
 *   document order;
 * - one task at a time: refused while another task of the file is `in-progress`;
 * - a task someone else claimed first (already `in-progress`) is refused, so when two
 *   sessions race for the same task exactly one of them gets it;
 * - the change itself is `move` to in-progress: `**Status:** in-progress` and
 *   `**Started:** <now>`, nothing else in the file.
 */
export interface ClaimInput {
  /** A 1-based position or an exact title; absent: the next ready task. */
  readonly ref?: string;
  /** `YYYY-MM-DDTHH:MM`, local wall-clock time. */
  readonly now: string;
  /** Asked for explicitly: claim a ready task that is not the next one (agents take the first ready task in the file). */
  readonly outOfOrder?: boolean;
}

/** The first ready task in document order (the one agents take next), or -1. */
export function nextReadyIndex(tasks: readonly Pick<LocatedTask, 'status'>[]): number {
  return tasks.findIndex((t) => t.status === 'ready');
}

function named(task: LocatedTask, index: number, file: string): string {
  return `"${task.title}" (task ${index + 1} in ${file})`;
}

export function claimText(text: string, file: string, input: ClaimInput): MoveResult {
  const { tasks } = parseTaskFile(text, file);
  let index: number;
  if (input.ref === undefined) {
    index = nextReadyIndex(tasks);
    if (index < 0) {
      const working = tasks.findIndex((t) => t.status === 'in-progress');
      throw new CortexInputError(
        working >= 0
          ? `${file} has no ready task; ${named(tasks[working], working, file)} is in progress.`
          : `${file} has no ready task; there is nothing to claim.`,
      );
    }
  } else {
    index = resolveTaskRef(tasks, input.ref, file);
  }
  const task = tasks[index];
  if (task.status === 'in-progress') {
    const since = task.started ? ` since ${task.started}` : '';
    throw new CortexInputError(`${named(task, index, file)} is already in progress${since}: it was claimed before you; nothing was written.`);
  }
  if (task.status === 'ready') {
    const other = tasks.findIndex((t) => t.status === 'in-progress');
    if (other >= 0) {
      throw new CortexInputError(`${named(tasks[other], other, file)} is in progress: complete it before claiming another task (one at a time).`);
    }
    const next = nextReadyIndex(tasks);
    if (next !== index && !input.outOfOrder) {
      throw new CortexInputError(
        `${named(task, index, file)} is not the next task: tasks are picked up in document order and ${named(tasks[next], next, file)} comes first. Claim it out of order only when that is meant (--out-of-order, or outOfOrder: true); nothing was written.`,
      );
    }
  }
  // Anything else (done, an unknown status, no status line) gets move's own sentence; the order was checked above.
  return moveText(text, file, { ref: String(index + 1), to: 'in-progress', now: input.now, outOfOrder: true });
}

/**
 * Claim as an operation for the writer: the first time the task `input` names (or the
 * next ready one); when another program's stale write undid the claim, the same task
 * again, under the same rules (refused, so not put back, when the agent has claimed
 * another task meanwhile). Holds while the task is in progress or done.
 */
export function claimOperation(file: string, input: ClaimInput): TextOperation<MoveResult> {
  // Re-applying after a stale write restores the same claim, not a new choice of task: no order check.
  return taskMoveOperation(file, 'in-progress', (text, ref) => claimText(text, file, ref === undefined ? input : { ...input, ref, outOfOrder: true }));
}

export async function claimTask(fs: TeamFs, path: string, input: ClaimInput, opts: EditOptions = {}): Promise<MoveResult> {
  return (await writeOperation(fs, path, claimOperation(path, input), opts)).result;
}
