import type { ContentBlock, PermissionOption as AcpPermissionOption, RequestPermissionRequest, SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk';
import type { PermissionOption, PermissionRequestItem, PlanEntry, ProposedDiff, SessionEntry, SessionUsage, ToolCallStatus, ToolOutput } from '../sessions/session-model';

/**
 * One ACP session's transcript and usage as the views read them (session-model.ts),
 * built from what the agent sends: `session/update` notifications, the prompt
 * responses' usage, the permission requests. Pure (no `vscode`, no process): the host
 * (acp-session.ts) feeds it and the unit tests do too.
 *
 * - Consecutive message (or thought) chunks join into one entry; any other update ends it.
 * - A `tool_call_update` changes its tool call's entry in place (status, title, output);
 *   an update for a tool call never announced makes the entry.
 * - A plan replaces the session's plan entry (ACP sends the whole plan each time).
 * - Usage: `usage_update` gives the context window and the cost so far (Claude's adapter);
 *   a prompt response's `usage` (or Gemini CLI's `_meta.quota`) the tokens of the turn.
 */

/** The tokens of one turn, as the usage lines price them. */
export interface TurnTokens {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  /** The model that answered, where the agent says. */
  readonly model: string | null;
}

type ToolEntry = Extract<SessionEntry, { kind: 'tool' }>;

export class SessionLog {
  private readonly list: SessionEntry[] = [];
  private readonly toolIndex = new Map<string, number>();
  private ids = 0;
  private usageNow: SessionUsage | undefined;

  get entries(): readonly SessionEntry[] {
    return this.list;
  }

  get usage(): SessionUsage | undefined {
    return this.usageNow;
  }

  /** Something the person (or the dashboard for them) sent as a prompt. */
  addUser(text: string, at: number): void {
    this.list.push({ kind: 'user', id: this.nextId('user'), text, at });
  }

  /** Something the extension says about the session. */
  addNotice(text: string, at: number): void {
    this.list.push({ kind: 'notice', id: this.nextId('notice'), text, at });
  }

  /** Applies one `session/update`; `false` for an update the transcript does not show. */
  apply(update: SessionUpdate, at: number): boolean {
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
        return this.chunk('agent', update.content, at);
      case 'agent_thought_chunk':
        return this.chunk('thought', update.content, at);
      case 'user_message_chunk':
        return this.chunk('user', update.content, at);
      case 'tool_call':
        this.tool(update.toolCallId, at, { title: update.title, toolKind: update.kind, status: update.status ?? 'pending', rawInput: update.rawInput, content: update.content });
        return true;
      case 'tool_call_update':
        this.tool(update.toolCallId, at, { title: update.title ?? undefined, toolKind: update.kind ?? undefined, status: update.status ?? undefined, rawInput: update.rawInput, content: update.content ?? undefined });
        return true;
      case 'plan':
        this.plan(update.entries.map((e) => ({ content: e.content, priority: e.priority, status: e.status })), at);
        return true;
      case 'usage_update':
        this.usageNow = { ...this.tokensSoFar(), contextUsed: update.used, contextSize: update.size, ...(update.cost ? { cost: { amount: update.cost.amount, currency: update.cost.currency } } : this.usageNow?.cost ? { cost: this.usageNow.cost } : {}) };
        return true;
      default:
        return false;
    }
  }

  /** Adds a turn's tokens (from the prompt response) to the session's. */
  addTurn(tokens: TurnTokens): void {
    const u = this.tokensSoFar();
    this.usageNow = {
      ...this.usageNow,
      inputTokens: u.inputTokens + tokens.input,
      outputTokens: u.outputTokens + tokens.output,
      cachedReadTokens: u.cachedReadTokens + tokens.cacheRead,
      cachedWriteTokens: u.cachedWriteTokens + tokens.cacheWrite,
    };
  }

  private tokensSoFar(): SessionUsage {
    const u = this.usageNow;
    return { inputTokens: u?.inputTokens ?? 0, outputTokens: u?.outputTokens ?? 0, cachedReadTokens: u?.cachedReadTokens ?? 0, cachedWriteTokens: u?.cachedWriteTokens ?? 0 };
  }

  private chunk(kind: 'agent' | 'thought' | 'user', content: ContentBlock, at: number): boolean {
    const text = contentText(content);
    if (text === '') return false;
    const last = this.list[this.list.length - 1];
    if (last && last.kind === kind) this.list[this.list.length - 1] = { ...last, text: last.text + text };
    else this.list.push({ kind, id: this.nextId(kind), text, at });
    return true;
  }

  private tool(id: string, at: number, u: { title?: string; toolKind?: string; status?: ToolCallStatus; rawInput?: unknown; content?: readonly ToolCallContent[] }): void {
    const index = this.toolIndex.get(id);
    const old: ToolEntry | undefined = index !== undefined ? (this.list[index] as ToolEntry) : undefined;
    const args = u.rawInput !== undefined ? argumentsText(u.rawInput) : undefined;
    const entry: ToolEntry = {
      kind: 'tool',
      id,
      title: u.title || old?.title || id,
      ...((u.toolKind ?? old?.toolKind) ? { toolKind: u.toolKind ?? old?.toolKind } : {}),
      status: u.status ?? old?.status ?? 'pending',
      // An update's content replaces the call's (ACP: "replaces the collection").
      output: u.content ? toolOutputs(u.content) : (old?.output ?? []),
      argumentsText: args !== undefined && args !== '' ? args : (old?.argumentsText ?? args ?? ''),
      at: old?.at ?? at,
    };
    if (index !== undefined) this.list[index] = entry;
    else {
      this.toolIndex.set(id, this.list.length);
      this.list.push(entry);
    }
  }

  private plan(entries: PlanEntry[], at: number): void {
    const index = this.list.findIndex((e) => e.kind === 'plan');
    if (index >= 0) this.list[index] = { kind: 'plan', id: this.list[index].id, entries, at };
    else this.list.push({ kind: 'plan', id: this.nextId('plan'), entries, at });
  }

  private nextId(kind: string): string {
    return `${kind}-${++this.ids}`;
  }
}

