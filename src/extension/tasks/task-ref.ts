import { TaskRef, locateTask } from '../../base/task-ref';
import { CortexInputError } from '../../core/edit/errors';
import { Agent, Task, Team } from '../../core/team/model';
import { parseTaskFile } from '../../core/parse/tasks';

/*
 * Finding a task the dashboard named (base/task-ref.ts) again, in the team as the store
 * has it or in a file's fresh text: the same position and title, or the only task with
 * that title, and still with the status it showed; else nothing is written. The board
 * and the task actions both go through here.
 */

export function describeStatus(status: string | null): string {
  return status === null ? 'without a status line' : status;
}

/** The agent and task `ref` names in the parsed team, or a sentence saying why there is none. */
export function findTask(team: Team | undefined, ref: TaskRef): { agent: Agent; task: Task; index: number } | string {
  if (!team) return 'no team folder is loaded.';
  const agent = team.agents.find((a) => a.slug === ref.agent);
  if (!agent) return `there is no agent "${ref.agent}" in this team any more.`;
  const index = locateTask(agent.tasks, ref);
  if (index < 0) return `"${ref.title}" is no longer in ${agent.tasksPath} where it was shown; nothing was written.`;
  const task = agent.tasks[index];
  if (task.status !== ref.status) return `"${ref.title}" is now ${describeStatus(task.status)} (it changed since it was shown); nothing was written.`;
  return { agent, task, index };
}

/** The index of `ref` in freshly read text, checked against the status it showed; `CortexInputError` otherwise. */
export function findTaskInText(text: string, path: string, ref: TaskRef): number {
  const tasks = parseTaskFile(text, path).tasks;
  const i = locateTask(tasks, ref);
  if (i < 0) {
    throw new CortexInputError(`"${ref.title}" is no longer where it was shown in ${path} (it was moved, renamed or removed); nothing was written.`);
  }
  if (tasks[i].status !== ref.status) {
    throw new CortexInputError(`"${ref.title}" is now ${describeStatus(tasks[i].status)} in ${path} (it changed since it was shown); nothing was written.`);
  }
  return i;
}

/** The team's `whenIdle`, or after `ms` when files keep changing. */
export function whenIdle(store: { whenIdle(): Promise<void> }, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void store.whenIdle().then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The task `ref` names, from the team once its files have settled (at most 2 s): how
 * every card operation starts. `undefined`, the person told why, when it is gone or changed.
 */
export async function findSettledTask(
  team: { readonly current: { readonly team?: Team | undefined }; whenIdle(): Promise<void> },
  ref: TaskRef,
  warn: (message: string) => unknown,
): Promise<{ agent: Agent; task: Task; index: number } | undefined> {
  await whenIdle(team, 2000);
  const found = findTask(team.current.team, ref);
  if (typeof found !== 'string') return found;
  void warn(`Cortex: ${found}`);
  return undefined;
}
