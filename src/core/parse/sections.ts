import { Line } from '../text/text';
import { eachUnfencedLine } from './fence';

/**
 * The `## ` sections of a note body (Role, Projects, Session Log, Next Action…),
 * fence-aware: a `## ` inside a code block is content.
 */
export interface Section {
  /** Heading text without the hashes, trimmed. */
  readonly title: string;
  /** Index into `lines` of the heading. */
  readonly heading: number;
  /** Index into `lines` of the first line after the section (next `#`/`##` heading or end). */
  readonly end: number;
}

export function findSections(text: string, lines: readonly Line[], from: number): Section[] {
  // Every `#` and `##` heading; a `##` one opens a section that runs to the next of either.
  const headings: Array<{ title: string | null; heading: number }> = [];
  eachUnfencedLine(text, lines, from, lines.length, (s, i) => {
    const m = /^(#{1,2})(?:[ \t]+(.*?))?[ \t#]*$/.exec(s);
    if (m) headings.push({ title: m[1].length === 2 ? (m[2] ?? '').trim() : null, heading: i });
  });
  const sections: Section[] = [];
  headings.forEach(({ title, heading }, k) => {
    if (title !== null) sections.push({ title, heading, end: headings[k + 1]?.heading ?? lines.length });
  });
  return sections;
}

/** The first section with this title (case-insensitive). */
export function sectionNamed(sections: readonly Section[], title: string): Section | undefined {
  const t = title.toLowerCase();
  return sections.find((s) => s.title.toLowerCase() === t);
}

/** A section's content lines as strings (without the heading). */
export function sectionLines(text: string, lines: readonly Line[], section: Section): string[] {
  const out: string[] = [];
  for (let i = section.heading + 1; i < section.end; i++) out.push(text.slice(lines[i].start, lines[i].end));
  return out;
}
