import type { AgentSessionSnapshot, NeedsYouItem, TerminalNeedsInputItem } from './session-model';

/** A terminal agent whose CLI reported it needs input (its hooks' turn state). */
export interface TerminalWaiting {
  readonly slug: string;
  readonly message: string | null;
  /** When the CLI reported it (ISO 8601), `null` when unknown. */
  readonly since: string | null;
}

/**
 * Everything any agent waits for a person to answer, oldest first: the ACP sessions'
 * pending permission requests and the terminal agents' needs-input states. An agent run
 * as a session is not also listed from its hooks. Pure.
 */
export function needsYouItems(terminal: readonly TerminalWaiting[], sessions: readonly AgentSessionSnapshot[]): NeedsYouItem[] {
  const asSession = new Set(sessions.filter((s) => s.state !== 'stopped' && s.state !== 'failed').map((s) => s.agentSlug));
  const items: NeedsYouItem[] = sessions.flatMap((s) => s.pending);
  for (const t of terminal) if (!asSession.has(t.slug)) items.push(terminalItem(t));
  return items.sort((a, b) => timeOf(a) - timeOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function timeOf(item: NeedsYouItem): number {
  return item.kind === 'permission' ? item.receivedAt : item.since;
}

/** One id per question: a new report of the same agent is a new item. */
export function terminalItem(t: TerminalWaiting): TerminalNeedsInputItem {
  const since = t.since === null ? NaN : Date.parse(t.since);
  const tool = t.message ? toolOfMessage(t.message) : undefined;
  return {
    kind: 'terminal',
    id: `terminal:${t.slug}:${t.since ?? ''}`,
    agentSlug: t.slug,
    ...(tool ? { tool } : {}),
    ...(t.message ? { message: t.message } : {}),
    since: Number.isNaN(since) ? 0 : since,
  };
}

/** The tool a CLI's question names ("Claude needs your permission to use Bash", "Permission to use mcp__cortex__claim_task"). */
export function toolOfMessage(message: string): string | undefined {
  return /permission to use ([^\s,.;:]+)/i.exec(message)?.[1];
}
