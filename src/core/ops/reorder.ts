import { EditOptions, editFile } from '../edit';
import { CortexInputError } from '../errors';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../refs';
import { detectEol, endsWithEol } from '../text';
import { withBlankLineAfter } from './shared';

/**
 * reorder: moves a task's block (its heading through the line before the next task,
 * or before the trailing last-tick comment) before or after another task of the same
 * file. Agents pick up the first ready task in document order, so this sets priority.
 *
 * Blocks keep their bytes; the moved block gets a line break and a blank line at its
 * end when something follows it, and a block that ended the file without a line break
 * gets one when it no longer ends the file.
 */
export interface ReorderInput {
  readonly ref: string;
  readonly before?: string;
  readonly after?: string;
}

export interface ReorderResult {
  readonly text: string;
  readonly title: string;
  /** 1-based positions before and after the move. */
  readonly from: number;
  readonly to: number;
}

export function reorderText(text: string, file: string, input: ReorderInput): ReorderResult {
  if ((input.before === undefined) === (input.after === undefined)) {
    throw new CortexInputError('Give exactly one of "before" or "after" to say where the task goes.');
  }
  const parsed = parseTaskFile(text, file);
  const tasks = parsed.tasks;
  const from = resolveTaskRef(tasks, input.ref, file);
  const anchorRef = (input.before ?? input.after)!;
  const anchor = resolveTaskRef(tasks, anchorRef, file);
  if (anchor === from) throw new CortexInputError(`A task cannot be moved ${input.before !== undefined ? 'before' : 'after'} itself.`);

  const order = tasks.map((_, i) => i).filter((i) => i !== from);
  const at = order.indexOf(anchor) + (input.before !== undefined ? 0 : 1);
  order.splice(at, 0, from);
  const title = tasks[from].title;
  if (order.every((v, i) => v === i)) return { text, title, from: from + 1, to: from + 1 };

  const eol = detectEol(text);
  const head = text.slice(0, tasks[0].span.start);
  const tail = text.slice(tasks[tasks.length - 1].span.end);
  let out = head;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    let block = text.slice(tasks[i].span.start, tasks[i].span.end);
    const followed = k < order.length - 1 || tail !== '';
    if (followed && (i === from || !endsWithEol(block))) block = withBlankLineAfter(block, eol);
    out += block;
  }
  return { text: out + tail, title, from: from + 1, to: at + 1 };
}

export async function reorderTask(fs: TeamFs, path: string, input: ReorderInput, opts: EditOptions = {}): Promise<ReorderResult> {
  let result: ReorderResult | undefined;
  await editFile(
    fs,
    path,
    (text) => {
      result = reorderText(text, path, input);
      return result.text;
    },
    opts,
  );
  return result!;
}
