import { TaskRef } from '../../base/task-ref';
import { ActivityRecord } from '../../core/actions/activity';
import { editFile } from '../../core/edit/edit-file';
import { Agent } from '../../core/team/model';
import { UndoEntry, undoBlockChange } from '../../core/ops/undo';
import { parseTaskFile } from '../../core/parse/tasks';
import { TaskContext } from './task-context';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';
import { findTaskInText } from './task-ref';

/** A core text operation on one task of a tasks.md: the new text, the task's title and its 1-based position. */
export type TaskTextOperation = (text: string, index: number) => { readonly text: string; readonly title: string; readonly position: number };

/** What a change says: its undo label, its message (lower-case start) and its feed entry. */
export type ChangeWords = (title: string, position: number) => { label: string; message: string; event: ActivityRecord };

/**
 * One text operation on the agent's tasks.md, the task found again in the fresh text
 * (accept, edit, unclaim); records its undo (the task's block back to what it was) and
 * says what it did with an Undo button. A change that changes nothing records nothing.
 */
export async function changeTask(ctx: TaskContext, agent: Agent, ref: TaskRef, what: string, op: TaskTextOperation, words: ChangeWords): Promise<TaskOutcome> {
  const path = agent.tasksPath;
  if (ctx.refuseIfUnsaved([path])) return FAILED();
  try {
    let index = 0;
    let r: ReturnType<TaskTextOperation> | undefined;
    // The event names the task as the file now has it (an edit may have renamed it).
    const event = (w: { changed: boolean; after: string }) => (r && w.changed ? words(parseTaskFile(w.after, path).tasks[r.position - 1]?.title ?? r.title, r.position).event : undefined);
    const result = await ctx.deps.writer.write({ what, paths: [path], event }, (fs, edit) =>
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
    ctx.deps.log.info(`Board: ${message}`);
    const entry: UndoEntry = { label, steps: undoBlockChange(path, result.before, index, result.after, r.position - 1) };
    ctx.deps.undo.done(entry, message);
    return DONE(message.charAt(0).toUpperCase() + message.slice(1));
  } catch (e) {
    return ctx.failed(e);
  }
}
