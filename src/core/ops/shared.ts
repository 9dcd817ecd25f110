import { CortexInputError } from '../errors';
import { Fence, closesFence, fenceOpenedBy } from '../parse/fence';
import { Eol, bomLength, endsWithEol, splitLines, withEol } from '../text';

/** Helpers the edit operations share: checking text people supply, and splicing. */

/** Where an agent's files live, relative to the team folder. */
export function agentFolder(slug: string): string {
  return `agents/${slug}`;
}
export { agentNotePath, agentTasksPath } from '../team-paths';

/** What agents grep as a status line, in any shape (they would miscount a body line like it). */
const STATUS_LIKE = /^\s*\*\*\s*status\s*:?\s*\*\*/i;
const TICK_LIKE = /<!--\s*[\w-]+:last-tick\b/i;

function isHeading2(line: string): boolean {
  return line.startsWith('##') && (line.length === 2 || line[2] === ' ' || line[2] === '\t');
}

/**
 * Refuses text (a task body, a summary) that agents or the parser would read as
 * structure: a `## ` heading at column 1 outside a code fence (a new task), a status
 * line (agents grep them anywhere), a last-tick comment, or a fence left open (it
 * would swallow every task after it). `what` names the text in the message.
 */
export function checkUserText(text: string, what: string, opts: { allowStatus?: boolean } = {}): void {
  let fence: Fence | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const where = `line ${i + 1} of the ${what}`;
    if (TICK_LIKE.test(line)) throw new CortexInputError(`The ${what} contains a last-tick comment (${where}); agents would take it for their heartbeat.`);
    if (!opts.allowStatus && STATUS_LIKE.test(line)) {
      throw new CortexInputError(`The ${what} contains a status line (${where}); agents would read it as a task's status.`);
    }
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (isHeading2(line)) {
      throw new CortexInputError(`The ${what} has a "## " heading at the start of ${where}; agents would read it as a new task (indent it or use "###").`);
    }
    fence = fenceOpenedBy(line);
  }
  if (fence) throw new CortexInputError(`The ${what} opens a code fence (${fence.char.repeat(fence.len)}) that it never closes; it would swallow the tasks after it.`);
}

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

/** A task title: one non-empty line. */
export function checkTitle(title: string): string {
  if (/[\r\n]/.test(title)) throw new CortexInputError('A task title must be a single line.');
  const t = title.trim();
  if (t === '') throw new CortexInputError('A task title must not be empty.');
  return t;
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
