import { EditOptions, readTextFile } from '../edit/edit-file';
import { writeOperation } from '../edit/writer';
import { CortexInputError } from '../edit/errors';
import { readFrontmatter } from '../text/frontmatter';
import { TeamFs, isCortexTempName } from '../fs/team-fs';
import { eachUnfencedLine } from '../parse/fence';
import { findSections, sectionNamed } from '../parse/sections';
import { parseTaskFile } from '../parse/tasks';
import { parseStamp } from '../../base/time';
import { agentNotePath, agentTasksPath, checkStamp } from './shared';

/**
 * prune: the coordinator's housekeeping.
 *
 * - Task files: done tasks whose `**Completed:**` time is more than `days` days
 *   before `now` are removed, block and all. A done task without a readable Completed
 *   time is never removed, nor is a ready or in-progress one.
 * - Agent notes: the `## Session Log` keeps only its latest `Last session:` entry
 *   (the one with the latest date; the last one when dates cannot be compared). Text
 *   before the first entry stays; a log with one entry is left alone.
 *
 * `planPrune` says what would go (for `--dry-run` and a diff preview); `applyPrune`
 * does it, file by file, each through `editFile` on the file's fresh text.
 */
export interface PruneOptions {
  /** Default 7. */
  readonly days?: number;
  /** `YYYY-MM-DDTHH:MM`. */
  readonly now: string;
}

export interface PruneItem {
  /** 1-based line in the file as it was read. */
  readonly line: number;
  /** The task title, or the `Last session:` value of a log entry. */
  readonly label: string;
}

export interface PruneFilePlan {
  readonly path: string;
  readonly kind: 'tasks' | 'session-log';
  readonly items: readonly PruneItem[];
  readonly before: string;
  readonly after: string;
}

export interface PrunePlan {
  readonly days: number;
  readonly now: string;
  /** Only files that would change. */
  readonly files: readonly PruneFilePlan[];
}

function checkOptions(opts: PruneOptions): { days: number; nowMinutes: number } {
  const days = opts.days ?? 7;
  if (!Number.isFinite(days) || days < 0) throw new CortexInputError(`Days must be a number of days (0 or more), not "${days}".`);
  checkStamp(opts.now, 'The time');
  return { days, nowMinutes: parseStamp(opts.now)! };
}

/** The task file without its done tasks completed more than `days` days before `now`. */
export function pruneTasksText(text: string, file: string, opts: PruneOptions): { text: string; items: PruneItem[] } {
  const { days, nowMinutes } = checkOptions(opts);
  const cutoff = nowMinutes - days * 24 * 60;
  const parsed = parseTaskFile(text, file);
  const items: PruneItem[] = [];
  let out = '';
  let pos = 0;
  for (const t of parsed.tasks) {
    if (t.status !== 'done') continue;
    const completed = parseStamp(t.completed);
    if (completed === null || completed >= cutoff) continue;
    items.push({ line: t.line, label: t.title });
    out += text.slice(pos, t.span.start);
    pos = t.span.end;
  }
  return { text: items.length ? out + text.slice(pos) : text, items };
}

const ENTRY = /^\s*(?:[-*]\s+)?last session:\s*(.*?)\s*$/i;

/** The note with its `## Session Log` trimmed to the latest entry. */
export function trimSessionLogText(text: string): { text: string; items: PruneItem[] } {
  const fm = readFrontmatter(text);
  const lines = fm.lines;
  const log = sectionNamed(findSections(text, lines, fm.bodyLine), 'Session Log');
  if (!log) return { text, items: [] };
  const entries: Array<{ index: number; value: string }> = [];
  eachUnfencedLine(text, lines, log.heading + 1, log.end, (s, i) => {
    const m = ENTRY.exec(s);
    if (m) entries.push({ index: i, value: m[1] });
  });
  if (entries.length < 2) return { text, items: [] };
  // The latest: greatest readable date (later in the log wins a tie); else the last one.
  let keep = entries.length - 1;
  let best: number | null = null;
  for (let k = 0; k < entries.length; k++) {
    const when = parseStamp(entries[k].value);
    if (when !== null && (best === null || when >= best)) {
      best = when;
      keep = k;
    }
  }
  // The last entry runs to the end of the log's content; blank lines before the next
  // section stay where they are.
  let logEnd = log.end;
  while (logEnd > entries[entries.length - 1].index + 1 && text.slice(lines[logEnd - 1].start, lines[logEnd - 1].end).trim() === '') logEnd--;
  const items: PruneItem[] = [];
  let out = '';
  let pos = 0;
  for (let k = 0; k < entries.length; k++) {
    if (k === keep) continue;
    const from = lines[entries[k].index].start;
    const toLine = k + 1 < entries.length ? entries[k + 1].index : logEnd;
    const to = toLine < lines.length ? lines[toLine].start : text.length;
    items.push({ line: entries[k].index + 1, label: entries[k].value });
    out += text.slice(pos, from);
    pos = to;
  }
  out += text.slice(pos);
  return { text: out, items };
}

