/**
 * A unified diff of two texts, line by line, for a terminal (`cortex-team protocol
 * --dry-run`, `leave --dry-run`): what the extension shows in its diff editor. The
 * longest common subsequence of lines, three lines of context around each change.
 * Files here are small (protocol files, configurations), so the quadratic table is fine.
 */
const CONTEXT = 3;

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

function splitLines(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function lineOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++] });
      j++;
    } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ kind: '-', line: a[i++] });
    else ops.push({ kind: '+', line: b[j++] });
  }
  return ops;
}

/** `--- a/path` / `+++ b/path` and the hunks; `''` when the texts are equal. `undefined`: no file (/dev/null). */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  const ops = lineOps(splitLines(before), splitLines(after));
  const out = [`--- ${before === undefined ? '/dev/null' : `a/${path}`}`, `+++ ${after === undefined ? '/dev/null' : `b/${path}`}`];
  const changed = ops.map((op, k) => (op.kind !== ' ' ? k : -1)).filter((k) => k >= 0);
  if (changed.length === 0) {
    // Only the line breaks or the final newline differ.
    out.push('@@ line breaks or the final newline differ @@');
    return out.join('\n') + '\n';
  }
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - CONTEXT);
    let end = Math.min(ops.length, changed[k] + CONTEXT + 1);
    while (k + 1 < changed.length && changed[k + 1] - CONTEXT <= end) end = Math.min(ops.length, changed[++k] + CONTEXT + 1);
    k++;
    const aStart = ops.slice(0, start).filter((o) => o.kind !== '+').length;
    const bStart = ops.slice(0, start).filter((o) => o.kind !== '-').length;
    const hunk = ops.slice(start, end);
    const aLen = hunk.filter((o) => o.kind !== '+').length;
    const bLen = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aLen === 0 ? aStart : aStart + 1},${aLen} +${bLen === 0 ? bStart : bStart + 1},${bLen} @@`);
    for (const o of hunk) out.push(o.kind + o.line);
  }
  return out.join('\n') + '\n';
}
