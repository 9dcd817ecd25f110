import { Line } from '../text/text';
import { Fence, closesFence, fenceOpenedBy } from './fence';

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
  const sections: Section[] = [];
  let fence: Fence | null = null;
  let open: { title: string; heading: number } | null = null;
  for (let i = from; i < lines.length; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (fence) {
      if (closesFence(s, fence)) fence = null;
      continue;
    }
    fence = fenceOpenedBy(s);
    if (fence) continue;
    const m = /^(#{1,2})(?:[ \t]+(.*?))?[ \t#]*$/.exec(s);
    if (!m) continue;
    if (open) sections.push({ ...open, end: i });
    open = m[1].length === 2 ? { title: (m[2] ?? '').trim(), heading: i } : null;
  }
  if (open) sections.push({ ...open, end: lines.length });
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