/** The text of a content block; other kinds (images, audio, resources) in words. */
export function contentText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'resource_link':
      return `[${block.name}](${block.uri})`;
    case 'resource':
      return 'text' in block.resource ? block.resource.text : `[${block.resource.uri}]`;
    default:
      return `[${block.type}]`;
  }
}

/** A tool's arguments in words: one `key: value` per line (values as JSON unless text), '' for none. */
export function argumentsText(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'object' || Array.isArray(raw)) return typeof raw === 'string' ? raw : JSON.stringify(raw);
  return Object.entries(raw as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('\n');
}

export function toolOutputs(content: readonly ToolCallContent[]): ToolOutput[] {
  return content.map((c): ToolOutput => {
    switch (c.type) {
      case 'content':
        return { kind: 'text', text: contentText(c.content) };
      case 'diff':
        return { kind: 'diff', diff: { path: c.path, oldText: c.oldText ?? null, newText: c.newText } };
      case 'terminal':
        return { kind: 'terminal', terminalId: c.terminalId };
    }
  });
}

/** The pending request as the "Needs you" list shows it. */
export function permissionItem(req: RequestPermissionRequest, ids: { id: string; agentSlug: string; at: number; knownTitle?: string }): PermissionRequestItem {
  const call = req.toolCall;
  const diffs: ProposedDiff[] = (call.content ?? []).flatMap((c) => (c.type === 'diff' ? [{ path: c.path, oldText: c.oldText ?? null, newText: c.newText }] : []));
  return {
    kind: 'permission',
    id: ids.id,
    agentSlug: ids.agentSlug,
    sessionId: req.sessionId,
    toolCallId: call.toolCallId,
    tool: call.title || ids.knownTitle || call.toolCallId,
    ...(call.kind ? { toolKind: call.kind } : {}),
    argumentsText: argumentsText(call.rawInput),
    diffs,
    options: req.options.map(permissionOption),
    receivedAt: ids.at,
  };
}

function permissionOption(o: AcpPermissionOption): PermissionOption {
  return { optionId: o.optionId, name: o.name, kind: o.kind };
}

/**
 * The tokens of a turn from a `session/prompt` response as it came over the wire: ACP's
 * `usage` (Claude's and Codex's adapters), else Gemini CLI's `_meta.quota`
 * (`token_count: {input_tokens, output_tokens}`, `model_usage: [{model, token_count}]`).
 * `undefined` when it says nothing.
 */
export function turnTokens(response: unknown): TurnTokens | undefined {
  if (!isRecord(response)) return undefined;
  const usage = response.usage;
  if (isRecord(usage)) {
    return { input: num(usage.inputTokens), output: num(usage.outputTokens), cacheRead: num(usage.cachedReadTokens), cacheWrite: num(usage.cachedWriteTokens), model: null };
  }
  const quota = isRecord(response._meta) ? response._meta.quota : undefined;
  if (!isRecord(quota)) return undefined;
  const count = isRecord(quota.token_count) ? quota.token_count : {};
  const models = Array.isArray(quota.model_usage) ? quota.model_usage.filter(isRecord) : [];
  const model = models.length === 1 && typeof models[0].model === 'string' ? models[0].model : null;
  return { input: num(count.input_tokens), output: num(count.output_tokens), cacheRead: num(count.cached_tokens ?? count.cached_input_tokens), cacheWrite: 0, model };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0;
}
