import { Line } from '../text/text';

/**
 * GitHub-style markdown tables as the WORKLOG and MAILBOX use them (`| a | b |`
 * rows, a `|---|` separator under the header). Each cell keeps the offsets of its
 * trimmed text in the whole file, so an edit can replace exactly one cell's bytes.
 */
export interface TableCell {
  /** The cell's text, trimmed, with `\|` unescaped. */
  readonly text: string;
  /** Offsets in the whole text of the trimmed content (equal for an empty cell). */
  readonly start: number;
  readonly end: number;
}

export interface TableRow {
  /** Index into the lines. */
  readonly line: number;
  readonly cells: readonly TableCell[];
}

export interface MdTable {
  readonly header: readonly string[];
  /** Index into the lines of the header row. */
  readonly headerLine: number;
  /** False when the second line is not a `|---|` separator (the table is then malformed). */
  readonly hasSeparator: boolean;
  readonly rows: readonly TableRow[];
  /** Index of the first line after the table. */
  readonly endLine: number;
}

const SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

export function isTableLine(s: string): boolean {
  return s.trimStart().startsWith('|');
}

/** The cells of one table row (offsets relative to the whole text, `offset` being where `s` starts). */
export function splitRow(s: string, offset: number): TableCell[] {
  const cells: TableCell[] = [];
  let i = s.indexOf('|');
  if (i < 0) return cells;
  i++;
  let start = i;
  const push = (end: number) => {
    let a = start;
    let b = end;
    while (a < b && (s[a] === ' ' || s[a] === '\t')) a++;
    while (b > a && (s[b - 1] === ' ' || s[b - 1] === '\t')) b--;
    // An empty cell: point just after its first space so an insert keeps `| x |` spacing.
    if (a === b && end > start && s[start] === ' ') a = b = start + 1;
    cells.push({ text: s.slice(a, b).replace(/\\\|/g, '|'), start: offset + a, end: offset + b });
  };
  for (; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === '|') {
      push(i);
      start = i + 1;
    }
  }
  // Text after the last pipe is a cell only when it is not blank (a row without a closing pipe).
  if (s.slice(start).trim() !== '') push(s.length);
  return cells;
}

/** The first table that starts in lines[from..to) (only blank lines or text before it), or null. */
export function readTable(text: string, lines: readonly Line[], from: number, to: number): MdTable | null {
  let first = from;
  while (first < to && !isTableLine(text.slice(lines[first].start, lines[first].end))) first++;
  if (first >= to) return null;
  const header = splitRow(text.slice(lines[first].start, lines[first].end), lines[first].start).map((c) => c.text);
  let i = first + 1;
  const hasSeparator = i < to && SEPARATOR.test(text.slice(lines[i].start, lines[i].end));
  if (hasSeparator) i++;
  const rows: TableRow[] = [];
  for (; i < to; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (!isTableLine(s)) break;
    rows.push({ line: i, cells: splitRow(s, lines[i].start) });
  }
  return { header, headerLine: first, hasSeparator, rows, endLine: i };
}

/** The index of the first column whose header is one of `names` (case-insensitive), or -1. */
export function columnIndex(header: readonly string[], ...names: string[]): number {
  const wanted = names.map((n) => n.toLowerCase());
  return header.findIndex((h) => wanted.includes(h.trim().toLowerCase()));
}

/** A cell's text for a table: one line, `|` escaped. */
export function escapeCell(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|').trim();
}

/** `| a | b |`. */
export function formatRow(cells: readonly string[]): string {
  return `| ${cells.map(escapeCell).join(' | ')} |`;
}
