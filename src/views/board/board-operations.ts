import type * as vscode from 'vscode';
import { TextOperation, WriteOutcome, readTextFile, writeOperation } from '../../core/edit';
import { CortexInputError } from '../../core/errors';
import { MoveResult, moveText, taskMoveOperation } from '../../core/ops/move';
import { reassignTask } from '../../core/ops/reassign';
import { ReorderResult, reorderOperation } from '../../core/ops/reorder';
import { Agent, Task } from '../../core/model';
import { parseTaskFile } from '../../core/parse/tasks';
import { UndoEntry, undoAdd, undoBlockChange, undoReassign, undoReorder } from '../../core/ops/undo';
import { blockText } from '../../core/ops/task-block';
import type { TaskActions } from '../../extension/tasks/task-actions';
import { findSettledTask, findTaskInText } from '../../extension/tasks/task-ref';
import type { UndoHistory } from '../../extension/tasks/undo-history';
import { formatStamp } from '../../base/time';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { ReadonlyTeam, ViewPrompts, ViewWriter } from '../shared/sources';
import { againTitle, planDrop } from './common/drop';
import { DropTarget } from './common/messages';
import { isOpenStatus, STATUS_WORDS } from '../../base/task-status';
import { DONE, FAILED, RESTRICTED, TaskOutcome, failedOutcome, refuseIfUnsaved, whenTrusted } from '../../extension/tasks/task-outcome';
import { locateTask, TaskRef } from '../../base/task-ref';

/**
 * What the board's drops and menu actions do on the host: each is one core operation
 * on the task file as it is on disk right now, through the one writer (Restricted
 * Mode writes nothing; a tasks.md with unsaved changes in an editor is never written;
 * the writer applies the operation again if the file changes while it writes, and the
 * team's journal puts a move or reorder back when an agent's stale rewrite removes it;
 * the store re-reads the file at once, so the board's next snapshot reflects it).
 *
 * The page names a task by agent, index and title (and the status it showed); the task
 * is found again in the fresh text by `locateTask` (same position and title, or the
 * only task with that title) and must still have that status, else nothing is written
 * and the user is told the board was out of date.
 */
export interface BoardOperationsDeps {
  readonly team: ReadonlyTeam;
  readonly writer: ViewWriter;
  readonly prompts: ViewPrompts;
  readonly log: vscode.LogOutputChannel;
  /** The one dispatch (Dispatch Task's write and message); throws what was refused, `undefined` in Restricted Mode. */
  dispatch(agent: Agent, title: string, body: string): Promise<{ readonly title: string } | undefined>;
  /** The title check Dispatch Task uses: an error when the agent already has an open task so named. */
  checkTitle(agent: Agent, title: string): string | undefined;
  /** Review and correction: accept, send back, edit, cancel, unclaim (also a reassign of a task in progress). */
  readonly tasks: Pick<TaskActions, 'accept' | 'sendBack' | 'edit' | 'cancel' | 'unclaim'>;
  /** Where every board action is recorded for undo (and says what it did, with an Undo button). */
  readonly undo: Pick<UndoHistory, 'record' | 'undo'>;
}

export const DISPATCH_AGAIN = 'Dispatch Again as a New Task';
/** The modal's action for a ready task started ahead of an earlier one. */
export const OUT_OF_ORDER = 'Out of Order';

/** A move's feed entry: a ready task taken to done was started too; an out-of-order start is said. */
function movedEvent(agent: string, path: string, r: MoveResult, to: 'in-progress' | 'done', now: string, summary: string | undefined, outOfOrder: boolean) {
  const event = teamEvents.taskMoved(DASHBOARD_ACTOR, agent, path, r.title, to, now, r.position, summary);
  const fromReady = r.from === 'ready';
  return { ...event, details: { ...event.details, ...(fromReady && to === 'done' ? { started: now } : {}), ...(fromReady && outOfOrder ? { outOfOrder: true } : {}) } };
}

export class BoardOperations {
  /** What a refusal went on to do (the "Dispatch again" offer), for tests to wait on. */
  followUp: Promise<unknown> = Promise.resolve();

  constructor(private readonly ctx: BoardOperationsDeps) {}

