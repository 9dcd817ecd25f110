import { Task } from '../team/model';

/**
 * Is the uncommitted work in the agent's project this task's? A task in progress: yes.
 * A done task (the caller asks only when nothing was committed for it): only when it is
 * the agent's most recently completed task and nothing is in progress (an agent that finished without committing, as the stand-in did, left
 * its work in the working tree; once another task is under way, the work is that one's).
 */
export function ownsWorkingTree(tasks: readonly Pick<Task, 'status' | 'completed'>[], task: Pick<Task, 'status' | 'completed'>): boolean {
  if (task.status === 'in-progress') return true;
  if (task.status !== 'done' || tasks.some((t) => t.status === 'in-progress')) return false;
  let latest: Pick<Task, 'status' | 'completed'> | undefined;
  for (const t of tasks) {
    // Later in the file wins a tie (or when neither has a time): the protocol appends.
    if (t.status === 'done' && (latest === undefined || (t.completed ?? '') >= (latest.completed ?? ''))) latest = t;
  }
  return latest === task;
}
