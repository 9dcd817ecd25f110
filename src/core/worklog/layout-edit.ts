import { Splice, separatorBefore } from '../ops/shared';
import { Eol, Line } from '../text/text';

/** Offsets the WORKLOG and MAILBOX edits share. */

/** The offset just after the last non-blank line of lines[from..to) (after its line break, if it has one); `fallback` when all are blank. */
export function afterContent(text: string, lines: readonly Line[], from: number, to: number, fallback: number): number {
  for (let i = Math.min(to, lines.length) - 1; i >= from; i--) {
    if (text.slice(lines[i].start, lines[i].end).trim() !== '') return lines[i].next;
  }
  return fallback;
}

/** True when only blank lines follow `at`. */
export function onlyBlankAfter(text: string, at: number): boolean {
  return text.slice(at).trim() === '';
}

/** What a new block needs after it at `at`: a blank line when text follows at once, nothing when a blank line or the end of the file does. */
export function blankLineIfFollowed(text: string, at: number, eol: string): string {
  return onlyBlankAfter(text, at) || /^[ \t]*(?:\r\n|\r|\n)/.test(text.slice(at, at + 200)) ? '' : eol;
}

/** A line break when `at` is at the end of a last line that has none. */
export function breakIfUnterminated(text: string, at: number, eol: string): string {
  if (at === 0) return '';
  const c = text.charCodeAt(at - 1);
  return c === 10 || c === 13 ? '' : eol;
}

/** Where a file's blocks sit: their heading line and the line after their last. */
export interface BlockSpan {
  readonly heading: number;
  readonly end: number;
}

/**
 * Inserts a new entry or message where the file's order puts the newest: above the
 * first block in a newest-first file, else after the last block's content (or at the
 * end of a file without blocks).
 */
export function newBlockSplice(text: string, lines: readonly Line[], blocks: readonly BlockSpan[], newestFirst: boolean, block: string, eol: Eol): Splice {
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  if (first && newestFirst) {
    const at = lines[first.heading].start;
    return { at, insert: separatorBefore(text, at, eol) + block + eol };
  }
  const at = last ? afterContent(text, lines, last.heading, last.end, text.length) : text.length;
  return { at, insert: separatorBefore(text, at, eol) + block + blankLineIfFollowed(text, at, eol) };
}
