import { CortexInputError } from '../edit/errors';
import { Fence, closesFence, fenceOpenedBy } from '../parse/fence';
import { Eol, bomLength, endsWithEol, splitLines, withEol } from '../text/text';
import { isOpenStatus } from '../../base/task-status';

/** Helpers the edit operations share: checking text people supply, and splicing. */

/** Where an agent's files live, relative to the team folder. */
export function agentFolder(slug: string): string {
  return `agents/${slug}`;
}
export { agentNotePath, agentTasksPath } from '../team/team-paths';
/** The input rules live in one module; re-exported here for the operations' callers. */
export { checkTitle, checkUserText } from '../text/input-rules';

/** The 1-based line of a code fence that is never closed, or null. */
export function unclosedFenceLine(text: string): number | null {
  if (text.indexOf('```') < 0 && text.indexOf('~~~') < 0) return null;
  let fence: Fence | null = null;
  let fenceLine = 0;
  const lines = text.slice(bomLength(text)).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (line.startsWith('#')) continue;
    fence = fenceOpenedBy(line);
    fenceLine = i + 1;
  }
  return fence ? fenceLine : null;
}

/** Refuses to add text to a file whose end is inside an open code fence. */
export function checkNoOpenFence(text: string, file: string): void {
  const line = unclosedFenceLine(text);
  if (line !== null) {
    throw new CortexInputError(`${file} has a code fence opened on line ${line} that is never closed; anything added after it would be read as part of it. Close the fence first.`);
  }
}

/** User text with its line breaks in the file's style and without leading or trailing blank lines. */
export function normalizeUserText(text: string, eol: Eol): string {
  const lines = withEol(text, '\n').split('\n');
  let from = 0;
  let to = lines.length;
  while (from < to && lines[from].trim() === '') from++;
  while (to > from && lines[to - 1].trim() === '') to--;
  return lines.slice(from, to).join(eol);
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Checks a protocol timestamp `YYYY-MM-DDTHH:MM`. */
export function checkStamp(value: string, what: string): string {
  if (!TIMESTAMP.test(value)) throw new CortexInputError(`${what} must look like YYYY-MM-DDTHH:MM, not "${value}".`);
  const [d, t] = value.split('T');
  const [y, mo, da] = d.split('-').map(Number);
  const [h, mi] = t.split(':').map(Number);
  const date = new Date(Date.UTC(y, mo - 1, da, h, mi));
  if (h > 23 || mi > 59 || date.getUTCDate() !== da || date.getUTCMonth() !== mo - 1) {
    throw new CortexInputError(`${what} "${value}" is not a real date and time.`);
  }
  return value;
}

/** The line (as a string, without its break) that ends just before `at` (or the partial line ending at `at`). */
function lastLineBefore(text: string, from: number, at: number): { text: string; terminated: boolean } {
  let end = at;
  const terminated = end > from && (text[end - 1] === '\n' || text[end - 1] === '\r');
  if (terminated) {
    end--;
    if (text[end] === '\n' && end > from && text[end - 1] === '\r') end--;
  }
  let start = end;
  while (start > from && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return { text: text.slice(start, end), terminated };
}

/**
 * What to insert at `at` so that a new block starts on its own line after a blank
 * line; nothing when only blank lines (or a BOM) come before it.
 */
export function separatorBefore(text: string, at: number, eol: Eol): string {
  const from = bomLength(text);
  if (text.slice(from, at).trim() === '') return '';
  const last = lastLineBefore(text, from, at);
  let sep = last.terminated ? '' : eol;
  if (last.text.trim() !== '') sep += eol;
  return sep;
}

/** The block, ending with a line break followed by a blank line (what it lacks of that is added). */
export function withBlankLineAfter(block: string, eol: Eol): string {
  if (!endsWithEol(block)) return block + eol + eol;
  const lines = splitLines(block);
  const last = lines[lines.length - 1];
  if (last && block.slice(last.start, last.end).trim() === '') return block;
  return block + eol;
}

export interface Splice {
  readonly at: number;
  readonly remove?: number;
  readonly insert: string;
}

/** Applies splices (given by offsets into the original text; equal offsets keep their order). */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const sorted = splices.map((s, i) => ({ ...s, i })).sort((a, b) => a.at - b.at || a.i - b.i);
  let out = '';
  let pos = 0;
  for (const s of sorted) {
    out += text.slice(pos, s.at) + s.insert;
    pos = s.at + (s.remove ?? 0);
  }
  return out + text.slice(pos);
}

/** "a" or "an" before a word in messages ("an in-progress task", "a ready task"). */
export function article(word: string | null): string {
  return word && /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * The duplicate-title rule, for every door that names a task (dispatch, edit, the
 * Dispatch Task wizard): agents tell tasks apart by title, so no two open (ready or
 * in-progress) tasks of an agent share one. The open task of `tasks` titled `title`,
 * other than the one at `except`; `undefined` when there is none.
 */
export function openTitleClash<T extends { readonly title: string; readonly status: string | null }>(tasks: readonly T[], title: string, except = -1): T | undefined {
  return tasks.find((t, i) => i !== except && t.title === title && isOpenStatus(t.status));
}

/** Why `title` is refused: "<owner> already has a ready task titled "<title>" (line 4<lineOf>); agents tell tasks apart by title." */
export function titleClashMessage(owner: string, clash: { readonly status: string | null; readonly line: number }, title: string, lineOf = ''): string {
  return `${owner} already has ${article(clash.status)} ${clash.status} task titled "${title}" (line ${clash.line}${lineOf}); agents tell tasks apart by title.`;
}

/**
 * How an operation finds a task again in a newer text: by its id marker when it has
 * one, else by its title and its rank among the tasks with that title.
 */
export interface TaskKey {
  readonly id: string | null;
  readonly title: string;
  readonly occurrence: number;
}

export function taskKey(tasks: ReadonlyArray<{ readonly title: string; readonly id: string | null }>, index: number): TaskKey {
  let occurrence = 0;
  for (let i = 0; i < index; i++) if (tasks[i].title === tasks[index].title) occurrence++;
  return { id: tasks[index].id, title: tasks[index].title, occurrence };
}

/** The index of the task `key` names, or -1. */
export function findTask(tasks: ReadonlyArray<{ readonly title: string; readonly id: string | null }>, key: TaskKey): number {
  if (key.id !== null) {
    const byId = tasks.findIndex((t) => t.id === key.id);
    if (byId >= 0) return byId;
  }
  const same: number[] = [];
  for (let i = 0; i < tasks.length; i++) if (tasks[i].title === key.title && (key.id === null || tasks[i].id === null)) same.push(i);
  // A title no other task has names its task whatever moved around it.
  if (same.length === 1) return same[0];
  return key.occurrence < same.length ? same[key.occurrence] : -1;
}
