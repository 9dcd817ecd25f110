import { parseStamp } from '../../base/time';
import { CortexInputError } from '../edit/errors';
import { readFrontmatter, stringField } from '../text/frontmatter';
import { findHeadingSection } from '../protocol-file/heading-section';
import { detectEol } from '../text/text';

/**
 * The Cortex plugin's older team format, and the one step that upgrades it. Before
 * per-agent task files the plugin kept:
 *
 * - each agent's note flat in `agents/<slug>.md`, with a `last-heartbeat:` field in its
 *   frontmatter;
 * - the tasks in a `## Work Queue` section of each project note (`projects/<slug>.md`),
 *   one `### <dispatch time>` entry per task with `**Task:**` (the title), `**Scope:**`
 *   (what to do) and `**Status:**` (`ready`, `in-progress`, `done`), the worker's
 *   summary after it;
 * - the protocol in `TEAM.md` in the agent's project (taken out by `leave`; `protocol`
 *   writes today's).
 *
 * `readLegacyTeam` reads it (the agents with their tasks and heartbeat); `planUpgrade`
 * says what the upgrade writes: `agents/<slug>/<slug>.md` (the note's bytes, without
 * `last-heartbeat:`), `agents/<slug>/tasks.md` (the tasks in the Shuttle format, the
 * heartbeat as its `cortex:last-tick` line), the project notes without their Work
 * Queue, and the flat notes removed. Every other byte stays. What it cannot map (a
 * project no agent or two agents serve, an entry without a title, a status the
 * protocol does not have, a heartbeat that is not a time, a folder already there) is
 * refused with a `CortexInputError` naming the file and line; nothing is written. Pure.
 */

export interface LegacyTask {
  readonly title: string;
  readonly status: 'ready' | 'in-progress' | 'done';
  /** The `### <time>` heading: when it was dispatched. */
  readonly dispatched: string;
  /** The scope and anything after the status line (the summary), as written. */
  readonly body: string;
  /** The project note it came from. */
  readonly project: string;
}

export interface LegacyAgent {
  readonly slug: string;
  readonly notePath: string;
  readonly name: string;
  /** Project slugs from the note's `## Projects`. */
  readonly projects: readonly string[];
  /** `last-heartbeat:`, as `YYYY-MM-DDTHH:MM`; `null` when there is none. */
  readonly lastHeartbeat: string | null;
  readonly tasks: LegacyTask[];
}

export interface LegacyTeam {
  readonly agents: readonly LegacyAgent[];
  /** Project notes with a `## Work Queue` section (path → text). */
  readonly queues: ReadonlyMap<string, string>;
}

const STATUSES = ['ready', 'in-progress', 'done'] as const;

/** The stamp a `last-heartbeat:` value holds (`2026-03-27T10:00`, with seconds or a zone dropped), or a refusal. */
function heartbeatOf(value: string | null, path: string): string | null {
  if (value === null || value.trim() === '') return null;
  const stamp = value.trim().slice(0, 16);
  if (parseStamp(stamp) === null) throw new CortexInputError(`${path}: last-heartbeat "${value}" is not a time (YYYY-MM-DDTHH:MM); fix it and upgrade again; nothing was written.`);
  return stamp;
}

function projectsOf(text: string, path: string): string[] {
  const section = findHeadingSection(text, 'Projects', path);
  if (!section) return [];
  const out: string[] = [];
  for (const line of text.slice(section.from, section.to).split(/\r?\n/).slice(1)) {
    const m = /^\s*[-*]\s+\[{0,2}([a-z0-9-]+)/.exec(line);
    if (m) out.push(m[1]);
  }
  return out;
}

/** An agent note in the older, flat layout. */
export function readLegacyAgent(slug: string, text: string): LegacyAgent {
  const path = `agents/${slug}.md`;
  const fm = readFrontmatter(text);
  return {
    slug,
    notePath: path,
    name: stringField(fm.data, 'name') ?? slug,
    projects: projectsOf(text, path),
    lastHeartbeat: heartbeatOf(stringField(fm.data, 'last-heartbeat'), path),
    tasks: [],
  };
}

/** The entries of a project note's `## Work Queue`, in document order. */
export function readWorkQueue(text: string, path: string): LegacyTask[] {
  const section = findHeadingSection(text, 'Work Queue', path);
  if (!section) return [];
  const base = text.slice(0, section.from).split(/\r\n|\r|\n/).length;
  const lines = text.slice(section.from, section.to).split(/\r\n|\r|\n/);
  const tasks: LegacyTask[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start >= 0) tasks.push(entry(lines.slice(start, end), base + start, path));
  };
  for (let i = 1; i < lines.length; i++) {
    if (/^###\s+/.test(lines[i])) {
      flush(i);
      start = i;
    }
  }
  flush(lines.length);
  return tasks;
}

