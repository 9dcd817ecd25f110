// What a task changed in its agent's project: the task's commits (see
// core/review/commit-range.ts for which they are), the files and lines between the
// range's ends, and for a task in progress the uncommitted changes too. Read-only, by
// the git CLI; Node only, no `vscode` import. The extension caches the results and
// asks again when the repository's HEAD or refs move.
import { open } from 'node:fs/promises';
import * as path from 'node:path';
import { CommitRecord, EMPTY_TREE, TaskCommits, TaskWindow, taskCommits } from '../core/review/commit-range';
import { taskReferencesIn } from '../core/review/task-reference';
import { GitNotFoundError, GitResult, runGit } from './run-git';

export interface ProjectRepo {
  /** The work tree's top folder. */
  readonly root: string;
  /** This work tree's git dir (a linked worktree has its own) and the repository's common dir. */
  readonly gitDir: string;
  readonly commonDir: string;
  /** The project folder inside the work tree, with `/`; '' when it is the top. */
  readonly prefix: string;
  /** HEAD's commit; null in a repository without commits. */
  readonly head: string | null;
}

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed';

export interface FileChange {
  /** Repository-relative, with `/` (the new path of a rename). */
  readonly path: string;
  /** The path before a rename. */
  readonly oldPath: string | null;
  readonly status: FileStatus;
  /** Lines added and removed; null for a binary file. */
  readonly added: number | null;
  readonly removed: number | null;
}

export interface TaskChanges {
  readonly commits: ReadonlyArray<{ readonly sha: string; readonly subject: string }>;
  readonly via: TaskCommits['via'];
  /** The range's left side: a commit, or the empty tree. */
  readonly base: string;
  /** The range's right side: a commit, or null for the working tree (a task in progress). */
  readonly head: string | null;
  /** The working tree had changes that are not committed (in progress only). */
  readonly uncommitted: boolean;
  readonly files: readonly FileChange[];
  readonly added: number;
  readonly removed: number;
}

export interface CommitLog {
  readonly commits: readonly CommitRecord[];
  readonly subjects: ReadonlyMap<string, string>;
  /** The listing stopped at `max` commits. */
  readonly truncated: boolean;
}

export interface GitCallOptions {
  /** Per git call; default 20 s. */
  readonly timeoutMs?: number;
}

class GitFailed extends Error {
  constructor(args: readonly string[], r: GitResult) {
    super(`git ${args[0]} failed: ${(r.stderr.trim().split('\n')[0] ?? '') || `exit ${r.code}`}`);
    this.name = 'GitFailed';
  }
}

async function git(cwd: string, args: readonly string[], opts: GitCallOptions): Promise<string> {
  const r = await runGit(cwd, args, { timeoutMs: opts.timeoutMs ?? 20_000 });
  if (r.code !== 0) throw new GitFailed(args, r);
  return r.stdout;
}

