import { TaskRef } from '../../base/task-ref';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { editFile } from '../../core/edit/edit-file';
import { Agent, Task } from '../../core/team/model';
import { reviewText, sendBackText } from '../../core/ops/review';
import { undoAdd, undoBlockChange } from '../../core/ops/undo';
import { reviewOf } from '../../core/review/review-line';
import { TaskContext } from './task-context';
import { changeTask } from './task-change';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';
import { findTaskInText } from './task-ref';

/** Records the review `accepted` on a done task. */
export function acceptTask(ctx: TaskContext, agent: Agent, task: Task, ref: TaskRef): Promise<TaskOutcome> {
  // A second Accept would only restamp the line (or change nothing) and record an undo that undoes nothing.
  const review = reviewOf(task);
  if (review?.verdict === 'accepted') return Promise.resolve(DONE(`"${task.title}" was already accepted on ${review.at.replace('T', ' ')}; nothing changed.`));
  const now = ctx.now();
  return changeTask(ctx, agent, ref, 'accept a task', (text, i) => reviewText(text, agent.tasksPath, { ref: String(i + 1), verdict: 'accepted', now }), (t) => ({
    label: `the acceptance of "${t}"`,
    message: `accepted "${t}" (${agent.name}).`,
    event: teamEvents.taskReviewed(DASHBOARD_ACTOR, agent.slug, agent.tasksPath, t, 'accepted'),
  }));
}

/**
 * Sends a done task back: the review `sent back` on it and "Rework: <title>" at the end
 * of the same agent's queue, quoting `comment` (asked for when not given).
 */
export async function sendBackTask(ctx: TaskContext, agent: Agent, ref: TaskRef, comment?: string): Promise<TaskOutcome> {
  if (ctx.refuseIfUnsaved([agent.tasksPath])) return FAILED();
  let text = comment;
  if (text === undefined) {
    text = await ctx.deps.prompts.input({
      title: `Send Back "${ref.title}"`,
      prompt: `What needs more work? It is quoted in a new task "Rework: ${ref.title}" at the end of ${agent.name}'s queue; the task itself stays done.`,
      placeHolder: 'The comment for the agent',
      validateInput: (v) => (v.trim() === '' ? 'Say what needs more work.' : undefined),
    });
    if (text === undefined) return FAILED(null);
  }
  const now = ctx.now();
  const path = agent.tasksPath;
  try {
    let position = 0;
    let r: ReturnType<typeof sendBackText> | undefined;
    const event = () => r && teamEvents.taskReviewed(DASHBOARD_ACTOR, agent.slug, path, r.title, 'sent back', r.reworkTitle);
    const result = await ctx.deps.writer.write({ what: 'send a task back', paths: [path], event }, (fs, edit) =>
      editFile(fs, path, (t) => {
        position = findTaskInText(t, path, ref);
        r = sendBackText(t, path, { ref: String(position + 1), comment: text!, now });
        return r.text;
      }, edit),
    );
    if (!result || !r) return FAILED(RESTRICTED);
    const steps = [...undoAdd(path, result.after, r.reworkPosition - 1), ...undoBlockChange(path, result.before, position, result.after, position)];
    const message = `sent "${r.title}" back: "${r.reworkTitle}" is at the end of ${agent.name}'s queue.`;
    ctx.deps.log.info(`Review: ${message}`);
    ctx.deps.undo.done({ label: `sending "${r.title}" back`, steps }, message);
    return DONE(message);
  } catch (e) {
    return ctx.failed(e);
  }
}
