import { Liveness, agentLiveness, staleAfterMinutes, tickAgeMinutes } from '../team/liveness';
import { loadTeam } from '../team/team-index';
import { parseStamp } from '../../base/time';
import { ActionContext, ActionResult, readClock } from './context';
import { LIVENESS_WORDS } from '../../base/liveness-words';

/**
 * The team at a glance, for an agent deciding what to do: each agent's liveness, its
 * task in progress and what waits in its queue. Small on purpose (an agent reads it
 * into its context); the full model is `cortex-team status --json`. Writes nothing.
 */
export interface TeamStatusAgent {
  readonly slug: string;
  readonly name: string;
  readonly role: string | null;
  readonly liveness: Liveness;
  readonly lastTick: string | null;
  /** Minutes since the last tick (`null`: none). */
  readonly tickAgeMinutes: number | null;
  readonly inProgress: readonly string[];
  readonly next: string | null;
  readonly ready: number;
  readonly done: number;
}

export interface TeamStatusData {
  readonly now: string;
  readonly staleAfterMinutes: number;
  readonly agents: readonly TeamStatusAgent[];
  readonly problems: number;
}

export async function teamStatus(ctx: ActionContext, input: { heartbeatMinutes: number }): Promise<ActionResult<TeamStatusData>> {
  const { stamp } = readClock(ctx);
  const now = parseStamp(stamp)!;
  const staleAfter = staleAfterMinutes(input.heartbeatMinutes);
  const team = await loadTeam(ctx.fs);
  const agents = team.agents.map((a): TeamStatusAgent => {
    const ready = a.tasks.filter((t) => t.status === 'ready');
    return {
      slug: a.slug,
      name: a.name,
      role: a.role,
      liveness: agentLiveness(a, now, staleAfter, input.heartbeatMinutes),
      lastTick: a.lastTick,
      tickAgeMinutes: tickAgeMinutes(a, now),
      inProgress: a.tasks.filter((t) => t.status === 'in-progress').map((t) => t.title),
      next: ready[0]?.title ?? null,
      ready: ready.length,
      done: a.tasks.filter((t) => t.status === 'done').length,
    };
  });
  const problems = team.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').length;
  const lines = agents.map((a) => {
    const work = a.inProgress.length ? `working on "${a.inProgress.join('", "')}"` : 'nothing in progress';
    const liveness = a.liveness === 'waiting' ? `${LIVENESS_WORDS.waiting} (dispatched less than a heartbeat ago)` : a.liveness;
    return `${a.slug}: ${liveness}, ${work}, ${a.ready} ready${a.lastTick ? `, last tick ${a.lastTick}` : ', no tick'}.`;
  });
  if (agents.length === 0) lines.push('No agents are registered yet.');
  if (problems) lines.push(`${problems} problem${problems === 1 ? '' : 's'} in the team files (cortex-team lint lists them).`);
  return { message: lines.join('\n'), data: { now: stamp, staleAfterMinutes: staleAfter, agents, problems } };
}
