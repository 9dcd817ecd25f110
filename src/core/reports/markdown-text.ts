import { middleEllipsis } from '../../base/one-line';

/**
 * Turning text the agents wrote into markdown that renders as they meant it and
 * cannot break the report around it: titles and table cells become plain text (every
 * markdown character escaped, so a `|` never splits a cell and a backtick never opens
 * a code span); summaries keep their own markdown, inside a quote, with raw HTML shown
 * as text.
 */

/** Characters that mean something to markdown anywhere in a line (code, emphasis, links, HTML, tables, entities). */
const SPECIAL = /[\\`*_[\]<>|~&]/g;

/**
 * One line of plain text as markdown that renders exactly as that text: markdown
 * characters escaped, line breaks and tabs folded to spaces, a leading `-`, `+`,
 * `1.` or `>` kept from turning the line into a list or a quote.
 */
export function plainText(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  let out = oneLine.replace(SPECIAL, (c) => '\\' + c);
  // "1. Foo" or "2) Foo" at the start would make an ordered list.
  out = out.replace(/^(\d+)([.)])/, '$1\\$2');
  // "- Foo", "+ Foo", "# Foo" at the start would make a bullet or a heading; "=" or "-" a setext underline.
  if (/^[-+=#]/.test(out)) out = '\\' + out;
  return out;
}

/** How long a name may be in a report before it is shortened (the preview wraps only at spaces). */
export const REPORT_NAME_MAX = 60;

/**
 * An agent's or project's name (or slug) as plain text, shortened in the middle past
 * `REPORT_NAME_MAX` characters: a 500-character name made the preview's tables scroll
 * sideways for thousands of pixels; start and end are kept so similar names stay apart.
 */
export function nameText(name: string): string {
  return plainText(middleEllipsis(name, REPORT_NAME_MAX));
}

/** A table cell: plain text (so `|` and backticks are escaped), `-` when empty. */
export function cell(text: string | null | undefined): string {
  if (text === null || text === undefined || text.trim() === '') return '-';
  return plainText(text);
}

/** A markdown table: a header row, the separator, the rows (cells already escaped). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

/**
 * An agent's markdown (a task Summary) as a block quote indented by `indent`, so it
 * stays inside the list item it belongs to. Its markdown is kept; a `<` outside code
 * becomes `&lt;` so raw HTML shows as text instead of being rendered or dropped.
 */
export function quoteBlock(markdown: string, indent = ''): string[] {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/^\s*\n/, '').trimEnd().split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    let safe = line;
    if (fence !== null) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
    } else if (opener) {
      fence = opener[1];
    } else {
      safe = escapeHtmlOutsideCode(line);
    }
    out.push(safe.trim() === '' ? `${indent}>` : `${indent}> ${safe}`);
  }
  // An unclosed fence would swallow the rest of the report: close it inside the quote.
  if (fence !== null) out.push(`${indent}> ${fence}`);
  return out;
}

/** `<` → `&lt;` except inside inline code spans (backtick runs of equal length). */
function escapeHtmlOutsideCode(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      const ticks = '`'.repeat(run);
      const close = findClosingRun(line, i + run, run);
      if (close >= 0) {
        out += line.slice(i, close + run);
        i = close + run;
        continue;
      }
      out += ticks;
      i += run;
      continue;
    }
    out += line[i] === '<' ? '&lt;' : line[i];
    i++;
  }
  return out;
}

function findClosingRun(line: string, from: number, run: number): number {
  for (let j = from; j < line.length; j++) {
    if (line[j] !== '`') continue;
    let k = j;
    while (line[k] === '`') k++;
    if (k - j === run) return j;
    j = k - 1;
  }
  return -1;
}
