// Reads the past of a team folder's task files from git, for the insights: one
// snapshot per day of the window (the files as committed at that day's sample time), so
// tasks pruned since and the ready queue's past can be counted. Bounded: at most
// `maxCommits` commits are listed, at most one snapshot per day is read, each file
// version is read once (one `git cat-file --batch` for all of them), every call has a
// time limit. Node only, no `vscode` import.
import { dateOfDay, sampleTime, windowDays } from '../core/insights/days';
import { HistorySnapshot, INSIGHT_DAYS, TeamHistory } from '../core/insights/figures';
import { Task } from '../core/team/model';
import { readTaskFile } from '../core/parse/tasks';
import { decodeText } from '../core/text/text';
import { instantOfWall, wallMinutes } from '../base/time';
import { GitNotFoundError, GitResult, runGit } from './run-git';

export type TaskHistoryResult =
  | { readonly kind: 'history'; readonly history: TeamHistory }
  /** The team folder is not inside a git work tree. */
  | { readonly kind: 'notRepository' }
  /** Git is missing or failed: why, in a sentence. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export interface TaskHistoryOptions {
  /** Wall-clock minutes (see base/time). */
  readonly now: number;
  readonly days?: number;
  /** Commits listed at most (newest first); default 5000. */
  readonly maxCommits?: number;
  /** Per git call; default 20 s. */
  readonly timeoutMs?: number;
}

const TASKS_SPEC = ':(glob)agents/*/tasks.md';
const TASKS_PATH = /^agents\/((?!\.)[^/]+)\/tasks\.md$/;

interface Commit {
  readonly sha: string;
  /** Committer time, wall-clock minutes on this machine. */
  readonly at: number;
}

export async function readTaskHistory(teamDir: string, options: TaskHistoryOptions): Promise<TaskHistoryResult> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const git = async (args: readonly string[], input?: string): Promise<GitResult> => {
    const r = await runGit(teamDir, args, { timeoutMs, input });
    if (r.code !== 0) throw new GitFailed(args, r);
    return r;
  };
  try {
    const inside = await runGit(teamDir, ['rev-parse', '--is-inside-work-tree'], { timeoutMs });
    if (inside.code !== 0 || inside.stdout.trim() !== 'true') {
      return /not a git repository/i.test(inside.stderr) || inside.stdout.trim() === 'false'
        ? { kind: 'notRepository' }
        : { kind: 'unavailable', reason: `git rev-parse failed: ${firstLine(inside.stderr)}` };
    }
    const head = await runGit(teamDir, ['rev-parse', '--verify', '--quiet', 'HEAD'], { timeoutMs });
    if (head.code !== 0) return { kind: 'history', history: { snapshots: [], commits: 0, truncated: false } };

    const days = windowDays(options.now, options.days ?? INSIGHT_DAYS);
    const since = String(Math.floor(instantOfWall(days[0] * 1440) / 1000));
    const maxCommits = options.maxCommits ?? 5000;
    const format = '--format=%H %ct';
    const recent = parseCommits((await git(['log', '-n', String(maxCommits), format, `--since=@${since}`, 'HEAD', '--', TASKS_SPEC])).stdout);
    // The files as they were when the window opened: the last commit before it.
    const before = parseCommits((await git(['log', '-n', '1', format, `--until=@${since}`, 'HEAD', '--', TASKS_SPEC])).stdout);
    const commits = [...recent, ...before].sort((a, b) => b.at - a.at);

    // The last commit at or before each day's sample time.
    const chosen: Array<{ day: number; commit: Commit }> = [];
    for (const day of days) {
      const at = sampleTime(day, options.now);
      const c = commits.find((x) => x.at <= at);
      if (c) chosen.push({ day, commit: c });
    }

    // Each chosen commit's task files, then each distinct file version once.
    const trees = new Map<string, Array<{ slug: string; blob: string }>>();
    for (const { commit } of chosen) {
      if (trees.has(commit.sha)) continue;
      const listing = await git(['ls-tree', '-r', '-z', commit.sha, '--', 'agents']);
      trees.set(commit.sha, parseTree(listing.stdout));
    }
    const blobs = [...new Set([...trees.values()].flat().map((f) => f.blob))];
    const texts = await readBlobs(teamDir, blobs, timeoutMs);
    const parsed = new Map<string, readonly Task[]>();
    const tasksOf = (blob: string): readonly Task[] => {
      let t = parsed.get(blob);
      if (!t) {
        t = readTaskFile(texts.get(blob) ?? '', '').tasks;
        parsed.set(blob, t);
      }
      return t;
    };
    const snapshots: HistorySnapshot[] = chosen.map(({ day, commit }) => ({
      date: dateOfDay(day),
      commit: commit.sha,
      at: commit.at,
      agents: trees.get(commit.sha)!.map((f) => ({ slug: f.slug, tasks: tasksOf(f.blob) })),
    }));
    return { kind: 'history', history: { snapshots, commits: recent.length, truncated: recent.length >= maxCommits } };
  } catch (e) {
    if (e instanceof GitNotFoundError) return { kind: 'unavailable', reason: 'git is not installed (or not on PATH)' };
    return { kind: 'unavailable', reason: e instanceof Error ? e.message : String(e) };
  }
}

