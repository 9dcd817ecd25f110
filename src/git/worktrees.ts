// Per-agent git worktrees: an agent may work in a worktree of its project of its own
// (issue 16's agent terminals can start it there). Which one is the agent's is read
// from git itself: a linked worktree whose branch or folder is named after the agent
// (a branch `<slug>` or `…/<slug>`, a folder `<slug>` or `…-<slug>`). Node only.
import * as path from 'node:path';
import { runGit } from './run-git';

export interface Worktree {
  readonly path: string;
  /** `refs/heads/…`, or null when detached. */
  readonly branch: string | null;
}

/** Parses `git worktree list --porcelain`; the first entry is the main work tree. */
export function parseWorktrees(out: string): Worktree[] {
  const list: Worktree[] = [];
  for (const block of out.split(/\n\n+/)) {
    let wt: string | null = null;
    let branch: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith('worktree ')) wt = line.slice('worktree '.length);
      else if (line.startsWith('branch ')) branch = line.slice('branch '.length);
    }
    if (wt) list.push({ path: wt, branch });
  }
  return list;
}

/** Whether a linked worktree is named after the agent `slug`. */
export function isAgentWorktree(wt: Worktree, slug: string): boolean {
  const s = slug.toLowerCase();
  const branch = wt.branch?.replace(/^refs\/heads\//, '').toLowerCase() ?? '';
  const folder = path.basename(wt.path).toLowerCase();
  return branch === s || branch.endsWith(`/${s}`) || folder === s || folder.endsWith(`-${s}`);
}

/** The linked worktree of `folder`'s repository that belongs to the agent, if there is exactly one. */
export async function findAgentWorktree(folder: string, slug: string, timeoutMs = 10_000): Promise<string | undefined> {
  const r = await runGit(folder, ['worktree', 'list', '--porcelain'], { timeoutMs });
  if (r.code !== 0) return undefined;
  const linked = parseWorktrees(r.stdout).slice(1);
  const mine = linked.filter((wt) => isAgentWorktree(wt, slug));
  return mine.length === 1 ? mine[0].path : undefined;
}
