import { readFrontmatter, stringField } from '../frontmatter';
import { Diagnostic, SessionLogEntry } from '../model';
import { Line } from '../text';
import { Section, findSections, sectionNamed } from './sections';

/**
 * Reads an agent note (agents/<slug>/<slug>.md): frontmatter `name`, `project`,
 * `status`, `joined` (plus `parent` and `level` for agent lineage) and the body
 * sections `## Role`, `## Projects`, `## Capabilities`, `## Session Log`.
 * A broken frontmatter block is reported at its line; the body still reads.
 */
export interface AgentNote {
  /** From the frontmatter, else `fallbackName` (the folder's slug). */
  readonly name: string;
  readonly status: string | null;
  readonly project: string | null;
  readonly joined: string | null;
  readonly parent: string | null;
  readonly level: number | null;
  readonly role: string | null;
  readonly projects: readonly string[];
  readonly capabilities: readonly string[];
  readonly sessionLog: readonly SessionLogEntry[];
  readonly diagnostics: readonly Diagnostic[];
}

export function parseAgentNote(text: string, file: string, fallbackName: string): AgentNote {
  const diagnostics: Diagnostic[] = [];
  const report = (line: number, severity: Diagnostic['severity'], message: string) =>
    diagnostics.push({ file, line, severity, message });

  const fm = readFrontmatter(text);
  const data = fm.data;
  if (fm.error) {
    report(fm.error.line, 'error', `${fm.error.message.replace(/[.\s]*$/, '')}. The agent is listed under its folder name.`);
  } else if (!fm.range) {
    report(1, 'warning', 'The agent note has no frontmatter (a "---" block with name, project, status, joined).');
  }
  const fieldLine = (key: string) => frontmatterKeyLine(text, fm.lines, fm.range, key);

  const str = (key: string): string | null => {
    const v = data?.[key];
    if (v !== undefined && v !== null && typeof v === 'object' && !(v instanceof Date)) {
      report(fieldLine(key), 'warning', `"${key}" should be a single value, not a list or a mapping; ignoring it.`);
      return null;
    }
    return stringField(data, key);
  };

  const name = str('name');
  const status = str('status');
  if (status !== null && !/^(active|inactive)$/i.test(status)) {
    report(fieldLine('status'), 'info', `Agent status "${status}" is neither "active" nor "inactive".`);
  }
  let level: number | null = null;
  const rawLevel = data?.level;
  if (rawLevel !== undefined && rawLevel !== null && rawLevel !== '') {
    const n = typeof rawLevel === 'number' ? rawLevel : typeof rawLevel === 'string' ? Number(rawLevel.trim()) : NaN;
    if (Number.isFinite(n)) level = n;
    else report(fieldLine('level'), 'warning', `"level" should be a number, not "${String(rawLevel)}"; ignoring it.`);
  }

  const sections = findSections(text, fm.lines, fm.bodyLine);
  const lines = fm.lines;
  return {
    name: name ?? fallbackName,
    status,
    project: str('project'),
    joined: str('joined'),
    parent: str('parent'),
    level,
    role: firstParagraph(text, lines, sectionNamed(sections, 'Role')),
    projects: bullets(text, lines, sectionNamed(sections, 'Projects'))
      .map(projectSlug)
      .filter((s) => s !== ''),
    capabilities: bullets(text, lines, sectionNamed(sections, 'Capabilities')),
    sessionLog: sessionLog(text, lines, sectionNamed(sections, 'Session Log')),
    diagnostics,
  };
}

const BULLET = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?(.*?)[ \t]*$/;

/** The text of each list item in a section (continuation lines are not joined). */
export function bullets(text: string, lines: readonly Line[], section: Section | undefined): string[] {
  if (!section) return [];
  const out: string[] = [];
  for (let i = section.heading + 1; i < section.end; i++) {
    const m = BULLET.exec(text.slice(lines[i].start, lines[i].end));
    if (m && m[1] !== '') out.push(m[1]);
  }
  return out;
}

/** The first paragraph of a section (its first run of non-blank lines, joined by spaces). */
export function firstParagraph(text: string, lines: readonly Line[], section: Section | undefined): string | null {
  if (!section) return null;
  const parts: string[] = [];
  for (let i = section.heading + 1; i < section.end; i++) {
    const s = text.slice(lines[i].start, lines[i].end).trim();
    if (s === '') {
      if (parts.length > 0) break;
      continue;
    }
    parts.push(s);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * A `## Projects` item to a project slug: the text before " — ", " – ", " - " or ":"
 * (whichever comes first), without wiki-link brackets, backticks or emphasis.
 */
export function projectSlug(item: string): string {
  let cut = item.length;
  for (const sep of [' — ', ' – ', ' - ', ':']) {
    const i = item.indexOf(sep);
    if (i >= 0 && i < cut) cut = i;
  }
  let s = item.slice(0, cut).trim();
  const wiki = /^\[\[([^\]|]*)(?:\|[^\]]*)?\]\]$/.exec(s);
  if (wiki) s = wiki[1];
  s = s.replace(/^[`*_]+|[`*_]+$/g, '').trim();
  return s;
}

/** `Key: value`, also as `**Key:** value` or a list item; the key lowercased. */
function keyValue(line: string): { key: string; value: string } | null {
  const m = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?([A-Za-z][A-Za-z ]*?)[ \t]*(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*(.*?)[ \t]*$/.exec(line);
  return m ? { key: m[1].toLowerCase(), value: m[2] } : null;
}

/** Entries of `## Session Log`: each starts at a `Last session:` line; its `Status:` line. */
function sessionLog(text: string, lines: readonly Line[], section: Section | undefined): SessionLogEntry[] {
  if (!section) return [];
  const out: SessionLogEntry[] = [];
  let current: { lastSession: string; status: string | null; line: number } | null = null;
  for (let i = section.heading + 1; i < section.end; i++) {
    const kv = keyValue(text.slice(lines[i].start, lines[i].end));
    if (!kv) continue;
    if (kv.key === 'last session') {
      if (current) out.push(current);
      current = { lastSession: kv.value, status: null, line: i + 1 };
    } else if (kv.key === 'status' && current && current.status === null) {
      current.status = kv.value;
    }
  }
  if (current) out.push(current);
  return out;
}

/** 1-based line of a top-level `key:` inside the frontmatter, else the frontmatter's first line. */
function frontmatterKeyLine(
  text: string,
  lines: readonly Line[],
  range: { from: number; to: number } | null,
  key: string,
): number {
  if (!range) return 1;
  for (let i = range.from; i < range.to; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (s.startsWith(key) && /^\s*:/.test(s.slice(key.length))) return i + 1;
  }
  return range.from;
}
