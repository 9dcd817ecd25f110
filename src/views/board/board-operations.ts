import * as vscode from 'vscode';
import { editFile, readTextFile } from '../../core/edit';
import { CortexConflictError, CortexInputError } from '../../core/errors';
import { dispatchTask } from '../../core/ops/dispatch';
import { moveText } from '../../core/ops/move';
import { reassignTask } from '../../core/ops/reassign';
import { reorderText } from '../../core/ops/reorder';
import { Agent, Task } from '../../core/model';
import { parseTaskFile } from '../../core/parse/tasks';
import { formatStamp } from '../../base/time';
import { Prompts } from '../../extension/prompts';
import { TeamStore } from '../../extension/team-store';
import { WriteGuard } from '../../extension/trust';
import { DraggedCard, againTitle, locateTask, planDrop } from './common/drop';
import { CardRef, DropTarget } from './common/messages';

/**
 * What the board's drops and menu actions do on the host: each is one core operation
 * on the task file as it is on disk right now (through `editFile`, which applies it
 * again if the file changes while it writes), behind the write guard (Restricted Mode
 * never writes).
 *
 * - The page names a task by agent, index and title (and the status it showed); the
 *   task is found again in the fresh text by `locateTask` (same position and title, or
 *   the only task with that title) and must still have that status, else nothing is
 *   written and the user is told the board was out of date.
 * - A tasks.md with unsaved changes in an editor is never written: the user is asked
 *   to save or revert it first.
 * - After a write the store re-reads the file at once, so the board's next snapshot
 *   reflects it.
 */
export interface BoardWriterContext {
  readonly store: TeamStore;
  readonly guard: WriteGuard;
  readonly prompts: Prompts;
  readonly log: vscode.LogOutputChannel;
  /** Wall-clock minutes (the liveness clock; tests set it). */
  now(): number;
}

/** How an operation ended: `ok` when the file now says what the user asked for. */
export interface OpOutcome {
  readonly ok: boolean;
  /** For the page's live region. */
  readonly message: string | null;
}

const DONE = (message: string): OpOutcome => ({ ok: true, message });
const FAILED = (message: string | null = null): OpOutcome => ({ ok: false, message });

export const DISPATCH_AGAIN = 'Dispatch Again as a New Task';

export class BoardWriter {
  /** What a refusal went on to do (the "Dispatch again" offer), for tests to wait on. */
  followUp: Promise<unknown> = Promise.resolve();

  constructor(private readonly ctx: BoardWriterContext) {}

