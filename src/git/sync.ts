// "Sync Team": the team folder's own changes committed, `git pull --rebase`, push.
// Git does the distributed work; this decides what to commit and says what happened.
// A conflict is left for a person, as git leaves it (a stopped rebase with both
// sides in the file); nothing here resets, forces, or picks a side.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { isCortexTempName } from '../core/fs/team-fs';
import { commitFiles } from './commit-files';
import {
  BranchStatus,
  ChangedFile,
  GitCommandError,
  RepoOperation,
  TeamRepo,
  branchStatus,
  changedFiles,
  findTeamRepo,
  git,
  gitMessage,
  isUnmerged,
  operationInProgress,
  unmergedPaths,
} from './repo';
import { GitResult, runGit } from './run-git';

export const SYNC_MESSAGE_PREFIX = 'cortex: sync team from ';

/** The commit message of a sync from this machine. */
export function syncMessage(hostname: string): string {
  return `${SYNC_MESSAGE_PREFIX}${hostname}`;
}

/** Why a fetch, pull or push failed, in the terms a person acts on. */
export type RemoteFailure = 'offline' | 'auth' | 'rejected' | 'other';

export type SyncResult =
  | { readonly kind: 'not-repo' }
  | { readonly kind: 'detached' }
  | { readonly kind: 'no-upstream'; readonly branch: string; readonly remotes: readonly string[]; readonly committed: readonly string[] }
  | { readonly kind: 'busy'; readonly operation: RepoOperation; readonly conflicts: readonly string[] }
  | { readonly kind: 'conflict'; readonly upstream: string; readonly conflicts: readonly string[]; readonly committed: readonly string[] }
  | {
      readonly kind: 'failed';
      readonly step: 'commit' | 'pull' | 'push' | 'continue';
      readonly failure: RemoteFailure;
      readonly message: string;
      readonly upstream?: string;
      readonly committed: readonly string[];
    }
  | {
      readonly kind: 'synced';
      readonly upstream: string;
      /** Team-relative paths committed by this sync (empty: nothing of ours to commit). */
      readonly committed: readonly string[];
      /** Commits brought in, and sent. */
      readonly pulled: number;
      readonly pushed: number;
      /** git could not put unrelated uncommitted changes back after the pull; they are in `git stash list`. */
      readonly autostashKept: boolean;
    };

export interface SyncOptions {
  /** The commit message for the team's own changes (see `syncMessage`). */
  readonly message: string;
  /** Per git command (default 120 s: a slow network is not a failure). */
  readonly timeoutMs?: number;
}

/**
 * What a sync commits: every file under the team folder that git sees as changed,
 * new or deleted (not ignored), except the core's own temp files mid-write and
 * unmerged files. Never a file outside the team folder.
 */
export async function teamChanges(repo: TeamRepo): Promise<ChangedFile[]> {
  return (await changedFiles(repo, repo.prefix)).filter((f) => !isUnmerged(f) && !isCortexTempName(path.posix.basename(f.path)));
}

/** Sorts git's words into offline / auth / rejected / other. */
export function classifyRemoteFailure(result: GitResult): RemoteFailure {
  const text = `${result.stderr}\n${result.stdout}`;
  if (/\[rejected\]|\[remote rejected\]|non-fast-forward|fetch first|failed to push some refs/i.test(text)) return 'rejected';
  if (/authentication failed|permission denied|could not read (username|password)|terminal prompts disabled|access denied|403|401|publickey|host key verification failed/i.test(text)) return 'auth';
  if (/could not resolve host|unable to access|connection (refused|timed out|reset)|network is unreachable|timed out|could not read from remote|no route to host|does not appear to be a git repository|unable to connect/i.test(text)) return 'offline';
  return 'other';
}

function withTimeout(opts: SyncOptions) {
  return { timeoutMs: opts.timeoutMs ?? 120_000 };
}

/** Commits the team folder's own changes; returns the team-relative paths committed. */
export async function commitTeamChanges(repo: TeamRepo, message: string): Promise<string[]> {
  const changes = await teamChanges(repo);
  const paths = changes.flatMap((f) => (f.from !== undefined ? [f.path, f.from] : [f.path]));
  const { commit } = await commitFiles(repo, paths, message);
  if (!commit) return [];
  const prefix = repo.prefix === '' ? '' : `${repo.prefix}/`;
  return changes.map((f) => f.path.slice(prefix.length)).sort();
}

