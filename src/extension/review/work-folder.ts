import * as os from 'os';
import { Agent } from '../../core/team/model';
import { projectFolderPath } from '../../core/team/project-folder';
import { findAgentWorktree } from '../../git/worktrees';

/**
 * Where an agent's work is, for its tasks' changes: its own git worktree when it runs
 * in one, else its project folder (its note's `project:`). This is the one place that
 * decides; `worktreeOf` is how agent terminals (which may start an agent in a worktree)
 * say so directly, and without it a linked worktree of the project named after the
 * agent is used (see git/worktrees.ts).
 */
export interface WorkFolder {
  readonly path: string;
  /** The agent's own worktree (not the project folder itself). */
  readonly worktree: boolean;
}

export type WorktreeOf = (agent: Agent) => string | undefined;

export async function agentWorkFolder(agent: Agent, worktreeOf?: WorktreeOf, home: string = os.homedir()): Promise<WorkFolder | null> {
  const told = worktreeOf?.(agent);
  if (told) return { path: told, worktree: true };
  const project = projectFolderPath(agent.project, home);
  if (project === null) return null;
  const own = await findAgentWorktree(project, agent.slug).catch(() => undefined);
  return own ? { path: own, worktree: true } : { path: project, worktree: false };
}
