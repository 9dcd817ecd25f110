/**
 * A line diff for showing a proposed file change (the Needs you list, the session view):
 * the changed lines with a few lines of context around them, runs of unchanged lines
 * between changes folded into a gap. Longest common subsequence by dynamic programming;
 * past `MAX_CELLS` (a very large file) the whole old text is shown removed and the new one
 * added, which is still a true account of the change.
 */

export type DiffLine =
  | { readonly op: 'same' | 'add' | 'remove'; readonly text: string }
  /** Unchanged lines left out between two hunks. */
  | { readonly op: 'gap'; readonly count: number };

const MAX_CELLS = 4_000_000;

/** `oldText` `null`: a new file (every line added). */
export function lineDiff(oldText: string | null, newText: string, context = 3): DiffLine[] {
  const a = oldText === null ? [] : splitLines(oldText);
  const b = splitLines(newText);
  return foldContext(align(a, b), context);
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Every line of both texts in order, marked same, add or remove. */
function align(a: readonly string[], b: readonly string[]): Array<{ op: 'same' | 'add' | 'remove'; text: string }> {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) (endA--, endB--);
  const head = a.slice(0, start).map((text) => ({ op: 'same' as const, text }));
  const tail = a.slice(endA).map((text) => ({ op: 'same' as const, text }));
  return [...head, ...middle(a.slice(start, endA), b.slice(start, endB)), ...tail];
}

function middle(a: readonly string[], b: readonly string[]): Array<{ op: 'same' | 'add' | 'remove'; text: string }> {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS || n === 0 || m === 0) return [...a.map((text) => ({ op: 'remove' as const, text })), ...b.map((text) => ({ op: 'add' as const, text }))];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: Array<{ op: 'same' | 'add' | 'remove'; text: string }> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) (out.push({ op: 'same', text: a[i] }), i++, j++);
    else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: 'remove', text: a[i++] });
    else out.push({ op: 'add', text: b[j++] });
  }
  while (i < n) out.push({ op: 'remove', text: a[i++] });
  while (j < m) out.push({ op: 'add', text: b[j++] });
  return out;
}

/** Keeps `context` unchanged lines either side of each change; the rest become gaps. */
function foldContext(lines: ReadonlyArray<{ op: 'same' | 'add' | 'remove'; text: string }>, context: number): DiffLine[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.op === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: DiffLine[] = [];
  let gap = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (gap > 0) out.push({ op: 'gap', count: gap });
      gap = 0;
      out.push(l);
    } else gap++;
  });
  if (gap > 0 && out.length > 0) out.push({ op: 'gap', count: gap });
  return out;
}
