import { DropPlan } from '../../base/drop-plan';
import { TaskRef } from '../../base/task-ref';
import { TaskStatus } from '../../base/task-status';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { Agent } from '../../core/team/model';
import { editTaskText } from '../../core/ops/edit-task';
import { cancelTask } from './cancel-task';
import { dispatchAgain, explainDone } from './dispatch-again';
import { moveTask } from './move-task';
import { reassignReady } from './reassign-task';
import { reorderTask } from './reorder-task';
import { acceptTask, sendBackTask } from './review-task';
import { changeTask } from './task-change';
import { FoundTask, TaskContext, TaskServiceDeps } from './task-context';
import { DONE, FAILED, TaskOutcome, whenTrusted } from './task-outcome';
import { unclaimTask } from './unclaim-task';

/** Where a card was dropped: a lane (agent) and column, next to `anchor` in the ready column. */
export interface CardTarget {
  readonly agent: string;
  readonly column: TaskStatus | 'other';
  readonly anchor: { readonly index: number; readonly title: string } | null;
  readonly place: 'before' | 'after';
}

/** What a drop of `card` (as it is now) on `target` means: the board's rule (`planDrop`). */
export type PlanDrop = (card: TaskRef, target: CardTarget, agentName: (slug: string) => string) => DropPlan;

/**
 * The one way a card operation reaches the task files, from the board, the review diff
 * and the commands: move, reorder, reassign, dispatch again, accept, send back, edit,
 * cancel, unclaim, undo. Each finds the task the person saw again as it is now (same
 * position and title, or the only task so titled, still with the status shown), else
 * writes nothing and says why; each is one core operation through the one writer
 * (Restricted Mode writes nothing, a file with unsaved changes in an editor is never
 * written, the writer applies it again if the file changes while it writes); each is
 * recorded for undo and ends in one `TaskOutcome`, its failures told by one policy
 * (`failedOutcome`).
 */
export class TaskService {
  /** What a refusal went on to do (the "Dispatch again" offer), for tests to wait on. */
  followUp: Promise<unknown> = Promise.resolve();
  private readonly ctx: TaskContext;

  constructor(deps: TaskServiceDeps) {
    this.ctx = new TaskContext(deps);
  }

  /** A card dropped on `target` (or moved there by keyboard or menu): `plan` says what that means for the task as it is now. */
  async drop(card: TaskRef, target: CardTarget, plan: PlanDrop): Promise<TaskOutcome> {
    const found = await this.ctx.current(card);
    if (!found) return FAILED();
    const { agent, task, index } = found;
    const move = plan({ agent: agent.slug, index, title: task.title, status: task.status }, target, (slug) => this.ctx.agentName(slug));
    switch (move.kind) {
      case 'none':
        return DONE('Nothing to change.');
      case 'invalid':
        void this.ctx.deps.prompts.warn(move.reason);
        return FAILED(move.reason);
      case 'refuse-done':
        // Not awaited: the message stays until dismissed; the caller hears back at once.
        this.followUp = explainDone(this.ctx, agent, task, index, move.dispatchTo, (c, to) => this.dispatchAgain(c, to));
        return FAILED(`"${task.title}" is done and stays done.`);
      case 'move':
        return this.trusted('move a task', () => moveTask(this.ctx, agent, card, move.to));
      case 'reorder':
        return this.trusted('reorder tasks', () => reorderTask(this.ctx, agent, card, move.anchor, move.place));
      case 'reassign':
        return this.trusted('reassign a task', () => reassignReady(this.ctx, agent, card, move.to));
    }
  }

