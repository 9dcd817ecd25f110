import { CortexInputError } from '../edit/errors';
import { readFrontmatter } from '../text/frontmatter';
import { separatorBefore } from '../ops/shared';
import { findSections } from '../parse/sections';
import { detectEol, splitLines, withEol } from '../text/text';
import { trimBlankLines } from './marked-section';

/**
 * A `## <title>` section of a markdown file the user owns (Claude Code's
 * `CLAUDE.local.md` and its `## Cortex` section, as the Cortex plugin writes it): from
 * the heading to the next `#` or `##` heading outside a code fence, or the end of the
 * file. Only that section is added or replaced; the rest of the file keeps every
 * byte. Pure text functions.
 */

export interface HeadingSection {
  /** Offset of the heading line. */
  readonly from: number;
  /** Offset of the next `#`/`##` heading line, or the end of the text. */
  readonly to: number;
  /** 1-based line of the heading. */
  readonly line: number;
  /** True when another heading follows the section. */
  readonly followed: boolean;
}

/** The `## <title>` section (title compared without case), `null` when there is none; two of them are refused. */
export function findHeadingSection(text: string, title: string, file: string): HeadingSection | null {
  const fm = readFrontmatter(text);
  const lines = fm.lines;
  const matches = findSections(text, lines, fm.bodyLine).filter((s) => s.title.toLowerCase() === title.toLowerCase());
  if (matches.length > 1) {
    throw new CortexInputError(`${file} has ${matches.length} "## ${title}" sections (lines ${matches.map((s) => s.heading + 1).join(', ')}); keep one and run the command again.`);
  }
  const s = matches[0];
  if (!s) return null;
  const followed = s.end < lines.length;
  return { from: lines[s.heading].start, to: followed ? lines[s.end].start : text.length, line: s.heading + 1, followed };
}

/**
 * `text` with its `## <title>` section set to `section` (the whole section, heading
 * first, any line breaks): replaced in place, keeping one blank line before a heading
 * that follows, or appended after a blank line. `undefined` text (no file yet) gives
 * the section alone.
 */
export function upsertHeadingSection(text: string | undefined, title: string, section: string, file: string): string {
  const body = trimBlankLines(withEol(section, '\n'));
  const first = body.split('\n', 1)[0];
  if (!new RegExp(`^##[ \\t]+${escapeRegExp(title)}[ \\t#]*$`, 'i').test(first)) {
    throw new CortexInputError(`The generated section must start with "## ${title}", not "${first}".`);
  }
  const own = findSections(body, splitLines(body), 0);
  if (own.length !== 1 || own[0].end !== splitLines(body).length) {
    throw new CortexInputError(`The generated "## ${title}" section contains another "#" or "##" heading; it would end the section there.`);
  }
  if (text === undefined) return body + '\n';
  const eol = detectEol(text);
  const block = withEol(body, eol) + eol;
  const found = findHeadingSection(text, title, file);
  if (found) return text.slice(0, found.from) + block + (found.followed ? eol : '') + text.slice(found.to);
  return text + separatorBefore(text, text.length, eol) + block;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
