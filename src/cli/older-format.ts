import { OlderFormat } from '../core/legacy/older-agents';

/**
 * What `status` says of a team in the Cortex plugin's older format, read as it is
 * (core/legacy/older-agents.ts): its agents are in the table; this offers the one-step
 * upgrade, or says why the folder cannot be read (the upgrade's own reason).
 */
export function olderFormatNotice(older: OlderFormat): string {
  const n = older.agents.length;
  if (older.problem) {
    return `\nThis team is in the Cortex plugin's older format (flat agents/<slug>.md, ## Work Queue), but it cannot be read as it is: ${older.problem}\n`;
  }
  const who = `${n} ${n === 1 ? 'agent' : 'agents'}`;
  return `\nThis team is in the Cortex plugin's older format: ${who} read from flat agents/<slug>.md (last-heartbeat as the tick, tasks from the ## Work Queue of their projects), read-only. Upgrade in one step: cortex-team upgrade (--dry-run shows the diff).\n`;
}

export function olderFormatJson(older: OlderFormat): { agents: string[]; problem: string | null; upgrade: string } {
  return { agents: older.agents.map((a) => a.slug), problem: older.problem, upgrade: 'cortex-team upgrade' };
}
