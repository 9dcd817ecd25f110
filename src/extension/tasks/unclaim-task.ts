import { TaskRef } from '../../base/task-ref';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { agentLiveness } from '../../core/team/liveness';
import { Agent } from '../../core/team/model';
import { unclaimText } from '../../core/ops/unclaim';
import { reassignUnclaimed } from './reassign-task';
import { TaskContext } from './task-context';
import { changeTask } from './task-change';
import { FAILED, TaskOutcome } from './task-outcome';

/**
 * An in-progress task of an agent that is down goes back to ready, its Started line
 * removed and an Unclaimed note added; with `to`, it then joins that agent's queue.
 * An agent that may be working on it right now keeps it.
 */
export async function unclaimTask(ctx: TaskContext, agent: Agent, ref: TaskRef, to?: Agent): Promise<TaskOutcome> {
  const snapshot = ctx.deps.team.current;
  const liveness = agentLiveness(agent, snapshot.now, snapshot.staleAfterMinutes);
  if (liveness !== 'down' && liveness !== 'inactive') {
    const message = `${agent.name} is ${liveness} and may be working on "${ref.title}" right now; a task in progress is unclaimed only when its agent is down.`;
    void ctx.deps.prompts.warn(`Cortex: ${message}`);
    return FAILED(message);
  }
  const reason = `${agent.name} was ${liveness}${to ? `; reassigned to ${to.name}` : ''}; check the project for partial work before starting again`;
  if (to) return reassignUnclaimed(ctx, agent, ref, to, reason);
  const now = ctx.now();
  const path = agent.tasksPath;
  return changeTask(ctx, agent, ref, 'unclaim a task', (text, i) => unclaimText(text, path, { ref: String(i + 1), now, reason }), (t, position) => ({
    label: `unclaiming "${t}"`,
    message: `put "${t}" back in ${agent.name}'s queue as ready.`,
    event: teamEvents.taskUnclaimed(DASHBOARD_ACTOR, agent.slug, path, t, position),
  }));
}