/** The repository the folder is in (`undefined`: none); `GitNotFoundError` without git. */
export async function openProjectRepo(folder: string, opts: GitCallOptions = {}): Promise<ProjectRepo | undefined> {
  const r = await runGit(folder, ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-common-dir', '--show-prefix'], { timeoutMs: opts.timeoutMs ?? 20_000 });
  if (r.code !== 0) return undefined;
  const [root, gitDir, common, prefix = ''] = r.stdout.split('\n');
  if (!root || !gitDir || !common) return undefined;
  const head = await runGit(folder, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { timeoutMs: opts.timeoutMs ?? 20_000 });
  return {
    root,
    gitDir,
    commonDir: path.resolve(folder, common),
    prefix: prefix.replace(/\/$/, ''),
    head: head.code === 0 ? head.stdout.trim() : null,
  };
}

const FIELD = '\x1f';

/** Parses `git log -z --date=raw --format=%H%x1f%P%x1f%ad%x1f%s%x1f%B`. */
export function parseCommitLog(out: string): { commits: CommitRecord[]; subjects: Map<string, string> } {
  const commits: CommitRecord[] = [];
  const subjects = new Map<string, string>();
  for (const record of out.split('\0')) {
    const parts = record.replace(/^\n/, '').split(FIELD);
    if (parts.length < 5) continue;
    const [sha, parents, date, subject] = parts;
    const body = parts.slice(4).join(FIELD);
    const m = /^(\d+) ([+-])(\d{2})(\d{2})$/.exec(date.trim());
    if (!/^[0-9a-f]{40,64}$/.test(sha) || !m) continue;
    const offset = (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
    commits.push({
      sha,
      parents: parents.split(' ').filter((p) => p !== ''),
      authorSeconds: Number(m[1]),
      authorOffsetMinutes: offset,
      references: taskReferencesIn(body),
    });
    subjects.set(sha, subject);
  }
  return { commits, subjects };
}

/**
 * The commits reachable from HEAD committed since `sinceSeconds` (seconds since the
 * epoch), newest first in topological order: at most `max`.
 */
export async function listCommits(repo: ProjectRepo, sinceSeconds: number, max = 5000, opts: GitCallOptions = {}): Promise<CommitLog> {
  if (repo.head === null) return { commits: [], subjects: new Map(), truncated: false };
  const out = await git(repo.root, ['log', '-z', '--topo-order', '--date=raw', `--format=%H${FIELD}%P${FIELD}%ad${FIELD}%s${FIELD}%B`, '-n', String(max), `--since=@${Math.floor(sinceSeconds)}`, repo.head, '--'], opts);
  const { commits, subjects } = parseCommitLog(out);
  return { commits, subjects, truncated: commits.length >= max };
}

/** Parses `--name-status -z` output of commits listed with `--format=%x1e%H`. */
export function parseCommitFiles(out: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const chunk of out.split('\x1e')) {
    if (chunk === '') continue;
    const fields = chunk.split('\0');
    const sha = fields[0].trim();
    const paths: string[] = [];
    for (let i = 1; i < fields.length; i++) {
      const status = fields[i].replace(/^\n/, '');
      if (status === '') continue;
      if (/^[RC]\d*$/.test(status)) {
        paths.push(fields[i + 1], fields[i + 2]);
        i += 2;
      } else if (/^[AMDTUX]$/.test(status)) {
        paths.push(fields[i + 1]);
        i += 1;
      }
    }
    files.set(sha, paths.filter((p) => p !== undefined && p !== ''));
  }
  return files;
}

/** Parses `git diff -z --name-status` and `git diff -z --numstat` into file changes (paths with `/`). */
export function parseDiff(nameStatus: string, numstat: string): FileChange[] {
  const counts = new Map<string, { added: number | null; removed: number | null }>();
  const nums = numstat.split('\0');
  for (let i = 0; i < nums.length; i++) {
    const m = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(nums[i].replace(/^\n/, ''));
    if (!m) continue;
    let file = m[3];
    if (file === '') {
      file = nums[i + 2];
      i += 2;
    }
    counts.set(file, { added: m[1] === '-' ? null : Number(m[1]), removed: m[2] === '-' ? null : Number(m[2]) });
  }
  const out: FileChange[] = [];
  const fields = nameStatus.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const s = fields[i].replace(/^\n/, '');
    if (s === '') continue;
    let change: Omit<FileChange, 'added' | 'removed'>;
    if (/^R\d*$/.test(s)) {
      change = { path: fields[i + 2], oldPath: fields[i + 1], status: 'renamed' };
      i += 2;
    } else if (/^C\d*$/.test(s)) {
      change = { path: fields[i + 2], oldPath: null, status: 'added' };
      i += 2;
    } else {
      const status: FileStatus = s === 'A' ? 'added' : s === 'D' ? 'deleted' : 'modified';
      change = { path: fields[i + 1], oldPath: null, status };
      i += 1;
    }
    if (change.path === undefined) continue;
    const c = counts.get(change.path) ?? { added: null, removed: null };
    out.push({ ...change, ...c });
  }
  return out;
}

/** `:(top,literal)` pathspecs, or none when there are too many to name (the whole range then). */
function pathspecs(paths: Iterable<string>, prefix: string): string[] {
  const list = [...new Set(paths)];
  if (list.length === 0) return prefix === '' ? [] : [`:(top,literal)${prefix}`];
  if (list.length > 400) return prefix === '' ? [] : [`:(top,literal)${prefix}`];
  return list.filter((p) => prefix === '' || p === prefix || p.startsWith(`${prefix}/`)).map((p) => `:(top,literal)${p}`);
}

