import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { newTaskId, taskIdLine } from '../parse/task-id';
import { detectEol } from '../text/text';
import { checkNoOpenFence, checkTitle, checkUserText, normalizeUserText, openTitleClash, separatorBefore, titleClashMessage } from './shared';

/**
 * dispatch: a new `ready` task at the end of an agent's queue, after the last task and
 * before a trailing last-tick comment, in the file's own line-ending style:
 *
 *     ## <title>
 *     **Status:** ready
 *
 *     <body>
 *
 *     <!-- cortex-team:id <id> -->
 *
 * separated by a blank line from what comes before and from a tick after it. Only
 * the inserted bytes differ from the original text. The id marker (see
 * parse/task-id.ts) is what makes the dispatch idempotent: `dispatchOperation` holds
 * as long as a task with its id is in the file, whatever its status.
 */
export interface DispatchInput {
  readonly title: string;
  readonly body?: string;
  /** The task's id (a marker line is added); `dispatchTask` makes a fresh one. */
  readonly id?: string;
}

export interface DispatchResult {
  readonly text: string;
  /** 1-based position of the new task among the file's tasks. */
  readonly position: number;
  readonly title: string;
  /** The id marker the task carries, or null. */
  readonly id: string | null;
}

export function dispatchText(text: string, file: string, input: DispatchInput): DispatchResult {
  const title = checkTitle(input.title);
  const body = input.body ?? '';
  if (body.trim() !== '') checkUserText(body, 'task body');
  const eol = detectEol(text);
  const normalizedBody = normalizeUserText(body, eol);
  let block = `## ${title}${eol}**Status:** ready${eol}`;
  if (normalizedBody !== '') block += `${eol}${normalizedBody}${eol}`;
  if (input.id !== undefined) block += `${eol}${taskIdLine(input.id)}${eol}`;
  return { ...appendTaskBlock(text, file, title, block), id: input.id ?? null };
}

/**
 * Appends a task block (heading first, line breaks in the file's style, ending with a
 * line break) where new tasks go, with a blank line before it and before a trailing
 * tick. Refuses when a ready or in-progress task has the same title, or when the file
 * ends inside an open code fence.
 */
export function appendTaskBlock(text: string, file: string, title: string, block: string): Omit<DispatchResult, 'id'> {
  checkNoOpenFence(text, file);
  const parsed = parseTaskFile(text, file);
  const clash = openTitleClash(parsed.tasks, title);
  if (clash) throw new CortexInputError(titleClashMessage(file, clash, title));
  const eol = detectEol(text);
  const at = parsed.appendAt;
  const insert = separatorBefore(text, at, eol) + block + (at < text.length ? eol : '');
  return { text: text.slice(0, at) + insert + text.slice(at), position: parsed.tasks.length + 1, title };
}

/**
 * True when `text` has the task `id` names, in any state; or, should an agent have
 * dropped the marker, a ready or in-progress task titled `title` without a marker
 * (dispatching again would be refused as a duplicate then).
 */
export function hasTask(text: string, file: string, id: string, title: string): boolean {
  const tasks = parseTaskFile(text, file).tasks;
  return tasks.some((t) => t.id === id) || openTitleClash(tasks.filter((t) => t.id === null), title) !== undefined;
}

/** Dispatch as an operation for the writer: a fresh id unless given, held while the task is in the file. */
export function dispatchOperation(file: string, input: DispatchInput): TextOperation<DispatchResult> {
  const id = input.id ?? newTaskId();
  const title = checkTitle(input.title);
  const withId = { ...input, id };
  return {
    apply: (text) => {
      const result = dispatchText(text, file, withId);
      return { text: result.text, result };
    },
    holds: (text) => hasTask(text, file, id, title),
  };
}

/** Dispatches into the task file at `path` (created when missing). */
export async function dispatchTask(fs: TeamFs, path: string, input: DispatchInput, opts: EditOptions = {}): Promise<DispatchResult> {
  const r = await writeOperation(fs, path, dispatchOperation(path, input), { ifMissing: 'create', ...opts });
  return r.result;
}
