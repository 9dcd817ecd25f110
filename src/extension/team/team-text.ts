import { TeamSummary } from '../../core/team/liveness';
import { Liveness } from '../../core/team/liveness';
import { duration } from '../../base/words';
import { LIVENESS_WORDS } from '../../base/liveness-words';

/** Words the extension host shows (status bar, notifications). Pure: no `vscode`. */

/** "Cortex: 7 agents · 1 down · 12 ready" (who is down only when someone is). */
export function statusText(s: TeamSummary, needsInput = 0): string {
  const parts = [`${s.agents} ${s.agents === 1 ? 'agent' : 'agents'}`];
  if (needsInput > 0) parts.push(`${needsInput} needs input`);
  if (s.down > 0) parts.push(`${s.down} down`);
  if (s.waiting > 0) parts.push(`${s.waiting} ${LIVENESS_WORDS.waiting}`);
  parts.push(`${s.ready} ready`);
  return `Cortex: ${parts.join(' · ')}`;
}

export interface AgentLivenessInfo {
  readonly slug: string;
  readonly name: string;
  readonly liveness: Liveness;
  /** Minutes since the last tick, `null` without one. */
  readonly tickAgeMinutes: number | null;
  /** Ready plus in-progress tasks. */
  readonly activeTasks: number;
}

/**
 * Agents that went down since `previous` (slug → liveness): from alive, or from waiting
 * for pickup (a heartbeat passed and nobody took the dispatched work). Agents not seen
 * before are not "transitions": a team that opens with someone already down does not
 * notify.
 */
export function newlyDown(previous: ReadonlyMap<string, Liveness>, agents: readonly AgentLivenessInfo[]): AgentLivenessInfo[] {
  return agents.filter((a) => {
    const was = previous.get(a.slug);
    return a.liveness === 'down' && (was === 'alive' || was === 'waiting');
  });
}

/** The notification for agents that just went down. */
export function downMessage(agents: readonly AgentLivenessInfo[]): string {
  if (agents.length === 1) {
    const a = agents[0];
    const since = a.tickAgeMinutes === null ? 'no readable tick' : `no tick for ${duration(a.tickAgeMinutes)}`;
    const work = `${a.activeTasks} ${a.activeTasks === 1 ? 'task' : 'tasks'} waiting`;
    return `Cortex: ${a.name} looks down (${since}, ${work}).`;
  }
  const names = agents.map((a) => a.name);
  const list = names.length === 2 ? `${names[0]} and ${names[1]}` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Cortex: ${list} look down (their ticks went stale with work waiting).`;
}
