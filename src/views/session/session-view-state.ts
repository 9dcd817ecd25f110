import type { AgentSessionSnapshot, SessionEntry, SessionUsage, ToolOutput } from '../../extension/sessions/session-model';
import { answerOptions, diffView } from '../shared/permission-view';
import type { EntryView, SessionViewState, ToolOutputView } from './common/messages';

/**
 * What an agent's session view shows, from the host side's snapshot of its ACP session
 * (`undefined`: the agent does not run as a session here). Diffs are worked out here, so
 * the page only lays them out. Pure.
 */
export function buildSessionViewState(agent: string, agentName: string, s: AgentSessionSnapshot | undefined): SessionViewState {
  const status = s?.state ?? 'none';
  return {
    agent,
    agentName,
    status,
    reason: s?.reason ?? null,
    entries: (s?.entries ?? []).map(entryView),
    usage: s?.usage ? usageText(s.usage) : null,
    pending: (s?.pending ?? []).map((p) => ({ id: p.id, tool: p.tool, argumentsText: p.argumentsText, diffs: p.diffs.map(diffView), options: answerOptions(p.options) })),
    canPrompt: status === 'idle',
    canCancel: status === 'in-turn',
    canStop: status === 'idle' || status === 'in-turn' || status === 'starting',
  };
}

function entryView(e: SessionEntry): EntryView {
  switch (e.kind) {
    case 'tool':
      return { kind: 'tool', id: e.id, title: e.title, toolKind: e.toolKind ?? null, status: e.status, argumentsText: e.argumentsText, output: e.output.map(outputView) };
    case 'plan':
      return { kind: 'plan', id: e.id, entries: e.entries.map((p) => ({ content: p.content, priority: p.priority, status: p.status })) };
    default:
      return { kind: e.kind, id: e.id, text: e.text };
  }
}

function outputView(o: ToolOutput): ToolOutputView {
  return o.kind === 'diff' ? { kind: 'diff', diff: diffView(o.diff) } : o;
}

/** "12.3k tokens in · 2.1k out · 40.0k cached · $0.04 · context 21% of 200k". */
export function usageText(u: SessionUsage): string {
  const parts = [`${tokens(u.inputTokens)} tokens in`, `${tokens(u.outputTokens)} out`];
  const cached = u.cachedReadTokens + u.cachedWriteTokens;
  if (cached > 0) parts.push(`${tokens(cached)} cached`);
  if (u.cost) parts.push(u.cost.currency === 'USD' ? `$${u.cost.amount.toFixed(2)}` : `${u.cost.amount.toFixed(2)} ${u.cost.currency}`);
  if (u.contextUsed !== undefined && u.contextSize) parts.push(`context ${Math.round((100 * u.contextUsed) / u.contextSize)}% of ${tokens(u.contextSize)}`);
  return parts.join(' · ');
}

function tokens(n: number): string {
  return n < 1000 ? String(n) : n < 1_000_000 ? `${(n / 1000).toFixed(1)}k` : `${(n / 1_000_000).toFixed(1)}M`;
}
