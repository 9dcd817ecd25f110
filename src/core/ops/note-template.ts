import { readFrontmatter } from '../text/frontmatter';
import { findSections } from '../parse/sections';
import { Eol, detectEol, endsWithEol } from '../text/text';
import { Splice, applySplices } from './shared';

/**
 * Filling a note template (the team's `templates/*.md` or the built-in one): frontmatter
 * keys are replaced where the template has them (or added before its closing `---`),
 * sections get their content (added at the end when the template lacks them), and
 * everything else in the template stays as it is. Agent notes (register) and project
 * notes (new project) are written this way.
 */
export interface NoteFill {
  /** Frontmatter keys and their YAML values, as they should be written. */
  readonly keys: ReadonlyArray<readonly [string, string]>;
  /** Section titles and their content lines. */
  readonly sections: ReadonlyArray<readonly [string, readonly string[]]>;
  /** Extra frontmatter splices (given the template's frontmatter), e.g. a block value. */
  readonly more?: (template: string, fm: ReturnType<typeof readFrontmatter>, eol: Eol) => Splice[];
  /** Lines added to a new frontmatter block when the template has none. */
  readonly moreLines?: readonly string[];
}

export function fillNoteTemplate(template: string, fill: NoteFill): string {
  const eol = detectEol(template);
  const fm = readFrontmatter(template);
  const lines = fm.lines;
  const splices: Splice[] = [];
  if (fm.range) {
    const { from, to } = fm.range;
    for (const [key, value] of fill.keys) {
      const content = `${key}: ${value}`;
      const at = lines.slice(from, to).findIndex((l) => new RegExp(`^${key}\\s*:`).test(template.slice(l.start, l.end)));
      if (at < 0) splices.push({ at: lines[to].start, insert: content + eol });
      else splices.push({ at: lines[from + at].start, remove: lines[from + at].end - lines[from + at].start, insert: content });
    }
    splices.push(...(fill.more?.(template, fm, eol) ?? []));
  } else {
    const block = ['---', ...fill.keys.map(([k, v]) => `${k}: ${v}`), ...(fill.moreLines ?? []), '---', ''].join(eol);
    splices.push({ at: fm.bodyStart, insert: block });
  }

  const sections = findSections(template, lines, fm.bodyLine);
  const missing: Array<readonly [string, readonly string[]]> = [];
  for (const [title, content] of fill.sections) {
    const s = sections.find((x) => x.title.toLowerCase() === title.toLowerCase());
    if (!s) missing.push([title, content]);
    // An empty section stays as the template has it.
    else if (content.length > 0) splices.push(sectionContent(template, lines, s.heading, s.end, content, eol));
  }
  let out = applySplices(template, splices);
  if (missing.length > 0) {
    if (!endsWithEol(out)) out += eol;
    for (const [title, content] of missing) out += `${eol}## ${title}${eol}${content.map((l) => l + eol).join('')}`;
  }
  return out;
}

/** Replaces the lines after a section heading, keeping a blank line before the next heading. */
function sectionContent(text: string, lines: ReturnType<typeof readFrontmatter>['lines'], heading: number, end: number, content: readonly string[], eol: Eol): Splice {
  const h = lines[heading];
  const at = h.next;
  const stop = end < lines.length ? lines[end].start : text.length;
  let insert = (h.next === h.end ? eol : '') + content.join(eol) + eol;
  if (end < lines.length) insert += eol;
  return { at, remove: stop - at, insert };
}
