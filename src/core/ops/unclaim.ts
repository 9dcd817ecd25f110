import { CortexInputError } from '../edit/errors';
import { parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { detectEol } from '../text/text';
import { replaceLine, setField } from './move';
import { Splice, applySplices, checkStamp } from './shared';

/**
 * unclaim: an in-progress task goes back to the queue, for an agent that stopped
 * working on it (it is down): the status line becomes `**Status:** ready`, the
 * Started line goes, and a note says when and why,
 *
 *     **Unclaimed:** 2026-11-24T10:00 (Billing Dev was down; check the project for partial work before starting again)
 *
 * right after the status line, so whoever picks it up next knows. An earlier
 * Unclaimed line is replaced. The task keeps its place in the file.
 */
export const UNCLAIMED_KEY = 'Unclaimed';

export interface UnclaimInput {
  readonly ref: string;
  readonly now: string;
  /** Why, in a few words (shown in brackets after the time). */
  readonly reason: string;
}

export interface UnclaimResult {
  readonly text: string;
  readonly title: string;
  readonly position: number;
}

export function unclaimText(text: string, file: string, input: UnclaimInput): UnclaimResult {
  const now = checkStamp(input.now, 'The time');
  if (/[\r\n]/.test(input.reason)) throw new CortexInputError('The reason for unclaiming is one line.');
  const parsed = parseTaskFile(text, file);
  const index = resolveTaskRef(parsed.tasks, input.ref, file);
  const task = parsed.tasks[index];
  if (task.status !== 'in-progress') {
    throw new CortexInputError(`"${task.title}" (task ${index + 1} in ${file}) is ${task.status ?? 'without a status'}, not in progress; only a claimed task is unclaimed.`);
  }
  const field = (lower: string) => task.span.fieldLines.find((f) => f.key.toLowerCase() === lower);
  const status = field('status')!;
  const eol = detectEol(text);
  const note = `${now}${input.reason.trim() !== '' ? ` (${input.reason.trim()})` : ''}`;
  const splices: Splice[] = [replaceLine(status.line, '**Status:** ready'), setField(field('unclaimed'), status.line, UNCLAIMED_KEY, note, eol)];
  const started = field('started');
  if (started) splices.push({ at: started.line.start, remove: started.line.next - started.line.start, insert: '' });
  return { text: applySplices(text, splices), title: task.title, position: index + 1 };
}
