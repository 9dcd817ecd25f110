import { locateByTitle } from '../../base/locate';
import { CortexInputError } from '../../core/errors';
import { Agent, Task, Team } from '../../core/model';
import { parseTaskFile } from '../../core/parse/tasks';

/**
 * A task as the dashboard names it when it acts on one: the agent, the task's index
 * in its tasks.md, its title and the status it showed. The task is found again in the
 * file as it is at that moment (the same position and title, or the only task with
 * that title) and must still have that status, else nothing is written.
 */
export interface TaskRef {
  readonly agent: string;
  readonly index: number;
  readonly title: string;
  readonly status: string | null;
}

export function describeStatus(status: string | null): string {
  return status === null ? 'without a status line' : status;
}

/** The agent and task `ref` names in the parsed team, or a sentence saying why there is none. */
export function taskInTeam(team: Team | undefined, ref: TaskRef): { agent: Agent; task: Task; index: number } | string {
  if (!team) return 'no team folder is loaded.';
  const agent = team.agents.find((a) => a.slug === ref.agent);
  if (!agent) return `there is no agent "${ref.agent}" in this team any more.`;
  const index = locateByTitle(agent.tasks, ref);
  if (index < 0) return `"${ref.title}" is no longer in ${agent.tasksPath} where it was shown; nothing was written.`;
  const task = agent.tasks[index];
  if (task.status !== ref.status) return `"${ref.title}" is now ${describeStatus(task.status)} (it changed since it was shown); nothing was written.`;
  return { agent, task, index };
}

/** The index of `ref` in freshly read text, checked against the status it showed; `CortexInputError` otherwise. */
export function taskInText(text: string, path: string, ref: TaskRef): number {
  const tasks = parseTaskFile(text, path).tasks;
  const i = locateByTitle(tasks, ref);
  if (i < 0) {
    throw new CortexInputError(`"${ref.title}" is no longer where it was shown in ${path} (it was moved, renamed or removed); nothing was written.`);
  }
  if (tasks[i].status !== ref.status) {
    throw new CortexInputError(`"${ref.title}" is now ${describeStatus(tasks[i].status)} in ${path} (it changed since it was shown); nothing was written.`);
  }
  return i;
}
