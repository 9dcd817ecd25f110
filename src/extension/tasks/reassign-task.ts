import { TaskRef } from '../../base/task-ref';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { editFile, readTextFile } from '../../core/edit/edit-file';
import { CortexInputError } from '../../core/edit/errors';
import { Agent } from '../../core/team/model';
import { reassignTask } from '../../core/ops/reassign';
import { blockText } from '../../core/ops/task-block';
import { unclaimText } from '../../core/ops/unclaim';
import { UndoStep, undoReassign } from '../../core/ops/undo';
import { TeamFs } from '../../core/fs/team-fs';
import { parseTaskFile } from '../../core/parse/tasks';
import { TaskContext } from './task-context';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';
import { findTaskInText } from './task-ref';

/*
 * A task handed to another agent: the end of that agent's queue (the core's reassign,
 * both files through the one writer in one write). A ready task moves as it is; a task
 * in progress of an agent that is down is unclaimed first (see unclaim-task.ts).
 */

/** Where a reassigned task was: `index` of `before` in `from`, its block `original`. */
interface LeftTask {
  readonly from: string;
  readonly before: string;
  readonly index: number;
  readonly original: string;
}

/**
 * The undo of a reassignment, both kinds: the task back in `from` where it was, its copy
 * (at `position` of `to`, as that file now has it) out; `undefined` when the copy cannot be read.
 */
async function reassignUndo(fs: TeamFs, left: LeftTask, to: string, position: number): Promise<UndoStep[] | undefined> {
  const copied = await readTextFile(fs, to);
  const copy = copied === undefined ? undefined : parseTaskFile(copied, to).tasks[position - 1];
  if (copied === undefined || !copy) return undefined;
  return undoReassign(left.from, left.before, left.index, left.original, to, copy.title, blockText(copied, copy));
}

/** A ready task dropped into another agent's lane; its undo recorded without a notification (the board shows it). */
export async function reassignReady(ctx: TaskContext, agent: Agent, card: TaskRef, to: string): Promise<TaskOutcome> {
  const target = ctx.agent(to);
  if (!target) {
    void ctx.deps.prompts.warn(`Cortex: there is no agent "${to}" in this team.`);
    return FAILED();
  }
  const from = agent.tasksPath;
  try {
    const event = (r: { title: string; position: number }) => teamEvents.taskReassigned(DASHBOARD_ACTOR, agent.slug, target.slug, target.tasksPath, r.title, r.position);
    const result = await ctx.deps.writer.write({ what: 'reassign a task', paths: [from, target.tasksPath], event }, async (fs, edit) => {
      const text = await readTextFile(fs, from);
      if (text === undefined) throw new CortexInputError(`${from} does not exist any more.`);
      const i = findTaskInText(text, from, card);
      const tasks = parseTaskFile(text, from).tasks;
      // By title when that names it alone (robust if the file moves on meanwhile), else by position.
      const unique = tasks.filter((t) => t.title === card.title).length === 1 && !/^\d+$/.test(card.title.trim());
      const r = await reassignTask(fs, from, target.tasksPath, unique ? card.title : String(i + 1), edit);
      return { ...r, undo: await reassignUndo(fs, { from, before: text, index: i, original: blockText(text, tasks[i]) }, target.tasksPath, r.position) };
    });
    if (!result) return FAILED(RESTRICTED);
    ctx.deps.log.info(`Board: reassigned "${result.title}" from ${from} to ${target.tasksPath}`);
    const message = `"${result.title}" reassigned to ${target.name}.`;
    if (result.undo) ctx.deps.undo.record({ label: `reassigning "${result.title}" to ${target.name}`, steps: result.undo });
    return DONE(message);
  } catch (e) {
    return ctx.failed(e);
  }
}

/**
 * An in-progress task of `agent` (down) unclaimed with `reason` and handed to `to`:
 * unclaimed from the agent that is down, then into the other agent's queue (pickup
 * waits on the reassignment); said with an Undo button.
 */
export async function reassignUnclaimed(ctx: TaskContext, agent: Agent, ref: TaskRef, to: Agent, reason: string): Promise<TaskOutcome> {
  const path = agent.tasksPath;
  if (ctx.refuseIfUnsaved([path, to.tasksPath])) return FAILED();
  const now = ctx.now();
  try {
    const event = (m: { title: string; position: number; unclaimedAt: number }) => [
      teamEvents.taskUnclaimed(DASHBOARD_ACTOR, agent.slug, path, m.title, m.unclaimedAt),
      teamEvents.taskReassigned(DASHBOARD_ACTOR, agent.slug, to.slug, to.tasksPath, m.title, m.position),
    ];
    const moved = await ctx.deps.writer.write({ what: 'reassign a task', paths: [path, to.tasksPath], event }, async (fs, edit) => {
      let index = 0;
      let original = '';
      let before = '';
      let unclaimedBlock = '';
      const unclaimed = await editFile(fs, path, (text) => {
        index = findTaskInText(text, path, ref);
        original = blockText(text, parseTaskFile(text, path).tasks[index]);
        before = text;
        const r = unclaimText(text, path, { ref: String(index + 1), now, reason });
        unclaimedBlock = blockText(r.text, parseTaskFile(r.text, path).tasks[index]);
        return r.text;
      }, edit);
      const result = await reassignTask(fs, path, to.tasksPath, String(index + 1), edit);
      const left = { from: path, before, index, original };
      // The copy as the other agent's file has it; unreadable: as it was unclaimed.
      const steps = (await reassignUndo(fs, left, to.tasksPath, result.position)) ?? undoReassign(path, before, index, original, to.tasksPath, result.title, unclaimedBlock);
      return { title: result.title, position: result.position, unclaimedAt: index + 1, steps, changed: unclaimed.changed };
    });
    if (!moved) return FAILED(RESTRICTED);
    const message = `"${moved.title}" was unclaimed from ${agent.name} (down) and is at the end of ${to.name}'s queue.`;
    ctx.deps.log.info(`Board: ${message}`);
    ctx.deps.undo.done({ label: `reassigning "${moved.title}" to ${to.name}`, steps: moved.steps }, message);
    return DONE(message);
  } catch (e) {
    return ctx.failed(e);
  }
}
