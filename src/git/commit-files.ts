// Commits exactly the files named, whatever else is changed or staged in the
// repository: other people's staged work stays staged, other dirty files stay dirty.
import { existsSync } from 'fs';
import * as path from 'path';
import { ACTIVITY_FILE } from '../core/team/team-paths';
import { TeamRepo, git, repoPath } from './repo';
import { runGit } from './run-git';

/** The protocol's message for the housekeeping commit (the extension and the CLI). */
export const HOUSEKEEPING_MESSAGE = 'chore: prune completed tasks and old session logs';

export interface CommitFilesResult {
  /** The new commit; `undefined` when the files held no change against HEAD. */
  readonly commit: string | undefined;
}

/**
 * Stages `paths` (repository-relative: changes, new files, deletions) and commits
 * them alone (`git commit --only`). Hooks and signing follow the repository's own
 * configuration. Nothing is committed when the files match HEAD already.
 */
export async function commitFiles(repo: TeamRepo, paths: readonly string[], message: string): Promise<CommitFilesResult> {
  const specs = [...new Set(paths)].map((p) => `:(top,literal)${p}`);
  if (specs.length === 0) return { commit: undefined };
  await git(repo.root, ['add', '--all', '--', ...specs]);
  const changed = await runGit(repo.root, ['diff', '--cached', '--quiet', '--', ...specs]);
  if (changed.code === 0) return { commit: undefined };
  // `--only` commits these paths as they are in the work tree, leaving the rest of the index as it was.
  await git(repo.root, ['commit', '--only', '--no-edit', '--cleanup=verbatim', '-m', message, '--', ...specs]);
  return { commit: (await git(repo.root, ['rev-parse', 'HEAD'])).trim() };
}

/**
 * What the housekeeping commit holds (repository-relative): the pruned files and the
 * activity feed the cleanup appended to, as the protocol commits what the cleanup
 * changed; the feed only when it exists and git does not ignore it. Nothing else in the
 * team folder, nothing outside it.
 */
export async function housekeepingPaths(repo: TeamRepo, pruned: readonly string[]): Promise<string[]> {
  const paths = pruned.map((p) => repoPath(repo, p));
  const feed = repoPath(repo, ACTIVITY_FILE);
  if (paths.includes(feed) || !existsSync(path.join(repo.root, feed))) return paths;
  const ignored = await runGit(repo.root, ['check-ignore', '-q', '--', feed]);
  return ignored.code === 0 ? paths : [...paths, feed];
}
