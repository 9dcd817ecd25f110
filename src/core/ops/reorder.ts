import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { resolveTaskRef } from '../team/task-refs';
import { detectEol, endsWithEol } from '../text/text';
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

/**
 * Reorder as an operation for the writer: both tasks are found again by their id,
 * else by their title when no other task has it, else (tasks with the same title
 * change ranks when reordered) by their block's text, which a reorder does not
 * change. It holds while the task sits right before (after) the other one.
 */
export function reorderOperation(file: string, input: ReorderInput): TextOperation<ReorderResult> {
  type Who = { readonly id: string | null; readonly title: string; readonly block: string };
  let keys: { task: Who; anchor: Who } | null = null;
  const before = input.before !== undefined;
  /** The indices `who` may name in `text`. */
  const candidates = (text: string, tasks: ReturnType<typeof parseTaskFile>['tasks'], who: Who): number[] => {
    if (who.id !== null) {
      const byId = tasks.findIndex((t) => t.id === who.id);
      if (byId >= 0) return [byId];
    }
    const same = tasks.map((t, i) => (t.title === who.title ? i : -1)).filter((i) => i >= 0);
    if (same.length <= 1) return same;
    return same.filter((i) => blockText(text, tasks[i].span.start, tasks[i].span.end) === who.block);
  };
  const locate = (text: string): Array<[number, number]> => {
    const tasks = parseTaskFile(text, file).tasks;
    const pairs: Array<[number, number]> = [];
    for (const i of candidates(text, tasks, keys!.task)) for (const a of candidates(text, tasks, keys!.anchor)) if (i !== a) pairs.push([i, a]);
    return pairs;
  };
  return {
    apply: (text) => {
      if (keys !== null) {
        const pairs = locate(text);
        if (pairs.length === 0) throw new CortexInputError(`"${keys.task.title}" or "${keys.anchor.title}" is no longer in ${file}.`);
        const [i, a] = pairs[0];
        const result = reorderText(text, file, before ? { ref: String(i + 1), before: String(a + 1) } : { ref: String(i + 1), after: String(a + 1) });
        return { text: result.text, result };
      }
      const tasks = parseTaskFile(text, file).tasks;
      const result = reorderText(text, file, input);
      const who = (i: number): Who => ({ id: tasks[i].id, title: tasks[i].title, block: blockText(text, tasks[i].span.start, tasks[i].span.end) });
      keys = { task: who(resolveTaskRef(tasks, input.ref, file)), anchor: who(resolveTaskRef(tasks, (input.before ?? input.after)!, file)) };
      return { text: result.text, result };
    },
    holds: (text) => keys !== null && locate(text).some(([i, a]) => (before ? i === a - 1 : i === a + 1)),
  };
}

/** A task's block as text to compare: line breaks as LF, trailing blank lines dropped. */
function blockText(text: string, start: number, end: number): string {
  return text.slice(start, end).replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

export async function reorderTask(fs: TeamFs, path: string, input: ReorderInput, opts: EditOptions = {}): Promise<ReorderResult> {
  const r = await writeOperation(fs, path, reorderOperation(path, input), opts);
  return r.result;
}
