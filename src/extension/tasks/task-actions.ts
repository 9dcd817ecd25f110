import * as vscode from 'vscode';
import { formatStamp } from '../../base/time';
import { ActivityRecord, DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { editFile, readTextFile } from '../../core/edit';
import { CortexInputError } from '../../core/errors';
import { agentLiveness } from '../../core/liveness';
import { Agent, Task } from '../../core/model';
import { archiveText, archivedBlock, cancelText, cancelledPath, unarchiveText } from '../../core/ops/cancel';
import { editTaskText } from '../../core/ops/edit-task';
import { reassignTask } from '../../core/ops/reassign';
import { reviewText, sendBackText } from '../../core/ops/review';
import { reviewOf } from '../../core/review/review-line';
import { blockText } from '../../core/ops/task-block';
import { unclaimText } from '../../core/ops/unclaim';
import { UndoEntry, undoAdd, undoBlockChange, undoCancel, undoReassign } from '../../core/ops/undo';
import { parseTaskFile } from '../../core/parse/tasks';
import { LiveTeam } from '../live-team';
import { Prompts } from '../prompts';
import { TeamWriter } from '../writer';
import { findSettledTask, findTaskInText } from './task-ref';
import { DONE, FAILED, RESTRICTED, TaskOutcome, failedOutcome, refuseIfUnsaved, whenTrusted } from './task-outcome';
import { UndoHistory } from './undo-history';
import { TaskRef } from '../../base/task-ref';

export interface TaskActionsDeps {
  readonly team: Pick<LiveTeam, 'current' | 'whenIdle'>;
  readonly writer: Pick<TeamWriter, 'whenTrusted' | 'write' | 'checkUnsaved'>;
  readonly prompts: Pick<Prompts, 'info' | 'warn' | 'error' | 'input' | 'pick'>;
  readonly log: vscode.LogOutputChannel;
  readonly undo: UndoHistory;
}

/**
 * Reviewing and correcting a task, from the board's card detail and from a task's
 * review diff: accept, send back (with a Rework task), edit a ready task, cancel it,
 * unclaim (or reassign) an in-progress task of an agent that is down. Each is one
 * core text operation through the one writer on the file as it is now, refused with a
 * sentence when the task changed meanwhile; each records its event in the activity
 * feed and is recorded for undo (with an Undo button on the message that says what it
 * did).
 */
export class TaskActions {
  constructor(private readonly c: TaskActionsDeps) {}

  /** Records the review `accepted` on a done task. */
  accept(ref: TaskRef): Promise<TaskOutcome> {
    return this.trusted('accept a task', async () => {
      const found = await this.current(ref);
      if (!found) return FAILED();
      const { agent, task } = found;
      // A second Accept would only restamp the line (or change nothing) and record an undo that undoes nothing.
      const review = reviewOf(task);
      if (review?.verdict === 'accepted') return DONE(`"${task.title}" was already accepted on ${review.at.replace('T', ' ')}; nothing changed.`);
      const now = this.now();
      return this.change(agent, ref, 'accept a task', (text, i) => reviewText(text, agent.tasksPath, { ref: String(i + 1), verdict: 'accepted', now }), (t) => ({
        label: `the acceptance of "${t}"`,
        message: `accepted "${t}" (${agent.name}).`,
        event: teamEvents.taskReviewed(DASHBOARD_ACTOR, agent.slug, agent.tasksPath, t, 'accepted'),
      }));
    });
  }

  /**
   * Sends a done task back: the review `sent back` on it and "Rework: <title>" at the end
   * of the same agent's queue, quoting `comment` (asked for when not given).
   */
  sendBack(ref: TaskRef, comment?: string): Promise<TaskOutcome> {
    return this.trusted('send a task back', async () => {
      const found = await this.current(ref);
      if (!found) return FAILED();
      const { agent } = found;
      if (this.refuseIfUnsaved([agent.tasksPath])) return FAILED();
      let text = comment;
      if (text === undefined) {
        text = await this.c.prompts.input({
          title: `Send Back "${ref.title}"`,
          prompt: `What needs more work? It is quoted in a new task "Rework: ${ref.title}" at the end of ${agent.name}'s queue; the task itself stays done.`,
          placeHolder: 'The comment for the agent',
          validateInput: (v) => (v.trim() === '' ? 'Say what needs more work.' : undefined),
        });
        if (text === undefined) return FAILED(null);
      }
      const now = this.now();
      const path = agent.tasksPath;
      try {
        let position = 0;
        let r: ReturnType<typeof sendBackText> | undefined;
        const event = () => r && teamEvents.taskReviewed(DASHBOARD_ACTOR, agent.slug, path, r.title, 'sent back', r.reworkTitle);
        const result = await this.c.writer.write({ what: 'send a task back', paths: [path], event }, (fs, edit) =>
          editFile(fs, path, (t) => {
            position = findTaskInText(t, path, ref);
            r = sendBackText(t, path, { ref: String(position + 1), comment: text!, now });
            return r.text;
          }, edit),
        );
        if (!result || !r) return FAILED(RESTRICTED);
        const steps = [...undoAdd(path, result.after, r.reworkPosition - 1), ...undoBlockChange(path, result.before, position, result.after, position)];
        const message = `sent "${r.title}" back: "${r.reworkTitle}" is at the end of ${agent.name}'s queue.`;
        this.c.log.info(`Review: ${message}`);
        this.c.undo.done({ label: `sending "${r.title}" back`, steps }, message);
        return DONE(message);
      } catch (e) {
        return this.failed(e);
      }
    });
  }

  /** A ready task's title and description, changed against what the form showed (`expected`). */
  edit(ref: TaskRef, expected: { title: string; body: string }, title: string, body: string): Promise<TaskOutcome> {
    return this.trusted('edit a task', async () => {
      const found = await this.current(ref);
      if (!found) return FAILED();
      const { agent } = found;
      return this.change(agent, ref, 'edit a task', (text, i) => editTaskText(text, agent.tasksPath, { ref: String(i + 1), expected, title, body }), (t, position) => ({
        label: `the edit of "${t}"`,
        message: `edited "${t}" in ${agent.name}'s queue.`,
        event: teamEvents.taskEdited(DASHBOARD_ACTOR, agent.slug, agent.tasksPath, t, position),
      }));
    });
  }

  /**
   * Takes a ready task out of the queue into the agent's cancelled.md: the archive is
   * written first, then the queue; when the queue refuses (the agent claimed it
   * meanwhile), the copy is taken out of the archive again.
   */
  cancel(ref: TaskRef): Promise<TaskOutcome> {
    return this.trusted('cancel a task', async () => {
      const found = await this.current(ref);
      if (!found) return FAILED();
      const { agent } = found;
      const path = agent.tasksPath;
      const archivePath = cancelledPath(agent.slug);
      if (this.refuseIfUnsaved([path, archivePath])) return FAILED();
      const now = this.now();
      try {
        const event = (d: { cancelled: { title: string } }) => teamEvents.taskCancelled(DASHBOARD_ACTOR, agent.slug, path, d.cancelled.title, archivePath);
        const done = await this.c.writer.write({ what: 'cancel a task', paths: [path, archivePath], event }, async (fs, edit) => {
          const current = await readTextFile(fs, path);
          if (current === undefined) throw new CortexInputError(`${path} does not exist any more.`);
          const first = cancelText(current, path, String(findTaskInText(current, path, ref) + 1));
          const archived = archivedBlock(first.block, path, now);
          await editFile(fs, archivePath, (t) => archiveText(t, archivePath, archived), { ...edit, ifMissing: 'create' });
          let cancelled = first;
          try {
            await editFile(fs, path, (t) => {
              cancelled = cancelText(t, path, String(findTaskInText(t, path, ref) + 1));
              if (cancelled.block.replace(/\r\n/g, '\n') !== first.block.replace(/\r\n/g, '\n')) throw new CortexInputError(`"${ref.title}" in ${path} was changed meanwhile.`);
              return cancelled.text;
            }, edit);
          } catch (e) {
            await editFile(fs, archivePath, (t) => unarchiveText(t, archivePath, first.title, archived), edit).catch(() => undefined);
            throw e;
          }
          return { cancelled, archived };
        });
        if (!done) return FAILED(RESTRICTED);
        const message = `cancelled "${done.cancelled.title}": it is out of ${agent.name}'s queue and kept in ${archivePath}.`;
        this.c.log.info(`Board: ${message}`);
        this.c.undo.done({ label: `cancelling "${done.cancelled.title}"`, steps: undoCancel(path, done.cancelled, archivePath, done.archived) }, message);
        return DONE(message);
      } catch (e) {
        return this.failed(e);
      }
    });
  }

  /**
   * An in-progress task of an agent that is down goes back to ready, its Started line
   * removed and an Unclaimed note added; with `to`, it then joins that agent's queue.
   */
  unclaim(ref: TaskRef, to?: Agent): Promise<TaskOutcome> {
    return this.trusted(to ? 'reassign a task' : 'unclaim a task', async () => {
      const found = await this.current(ref);
      if (!found) return FAILED();
      const { agent } = found;
      const snapshot = this.c.team.current;
      const liveness = agentLiveness(agent, snapshot.now, snapshot.staleAfterMinutes);
      if (liveness !== 'down' && liveness !== 'inactive') {
        const message = `${agent.name} is ${liveness} and may be working on "${ref.title}" right now; a task in progress is unclaimed only when its agent is down.`;
        void this.c.prompts.warn(`Cortex: ${message}`);
        return FAILED(message);
      }
      const reason = `${agent.name} was ${liveness}${to ? `; reassigned to ${to.name}` : ''}; check the project for partial work before starting again`;
      const now = this.now();
      const path = agent.tasksPath;
      if (!to) {
        return this.change(agent, ref, 'unclaim a task', (text, i) => unclaimText(text, path, { ref: String(i + 1), now, reason }), (t, position) => ({
          label: `unclaiming "${t}"`,
          message: `put "${t}" back in ${agent.name}'s queue as ready.`,
          event: teamEvents.taskUnclaimed(DASHBOARD_ACTOR, agent.slug, path, t, position),
        }));
      }
      if (this.refuseIfUnsaved([path, to.tasksPath])) return FAILED();
      try {
        // Unclaimed from the agent that is down, then the other agent's (pickup waits on the reassignment).
        const event = (m: { title: string; position: number; unclaimedAt: number }) => [
          teamEvents.taskUnclaimed(DASHBOARD_ACTOR, agent.slug, path, m.title, m.unclaimedAt),
          teamEvents.taskReassigned(DASHBOARD_ACTOR, agent.slug, to.slug, to.tasksPath, m.title, m.position),
        ];
        const moved = await this.c.writer.write({ what: 'reassign a task', paths: [path, to.tasksPath], event }, async (fs, edit) => {
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
          const target = await readTextFile(fs, to.tasksPath);
          const copy = target === undefined ? [] : undoAdd(to.tasksPath, target, result.position - 1);
          const copyBlock = copy[0]?.kind === 'remove' ? copy[0].expected : unclaimedBlock;
          return { title: result.title, position: result.position, unclaimedAt: index + 1, steps: undoReassign(path, before, index, original, to.tasksPath, result.title, copyBlock), changed: unclaimed.changed };
        });
        if (!moved) return FAILED(RESTRICTED);
        const message = `"${moved.title}" was unclaimed from ${agent.name} (down) and is at the end of ${to.name}'s queue.`;
        this.c.log.info(`Board: ${message}`);
        this.c.undo.done({ label: `reassigning "${moved.title}" to ${to.name}`, steps: moved.steps }, message);
        return DONE(message);
      } catch (e) {
        return this.failed(e);
      }
    });
  }

  // ---- helpers ---------------------------------------------------------------------

  /**
   * One text operation on the agent's tasks.md, the task found again in the fresh
   * text; records its undo (the task's block back to what it was).
   */
  private async change(
    agent: Agent,
    ref: TaskRef,
    what: string,
    op: (text: string, index: number) => { readonly text: string; readonly title: string; readonly position: number },
    words: (title: string, position: number) => { label: string; message: string; event: ActivityRecord },
  ): Promise<TaskOutcome> {
    const path = agent.tasksPath;
    if (this.refuseIfUnsaved([path])) return FAILED();
    try {
      let index = 0;
      let r: { readonly text: string; readonly title: string; readonly position: number } | undefined;
      // The event names the task as the file now has it (an edit may have renamed it).
      const event = (w: { changed: boolean; after: string }) => (r && w.changed ? words(parseTaskFile(w.after, path).tasks[r.position - 1]?.title ?? r.title, r.position).event : undefined);
      const result = await this.c.writer.write({ what, paths: [path], event }, (fs, edit) =>
        editFile(fs, path, (text) => {
          index = findTaskInText(text, path, ref);
          r = op(text, index);
          return r.text;
        }, edit),
      );
      if (!result || !r) return FAILED(RESTRICTED);
      const after = parseTaskFile(result.after, path).tasks[r.position - 1];
      if (result.before === result.after) return DONE(`"${after?.title ?? r.title}" is already so; nothing changed.`); // no undo that undoes nothing
      const { label, message } = words(after?.title ?? r.title, r.position);
      this.c.log.info(`Board: ${message}`);
      const entry: UndoEntry = { label, steps: undoBlockChange(path, result.before, index, result.after, r.position - 1) };
      this.c.undo.done(entry, message);
      return DONE(message.charAt(0).toUpperCase() + message.slice(1));
    } catch (e) {
      return this.failed(e);
    }
  }

  private current(ref: TaskRef): Promise<{ agent: Agent; task: Task; index: number } | undefined> {
    return findSettledTask(this.c.team, ref, (m) => this.c.prompts.warn(m));
  }

  private now(): string {
    return formatStamp(this.c.team.current.now);
  }

  private trusted(what: string, run: () => Promise<TaskOutcome>): Promise<TaskOutcome> {
    return whenTrusted(this.c.writer, what, run);
  }

  private refuseIfUnsaved(paths: readonly string[]): boolean {
    return refuseIfUnsaved(this.c.writer, paths, this.c);
  }

  private failed(e: unknown): TaskOutcome {
    return failedOutcome(e, this.c);
  }
}
