// Where the team folder sits in git: the repository around it, its branch and
// upstream, what is changed under the folder, and whether a rebase or merge is
// under way. Read-only questions, answered by the git CLI (run-git.ts).
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { GitResult, runGit } from './run-git';

export interface TeamRepo {
  /** The work tree's top folder (absolute, as git prints it). */
  readonly root: string;
  /** The absolute .git folder (for a worktree or submodule, its own git dir). */
  readonly gitDir: string;
  /** The team folder, relative to `root`, with `/` separators; '' when it is the root. */
  readonly prefix: string;
  /** The team folder as given. */
  readonly teamDir: string;
}

/** A git failure that is not one of the expected outcomes; the message carries git's own words. */
export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: GitResult,
  ) {
    super(`git ${args[0] ?? ''} failed: ${gitMessage(result)}`);
    this.name = 'GitCommandError';
  }
}

/** git's stderr (else stdout), trimmed, the last few lines: what a person needs to read. */
export function gitMessage(result: GitResult): string {
  const text = (result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`).split('\n');
  return text.slice(-6).join('\n');
}

/** Runs git and throws `GitCommandError` on a non-zero exit. */
export async function git(cwd: string, args: readonly string[], options?: Parameters<typeof runGit>[2]): Promise<string> {
  const r = await runGit(cwd, args, options);
  if (r.code !== 0) throw new GitCommandError(args, r);
  return r.stdout;
}

/** The repository the team folder is in, or `undefined` when it is in none. */
export async function findTeamRepo(teamDir: string): Promise<TeamRepo | undefined> {
  if (!existsSync(teamDir)) return undefined;
  const r = await runGit(teamDir, ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--show-prefix']);
  if (r.code !== 0) return undefined;
  const [root, gitDir, prefix = ''] = r.stdout.split('\n');
  if (!root || !gitDir) return undefined; // a bare repository or the inside of .git
  return { root, gitDir, prefix: prefix.replace(/\/$/, ''), teamDir };
}

/** The repository-relative path of a team-relative one. */
export function repoPath(repo: TeamRepo, teamPath: string): string {
  return repo.prefix === '' ? teamPath : `${repo.prefix}/${teamPath}`;
}

/** The team-relative path of a repository-relative one (`undefined`: outside the team folder). */
export function teamPath(repo: TeamRepo, repoRelative: string): string | undefined {
  if (repo.prefix === '') return repoRelative;
  return repoRelative.startsWith(`${repo.prefix}/`) ? repoRelative.slice(repo.prefix.length + 1) : undefined;
}

export interface BranchStatus {
  /** The branch checked out; `undefined` when HEAD is detached. */
  readonly branch: string | undefined;
  /** `origin/main`; `undefined` when the branch tracks nothing. */
  readonly upstream: string | undefined;
  /** Commits here that the upstream lacks, and the reverse (as of the last fetch). */
  readonly ahead: number;
  readonly behind: number;
  /** The repository has no commit yet. */
  readonly unborn: boolean;
  /** Remote names (`git remote`). */
  readonly remotes: readonly string[];
}

/** Branch, upstream and ahead/behind from one `git status --porcelain=v2 --branch`. */
export async function branchStatus(repo: TeamRepo): Promise<BranchStatus> {
  const out = await git(repo.root, ['status', '--porcelain=v2', '--branch', '--untracked-files=no', '--ignore-submodules=all', '-z']);
  let branch: string | undefined;
  let upstream: string | undefined;
  let ahead = 0;
  let behind = 0;
  let unborn = false;
  for (const line of out.split('\0')) {
    if (line.startsWith('# branch.oid ')) unborn = line.endsWith('(initial)');
    else if (line.startsWith('# branch.head ')) {
      const head = line.slice('# branch.head '.length);
      branch = head === '(detached)' ? undefined : head;
    } else if (line.startsWith('# branch.upstream ')) upstream = line.slice('# branch.upstream '.length);
    else if (line.startsWith('# branch.ab ')) {
      const m = /^\+(\d+) -(\d+)$/.exec(line.slice('# branch.ab '.length));
      if (m) {
        ahead = Number(m[1]);
        behind = Number(m[2]);
      }
    }
  }
  const remotes = (await git(repo.root, ['remote'])).split('\n').filter((r) => r !== '');
  return { branch, upstream, ahead, behind, unborn, remotes };
}

export type RepoOperation = 'rebase' | 'merge' | 'cherry-pick' | 'revert';

/** A rebase, merge, cherry-pick or revert that is stopped half way, or `undefined`. */
export function operationInProgress(repo: TeamRepo): RepoOperation | undefined {
  const at = (name: string) => existsSync(path.join(repo.gitDir, name));
  if (at('rebase-merge') || at('rebase-apply')) return 'rebase';
  if (at('MERGE_HEAD')) return 'merge';
  if (at('CHERRY_PICK_HEAD')) return 'cherry-pick';
  if (at('REVERT_HEAD')) return 'revert';
  return undefined;
}

export interface ChangedFile {
  /** Repository-relative path (the new path of a rename). */
  readonly path: string;
  /** The original path of a rename or copy. */
  readonly from?: string;
  /** Porcelain v1 status letters: index, work tree (`??` untracked, `U`/`AA`/`DD` unmerged). */
  readonly index: string;
  readonly worktree: string;
}

/** Both sides unmerged, in porcelain v1 terms. */
export function isUnmerged(f: ChangedFile): boolean {
  const xy = f.index + f.worktree;
  return xy === 'DD' || xy === 'AA' || f.index === 'U' || f.worktree === 'U';
}

/** Changed, deleted and untracked (not ignored) files under `pathspec` (repository-relative; '' for all). */
export async function changedFiles(repo: TeamRepo, pathspec: string): Promise<ChangedFile[]> {
  const args = ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignore-submodules=all', '--', pathspec === '' ? ':(top)' : `:(top,literal)${pathspec}`];
  const fields = (await git(repo.root, args)).split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i];
    if (entry.length < 4) continue;
    const index = entry[0];
    const worktree = entry[1];
    const file = entry.slice(3);
    if (index === 'R' || index === 'C') files.push({ path: file, from: fields[++i], index, worktree });
    else files.push({ path: file, index, worktree });
  }
  return files;
}

/** Unmerged paths (repository-relative). */
export async function unmergedPaths(repo: TeamRepo): Promise<string[]> {
  const out = await git(repo.root, ['diff', '--name-only', '-z', '--diff-filter=U']);
  return [...new Set(out.split('\0').filter((p) => p !== ''))];
}