function entry(lines: readonly string[], line: number, path: string): LegacyTask {
  const dispatched = lines[0].replace(/^###\s+/, '').trim();
  const field = (name: string) => lines.findIndex((l) => new RegExp(`^\\*\\*${name}:\\*\\*`).test(l));
  const value = (i: number, name: string) => lines[i].replace(new RegExp(`^\\*\\*${name}:\\*\\*\\s*`), '').trim();
  const t = field('Task');
  const s = field('Status');
  if (t < 0 || value(t, 'Task') === '') throw new CortexInputError(`${path} line ${line}: the Work Queue entry "${dispatched}" has no **Task:** title; add one and upgrade again; nothing was written.`);
  const status = s < 0 ? '' : value(s, 'Status');
  if (!(STATUSES as readonly string[]).includes(status)) {
    throw new CortexInputError(`${path} line ${line + Math.max(s, 0)}: the Work Queue entry "${value(t, 'Task')}" has status "${status}", not ready, in-progress or done; fix it and upgrade again; nothing was written.`);
  }
  const scope = field('Scope');
  const rest = lines.filter((_, i) => i > 0 && i !== t && i !== s && i !== scope);
  const body = [...(scope >= 0 ? [value(scope, 'Scope')] : []), ...rest].join('\n').trim();
  if (/^#{1,2}\s/m.test(body)) throw new CortexInputError(`${path} line ${line}: the Work Queue entry "${value(t, 'Task')}" holds a "#" or "##" heading, which would split the task; nothing was written.`);
  return { title: value(t, 'Task'), status: status as LegacyTask['status'], dispatched, body, project: path };
}

/** Which agent serves `project` (a slug): the one whose `## Projects` names it; refused when none or two do. */
function agentFor(agents: readonly LegacyAgent[], project: string, path: string): LegacyAgent {
  const serving = agents.filter((a) => a.projects.includes(project));
  if (serving.length === 1) return serving[0];
  const why = serving.length === 0 ? 'no agent lists it under ## Projects' : `${serving.map((a) => a.slug).join(' and ')} both list it under ## Projects`;
  throw new CortexInputError(`${path} has a Work Queue, but ${why}, so its tasks have no task file to go to; fix the agent notes and upgrade again; nothing was written.`);
}

/** The older team from its flat agent notes and project notes (path → text). */
export function readLegacyTeam(flatNotes: ReadonlyMap<string, string>, projectNotes: ReadonlyMap<string, string>): LegacyTeam {
  const agents = [...flatNotes].map(([slug, text]) => readLegacyAgent(slug, text));
  const queues = new Map<string, string>();
  for (const [path, text] of projectNotes) {
    const tasks = readWorkQueue(text, path);
    if (!findHeadingSection(text, 'Work Queue', path)) continue;
    queues.set(path, text);
    if (tasks.length === 0) continue;
    const project = path.replace(/^projects\//, '').replace(/\.md$/, '');
    agentFor(agents, project, path).tasks.push(...tasks);
  }
  return { agents, queues };
}

export interface UpgradeFilePlan {
  readonly path: string;
  /** `undefined`: a new file. */
  readonly before: string | undefined;
  /** `null`: the file is removed (a flat note, now in its folder). */
  readonly after: string | null;
}

/** The note without its `last-heartbeat:` line (the heartbeat moves to the task file). */
function withoutHeartbeat(text: string): string {
  const fm = readFrontmatter(text);
  if (!fm.range) return text;
  for (let i = fm.range.from; i < fm.range.to; i++) {
    const l = fm.lines[i];
    if (/^last-heartbeat\s*:/.test(text.slice(l.start, l.end))) return text.slice(0, l.start) + text.slice(l.next);
  }
  return text;
}

function tasksText(agent: LegacyAgent, eol: string): string {
  const blocks = agent.tasks.map((t) => [`## ${t.title}`, `**Status:** ${t.status}`, ...(t.body ? ['', ...t.body.split('\n')] : [])].join(eol));
  const tick = agent.lastHeartbeat ? [`<!-- cortex:last-tick ${agent.lastHeartbeat} -->`] : [];
  const parts = [...blocks, ...tick];
  return parts.length === 0 ? '' : parts.join(eol + eol) + eol;
}

/** What the upgrade writes. `exists(path)`: whether something is at `path` already (a folder or a file). */
export function planUpgrade(team: LegacyTeam, exists: (path: string) => boolean, flatNotes: ReadonlyMap<string, string>): UpgradeFilePlan[] {
  const plans: UpgradeFilePlan[] = [];
  for (const agent of team.agents) {
    const folder = `agents/${agent.slug}`;
    if (exists(folder)) throw new CortexInputError(`${agent.notePath}: ${folder}/ exists already, so the note cannot move there; merge them by hand and upgrade again; nothing was written.`);
    const text = flatNotes.get(agent.slug)!;
    plans.push({ path: `${folder}/${agent.slug}.md`, before: undefined, after: withoutHeartbeat(text) });
    plans.push({ path: `${folder}/tasks.md`, before: undefined, after: tasksText(agent, detectEol(text)) });
  }
  for (const [path, text] of team.queues) {
    const s = findHeadingSection(text, 'Work Queue', path)!;
    plans.push({ path, before: text, after: text.slice(0, s.from) + text.slice(s.to) });
  }
  for (const agent of team.agents) plans.push({ path: agent.notePath, before: flatNotes.get(agent.slug)!, after: null });
  return plans;
}
