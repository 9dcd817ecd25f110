import { TaskRef, locateTask } from '../../base/task-ref';
import { STATUS_WORDS } from '../../base/task-status';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { WriteOutcome, writeOperation } from '../../core/edit/writer';
import { readTextFile } from '../../core/edit/edit-file';
import { Agent } from '../../core/team/model';
import { MoveResult, moveText, taskMoveOperation } from '../../core/ops/move';
import { undoBlockChange } from '../../core/ops/undo';
import { parseTaskFile } from '../../core/parse/tasks';
import { TaskContext } from './task-context';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';
import { findTaskInText } from './task-ref';

/** The modal's action for a ready task started ahead of an earlier one. */
export const OUT_OF_ORDER = 'Out of Order';

/** A move's feed entry: a ready task taken to done was started too; an out-of-order start is said. */
function movedEvent(agent: string, path: string, r: MoveResult, to: 'in-progress' | 'done', now: string, summary: string | undefined, outOfOrder: boolean) {
  const event = teamEvents.taskMoved(DASHBOARD_ACTOR, agent, path, r.title, to, now, r.position, summary);
  const fromReady = r.from === 'ready';
  return { ...event, details: { ...event.details, ...(fromReady && to === 'done' ? { started: now } : {}), ...(fromReady && outOfOrder ? { outOfOrder: true } : {}) } };
}

/**
 * A task started or completed in its lane (the core's move, through the one writer):
 * a ready task out of pickup order only after a modal yes; a completion asks for its
 * optional summary. The undo is recorded without a notification: the board shows the
 * move where it happened, and one notification per drag would pile up over it.
 */
export async function moveTask(ctx: TaskContext, agent: Agent, card: TaskRef, to: 'in-progress' | 'done'): Promise<TaskOutcome> {
  const path = agent.tasksPath;
  if (ctx.refuseIfUnsaved([path])) return FAILED();
  const outOfOrder = await askOutOfOrder(ctx, path, card, to);
  if (outOfOrder === undefined) return FAILED(null);
  let summary: string | undefined;
  if (to === 'done') {
    const answer = await ctx.deps.prompts.input({
      title: `Complete "${card.title}"`,
      prompt: 'Summary (optional): written under "### Summary" in the task. Leave empty for none; Escape cancels.',
      placeHolder: 'What was done',
    });
    if (answer === undefined) return FAILED(null);
    summary = answer.trim() === '' ? undefined : answer;
    // The editor may have been touched while the box was open.
    if (ctx.refuseIfUnsaved([path])) return FAILED();
  }
  const now = ctx.now();
  // An operation with `holds`: an agent's stale rewrite that undoes the move gets it again (the writer's journal).
  // A re-apply (ref given) restores the same move: no second order check.
  const op = taskMoveOperation(path, to, (text, ref) => moveText(text, path, { ref: ref ?? String(findTaskInText(text, path, card) + 1), to, now, summary, outOfOrder: outOfOrder || ref !== undefined }));
  try {
    const result = await ctx.deps.writer.write(
      { what: 'move a task', paths: [path], event: (r: WriteOutcome<MoveResult>) => (r.changed ? movedEvent(agent.slug, path, r.result, to, now, summary, outOfOrder) : undefined) },
      (fs, edit) => writeOperation(fs, path, op, edit),
    );
    if (!result) return FAILED(RESTRICTED);
    if (result.changed) {
      ctx.deps.log.info(`Board: moved "${card.title}" to ${to} in ${path}`);
      const index = locateTask(parseTaskFile(result.before, path).tasks, card);
      if (index >= 0) ctx.deps.undo.record({ label: `moving "${card.title}" to ${STATUS_WORDS[to]}`, steps: undoBlockChange(path, result.before, index, result.after, index) });
    }
    return DONE(to === 'done' ? `"${card.title}" is done.` : `"${card.title}" is ${STATUS_WORDS[to]}.`);
  } catch (e) {
    return ctx.failed(e);
  }
}

/**
 * Pickup order: a ready task that is not the first ready one in the file (as it is on
 * disk now) is started only after a modal yes; `true` when it was given, `false` when
 * none was needed, `undefined` when cancelled. A changed file is the move's own refusal.
 */
async function askOutOfOrder(ctx: TaskContext, path: string, card: TaskRef, to: 'in-progress' | 'done'): Promise<boolean | undefined> {
  const fs = ctx.deps.team.current.fs;
  const text = fs ? await readTextFile(fs, path).catch(() => undefined) : undefined;
  if (text === undefined || card.status !== 'ready') return false;
  const tasks = parseTaskFile(text, path).tasks;
  const index = locateTask(tasks, card);
  const next = tasks.findIndex((t) => t.status === 'ready');
  if (index < 0 || tasks[index].status !== 'ready' || next < 0 || next === index) return false;
  const answer = await ctx.deps.prompts.confirm(
    `"${card.title}" is not the next task: agents pick up ready tasks in document order, and "${tasks[next].title}" comes first. ${to === 'done' ? 'Complete' : 'Start'} "${card.title}" out of order anyway? (The activity feed records it.)`,
    OUT_OF_ORDER,
  );
  return answer === OUT_OF_ORDER ? true : undefined;
}
