import { TaskRef } from '../../base/task-ref';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { editFile, readTextFile } from '../../core/edit/edit-file';
import { CortexInputError } from '../../core/edit/errors';
import { Agent } from '../../core/team/model';
import { archiveText, archivedBlock, cancelText, cancelledPath, unarchiveText } from '../../core/ops/cancel';
import { undoCancel } from '../../core/ops/undo';
import { TaskContext } from './task-context';
import { DONE, FAILED, RESTRICTED, TaskOutcome } from './task-outcome';
import { findTaskInText } from './task-ref';

/**
 * Takes a ready task out of the queue into the agent's cancelled.md: the archive is
 * written first, then the queue; when the queue refuses (the agent claimed it
 * meanwhile), the copy is taken out of the archive again.
 */
export async function cancelTask(ctx: TaskContext, agent: Agent, ref: TaskRef): Promise<TaskOutcome> {
  const path = agent.tasksPath;
  const archivePath = cancelledPath(agent.slug);
  if (ctx.refuseIfUnsaved([path, archivePath])) return FAILED();
  const now = ctx.now();
  try {
    const event = (d: { cancelled: { title: string } }) => teamEvents.taskCancelled(DASHBOARD_ACTOR, agent.slug, path, d.cancelled.title, archivePath);
    const done = await ctx.deps.writer.write({ what: 'cancel a task', paths: [path, archivePath], event }, async (fs, edit) => {
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
    ctx.deps.log.info(`Board: ${message}`);
    ctx.deps.undo.done({ label: `cancelling "${done.cancelled.title}"`, steps: undoCancel(path, done.cancelled, archivePath, done.archived) }, message);
    return DONE(message);
  } catch (e) {
    return ctx.failed(e);
  }
}
