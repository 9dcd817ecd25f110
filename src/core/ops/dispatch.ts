import { EditOptions, editFile } from '../edit';
import { CortexInputError } from '../errors';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { detectEol } from '../text';
import { article, checkNoOpenFence, checkTitle, checkUserText, normalizeUserText, separatorBefore } from './shared';

/**
 * dispatch: a new `ready` task at the end of an agent's queue, after the last task and
 * before a trailing last-tick comment, in the file's own line-ending style:
 *
 *     ## <title>
 *     **Status:** ready
 *
 *     <body>
 *
 * separated by a blank line from what comes before and from a tick after it. Only
 * the inserted bytes differ from the original text.
 */
export interface DispatchInput {
  readonly title: string;
  readonly body?: string;
}

export interface DispatchResult {
  readonly text: string;
  /** 1-based position of the new task among the file's tasks. */
  readonly position: number;
  readonly title: string;
}

export function dispatchText(text: string, file: string, input: DispatchInput): DispatchResult {
  const title = checkTitle(input.title);
  const body = input.body ?? '';
  if (body.trim() !== '') checkUserText(body, 'task body');
  const eol = detectEol(text);
  const normalizedBody = normalizeUserText(body, eol);
  let block = `## ${title}${eol}**Status:** ready${eol}`;
  if (normalizedBody !== '') block += `${eol}${normalizedBody}${eol}`;
  return appendTaskBlock(text, file, title, block);
}

/**
 * Appends a task block (heading first, line breaks in the file's style, ending with a
 * line break) where new tasks go, with a blank line before it and before a trailing
 * tick. Refuses when a ready or in-progress task has the same title, or when the file
 * ends inside an open code fence.
 */
export function appendTaskBlock(text: string, file: string, title: string, block: string): DispatchResult {
  checkNoOpenFence(text, file);
  const parsed = parseTaskFile(text, file);
  const clash = parsed.tasks.find((t) => t.title === title && (t.status === 'ready' || t.status === 'in-progress'));
  if (clash) {
    throw new CortexInputError(`${file} already has ${article(clash.status)} ${clash.status} task titled "${title}" (line ${clash.line}); agents tell tasks apart by title.`);
  }
  const eol = detectEol(text);
  const at = parsed.appendAt;
  const insert = separatorBefore(text, at, eol) + block + (at < text.length ? eol : '');
  return { text: text.slice(0, at) + insert + text.slice(at), position: parsed.tasks.length + 1, title };
}

/** Dispatches into the task file at `path` (created when missing). */
export async function dispatchTask(
  fs: TeamFs,
  path: string,
  input: DispatchInput,
  opts: EditOptions = {},
): Promise<DispatchResult> {
  let result: DispatchResult | undefined;
  await editFile(
    fs,
    path,
    (text) => {
      result = dispatchText(text, path, input);
      return result.text;
    },
    { ifMissing: 'create', ...opts },
  );
  return result!;
}
