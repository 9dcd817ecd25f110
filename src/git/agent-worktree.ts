import { copyFile, mkdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { gitMessage } from './repo';
import { runGit } from './run-git';

/**
 * An agent's own git worktree (off by default; a launch profile's `worktree: true`
 * or the `cortex.agents.worktrees` setting turns it on), so agents that share a
 * project do not edit the same checkout: `<repo>-cortex-<slug>` beside the project's
 * repository, on the branch `cortex/<slug>` (made from the current HEAD the first
 * time, reused after). Nothing is ever removed: the worktree and its branch stay
 * with the agent's work until you remove them (`git worktree remove`).
 */
export interface AgentWorktree {
  /** Where the agent works: the worktree, or the project's subfolder inside it. */
  readonly cwd: string;
  readonly root: string;
  readonly branch: string;
  readonly created: boolean;
  /** Cortex files copied in from the project (its own protocol and hooks, which git does not carry). */
  readonly copied: readonly string[];
}

/** Files the protocol writes into a project that a fresh checkout would not have (untracked, or local by design). */
export const CORTEX_PROJECT_FILES = [
  '.cortex.md',
  'CLAUDE.local.md',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.claude/hooks/cortex-precheck.sh',
  '.mcp.json',
  'AGENTS.md',
  '.codex/config.toml',
  '.codex/hooks.json',
  'GEMINI.md',
  '.gemini/settings.json',
  '.cursorrules',
  '.cursor/mcp.json',
];

export class WorktreeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorktreeError';
  }
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

export async function ensureAgentWorktree(project: string, slug: string): Promise<AgentWorktree> {
  const top = await runGit(project, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0) throw new WorktreeError(`${project} is not in a git repository, so it cannot have a worktree (${gitMessage(top)}). Turn the worktree off for this agent, or make the project a repository.`);
  const repo = path.resolve(top.stdout.trim());
  const sub = path.relative(repo, path.resolve(project));
  const root = path.join(path.dirname(repo), `${path.basename(repo)}-cortex-${slug}`);
  const branch = `cortex/${slug}`;
  const list = await runGit(repo, ['worktree', 'list', '--porcelain']);
  const known = list.stdout.split('\n').filter((l) => l.startsWith('worktree ')).map((l) => path.resolve(l.slice('worktree '.length)));
  let created = false;
  if (!known.includes(root)) {
    if (await exists(root)) throw new WorktreeError(`${root} exists but is not a worktree of ${repo}; move it away or turn the worktree off for this agent.`);
    const has = await runGit(repo, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
    const add = await runGit(repo, has.code === 0 ? ['worktree', 'add', root, branch] : ['worktree', 'add', '-b', branch, root]);
    if (add.code !== 0) throw new WorktreeError(`git could not add the worktree ${root}: ${gitMessage(add)}`);
    created = true;
  }
  const cwd = sub && !sub.startsWith('..') ? path.join(root, sub) : root;
  const copied: string[] = [];
  for (const file of CORTEX_PROJECT_FILES) {
    const from = path.join(project, file);
    const to = path.join(cwd, file);
    if (!(await exists(from)) || (await exists(to))) continue;
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(from, to);
    copied.push(file);
  }
  return { cwd, root, branch, created, copied };
}