  /** A card dropped on a target (also what the keyboard and the menu's moves send). */
  async drop(card: TaskRef, target: DropTarget): Promise<TaskOutcome> {
    const found = await this.current(card);
    if (!found) return FAILED();
    const { agent, task, index } = found;
    const dragged: TaskRef = { agent: agent.slug, index, title: task.title, status: task.status };
    const plan = planDrop(dragged, target, (slug) => this.agentName(slug));
    switch (plan.kind) {
      case 'none':
        return DONE('Nothing to change.');
      case 'invalid':
        void this.ctx.prompts.warn(plan.reason);
        return FAILED(plan.reason);
      case 'refuse-done':
        // Not awaited: the message stays until dismissed; the page hears back at once.
        this.followUp = this.explainDone(agent, task, index, plan.dispatchTo);
        return FAILED(`"${task.title}" is done and stays done.`);
      case 'move':
        return this.trusted('move a task', () => this.move(agent, card, plan.to));
      case 'reorder':
        return this.trusted('reorder tasks', () => this.reorder(agent, card, plan.anchor, plan.place));
      case 'reassign':
        return this.trusted('reassign a task', () => this.reassign(agent, card, plan.to));
    }
  }

  /** "Reassign to…": the user picks the agent. */
  async reassignPick(card: TaskRef): Promise<TaskOutcome> {
    const found = await this.current(card);
    if (!found) return FAILED();
    const team = this.ctx.team.current.team;
    const others = (team?.agents ?? []).filter((a) => a.slug !== found.agent.slug);
    if (others.length === 0) {
      void this.ctx.prompts.info('Cortex: there is no other agent to reassign the task to.');
      return FAILED();
    }
    const picked = await this.ctx.prompts.pick(
      others.map((a) => ({ label: a.name, description: a.slug, detail: a.role ?? undefined, slug: a.slug })),
      { title: `Reassign "${found.task.title}"`, placeHolder: 'The agent whose queue it joins (at the end)', matchOnDescription: true },
    );
    if (!picked) return FAILED(null);
    // A task in progress of an agent that is down is unclaimed first (see TaskActions.unclaim).
    if (found.task.status === 'in-progress') return this.ctx.tasks.unclaim(card, others.find((a) => a.slug === picked.slug));
    return this.drop(card, { agent: picked.slug, column: 'ready', anchor: null, place: 'after' });
  }

  /** A done task, dispatched again as a new ready task into `to`'s queue (default: the same agent). */
  async dispatchAgain(card: TaskRef, to: string = card.agent): Promise<TaskOutcome> {
    const found = await this.current(card);
    if (!found) return FAILED();
    const target = this.ctx.team.current.team?.agents.find((a) => a.slug === to);
    if (!target) {
      void this.ctx.prompts.warn(`Cortex: there is no agent "${to}" in this team.`);
      return FAILED();
    }
    const active = new Set(target.tasks.filter((t) => isOpenStatus(t.status)).map((t) => t.title));
    const title = await this.ctx.prompts.input({
      title: 'Dispatch Again as a New Task',
      prompt: `A new ready task at the end of ${target.name}'s queue, with the description of "${found.task.title}". Its title must differ from ${target.name}'s active tasks.`,
      value: againTitle(found.task.title, active),
      validateInput: (v) => this.ctx.checkTitle(target, v),
    });
    if (title === undefined || title.trim() === '') return FAILED(null);
    try {
      const result = await this.ctx.dispatch(target, title.trim(), found.task.body);
      if (!result) return FAILED(RESTRICTED);
      await this.recordAdded(target.tasksPath, result.title, `dispatching "${result.title}" to ${target.name}`);
      return DONE(`Dispatched "${result.title}" to ${target.name}.`);
    } catch (e) {
      return this.failed(e);
    }
  }

  /** Records the undo of a task just added to `path` (its dispatch said what it did, with its own buttons). */
  private async recordAdded(path: string, title: string, label: string): Promise<void> {
    const fs = this.ctx.team.current.fs;
    const text = fs ? await readTextFile(fs, path).catch(() => undefined) : undefined;
    if (text === undefined) return;
    const tasks = parseTaskFile(text, path).tasks;
    let index = -1;
    for (let i = tasks.length - 1; i >= 0 && index < 0; i--) if (tasks[i].title === title && tasks[i].status === 'ready') index = i;
    if (index >= 0) this.ctx.undo.record({ label, steps: undoAdd(path, text, index) });
  }

  // ---- the operations --------------------------------------------------------------

