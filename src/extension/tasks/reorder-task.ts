import { TaskRef, locateTask } from '../../base/task-ref';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { TextOperation } from '../../core/edit/operation';
import { WriteOutcome, writeOperation } from '../../core/edit/writer';
import { CortexInputError } from '../../core/edit/errors';
import { Agent } from '../../core/team/model';
import { ReorderResult, reorderOperation } from '../../core/ops/reorder';
import { undoReorder } from '../../core/ops/undo';
import { parseTaskFile } from '../../core/parse/tasks';
import { TaskContext } from './task-context';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';
import { findTaskInText } from './task-ref';

/** A ready task put before or after another in its agent's queue (pickup order); its undo recorded without a notification. */
export async function reorderTask(ctx: TaskContext, agent: Agent, card: TaskRef, anchor: { index: number; title: string }, place: 'before' | 'after'): Promise<TaskOutcome> {
  const path = agent.tasksPath;
  if (ctx.refuseIfUnsaved([path])) return FAILED();
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
    const result = await ctx.deps.writer.write(
      { what: 'reorder tasks', paths: [path], event: (r: WriteOutcome<ReorderResult>) => (r.changed && r.result.from !== r.result.to ? teamEvents.taskReordered(DASHBOARD_ACTOR, agent.slug, path, r.result.title, r.result.from, r.result.to) : undefined) },
      (fs, edit) => writeOperation(fs, path, op, edit),
    );
    if (!result) return FAILED(RESTRICTED);
    if (result.changed) {
      ctx.deps.log.info(`Board: moved "${card.title}" ${place} "${anchor.title}" in ${path}`);
      const index = locateTask(parseTaskFile(result.before, path).tasks, card);
      if (index >= 0) ctx.deps.undo.record({ label: `moving "${card.title}" ${place} "${anchor.title}"`, steps: undoReorder(path, result.before, index) });
    }
    return DONE(`"${card.title}" moved ${place} "${anchor.title}".`);
  } catch (e) {
    return ctx.failed(e);
  }
}
