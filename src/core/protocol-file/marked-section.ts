import { CortexInputError } from '../edit/errors';
import { separatorBefore } from '../ops/shared';
import { Eol, bomLength, detectEol, splitLines, withEol } from '../text/text';

/**
 * The Cortex section of an instruction file that also holds other people's text
 * (`AGENTS.md`, `.cursorrules`, `GEMINI.md`, `.cortex.md`): everything from a begin
 * marker line to an end marker line, both included.
 *
 *     <!-- cortex:begin … -->
 *     …the protocol…
 *     <!-- cortex:end -->
 *
 * Only that section is ever added or replaced; every byte outside it stays as it was,
 * and the section takes the file's own line-ending style. Pure text functions.
 */

/** The begin marker as written (a reader matches any `<!-- cortex:begin … -->` line). */
export const CORTEX_BEGIN = '<!-- cortex:begin: written by Cortex Team, replaced when the protocol is generated again; keep your own text outside this section -->';
export const CORTEX_END = '<!-- cortex:end -->';

/** How a file's comments mark the section: the lines as written, and what a reader takes for them. */
export interface MarkerStyle {
  readonly begin: string;
  readonly end: string;
  readonly beginLine: RegExp;
  readonly endLine: RegExp;
}

/** HTML comments, for markdown and plain-text instruction files. */
export const HTML_MARKERS: MarkerStyle = {
  begin: CORTEX_BEGIN,
  end: CORTEX_END,
  beginLine: /^[ \t]*<!--[ \t]*cortex:begin\b.*-->[ \t]*$/,
  endLine: /^[ \t]*<!--[ \t]*cortex:end[ \t]*-->[ \t]*$/,
};

/** `#` comments, for TOML (Codex's config.toml). */
export const HASH_MARKERS: MarkerStyle = {
  begin: '# cortex:begin: written by Cortex Team, replaced when it is generated again; keep your own settings outside this block',
  end: '# cortex:end',
  beginLine: /^[ \t]*#[ \t]*cortex:begin\b.*$/,
  endLine: /^[ \t]*#[ \t]*cortex:end[ \t]*$/,
};

/** A line that would be read as a marker (generated text must not contain one). */
export function isMarkerLine(line: string, markers: MarkerStyle = HTML_MARKERS): boolean {
  return markers.beginLine.test(line) || markers.endLine.test(line);
}

export interface MarkedSection {
  /** Offset of the begin marker line. */
  readonly from: number;
  /** Offset just after the end marker line's content (before its line break). */
  readonly end: number;
  /** Offset after the end marker line's line break (== `end` on a last line without one). */
  readonly to: number;
  /** 1-based lines of the markers. */
  readonly beginLine: number;
  readonly endLine: number;
  /** The line break after the begin marker (the section's own style). */
  readonly eol: Eol | undefined;
}

/**
 * The Cortex section of `text`, `null` when it has none. A begin marker without an
 * end, an end without a begin, or a second section is refused (a `CortexInputError`
 * naming the lines): replacing anything then could take the user's text with it.
 */
export function findMarkedSection(text: string, file: string, markers: MarkerStyle = HTML_MARKERS): MarkedSection | null {
  const lines = splitLines(text, bomLength(text));
  let begin = -1;
  let found: MarkedSection | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = text.slice(lines[i].start, lines[i].end);
    if (markers.beginLine.test(line)) {
      if (begin >= 0) {
        throw new CortexInputError(`${file}: a second Cortex begin marker on line ${i + 1} before the section from line ${begin + 1} ends; remove one of them.`);
      }
      if (found) {
        throw new CortexInputError(`${file} has two Cortex sections (lines ${found.beginLine} and ${i + 1}); remove one of them.`);
      }
      begin = i;
    } else if (markers.endLine.test(line)) {
      if (begin < 0) {
        throw new CortexInputError(`${file}: a Cortex end marker on line ${i + 1} with no begin marker before it; remove it or add the begin marker.`);
      }
      const br = text.slice(lines[begin].end, lines[begin].next);
      const eol = br === '\r\n' || br === '\n' ? br : undefined;
      found = { from: lines[begin].start, end: lines[i].end, to: lines[i].next, beginLine: begin + 1, endLine: i + 1, eol };
      begin = -1;
    }
  }
  if (begin >= 0) {
    throw new CortexInputError(`${file}: the Cortex section that starts on line ${begin + 1} has no end marker (${markers.end}); add it or remove the begin marker.`);
  }
  return found;
}

/** The section for `body` (any line breaks; surrounding blank lines dropped), in `eol` style, without a final line break. */
export function markedBlock(body: string, eol: Eol, markers: MarkerStyle = HTML_MARKERS): string {
  const inner = trimBlankLines(withEol(body, '\n'));
  for (const line of inner.split('\n')) {
    if (isMarkerLine(line, markers)) throw new CortexInputError(`The generated text contains a Cortex marker line ("${line.trim()}"); it cannot be put inside a section.`);
  }
  return [markers.begin, ...(inner === '' ? [] : inner.split('\n')), markers.end].join(eol);
}

/**
 * `text` with its Cortex section set to `body`: replaced in place when there is one,
 * else appended after a blank line. `undefined` text (no file yet) gives the section
 * alone, ending with a line break.
 */
export function upsertMarkedSection(text: string | undefined, body: string, file: string, markers: MarkerStyle = HTML_MARKERS): string {
  if (text === undefined) return markedBlock(body, '\n', markers) + '\n';
  const section = findMarkedSection(text, file, markers);
  if (section) {
    // The section keeps its own line-break style (a file may mix them), and the end
    // marker keeps its line break (or its absence at the end of the file).
    const block = markedBlock(body, section.eol ?? detectEol(text), markers);
    return text.slice(0, section.from) + block + text.slice(section.end, section.to) + text.slice(section.to);
  }
  const eol = detectEol(text);
  return text + separatorBefore(text, text.length, eol) + markedBlock(body, eol, markers) + eol;
}

/** Drops blank lines at the start and the end of a `\n` text. */
export function trimBlankLines(text: string): string {
  const lines = text.split('\n');
  let from = 0;
  let to = lines.length;
  while (from < to && lines[from].trim() === '') from++;
  while (to > from && lines[to - 1].trim() === '') to--;
  return lines.slice(from, to).join('\n');
}
