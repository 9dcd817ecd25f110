import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { LocatedTask, ParsedTaskFile, parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { Eol, detectEol } from '../text/text';
import { checkSummary } from '../text/input-rules';
import { Splice, TaskKey, applySplices, checkStamp, findTask, normalizeUserText, taskKey } from './shared';
import { isOpenStatus } from '../../base/task-status';

/**
 * move: a task along the Shuttle lifecycle, ready → in-progress → done.
 *
 * - → in-progress: the status line becomes `**Status:** in-progress` and
 *   `**Started:** <now>` follows it (an existing Started line gets the new value).
 * - → done: `**Status:** done` and `**Completed:** <now>` after the Started line (or
 *   the status line); with a summary, `### Summary` and its text end the task. A ready
 *   task goes through in-progress in the same step: a done task has been started, so it
 *   gets `**Started:** <now>` as well.
 * - done is terminal: a done task is never moved back.
 * - pickup order: starting a ready task (to in-progress, or through it to done) that is
 *   not the first ready one in the file is refused unless `outOfOrder` asks for it (the
 *   protocol: "first ready task in the file wins").
 *
 * Only those lines of that task change; every other byte stays as it was.
 */
export type MoveTarget = 'in-progress' | 'done';

export interface MoveInput {
  readonly ref: string;
  readonly to: MoveTarget;
  /** `YYYY-MM-DDTHH:MM`, local wall-clock time. */
  readonly now: string;
  readonly summary?: string;
  /** Asked for explicitly: start a ready task that is not the next one. */
  readonly outOfOrder?: boolean;
}

export interface MoveResult {
  readonly text: string;
  readonly title: string;
  readonly position: number;
  readonly from: string;
}

export function isMoveTarget(value: string): value is MoveTarget {
  return value === 'in-progress' || value === 'done';
}

export function moveText(text: string, file: string, input: MoveInput): MoveResult {
  if (!isMoveTarget(input.to)) throw new CortexInputError(`A task moves to "in-progress" or "done", not "${input.to}".`);
  const now = checkStamp(input.now, 'The time');
  const summary = input.summary;
  if (summary !== undefined) {
    if (input.to !== 'done') throw new CortexInputError('A summary is written when a task is done, not when it starts.');
    checkSummary(summary);
  }
  const parsed = parseTaskFile(text, file);
  return moveAt(text, file, parsed, resolveTaskRef(parsed.tasks, input.ref, file), input, now, summary);
}

function moveAt(text: string, file: string, parsed: ParsedTaskFile, index: number, input: MoveInput, now: string, summary: string | undefined): MoveResult {
  const task = parsed.tasks[index];
  const name = `"${task.title}" (task ${index + 1} in ${file})`;
  const statusField = task.span.fieldLines.find((f) => f.key.toLowerCase() === 'status');
  if (task.status === null || !statusField) {
    throw new CortexInputError(`${name} has no "**Status:**" line; add one by hand before moving it.`);
  }
  if (task.status === 'done') {
    throw new CortexInputError(`${name} is done, and done is terminal in the Shuttle protocol: a finished task is never moved back or again. Dispatch a new task instead.`);
  }
  if (!isOpenStatus(task.status)) {
    throw new CortexInputError(`${name} has the status "${task.status}", which agents do not know; fix it by hand to ready or in-progress first.`);
  }
  if (task.status === input.to) throw new CortexInputError(`${name} is already ${input.to}.`);
  if (task.status === 'ready' && !input.outOfOrder) checkNextReady(parsed.tasks, index, file);
  if (summary !== undefined && task.span.summaryHeading) {
    throw new CortexInputError(`${name} already has a "### Summary"; move it without --summary or edit the summary by hand.`);
  }

  const eol = detectEol(text);
  const splices: Splice[] = [replaceLine(statusField.line, `**Status:** ${input.to}`)];
  const field = (key: string) => task.span.fieldLines.find((f) => f.key.toLowerCase() === key);
  const started = field('started');
  // ready → in-progress, and ready → done through in-progress: the task is started now.
  if (task.status === 'ready') splices.push(setField(started, statusField.line, 'Started', now, eol));
  if (input.to === 'done') {
    // After the Started line (an existing one, or the one just added after the status line).
    const after = started && started.line.start > statusField.line.start ? started.line : statusField.line;
    splices.push(setField(field('completed'), after, 'Completed', now, eol));
  }
  let out = applySplices(text, splices);
  if (summary !== undefined) {
    const moved = parseTaskFile(out, file).tasks[index];
    const at = moved.span.contentEnd;
    out = out.slice(0, at) + `${eol}${eol}### Summary${eol}${normalizeUserText(summary, eol)}` + out.slice(at);
  }
  return { text: out, title: task.title, position: index + 1, from: task.status };
}

/** Refuses to start the ready task at `index` when an earlier ready task comes first. */
function checkNextReady(tasks: readonly LocatedTask[], index: number, file: string): void {
  const next = tasks.findIndex((t) => t.status === 'ready');
  if (next < 0 || next === index) return;
  const name = (i: number) => `"${tasks[i].title}" (task ${i + 1} in ${file})`;
  throw new CortexInputError(
    `${name(index)} is not the next task: tasks are picked up in document order and ${name(next)} comes first. Start it out of order only when that is meant (--out-of-order); nothing was written.`,
  );
}

export function replaceLine(line: LocatedTask['span']['heading'], content: string): Splice {
  return { at: line.start, remove: line.end - line.start, insert: content };
}

/** Sets `**Key:** value`: rewrites the existing line, or adds one right after `after`. */
export function setField(
  existing: { line: LocatedTask['span']['heading'] } | undefined,
  after: LocatedTask['span']['heading'],
  key: string,
  value: string,
  eol: Eol,
): Splice {
  const content = `**${key}:** ${value}`;
  if (existing) return replaceLine(existing.line, content);
  // After a last line without a line break, the new line needs one before it.
  if (after.next === after.end) return { at: after.end, insert: eol + content };
  return { at: after.next, insert: content + eol };
}

/** How far along the lifecycle a status is (unknown statuses: -1). */
function rank(status: string | null): number {
  return status === 'ready' ? 0 : status === 'in-progress' ? 1 : status === 'done' ? 2 : -1;
}

/**
 * A task's move along the lifecycle as an operation for the writer. `apply(text, ref)`
 * makes the change: the first time with `ref` undefined (the caller's own choice of
 * task: a move's reference, claim's next ready task), later with the position where
 * the same task is now, found again by its id, else by title and rank. The operation
 * holds while that task is at `to` or beyond (a task moved to in-progress that its
 * agent has since completed still holds).
 */
export function taskMoveOperation(file: string, to: MoveTarget, apply: (text: string, ref: string | undefined) => MoveResult): TextOperation<MoveResult> {
  let key: TaskKey | null = null;
  return {
    apply: (text) => {
      const tasks = parseTaskFile(text, file).tasks;
      let ref: string | undefined;
      if (key !== null) {
        const index = findTask(tasks, key);
        if (index < 0) throw new CortexInputError(`"${key.title}" is no longer in ${file}.`);
        ref = String(index + 1);
      }
      const result = apply(text, ref);
      key ??= taskKey(tasks, result.position - 1);
      return { text: result.text, result };
    },
    holds: (text) => {
      if (key === null) return false;
      const tasks = parseTaskFile(text, file).tasks;
      const index = findTask(tasks, key);
      return index >= 0 && rank(tasks[index].status) >= rank(to);
    },
  };
}

/** Move as an operation for the writer (see `taskMoveOperation`). */
export function moveOperation(file: string, input: MoveInput): TextOperation<MoveResult> {
  // Re-applying after a stale write restores the same move, not a new choice of task: no order check.
  return taskMoveOperation(file, input.to, (text, ref) => moveText(text, file, ref === undefined ? input : { ...input, ref, outOfOrder: true }));
}

export async function moveTask(fs: TeamFs, path: string, input: MoveInput, opts: EditOptions = {}): Promise<MoveResult> {
  const r = await writeOperation(fs, path, moveOperation(path, input), opts);
  return r.result;
}