/** How many lines a file in the working tree has (null: binary or unreadable); reads at most 8 MB. */
async function countLines(file: string): Promise<number | null> {
  let handle;
  try {
    handle = await open(file, 'r');
    const buf = Buffer.alloc(8 * 1024 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const bytes = buf.subarray(0, bytesRead);
    if (bytes.subarray(0, 8000).includes(0)) return null;
    let n = 0;
    for (const b of bytes) if (b === 10) n++;
    return bytesRead > 0 && bytes[bytesRead - 1] !== 10 ? n + 1 : n;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/**
 * The changes of `task` (of agent `agent`), from `log` (see `listCommits`); with
 * `worktree` (a task in progress) the right side is the working tree, so what is not
 * committed yet counts too. Files outside the project folder (when it is a sub-folder
 * of the repository) are not the agent's and are left out.
 */
export async function taskChanges(repo: ProjectRepo, log: CommitLog, agent: string, task: TaskWindow, worktree: boolean, opts: GitCallOptions = {}): Promise<TaskChanges> {
  const picked = taskCommits(log.commits, repo.head, agent, task);
  const commits = picked.commits.map((c) => ({ sha: c.sha, subject: log.subjects.get(c.sha) ?? '' }));
  const base = picked.base ?? repo.head ?? EMPTY_TREE;
  const head = worktree ? null : picked.head;
  if (head === null && !worktree) return { commits, via: picked.via, base, head: null, uncommitted: false, files: [], added: 0, removed: 0 };

  const touched = new Set<string>();
  if (picked.commits.length > 0) {
    const out = await git(repo.root, ['log', '--no-walk=unsorted', '-z', '--format=%x1e%H', '--name-status', '-M', '--diff-merges=first-parent', ...picked.commits.map((c) => c.sha), '--'], opts);
    for (const files of parseCommitFiles(out).values()) for (const f of files) touched.add(f);
  }
  let untracked: string[] = [];
  let uncommitted = false;
  if (worktree) {
    const dirty = repo.head === null ? '' : await git(repo.root, ['diff', '--name-only', '-z', 'HEAD', '--'], opts);
    const listed = await git(repo.root, ['ls-files', '--others', '--exclude-standard', '-z', '--', repo.prefix === '' ? ':(top)' : `:(top,literal)${repo.prefix}`], opts);
    untracked = listed.split('\0').filter((p) => p !== '');
    for (const p of dirty.split('\0')) if (p !== '') touched.add(p);
    uncommitted = dirty !== '' || untracked.length > 0;
  }
  const specs = pathspecs([...touched].filter((p) => !untracked.includes(p)), repo.prefix);
  let files: FileChange[] = [];
  if (touched.size > 0) {
    const range = head === null ? [base] : [base, head];
    const [names, nums] = await Promise.all([
      git(repo.root, ['diff', '-z', '-M', '--name-status', ...range, '--', ...specs], opts),
      git(repo.root, ['diff', '-z', '-M', '--numstat', ...range, '--', ...specs], opts),
    ]);
    files = parseDiff(names, nums);
  }
  for (const p of untracked) {
    const n = await countLines(path.join(repo.root, p));
    files.push({ path: p, oldPath: null, status: 'added', added: n, removed: n === null ? null : 0 });
  }
  files = files.filter((f) => repo.prefix === '' || f.path === repo.prefix || f.path.startsWith(`${repo.prefix}/`)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let added = 0;
  let removed = 0;
  for (const f of files) {
    added += f.added ?? 0;
    removed += f.removed ?? 0;
  }
  return { commits, via: picked.via, base, head, uncommitted, files, added, removed };
}

/** A file's text at a revision (`undefined`: not there). */
export async function fileAtRevision(root: string, rev: string, repoPath: string, opts: GitCallOptions = {}): Promise<string | undefined> {
  if (rev === EMPTY_TREE) return undefined;
  const r = await runGit(root, ['show', `${rev}:${repoPath}`], { timeoutMs: opts.timeoutMs ?? 20_000 });
  return r.code === 0 ? r.stdout : undefined;
}

export { GitNotFoundError };
