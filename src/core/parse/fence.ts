import type { Line } from '../text/text';

/**
 * Code fences as every line scanner of the core reads them: a fence opens with three
 * or more backticks or tildes indented at most three spaces, and closes on a line of
 * only that character, at least as many, with whitespace around.
 */
export interface Fence {
  readonly char: string;
  readonly len: number;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** The fence `line` opens, or null. */
export function fenceOpenedBy(line: string): Fence | null {
  const m = FENCE_OPEN.exec(line);
  return m ? { char: m[1][0], len: m[1].length } : null;
}

/** True when `line` closes `fence`. */
export function closesFence(line: string, fence: Fence): boolean {
  const t = line.trim();
  return t.length >= fence.len && [...t].every((c) => c === fence.char);
}

/**
 * Calls `visit` with each line of `text` from index `from` up to `to` (as `lines` cut it)
 * that is outside every code fence; a fence's lines, the opening and closing ones
 * included, are passed over.
 */
export function eachUnfencedLine(text: string, lines: readonly Line[], from: number, to: number, visit: (line: string, index: number) => void): void {
  let fence: Fence | null = null;
  for (let i = from; i < to; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (fence) {
      if (closesFence(s, fence)) fence = null;
      continue;
    }
    fence = fenceOpenedBy(s);
    if (!fence) visit(s, i);
  }
}
