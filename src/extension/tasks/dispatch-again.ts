import { TaskRef } from '../../base/task-ref';
import { isOpenStatus } from '../../base/task-status';
import { readTextFile } from '../../core/edit/edit-file';
import { Agent, Task } from '../../core/team/model';
import { undoAdd } from '../../core/ops/undo';
import { parseTaskFile } from '../../core/parse/tasks';
import { FoundTask, TaskContext } from './task-context';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';

/*
 * Done is final in the task protocol: a done task is never moved back or handed on;
 * it is dispatched again as a new ready task (the one dispatch, Dispatch Task's).
 */

export const DISPATCH_AGAIN = 'Dispatch Again as a New Task';

/** A title for a done task dispatched again: "<title> (again)", numbered when that is taken by an active task. */
export function againTitle(title: string, activeTitles: ReadonlySet<string>): string {
  const base = `${title} (again)`;
  if (!activeTitles.has(base)) return base;
  for (let n = 2; ; n++) {
    const t = `${title} (again ${n})`;
    if (!activeTitles.has(t)) return t;
  }
}

/** The done task `found`, dispatched again as a new ready task into `to`'s queue, its title asked for. */
export async function dispatchAgain(ctx: TaskContext, found: FoundTask, to: string): Promise<TaskOutcome> {
  const target = ctx.agent(to);
  if (!target) {
    void ctx.deps.prompts.warn(`Cortex: there is no agent "${to}" in this team.`);
    return FAILED();
  }
  const active = new Set(target.tasks.filter((t) => isOpenStatus(t.status)).map((t) => t.title));
  const title = await ctx.deps.prompts.input({
    title: 'Dispatch Again as a New Task',
    prompt: `A new ready task at the end of ${target.name}'s queue, with the description of "${found.task.title}". Its title must differ from ${target.name}'s active tasks.`,
    value: againTitle(found.task.title, active),
    validateInput: (v) => ctx.deps.checkTitle(target, v),
  });
  if (title === undefined || title.trim() === '') return FAILED(null);
  try {
    const result = await ctx.deps.dispatch(target, title.trim(), found.task.body);
    if (!result) return FAILED(RESTRICTED);
    await recordAdded(ctx, target.tasksPath, result.title, `dispatching "${result.title}" to ${target.name}`);
    return DONE(`Dispatched "${result.title}" to ${target.name}.`);
  } catch (e) {
    return ctx.failed(e);
  }
}

/** Records the undo of a task just added to `path` (its dispatch said what it did, with its own buttons). */
async function recordAdded(ctx: TaskContext, path: string, title: string, label: string): Promise<void> {
  const fs = ctx.deps.team.current.fs;
  const text = fs ? await readTextFile(fs, path).catch(() => undefined) : undefined;
  if (text === undefined) return;
  const tasks = parseTaskFile(text, path).tasks;
  let index = -1;
  for (let i = tasks.length - 1; i >= 0 && index < 0; i--) if (tasks[i].title === title && tasks[i].status === 'ready') index = i;
  if (index >= 0) ctx.deps.undo.record({ label, steps: undoAdd(path, text, index) });
}

/** A done card dropped elsewhere: why it stays, with the offer to dispatch it again (`again` does that). */
export async function explainDone(ctx: TaskContext, agent: Agent, task: Task, index: number, dispatchTo: string, again: (card: TaskRef, to: string) => Promise<unknown>): Promise<void> {
  const where = dispatchTo === agent.slug ? '' : ` for ${ctx.agentName(dispatchTo)}`;
  const answer = await ctx.deps.prompts.warn(
    `"${task.title}" is done, and done is final in the task protocol: agents never pick up a finished task again, so the board does not move it back or hand it on. Dispatch it again as a new task${where} instead.`,
    DISPATCH_AGAIN,
  );
  if (answer === DISPATCH_AGAIN) await again({ agent: agent.slug, index, title: task.title, status: task.status }, dispatchTo);
}