/** Commit, pull with rebase (unrelated dirty files stashed and put back), push. */
export async function syncTeam(teamDir: string, opts: SyncOptions): Promise<SyncResult> {
  const repo = await findTeamRepo(teamDir);
  if (!repo) return { kind: 'not-repo' };
  const operation = operationInProgress(repo);
  if (operation) return { kind: 'busy', operation, conflicts: await unmergedPaths(repo) };
  const status = await branchStatus(repo);
  if (!status.branch) return { kind: 'detached' };

  let committed: string[];
  try {
    committed = await commitTeamChanges(repo, opts.message);
  } catch (e) {
    if (!(e instanceof GitCommandError)) throw e;
    return { kind: 'failed', step: 'commit', failure: 'other', message: gitMessage(e.result), committed: [] };
  }
  if (!status.upstream) return { kind: 'no-upstream', branch: status.branch, remotes: status.remotes, committed };
  return pullAndPush(repo, status, committed, opts);
}

async function pullAndPush(repo: TeamRepo, status: BranchStatus, committed: string[], opts: SyncOptions): Promise<SyncResult> {
  const upstream = status.upstream!;
  const before = await headCommit(repo);
  const pull = await runGit(repo.root, ['pull', '--rebase', '--autostash', '--no-edit'], withTimeout(opts));
  if (pull.code !== 0) {
    if (operationInProgress(repo) === 'rebase') {
      return { kind: 'conflict', upstream, conflicts: await unmergedPaths(repo), committed };
    }
    return { kind: 'failed', step: 'pull', failure: classifyRemoteFailure(pull), message: gitMessage(pull), upstream, committed };
  }
  const autostashKept = /autostash resulted in conflicts|your changes are safe in the stash/i.test(`${pull.stderr}\n${pull.stdout}`);
  // Every upstream commit the old HEAD lacked is in HEAD now.
  const pulled = before ? await countCommits(repo, `${before}..@{upstream}`) : 0;
  return push(repo, upstream, committed, pulled, autostashKept, opts);
}

async function push(repo: TeamRepo, upstream: string, committed: readonly string[], pulled: number, autostashKept: boolean, opts: SyncOptions): Promise<SyncResult> {
  const ahead = await countCommits(repo, '@{upstream}..HEAD');
  if (ahead > 0) {
    const { remote, branch } = await upstreamParts(repo);
    const pushed = await runGit(repo.root, ['push', '--porcelain', remote, `HEAD:refs/heads/${branch}`], withTimeout(opts));
    if (pushed.code !== 0) return { kind: 'failed', step: 'push', failure: classifyRemoteFailure(pushed), message: gitMessage(pushed), upstream, committed };
    // Update the remote-tracking ref, so ahead/behind reads 0 at once.
    await runGit(repo.root, ['fetch', '--quiet', remote, branch], withTimeout(opts));
  }
  return { kind: 'synced', upstream, committed, pulled, pushed: ahead, autostashKept };
}

/**
 * After a person resolved a sync's conflict: files they fixed (no conflict markers
 * left) are marked resolved, the rebase continues, then the push. A file that still
 * has markers, or a new conflict further on, is reported again; nothing is decided
 * for them.
 */
export async function continueSync(teamDir: string, opts: Omit<SyncOptions, 'message'> = {}): Promise<SyncResult> {
  const repo = await findTeamRepo(teamDir);
  if (!repo) return { kind: 'not-repo' };
  const operation = operationInProgress(repo);
  if (operation !== 'rebase') {
    if (operation) return { kind: 'busy', operation, conflicts: await unmergedPaths(repo) };
    return pushIfAhead(repo);
  }
  const upstream = (await branchStatusOrUndefined(repo))?.upstream ?? 'the upstream';
  const unmerged = await unmergedPaths(repo);
  const stillConflicted = unmerged.filter((p) => hasConflictMarkers(path.join(repo.root, p)));
  if (stillConflicted.length > 0) return { kind: 'conflict', upstream, conflicts: stillConflicted, committed: [] };
  if (unmerged.length > 0) await git(repo.root, ['add', '--', ...unmerged.map((p) => `:(top,literal)${p}`)]);
  const cont = await runGit(repo.root, ['rebase', '--continue'], withTimeout({ message: '', ...opts }));
  if (cont.code !== 0) {
    if (operationInProgress(repo) === 'rebase') return { kind: 'conflict', upstream, conflicts: await unmergedPaths(repo), committed: [] };
    return { kind: 'failed', step: 'continue', failure: 'other', message: gitMessage(cont), upstream, committed: [] };
  }
  const status = await branchStatus(repo);
  if (!status.upstream) return { kind: 'no-upstream', branch: status.branch ?? 'HEAD', remotes: status.remotes, committed: [] };
  const autostashKept = /autostash resulted in conflicts|your changes are safe in the stash/i.test(`${cont.stderr}\n${cont.stdout}`);
  return push(repo, status.upstream, [], 0, autostashKept, { message: '', ...opts });
}