class GitFailed extends Error {
  constructor(args: readonly string[], r: GitResult) {
    super(`git ${args[0]} failed: ${firstLine(r.stderr) || `exit ${r.code}`}`);
  }
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}

function parseCommits(out: string): Commit[] {
  const commits: Commit[] = [];
  for (const line of out.split('\n')) {
    const m = /^([0-9a-f]{40,64}) (\d+)$/.exec(line.trim());
    if (m) commits.push({ sha: m[1], at: wallMinutes(new Date(Number(m[2]) * 1000)) });
  }
  return commits;
}

/** `git ls-tree -r -z` entries that are an agent's tasks.md: slug and blob. */
function parseTree(out: string): Array<{ slug: string; blob: string }> {
  const files: Array<{ slug: string; blob: string }> = [];
  for (const entry of out.split('\0')) {
    const m = /^\d+ blob ([0-9a-f]{40,64})\t(.*)$/s.exec(entry);
    const path = m && TASKS_PATH.exec(m[2]);
    if (m && path) files.push({ slug: path[1], blob: m[1] });
  }
  return files;
}

/**
 * The texts of blobs, read in one `git cat-file --batch`. The runner hands back text,
 * so sizes are checked against the text's UTF-8 bytes; a blob that is not valid UTF-8
 * shifts them, and the rest is then read one blob at a time.
 */
async function readBlobs(cwd: string, blobs: readonly string[], timeoutMs: number): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (blobs.length === 0) return texts;
  const r = await runGit(cwd, ['cat-file', '--batch'], { input: blobs.join('\n') + '\n', timeoutMs });
  const bytes = Buffer.from(r.stdout, 'utf8');
  let at = 0;
  for (const blob of blobs) {
    const nl = bytes.indexOf(0x0a, at);
    const header = nl < 0 ? '' : bytes.subarray(at, nl).toString('latin1');
    const m = /^([0-9a-f]{40,64}) blob (\d+)$/.exec(header);
    if (!m || m[1] !== blob || nl + 1 + Number(m[2]) > bytes.length || bytes[nl + 1 + Number(m[2])] !== 0x0a) break;
    const size = Number(m[2]);
    texts.set(blob, decodeText(bytes.subarray(nl + 1, nl + 1 + size)));
    at = nl + 1 + size + 1;
  }
  for (const blob of blobs) {
    if (texts.has(blob)) continue;
    const one = await runGit(cwd, ['cat-file', 'blob', blob], { timeoutMs });
    if (one.code === 0) texts.set(blob, one.stdout);
  }
  return texts;
}

