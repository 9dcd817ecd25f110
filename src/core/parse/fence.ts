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
