/**
 * An edge label broken into short lines, so a long condition such as
 * `convergence([IMPLEMENTATION COMPLETE], max 5)` does not stretch the gap between two
 * columns of the graph. Breaks after an opening parenthesis and at spaces; a marker in
 * brackets is kept whole when it fits. Pure: the layout sizes gaps with it, the webview
 * draws the same lines.
 */
export const LABEL_LINE_CHARS = 26;

export function labelLines(label: string, max = LABEL_LINE_CHARS): string[] {
  if (label.length <= max) return [label];
  // Words: break after "(" and at spaces (the space stays out of the line).
  const words = label.replace(/\(/g, '(\u0000').split(/\u0000| /).filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const joined = line === '' ? w : line.endsWith('(') ? line + w : `${line} ${w}`;
    if (line !== '' && joined.length > max) {
      lines.push(line);
      line = w;
    } else line = joined;
  }
  if (line !== '') lines.push(line);
  return lines;
}