/** Continue Sync with no rebase stopped (finished by hand): what is left is the push. */
async function pushIfAhead(repo: TeamRepo): Promise<SyncResult> {
  const status = await branchStatus(repo);
  if (!status.branch) return { kind: 'detached' };
  if (!status.upstream) return { kind: 'no-upstream', branch: status.branch, remotes: status.remotes, committed: [] };
  return push(repo, status.upstream, [], 0, false, { message: '' });
}

async function branchStatusOrUndefined(repo: TeamRepo): Promise<BranchStatus | undefined> {
  try {
    return await branchStatus(repo);
  } catch {
    return undefined;
  }
}

/**
 * Sets the branch's upstream to `<remote>/<branch>` by pushing it there
 * (`git push -u`); a branch the remote already has is pulled with rebase first.
 */
export async function publishBranch(teamDir: string, remote: string, opts: SyncOptions): Promise<SyncResult> {
  const repo = await findTeamRepo(teamDir);
  if (!repo) return { kind: 'not-repo' };
  const status = await branchStatus(repo);
  if (!status.branch) return { kind: 'detached' };
  const branch = status.branch;
  const exists = await runGit(repo.root, ['ls-remote', '--exit-code', '--heads', remote, `refs/heads/${branch}`], withTimeout(opts));
  if (exists.code === 0) {
    const fetched = await runGit(repo.root, ['fetch', '--quiet', remote, branch], withTimeout(opts));
    if (fetched.code !== 0) return { kind: 'failed', step: 'pull', failure: classifyRemoteFailure(fetched), message: gitMessage(fetched), committed: [] };
    await git(repo.root, ['branch', `--set-upstream-to=${remote}/${branch}`]);
    return syncTeam(teamDir, opts);
  }
  if (exists.code !== 2) return { kind: 'failed', step: 'push', failure: classifyRemoteFailure(exists), message: gitMessage(exists), committed: [] };
  const committed = await commitTeamChanges(repo, opts.message);
  const pushed = await runGit(repo.root, ['push', '--porcelain', '--set-upstream', remote, `HEAD:refs/heads/${branch}`], withTimeout(opts));
  if (pushed.code !== 0) return { kind: 'failed', step: 'push', failure: classifyRemoteFailure(pushed), message: gitMessage(pushed), committed };
  const ahead = await countCommits(repo, 'HEAD');
  return { kind: 'synced', upstream: `${remote}/${branch}`, committed, pulled: 0, pushed: ahead, autostashKept: false };
}

/** True when the file still has a line git writes around a conflict. */
export function hasConflictMarkers(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false; // deleted: resolved by removal
  }
  return /^(<{7}|>{7})( |$)/m.test(text);
}

async function headCommit(repo: TeamRepo): Promise<string | undefined> {
  const r = await runGit(repo.root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  return r.code === 0 ? r.stdout.trim() : undefined;
}

async function countCommits(repo: TeamRepo, range: string): Promise<number> {
  const r = await runGit(repo.root, ['rev-list', '--count', range]);
  return r.code === 0 ? Number(r.stdout.trim()) || 0 : 0;
}

/** The upstream's remote and branch name (`origin`, `main`). */
async function upstreamParts(repo: TeamRepo): Promise<{ remote: string; branch: string }> {
  const branch = (await git(repo.root, ['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
  const remote = (await runGit(repo.root, ['config', '--get', `branch.${branch}.remote`])).stdout.trim() || 'origin';
  const merge = (await runGit(repo.root, ['config', '--get', `branch.${branch}.merge`])).stdout.trim() || `refs/heads/${branch}`;
  return { remote, branch: merge.replace(/^refs\/heads\//, '') };
}