  /** A card dropped on a target (also what the keyboard and the menu's moves send). */
  async drop(card: CardRef, target: DropTarget): Promise<OpOutcome> {
    const found = await this.current(card);
    if (!found) return FAILED();
    const { agent, task, index } = found;
    const dragged: DraggedCard = { agent: agent.slug, index, title: task.title, status: task.status };
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
        return this.guarded('move a task', () => this.move(agent, card, plan.to));
      case 'reorder':
        return this.guarded('reorder tasks', () => this.reorder(agent, card, plan.anchor, plan.place));
      case 'reassign':
        return this.guarded('reassign a task', () => this.reassign(agent, card, plan.to));
    }
  }

  /** "Reassign to…": the user picks the agent. */
  async reassignPick(card: CardRef): Promise<OpOutcome> {
    const found = await this.current(card);
    if (!found) return FAILED();
    const team = this.ctx.store.team;
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
    return this.drop(card, { agent: picked.slug, column: 'ready', anchor: null, place: 'after' });
  }

  /** A done task, dispatched again as a new ready task into `to`'s queue (default: the same agent). */
  async dispatchAgain(card: CardRef, to: string = card.agent): Promise<OpOutcome> {
    const found = await this.current(card);
    if (!found) return FAILED();
    const target = this.ctx.store.team?.agents.find((a) => a.slug === to);
    if (!target) {
      void this.ctx.prompts.warn(`Cortex: there is no agent "${to}" in this team.`);
      return FAILED();
    }
    const active = new Set(target.tasks.filter((t) => t.status === 'ready' || t.status === 'in-progress').map((t) => t.title));
    const title = await this.ctx.prompts.input({
      title: 'Dispatch Again as a New Task',
      prompt: `A new ready task at the end of ${target.name}'s queue, with the description of "${found.task.title}". Its title must differ from ${target.name}'s active tasks.`,
      value: againTitle(found.task.title, active),
      validateInput: (v) => {
        const t = v.trim();
        if (t === '') return 'A task needs a title.';
        if (active.has(t)) return `${target.name} already has an active task titled "${t}".`;
        return undefined;
      },
    });
    if (title === undefined || title.trim() === '') return FAILED(null);
    return this.guarded('dispatch a task', async () => {
      if (await this.refuseIfDirty([target.tasksPath])) return FAILED();
      const fs = this.ctx.store.fs!;
      const result = await dispatchTask(fs, target.tasksPath, { title: title.trim(), body: found.task.body });
      this.written([target.tasksPath], `dispatched "${result.title}" to ${target.tasksPath} (task ${result.position})`);
      void this.ctx.prompts.info(`Cortex: dispatched "${result.title}" to ${target.name} (task ${result.position}, ready).`);
      return DONE(`Dispatched "${result.title}" to ${target.name}.`);
    });
  }

  // ---- the operations --------------------------------------------------------------

  private async move(agent: Agent, card: CardRef, to: 'in-progress' | 'done'): Promise<OpOutcome> {
    const path = agent.tasksPath;
    if (await this.refuseIfDirty([path])) return FAILED();
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
      if (await this.refuseIfDirty([path])) return FAILED();
    }
    const now = formatStamp(this.ctx.now());
    return this.edit(path, (text) => {
      const i = this.find(text, path, card);
      return moveText(text, path, { ref: String(i + 1), to, now, summary }).text;
    }, `moved "${card.title}" to ${to} in ${path}`, to === 'done' ? `"${card.title}" is done.` : `"${card.title}" is in progress.`);
  }

  private async reorder(agent: Agent, card: CardRef, anchor: { index: number; title: string }, place: 'before' | 'after'): Promise<OpOutcome> {
    const path = agent.tasksPath;
    if (await this.refuseIfDirty([path])) return FAILED();
    return this.edit(path, (text) => {
      const i = this.find(text, path, card);
      const tasks = parseTaskFile(text, path).tasks;
      const a = locateTask(tasks, anchor);
      if (a < 0) throw new CortexInputError(`"${anchor.title}" is no longer where the board showed it in ${path}; nothing was moved. The board has been refreshed.`);
      const r = reorderText(text, path, place === 'before' ? { ref: String(i + 1), before: String(a + 1) } : { ref: String(i + 1), after: String(a + 1) });
      return r.text;
    }, `moved "${card.title}" ${place} "${anchor.title}" in ${path}`, `"${card.title}" moved ${place} "${anchor.title}".`);
  }

  private async reassign(agent: Agent, card: CardRef, to: string): Promise<OpOutcome> {
    const target = this.ctx.store.team?.agents.find((a) => a.slug === to);
    if (!target) {
      void this.ctx.prompts.warn(`Cortex: there is no agent "${to}" in this team.`);
      return FAILED();
    }
    const from = agent.tasksPath;
    if (await this.refuseIfDirty([from, target.tasksPath])) return FAILED();
    const fs = this.ctx.store.fs!;
    try {
      const text = await readTextFile(fs, from);
      if (text === undefined) throw new CortexInputError(`${from} does not exist any more.`);
      const i = this.find(text, from, card);
      const tasks = parseTaskFile(text, from).tasks;
      // By title when that names it alone (robust if the file moves on meanwhile), else by position.
      const unique = tasks.filter((t) => t.title === card.title).length === 1 && !/^\d+$/.test(card.title.trim());
      const result = await reassignTask(fs, from, target.tasksPath, unique ? card.title : String(i + 1));
      this.written([from, target.tasksPath], `reassigned "${result.title}" from ${from} to ${target.tasksPath}`);
      return DONE(`"${result.title}" reassigned to ${target.name}.`);
    } catch (e) {
      this.written([from, target.tasksPath], null);
      return this.failed(e);
    }
  }

  // ---- helpers ---------------------------------------------------------------------

  /** Applies `op` to the file's current text; reports what went wrong. */
  private async edit(path: string, op: (text: string) => string, logLine: string, done: string): Promise<OpOutcome> {
    try {
      const result = await editFile(this.ctx.store.fs!, path, op);
      this.written([path], result.changed ? logLine : null);
      return DONE(done);
    } catch (e) {
      this.written([path], null);
      return this.failed(e);
    }
  }

  /** The index of `card` in freshly read text, checked against what the board showed. */
  private find(text: string, path: string, card: CardRef): number {
    const tasks = parseTaskFile(text, path).tasks;
    const i = locateTask(tasks, card);
    if (i < 0) {
      throw new CortexInputError(`"${card.title}" is no longer where the board showed it in ${path} (it was moved, renamed or removed); nothing was written. The board has been refreshed.`);
    }
    if (tasks[i].status !== card.status) {
      throw new CortexInputError(`"${card.title}" is now ${describeStatus(tasks[i].status)} in ${path} (it changed since the board showed it); nothing was written. The board has been refreshed.`);
    }
    return i;
  }

  /** The agent and task the page means, from the store; tells the user when it is gone or changed. */
  private async current(card: CardRef): Promise<{ agent: Agent; task: Task; index: number } | undefined> {
    const store = this.ctx.store;
    await whenIdle(store, 2000);
    const team = store.team;
    if (!team || !store.fs) {
      void this.ctx.prompts.warn('Cortex: no team folder is loaded.');
      return undefined;
    }
    const agent = team.agents.find((a) => a.slug === card.agent);
    if (!agent) {
      void this.ctx.prompts.warn(`Cortex: there is no agent "${card.agent}" in this team any more.`);
      return undefined;
    }
    const index = locateTask(agent.tasks, card);
    if (index < 0) {
      void this.ctx.prompts.warn(`Cortex: "${card.title}" is no longer in ${agent.tasksPath} where the board showed it; nothing was written. The board has been refreshed.`);
      return undefined;
    }
    const task = agent.tasks[index];
    if (task.status !== card.status) {
      void this.ctx.prompts.warn(`Cortex: "${card.title}" is now ${describeStatus(task.status)} (it changed since the board showed it); nothing was written. The board has been refreshed.`);
      return undefined;
    }
    return { agent, task, index };
  }

  private async explainDone(agent: Agent, task: Task, index: number, dispatchTo: string): Promise<void> {
    const where = dispatchTo === agent.slug ? '' : ` for ${this.agentName(dispatchTo)}`;
    const answer = await this.ctx.prompts.warn(
      `"${task.title}" is done, and done is final in the task protocol: agents never pick up a finished task again, so the board does not move it back or hand it on. Dispatch it again as a new task${where} instead.`,
      DISPATCH_AGAIN,
    );
    if (answer === DISPATCH_AGAIN) await this.dispatchAgain({ agent: agent.slug, index, title: task.title, status: task.status }, dispatchTo);
  }

  private async guarded(what: string, write: () => Promise<OpOutcome>): Promise<OpOutcome> {
    return (await this.ctx.guard.run(what, write)) ?? FAILED('Restricted Mode: the board only reads.');
  }

  /** True (and the user told) when a file has unsaved changes in an editor. */
  private async refuseIfDirty(paths: readonly string[]): Promise<boolean> {
    const fs = this.ctx.store.fs;
    if (!fs) return false;
    const wanted = new Set(paths.map((p) => fs.uri(p).toString()));
    const dirty = vscode.workspace.textDocuments.find((d) => d.isDirty && wanted.has(d.uri.toString()));
    if (!dirty) return false;
    const path = paths.find((p) => fs.uri(p).toString() === dirty.uri.toString()) ?? dirty.uri.path;
    void this.ctx.prompts.warn(`Cortex: ${path} has unsaved changes in an editor. Save or revert them first; the board does not write over them.`);
    return true;
  }

  private written(paths: readonly string[], logLine: string | null): void {
    if (logLine) this.ctx.log.info(`Board: ${logLine}`);
    // Re-read now: the board reflects what is in the file (whether or not we wrote).
    this.ctx.store.notifyChanged(paths);
  }

  private failed(e: unknown): OpOutcome {
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof CortexInputError || e instanceof CortexConflictError) {
      void this.ctx.prompts.warn(`Cortex: ${message}`);
    } else {
      this.ctx.log.error(`Board: ${message}`);
      void this.ctx.prompts.error(`Cortex: the board could not write: ${message}`);
    }
    return FAILED(message);
  }

  private agentName(slug: string): string {
    return this.ctx.store.team?.agents.find((a) => a.slug === slug)?.name ?? slug;
  }
}

/** The store's `whenIdle`, or after `ms` when files keep changing. */
export function whenIdle(store: TeamStore, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void store.whenIdle().then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function describeStatus(status: string | null): string {
  return status === null ? 'without a status line' : status;
}