  private async move(agent: Agent, card: TaskRef, to: 'in-progress' | 'done'): Promise<TaskOutcome> {
    const path = agent.tasksPath;
    if (this.refuseIfUnsaved([path])) return FAILED();
    const outOfOrder = await this.askOutOfOrder(path, card, to);
    if (outOfOrder === undefined) return FAILED(null);
    let summary: string | undefined;
    if (to === 'done') {
      const answer = await this.ctx.prompts.input({
        title: `Complete "${card.title}"`,
        prompt: 'Summary (optional): written under "### Summary" in the task. Leave empty for none; Escape cancels.',
        placeHolder: 'What was done',
      });
      if (answer === undefined) return FAILED(null);
      summary = answer.trim() === '' ? undefined : answer;
      // The editor may have been touched while the box was open.
      if (this.refuseIfUnsaved([path])) return FAILED();
    }
    const now = formatStamp(this.ctx.team.current.now);
    // An operation with `holds`: an agent's stale rewrite that undoes the move gets it again (the writer's journal).
    // A re-apply (ref given) restores the same move: no second order check.
    const op = taskMoveOperation(path, to, (text, ref) => moveText(text, path, { ref: ref ?? String(findTaskInText(text, path, card) + 1), to, now, summary, outOfOrder: outOfOrder || ref !== undefined }));
    try {
      const result = await this.ctx.writer.write(
        { what: 'move a task', paths: [path], event: (r: WriteOutcome<MoveResult>) => (r.changed ? movedEvent(agent.slug, path, r.result, to, now, summary, outOfOrder) : undefined) },
        (fs, edit) => writeOperation(fs, path, op, edit),
      );
      if (!result) return FAILED(RESTRICTED);
      if (result.changed) {
        this.ctx.log.info(`Board: moved "${card.title}" to ${to} in ${path}`);
        const index = locateTask(parseTaskFile(result.before, path).tasks, card);
        if (index >= 0) this.recordUndo({ label: `moving "${card.title}" to ${STATUS_WORDS[to]}`, steps: undoBlockChange(path, result.before, index, result.after, index) });
      }
      return DONE(to === 'done' ? `"${card.title}" is done.` : `"${card.title}" is ${STATUS_WORDS[to]}.`);
    } catch (e) {
      return this.failed(e);
    }
  }

  /**
   * Pickup order: a ready task that is not the first ready one in the file (as it is on
   * disk now) is started only after a modal yes; `true` when it was given, `false` when
   * none was needed, `undefined` when cancelled. A changed file is the move's own refusal.
   */
  private async askOutOfOrder(path: string, card: TaskRef, to: 'in-progress' | 'done'): Promise<boolean | undefined> {
    const fs = this.ctx.team.current.fs;
    const text = fs ? await readTextFile(fs, path).catch(() => undefined) : undefined;
    if (text === undefined || card.status !== 'ready') return false;
    const tasks = parseTaskFile(text, path).tasks;
    const index = locateTask(tasks, card);
    const next = tasks.findIndex((t) => t.status === 'ready');
    if (index < 0 || tasks[index].status !== 'ready' || next < 0 || next === index) return false;
    const answer = await this.ctx.prompts.confirm(
      `"${card.title}" is not the next task: agents pick up ready tasks in document order, and "${tasks[next].title}" comes first. ${to === 'done' ? 'Complete' : 'Start'} "${card.title}" out of order anyway? (The activity feed records it.)`,
      OUT_OF_ORDER,
    );
    return answer === OUT_OF_ORDER ? true : undefined;
  }

  private async reorder(agent: Agent, card: TaskRef, anchor: { index: number; title: string }, place: 'before' | 'after'): Promise<TaskOutcome> {
    const path = agent.tasksPath;
    if (this.refuseIfUnsaved([path])) return FAILED();
    // The core's reorder operation (with `holds`, so the writer's journal puts it back
    // after an agent's stale rewrite), made on the first text read: the board's card and
    // anchor are located there; later applies find both tasks again by id or title.
    let reorder: TextOperation<ReorderResult> | null = null;
    const op: TextOperation<ReorderResult> = {
      apply: (text, file) => {
        if (!reorder) {
          const i = findTaskInText(text, path, card);
          const a = locateTask(parseTaskFile(text, path).tasks, anchor);
          if (a < 0) throw new CortexInputError(`"${anchor.title}" is no longer where the board showed it in ${path}; nothing was moved. The board has been refreshed.`);
          reorder = reorderOperation(path, place === 'before' ? { ref: String(i + 1), before: String(a + 1) } : { ref: String(i + 1), after: String(a + 1) });
        }
        return reorder.apply(text, file);
      },
      holds: (text) => reorder?.holds?.(text) ?? false,
    };
    try {
      const result = await this.ctx.writer.write(
        { what: 'reorder tasks', paths: [path], event: (r: WriteOutcome<ReorderResult>) => (r.changed && r.result.from !== r.result.to ? teamEvents.taskReordered(DASHBOARD_ACTOR, agent.slug, path, r.result.title, r.result.from, r.result.to) : undefined) },
        (fs, edit) => writeOperation(fs, path, op, edit),
      );
      if (!result) return FAILED(RESTRICTED);
      if (result.changed) {
        this.ctx.log.info(`Board: moved "${card.title}" ${place} "${anchor.title}" in ${path}`);
        const index = locateTask(parseTaskFile(result.before, path).tasks, card);
        if (index >= 0) this.recordUndo({ label: `moving "${card.title}" ${place} "${anchor.title}"`, steps: undoReorder(path, result.before, index) });
      }
      return DONE(`"${card.title}" moved ${place} "${anchor.title}".`);
    } catch (e) {
      return this.failed(e);
    }
  }

