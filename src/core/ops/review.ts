import { CortexInputError } from '../edit/errors';
import { LocatedTask, parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { REVIEWED_KEY, ReviewVerdict, reviewValue } from '../review/review-line';
import { detectEol } from '../text/text';
import { appendTaskBlock } from './dispatch';
import { setField } from './move';
import { applySplices, checkStamp, checkTitle, checkUserText, normalizeUserText } from './shared';
import { isOpenStatus } from '../../base/task-status';

/**
 * review: a person's verdict on a done task, as one `**Reviewed:** <time> <verdict>`
 * line among its metadata (see review/review-line.ts), after Completed; an earlier
 * review line is replaced. Only done tasks are reviewed, and the task stays done.
 *
 * sendBack: the review line `sent back`, and a follow-up task "Rework: <title>" at the
 * end of the same agent's queue whose body quotes the reviewer's comment and names the
 * original. One text operation on the one file, so either both are written or neither.
 */
export interface ReviewInput {
  readonly ref: string;
  readonly verdict: ReviewVerdict;
  /** `YYYY-MM-DDTHH:MM`, local wall-clock time. */
  readonly now: string;
}

export interface ReviewResult {
  readonly text: string;
  readonly title: string;
  /** 1-based position of the reviewed task. */
  readonly position: number;
}

export function reviewText(text: string, file: string, input: ReviewInput): ReviewResult {
  const now = checkStamp(input.now, 'The time');
  const parsed = parseTaskFile(text, file);
  const index = resolveTaskRef(parsed.tasks, input.ref, file);
  const task = parsed.tasks[index];
  if (task.status !== 'done') {
    throw new CortexInputError(`"${task.title}" (task ${index + 1} in ${file}) is ${task.status ?? 'without a status'}; only done tasks are reviewed.`);
  }
  const splice = setField(fieldLine(task, 'reviewed'), lastMetadataLine(task), REVIEWED_KEY, reviewValue(now, input.verdict), detectEol(text));
  return { text: applySplices(text, [splice]), title: task.title, position: index + 1 };
}

function fieldLine(task: LocatedTask, lower: string) {
  return task.span.fieldLines.find((f) => f.key.toLowerCase() === lower);
}

/** Where a new metadata line goes: after Completed (else Started, else the status line), else after the heading. */
function lastMetadataLine(task: LocatedTask) {
  for (const key of ['completed', 'started', 'status']) {
    const f = fieldLine(task, key);
    if (f) return f.line;
  }
  return task.span.heading;
}

export interface SendBackInput {
  readonly ref: string;
  /** What the reviewer wants changed: quoted in the rework task's body. */
  readonly comment: string;
  readonly now: string;
}

export interface SendBackResult extends ReviewResult {
  readonly reworkTitle: string;
  /** 1-based position of the rework task. */
  readonly reworkPosition: number;
}

export const REWORK_PREFIX = 'Rework: ';

/** "Rework: <title>" (a rework of a rework keeps one prefix), numbered when an active task has it. */
export function reworkTitle(title: string, activeTitles: ReadonlySet<string>): string {
  const base = title.startsWith(REWORK_PREFIX) ? title : `${REWORK_PREFIX}${title}`;
  if (!activeTitles.has(base)) return base;
  for (let n = 2; ; n++) {
    const t = `${base} (${n})`;
    if (!activeTitles.has(t)) return t;
  }
}

/** The rework task's body: where it comes from, the comment quoted, what to do. */
export function reworkBody(original: { readonly title: string; readonly completed: string | null; readonly position: number }, file: string, comment: string): string {
  const quoted = normalizeUserText(comment, '\n')
    .split('\n')
    .map((l) => (l.trim() === '' ? '>' : `> ${l}`))
    .join('\n');
  const done = original.completed ? `done ${original.completed}, ` : '';
  return [
    `Sent back in review: "${original.title}" (${done}task ${original.position} in ${file}) needs more work.`,
    '',
    quoted,
    '',
    'The original task stays done. Do the rework here, and say in the Summary what changed.',
  ].join('\n');
}

export function sendBackText(text: string, file: string, input: SendBackInput): SendBackResult {
  if (input.comment.trim() === '') throw new CortexInputError('Say what needs more work: the comment goes into the rework task.');
  const reviewed = reviewText(text, file, { ref: input.ref, verdict: 'sent back', now: input.now });
  const tasks = parseTaskFile(reviewed.text, file).tasks;
  const original = tasks[reviewed.position - 1];
  const active = new Set(tasks.filter((t) => isOpenStatus(t.status)).map((t) => t.title));
  const title = checkTitle(reworkTitle(original.title, active));
  const body = reworkBody({ title: original.title, completed: original.completed, position: reviewed.position }, file, input.comment);
  checkUserText(body, 'rework task');
  const eol = detectEol(reviewed.text);
  const block = `## ${title}${eol}**Status:** ready${eol}**Rework of:** ${original.title}${eol}${eol}${normalizeUserText(body, eol)}${eol}`;
  const added = appendTaskBlock(reviewed.text, file, title, block);
  return { ...reviewed, text: added.text, reworkTitle: title, reworkPosition: added.position };
}