/** Every agent folder's slug (folders under agents/, temp names skipped). */
async function agentSlugs(fs: TeamFs): Promise<string[]> {
  return (await fs.list('agents'))
    .filter((e) => e.kind === 'directory' && !e.name.startsWith('.') && !isCortexTempName(e.name))
    .map((e) => e.name)
    .sort();
}

/** "3 tasks from 2 agents, 4 log entries". */
export function pruneSummary(plan: Pick<PrunePlan, 'files'>): { text: string; tasks: number; logEntries: number } {
  const taskFiles = plan.files.filter((f) => f.kind === 'tasks');
  const tasks = taskFiles.reduce((n, f) => n + f.items.length, 0);
  const logEntries = plan.files.filter((f) => f.kind === 'session-log').reduce((n, f) => n + f.items.length, 0);
  const agents = taskFiles.length;
  const text = `${tasks} ${tasks === 1 ? 'task' : 'tasks'} from ${agents} ${agents === 1 ? 'agent' : 'agents'}, ${logEntries} log ${logEntries === 1 ? 'entry' : 'entries'}`;
  return { text, tasks, logEntries };
}

/** What prune would remove, per file, from the files as they are now. */
export async function planPrune(fs: TeamFs, opts: PruneOptions): Promise<PrunePlan> {
  const { days } = checkOptions(opts);
  const files: PruneFilePlan[] = [];
  for (const slug of await agentSlugs(fs)) {
    const tasksPath = agentTasksPath(slug);
    const tasks = await readTextFile(fs, tasksPath).catch(() => undefined);
    if (tasks !== undefined) {
      const r = pruneTasksText(tasks, tasksPath, opts);
      if (r.items.length) files.push({ path: tasksPath, kind: 'tasks', items: r.items, before: tasks, after: r.text });
    }
    const notePath = agentNotePath(slug);
    const note = await readTextFile(fs, notePath).catch(() => undefined);
    if (note !== undefined) {
      const r = trimSessionLogText(note);
      if (r.items.length) files.push({ path: notePath, kind: 'session-log', items: r.items, before: note, after: r.text });
    }
  }
  return { days, now: opts.now, files };
}

export interface PruneFileResult {
  readonly path: string;
  readonly kind: PruneFilePlan['kind'];
  /** What was removed when the file was written (it may differ from the plan if the file changed since). */
  readonly items: readonly PruneItem[];
}

/** Applies a plan: each planned file is pruned again from its fresh text, through `editFile`. */
export async function applyPrune(fs: TeamFs, plan: PrunePlan, opts: EditOptions = {}): Promise<PruneFileResult[]> {
  const results: PruneFileResult[] = [];
  for (const f of plan.files) {
    const prune = (text: string) => (f.kind === 'tasks' ? pruneTasksText(text, f.path, plan) : trimSessionLogText(text));
    // Idempotent: it holds when there is nothing (left) to prune.
    const r = await writeOperation(
      fs,
      f.path,
      {
        apply: (text) => {
          const pruned = prune(text);
          return { text: pruned.text, result: pruned.items };
        },
        holds: (text) => prune(text).items.length === 0,
      },
      opts,
    );
    if (r.changed) results.push({ path: f.path, kind: f.kind, items: r.result });
  }
  return results;
}
