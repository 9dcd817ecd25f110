import { readFrontmatter, stringField } from '../text/frontmatter';
import { Diagnostic, SessionLogEntry } from '../team/model';
import { Fence, closesFence, fenceOpenedBy } from './fence';
import { Line } from '../text/text';
import { parseStamp } from '../../base/time';
import { Section, findSections, sectionNamed } from './sections';
import { LaunchProfile, readLaunchProfile } from '../agents/launch-profile';
import { ALLOW_TOOLS_KEY, ToolRules, readToolRules, spawnToolsAllowedAtLevel3 } from '../agents/tool-rules';

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
  /** `launch:` (our extension of the protocol): how the dashboard starts the agent; absent without one. */
  readonly launch?: LaunchProfile;
  /** `allow_tools:` / `deny_tools:` (document 003); absent without either. */
  readonly tools?: ToolRules;
  /** 1-based lines of the `parent:` and `level:` keys (the frontmatter's first line when absent): where lineage findings point. */
  readonly parentLine: number;
  readonly levelLine: number;
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
  if (rawLevel !== undefined && rawLevel !== null && !(typeof rawLevel === 'string' && rawLevel.trim() === '')) {
    const n = typeof rawLevel === 'number' ? rawLevel : typeof rawLevel === 'string' ? Number(rawLevel.trim()) : NaN;
    if (Number.isFinite(n)) level = n;
    else report(fieldLine('level'), 'warning', `"level" should be a number, not "${String(rawLevel)}"; ignoring it.`);
  }

  for (const [key, at] of duplicateKeys(text, fm.lines, fm.range)) {
    report(at, 'warning', `"${key}" appears more than once in the frontmatter; the last one counts.`);
  }
  const launch = readLaunchProfile(data?.launch);
  for (const problem of launch.problems) report(fieldLine('launch'), 'warning', problem);
  const tools = readToolRules(data);
  for (const problem of tools.problems) report(fieldLine(problem.key), 'warning', problem.message);
  const spawn = spawnToolsAllowedAtLevel3(tools.value, level);
  if (spawn.length > 0) {
    report(fieldLine(ALLOW_TOOLS_KEY), 'warning', `"${ALLOW_TOOLS_KEY}" names ${spawn.join(' and ')}, but this is a level-3 agent: document 003 denies spawn_agent and aider_run at level 3 (it cannot delegate further), so its runtime will not give ${spawn.length === 1 ? 'it' : 'them'}.`);
  }
  const joined = str('joined');
  if (joined !== null && parseStamp(joined) === null) {
    report(fieldLine('joined'), 'info', `Unreadable join date "${joined}"; expected YYYY-MM-DD.`);
  }

  const sections = findSections(text, fm.lines, fm.bodyLine);
  const lines = fm.lines;
  const log = sessionLog(text, lines, sectionNamed(sections, 'Session Log'));
  for (const entry of log) {
    if (entry.lastSession !== '--' && entry.lastSession !== '' && parseStamp(entry.lastSession) === null) {
      report(entry.line, 'info', `Unreadable session date "${entry.lastSession}"; expected YYYY-MM-DD (or "--").`);
    }
  }
  return {
    name: name ?? fallbackName,
    status,
    project: str('project'),
    joined,
    parent: str('parent'),
    level,
    ...(launch.value ? { launch: launch.value } : {}),
    ...(tools.value ? { tools: tools.value } : {}),
    parentLine: fieldLine('parent'),
    levelLine: fieldLine('level'),
    role: firstParagraph(text, lines, sectionNamed(sections, 'Role')),
    projects: bullets(text, lines, sectionNamed(sections, 'Projects'))
      .map(projectSlug)
      .filter((s) => s !== ''),
    capabilities: bullets(text, lines, sectionNamed(sections, 'Capabilities')),
    sessionLog: log,
    diagnostics,
  };
}

const BULLET = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?(.*?)[ \t]*$/;

/**
 * A section's content lines as strings, `null` in place of each line of a fenced
 * code block (fences included): code is neither a list item nor a paragraph.
 */
export function prose(text: string, lines: readonly Line[], section: Section | undefined): (string | null)[] {
  if (!section) return [];
  const out: (string | null)[] = [];
  let fence: Fence | null = null;
  for (let i = section.heading + 1; i < section.end; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (fence) {
      if (closesFence(s, fence)) fence = null;
      out.push(null);
      continue;
    }
    fence = fenceOpenedBy(s);
    if (fence) {
      out.push(null);
      continue;
    }
    out.push(s);
  }
  return out;
}

/** The text of a list item line, else `null`. */
function bulletText(line: string): string | null {
  const m = BULLET.exec(line);
  return m && m[1] !== '' ? m[1] : null;
}

/** The text of each list item in a section (continuation lines are not joined). */
export function bullets(text: string, lines: readonly Line[], section: Section | undefined): string[] {
  const out: string[] = [];
  for (const s of prose(text, lines, section)) {
    const b = s === null ? null : bulletText(s);
    if (b !== null) out.push(b);
  }
  return out;
}

/** The first paragraph of a section (its first run of non-blank lines outside code, joined by spaces). */
export function firstParagraph(text: string, lines: readonly Line[], section: Section | undefined): string | null {
  const parts: string[] = [];
  for (const line of prose(text, lines, section)) {
    const s = line === null ? '' : line.trim();
    if (s === '') {
      if (parts.length > 0) break;
      continue;
    }
    parts.push(s);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/** What a section leads with: its first list item when it starts with a list, else its first paragraph. */
export function firstItem(text: string, lines: readonly Line[], section: Section | undefined): string | null {
  for (const line of prose(text, lines, section)) {
    if (line === null || line.trim() === '') continue;
    return bulletText(line) ?? firstParagraph(text, lines, section);
  }
  return null;
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
  const content = prose(text, lines, section);
  for (let k = 0; k < content.length; k++) {
    const i = section.heading + 1 + k;
    const kv = content[k] === null ? null : keyValue(content[k]!);
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

/** Top-level frontmatter keys written more than once, with the 1-based line of each repeat. */
export function duplicateKeys(
  text: string,
  lines: readonly Line[],
  range: { from: number; to: number } | null,
): Array<[string, number]> {
  if (!range) return [];
  const seen = new Set<string>();
  const out: Array<[string, number]> = [];
  for (let i = range.from; i < range.to; i++) {
    const m = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)/.exec(text.slice(lines[i].start, lines[i].end));
    if (!m) continue;
    if (seen.has(m[1])) out.push([m[1], i + 1]);
    else seen.add(m[1]);
  }
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
