import { CortexInputError } from '../edit/errors';
import { parseTaskFile } from '../parse/tasks';
import { detectEol, withEol } from '../text/text';
import { replaceLine, setField } from './move';
import { takeReadyTask } from './reassign';
import { agentFolder, applySplices, checkStamp, separatorBefore } from './shared';
import { findBlock } from './task-block';

/**
 * cancel: a ready task leaves the agent's queue and is kept, whole, in the agent's
 * `cancelled.md` beside its `tasks.md`:
 *
 *     # Cancelled tasks
 *     …
 *     ## Add CSV export
 *     **Status:** cancelled
 *     **Cancelled:** 2026-11-24T10:00
 *
 *     <the description, as it was>
 *
 * Only `tasks.md` is an agent's queue, so a cancelled task is out of every agent's
 * sight (and out of the idle-suppression grep). To restore one: undo right after
 * cancelling, or move its block back into tasks.md with `**Status:** ready` and
 * without the Cancelled line. The archive is written first and the queue second, so a
 * task is never lost in between (at worst it is in both files).
 */
export const CANCELLED_FILE = 'cancelled.md';
export const CANCELLED_STATUS = 'cancelled';

export function cancelledPath(slug: string): string {
  return `${agentFolder(slug)}/${CANCELLED_FILE}`;
}

const ARCHIVE_HEADER = [
  '# Cancelled tasks',
  '',
  'Tasks cancelled from the Cortex dashboard, kept whole. This file is not a task queue:',
  'agents read only tasks.md. To restore a task, move its block back into tasks.md with',
  '`**Status:** ready` and without its Cancelled line.',
];

export interface CancelResult {
  /** tasks.md without the task. */
  readonly text: string;
  readonly title: string;
  /** The task's block as it was in tasks.md. */
  readonly block: string;
  /** 1-based position it had. */
  readonly position: number;
  /** The title of the task that followed it (where undo puts it back), or null. */
  readonly before: string | null;
}

/** The queue without the ready task `ref` names. */
export function cancelText(text: string, file: string, ref: string): CancelResult {
  const task = takeReadyTask(text, file, ref);
  const tasks = parseTaskFile(text, file).tasks;
  const index = task.position - 1;
  const found = tasks[index];
  return {
    text: text.slice(0, found.span.start) + text.slice(found.span.end),
    title: task.title,
    block: task.block,
    position: task.position,
    before: index + 1 < tasks.length ? tasks[index + 1].title : null,
  };
}

/** The block as the archive keeps it: status `cancelled` and a Cancelled line with the time. */
export function archivedBlock(block: string, file: string, now: string): string {
  checkStamp(now, 'The time');
  const eol = detectEol(block);
  const task = parseTaskFile(block, file).tasks[0];
  const status = task?.span.fieldLines.find((f) => f.key.toLowerCase() === 'status');
  if (!task || !status) throw new CortexInputError('Only a task with a status line can be cancelled.');
  return applySplices(block, [replaceLine(status.line, `**Status:** ${CANCELLED_STATUS}`), setField(undefined, status.line, 'Cancelled', now, eol)]);
}

/** The archive with the cancelled block at its end (and its header when it is new). */
export function archiveText(archive: string, file: string, archived: string): string {
  const eol = archive === '' ? detectEol(archived) : detectEol(archive);
  let out = archive === '' ? ARCHIVE_HEADER.join(eol) + eol : archive;
  const parsed = parseTaskFile(out, file);
  const at = parsed.appendAt;
  const insert = separatorBefore(out, at, eol) + withEol(archived, eol) + eol + (at < out.length ? eol : '');
  out = out.slice(0, at) + insert + out.slice(at);
  return out;
}

/** The archive without the block `archived` (undoing a cancel). */
export function unarchiveText(archive: string, file: string, title: string, archived: string): string {
  const tasks = parseTaskFile(archive, file).tasks;
  const i = findBlock(tasks, archive, title, archived);
  if (i < 0) throw new CortexInputError(`"${title}" is no longer in ${file} as it was cancelled; nothing was restored.`);
  return archive.slice(0, tasks[i].span.start) + archive.slice(tasks[i].span.end);
}
