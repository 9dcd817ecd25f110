import { CortexInputError } from '../edit/errors';
import { LocatedTask, parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { detectEol, splitLines, withEol } from '../text/text';
import { checkTitle, checkUserText, normalizeUserText, openTitleClash, titleClashMessage } from './shared';

/**
 * editTask: a ready task's title and description, changed in place. Only the heading
 * line and the description's lines change; the status line, other metadata lines and
 * anything after the description stay byte for byte.
 *
 * The change is made against what the person saw (`expected`): when the task's title
 * or description is no longer that (its agent or someone else changed it meanwhile),
 * or the task is no longer ready (claimed), nothing is written.
 */
export interface EditTaskInput {
  readonly ref: string;
  /** The title and description as the form showed them. */
  readonly expected: { readonly title: string; readonly body: string };
  readonly title: string;
  readonly body: string;
}

export interface EditTaskResult {
  readonly text: string;
  readonly title: string;
  readonly previousTitle: string;
  /** 1-based position. */
  readonly position: number;
}

/** The offsets of a task's description in the text (an empty range after the metadata when it has none). */
export function bodyRange(text: string, task: LocatedTask): { readonly start: number; readonly end: number; readonly empty: boolean } {
  const lastField = task.span.fieldLines.length > 0 ? task.span.fieldLines[task.span.fieldLines.length - 1].line : task.span.heading;
  const afterFields = lastField.next;
  const lines = splitLines(text.slice(0, task.span.end), afterFields);
  let first = 0;
  while (first < lines.length && text.slice(lines[first].start, lines[first].end).trim() === '') first++;
  // The description has as many lines as the parser joined (a marker or section after it is not part of it).
  const count = task.body === '' ? 0 : task.body.split('\n').length;
  if (count === 0 || first >= lines.length) return { start: afterFields, end: afterFields, empty: true };
  const last = lines[Math.min(lines.length - 1, first + count - 1)];
  return { start: lines[first].start, end: last.end, empty: false };
}

export function editTaskText(text: string, file: string, input: EditTaskInput): EditTaskResult {
  const title = checkTitle(input.title);
  if (input.body.trim() !== '') checkUserText(input.body, 'task body');
  const parsed = parseTaskFile(text, file);
  const index = resolveTaskRef(parsed.tasks, input.ref, file);
  const task = parsed.tasks[index];
  const name = `"${task.title}" (task ${index + 1} in ${file})`;
  if (task.status !== 'ready') {
    throw new CortexInputError(`${name} is ${task.status ?? 'without a status'} now; only a ready task is edited here (its agent may be working on it). Nothing was written.`);
  }
  if (task.title !== input.expected.title || withEol(task.body, '\n') !== withEol(input.expected.body, '\n')) {
    throw new CortexInputError(`${name} was changed in the file since you opened it; nothing was written. Look at it again and make your edit on what it says now.`);
  }
  if (task.summary !== null) throw new CortexInputError(`${name} has a "### Summary"; edit it in the editor instead.`);
  const clash = openTitleClash(parsed.tasks, title, index);
  if (clash) throw new CortexInputError(titleClashMessage(file, clash, title));
  const eol = detectEol(text);
  const body = normalizeUserText(input.body, eol);
  const range = bodyRange(text, task);
  let out: string;
  if (range.empty) {
    // A new description after the metadata, with a blank line before it and after it when a task follows.
    const follows = range.end < text.length;
    const lead = text.slice(0, range.start);
    const needsBreak = lead.length > 0 && !/[\r\n]$/.test(lead);
    out = body === '' ? text : lead + (needsBreak ? eol : '') + eol + body + eol + (follows ? eol : '') + text.slice(range.end).replace(/^(\r?\n)+/, '');
  } else if (body === '') {
    // The description and the blank line before it go.
    const lastField = task.span.fieldLines.length > 0 ? task.span.fieldLines[task.span.fieldLines.length - 1].line : task.span.heading;
    out = text.slice(0, lastField.next) + text.slice(range.end).replace(/^(\r\n|\n|\r)/, '');
  } else {
    out = text.slice(0, range.start) + body + text.slice(range.end);
  }
  const heading = task.span.heading;
  out = out.slice(0, heading.start) + `## ${title}` + out.slice(heading.end);
  return { text: out, title, previousTitle: task.title, position: index + 1 };
}
