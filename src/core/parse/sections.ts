import { Line } from '../text';

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

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function findSections(text: string, lines: readonly Line[], from: number): Section[] {
  const sections: Section[] = [];
  let fence: { char: string; len: number } | null = null;
  let open: { title: string; heading: number } | null = null;
  for (let i = from; i < lines.length; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (fence) {
      const t = s.trim();
      if (t.length >= fence.len && [...t].every((c) => c === fence!.char)) fence = null;
      continue;
    }
    const f = FENCE.exec(s);
    if (f) {
      fence = { char: f[1][0], len: f[1].length };
      continue;
    }
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