  private async reassign(agent: Agent, card: TaskRef, to: string): Promise<TaskOutcome> {
    const target = this.ctx.team.current.team?.agents.find((a) => a.slug === to);
    if (!target) {
      void this.ctx.prompts.warn(`Cortex: there is no agent "${to}" in this team.`);
      return FAILED();
    }
    const from = agent.tasksPath;
    try {
      const event = (r: { title: string; position: number }) => teamEvents.taskReassigned(DASHBOARD_ACTOR, agent.slug, target.slug, target.tasksPath, r.title, r.position);
      const result = await this.ctx.writer.write({ what: 'reassign a task', paths: [from, target.tasksPath], event }, async (fs, edit) => {
        const text = await readTextFile(fs, from);
        if (text === undefined) throw new CortexInputError(`${from} does not exist any more.`);
        const i = findTaskInText(text, from, card);
        const tasks = parseTaskFile(text, from).tasks;
        // By title when that names it alone (robust if the file moves on meanwhile), else by position.
        const unique = tasks.filter((t) => t.title === card.title).length === 1 && !/^\d+$/.test(card.title.trim());
        const r = await reassignTask(fs, from, target.tasksPath, unique ? card.title : String(i + 1), edit);
        const copied = await readTextFile(fs, target.tasksPath);
        const copy = copied === undefined ? undefined : parseTaskFile(copied, target.tasksPath).tasks[r.position - 1];
        const undo = copy && copied !== undefined ? undoReassign(from, text, i, blockText(text, tasks[i]), target.tasksPath, copy.title, blockText(copied, copy)) : undefined;
        return { ...r, undo };
      });
      if (!result) return FAILED(RESTRICTED);
      this.ctx.log.info(`Board: reassigned "${result.title}" from ${from} to ${target.tasksPath}`);
      const message = `"${result.title}" reassigned to ${target.name}.`;
      if (result.undo) this.ctx.undo.record({ label: `reassigning "${result.title}" to ${target.name}`, steps: result.undo });
      return DONE(message);
    } catch (e) {
      return this.failed(e);
    }
  }

  // ---- helpers ---------------------------------------------------------------------

  /**
   * Records a move's undo (Ctrl+Z, Undo Last Board Action) without a notification: the
   * board shows a move where it happened, and one notification per drag would pile up
   * over the board's own columns.
   */
  private recordUndo(entry: UndoEntry): void {
    this.ctx.undo.record(entry);
  }

  /** The agent and task the page means, from the store; tells the user when it is gone or changed. */
  private current(card: TaskRef): Promise<{ agent: Agent; task: Task; index: number } | undefined> {
    return findSettledTask(this.ctx.team, card, (m) => this.ctx.prompts.warn(m));
  }

  private async explainDone(agent: Agent, task: Task, index: number, dispatchTo: string): Promise<void> {
    const where = dispatchTo === agent.slug ? '' : ` for ${this.agentName(dispatchTo)}`;
    const answer = await this.ctx.prompts.warn(
      `"${task.title}" is done, and done is final in the task protocol: agents never pick up a finished task again, so the board does not move it back or hand it on. Dispatch it again as a new task${where} instead.`,
      DISPATCH_AGAIN,
    );
    if (answer === DISPATCH_AGAIN) await this.dispatchAgain({ agent: agent.slug, index, title: task.title, status: task.status }, dispatchTo);
  }

  private trusted(what: string, run: () => Promise<TaskOutcome>): Promise<TaskOutcome> {
    return whenTrusted(this.ctx.writer, what, run);
  }

  private refuseIfUnsaved(paths: readonly string[]): boolean {
    return refuseIfUnsaved(this.ctx.writer, paths, this.ctx);
  }

  private failed(e: unknown): TaskOutcome {
    return failedOutcome(e, this.ctx);
  }

  private agentName(slug: string): string {
    return this.ctx.team.current.team?.agents.find((a) => a.slug === slug)?.name ?? slug;
  }
}