  /**
   * "Reassign to…": the person picks the agent; the task joins the end of that agent's
   * queue (a drop there, planned by `plan`); a task in progress of an agent that is
   * down is unclaimed first.
   */
  async reassignPick(card: TaskRef, plan: PlanDrop): Promise<TaskOutcome> {
    const found = await this.ctx.current(card);
    if (!found) return FAILED();
    const others = (this.ctx.deps.team.current.team?.agents ?? []).filter((a) => a.slug !== found.agent.slug);
    if (others.length === 0) {
      void this.ctx.deps.prompts.info('Cortex: there is no other agent to reassign the task to.');
      return FAILED();
    }
    const picked = await this.ctx.deps.prompts.pick(
      others.map((a) => ({ label: a.name, description: a.slug, detail: a.role ?? undefined, slug: a.slug })),
      { title: `Reassign "${found.task.title}"`, placeHolder: 'The agent whose queue it joins (at the end)', matchOnDescription: true },
    );
    if (!picked) return FAILED(null);
    if (found.task.status === 'in-progress') return this.unclaim(card, others.find((a) => a.slug === picked.slug));
    return this.drop(card, { agent: picked.slug, column: 'ready', anchor: null, place: 'after' }, plan);
  }

  /** A done task, dispatched again as a new ready task into `to`'s queue (default: the same agent). */
  async dispatchAgain(card: TaskRef, to: string = card.agent): Promise<TaskOutcome> {
    const found = await this.ctx.current(card);
    return found ? dispatchAgain(this.ctx, found, to) : FAILED();
  }

  /** Records the review `accepted` on a done task. */
  accept(ref: TaskRef): Promise<TaskOutcome> {
    return this.withTask('accept a task', ref, (f) => acceptTask(this.ctx, f.agent, f.task, ref));
  }

  /** The review `sent back` on a done task and "Rework: <title>" at the end of the queue, quoting `comment` (asked for when not given). */
  sendBack(ref: TaskRef, comment?: string): Promise<TaskOutcome> {
    return this.withTask('send a task back', ref, (f) => sendBackTask(this.ctx, f.agent, ref, comment));
  }

  /** A ready task's title and description, changed against what the form showed (`expected`). */
  edit(ref: TaskRef, expected: { title: string; body: string }, title: string, body: string): Promise<TaskOutcome> {
    return this.withTask('edit a task', ref, ({ agent }) =>
      changeTask(this.ctx, agent, ref, 'edit a task', (text, i) => editTaskText(text, agent.tasksPath, { ref: String(i + 1), expected, title, body }), (t, position) => ({
        label: `the edit of "${t}"`,
        message: `edited "${t}" in ${agent.name}'s queue.`,
        event: teamEvents.taskEdited(DASHBOARD_ACTOR, agent.slug, agent.tasksPath, t, position),
      })),
    );
  }

  /** A ready task out of the queue into the agent's cancelled.md. */
  cancel(ref: TaskRef): Promise<TaskOutcome> {
    return this.withTask('cancel a task', ref, (f) => cancelTask(this.ctx, f.agent, ref));
  }

  /** An in-progress task of an agent that is down back to ready; with `to`, into that agent's queue. */
  unclaim(ref: TaskRef, to?: Agent): Promise<TaskOutcome> {
    return this.withTask(to ? 'reassign a task' : 'unclaim a task', ref, (f) => unclaimTask(this.ctx, f.agent, ref, to));
  }

  /** Undoes the last card operation (Ctrl+Z on the board, Undo Last Board Action). */
  undo(): Promise<TaskOutcome> {
    return this.ctx.deps.undo.undo();
  }

  /** `run` on the task `ref` names, found again, unless Restricted Mode refuses before anything is asked. */
  private withTask(what: string, ref: TaskRef, run: (found: FoundTask) => Promise<TaskOutcome>): Promise<TaskOutcome> {
    return this.trusted(what, async () => {
      const found = await this.ctx.current(ref);
      return found ? run(found) : FAILED();
    });
  }

  private trusted(what: string, run: () => Promise<TaskOutcome>): Promise<TaskOutcome> {
    return whenTrusted(this.ctx.deps.writer, what, run);
  }
}
