// What the extension knows of an agent run as a structured session over the Agent Client
// Protocol (issue 28), and of everything any agent waits for a person to answer. This file is
// the contract between the ACP host side (src/extension/acp/: the client, one process per
// agent, prompts, usage) and the views that show it (the Team view's "Needs you" list and the
// agent's session view). Plain data only: the views map it onto their own page protocols.

/** How an agent is run: in a terminal (hooks tell us its state) or as an ACP session. */
export type AgentChannel = 'terminal' | 'acp';

/** ACP's permission option kinds (`PermissionOptionKind`), kept as the protocol names them. */
export type PermissionOptionKind = 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always';

export interface PermissionOption {
  readonly optionId: string;
  /** The agent's own words for the option ("Allow once", "Always allow claim_task"). */
  readonly name: string;
  readonly kind: PermissionOptionKind;
}

/** A file change a tool call would make, from the tool call's `diff` content. */
export interface ProposedDiff {
  readonly path: string;
  /** `null` for a new file. */
  readonly oldText: string | null;
  readonly newText: string;
}

/** A pending `session/request_permission` from an ACP agent. */
export interface PermissionRequestItem {
  readonly kind: 'permission';
  /** Unique across the extension's lifetime; the key an answer names. */
  readonly id: string;
  readonly agentSlug: string;
  readonly sessionId: string;
  readonly toolCallId: string;
  /** The tool call's title as the agent gave it (e.g. "mcp__cortex__claim_task"). */
  readonly tool: string;
  /** ACP's `ToolKind` where given (read, edit, execute, …). */
  readonly toolKind?: string;
  /** The tool's arguments in words (one `key: value` per line), '' when it has none. */
  readonly argumentsText: string;
  readonly diffs: readonly ProposedDiff[];
  readonly options: readonly PermissionOption[];
  /** Epoch ms on the extension's clock. */
  readonly receivedAt: number;
}

/** A terminal agent whose own session reported it needs input (from its hooks). */
export interface TerminalNeedsInputItem {
  readonly kind: 'terminal';
  readonly id: string;
  readonly agentSlug: string;
  /** The tool it asks about, when the hook or transcript names one. */
  readonly tool?: string;
  readonly message?: string;
  readonly since: number;
}

/** One row of the "Needs you" list. */
export type NeedsYouItem = PermissionRequestItem | TerminalNeedsInputItem;

export type ToolCallStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/** What a tool call showed: text, a diff, or a terminal's output, as ACP's `ToolCallContent`. */
export type ToolOutput =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'diff'; readonly diff: ProposedDiff }
  | { readonly kind: 'terminal'; readonly terminalId: string };

export interface PlanEntry {
  readonly content: string;
  readonly priority: 'high' | 'medium' | 'low';
  readonly status: 'pending' | 'in_progress' | 'completed';
}

/** One entry of an ACP session's transcript, in the order it arrived. */
export type SessionEntry =
  | { readonly kind: 'user'; readonly id: string; readonly text: string; readonly at: number }
  /** Consecutive `agent_message_chunk`s are joined into one entry. */
  | { readonly kind: 'agent'; readonly id: string; readonly text: string; readonly at: number }
  | { readonly kind: 'thought'; readonly id: string; readonly text: string; readonly at: number }
  | {
      readonly kind: 'tool';
      /** The tool call id. */
      readonly id: string;
      readonly title: string;
      readonly toolKind?: string;
      readonly status: ToolCallStatus;
      readonly argumentsText: string;
      readonly output: readonly ToolOutput[];
      readonly at: number;
    }
  | { readonly kind: 'plan'; readonly id: string; readonly entries: readonly PlanEntry[]; readonly at: number }
  /** Something the extension says about the session (started, cancelled, budget spent, exited). */
  | { readonly kind: 'notice'; readonly id: string; readonly text: string; readonly at: number };

/** Where an ACP session is. `in-turn` means a `session/prompt` has not answered yet. */
export type SessionState = 'starting' | 'idle' | 'in-turn' | 'stopped' | 'failed';

export interface SessionUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedReadTokens: number;
  readonly cachedWriteTokens: number;
  /** Context window use, from `usage_update` where the agent sends it. */
  readonly contextUsed?: number;
  readonly contextSize?: number;
  /** Cost as the agent reported it (Claude's adapter does), else undefined. */
  readonly cost?: { readonly amount: number; readonly currency: string };
}

export interface AgentSessionSnapshot {
  readonly agentSlug: string;
  /** The ACP session id, once `session/new` (or `session/load`) answered. */
  readonly sessionId?: string;
  readonly state: SessionState;
  /** Why the session is `failed` or `stopped`, in words. */
  readonly reason?: string;
  readonly entries: readonly SessionEntry[];
  readonly usage?: SessionUsage;
  readonly pending: readonly PermissionRequestItem[];
}

export interface Unsubscribe {
  dispose(): void;
}

/**
 * The ACP sessions the extension runs, one per agent. Implemented by src/extension/acp/;
 * read by the views. Every method that acts refuses with an Error whose message is a sentence
 * for the person (no session, in a turn already, budget spent, …).
 */
export interface AgentSessions {
  get(agentSlug: string): AgentSessionSnapshot | undefined;
  all(): readonly AgentSessionSnapshot[];
  /** Fires with the agent's slug whenever its snapshot changed. */
  onDidChange(listener: (agentSlug: string) => void): Unsubscribe;
  /** Sends `session/prompt`; refused while the session is in a turn or its budget is spent. */
  prompt(agentSlug: string, text: string): Promise<void>;
  /** `session/cancel` for the turn in progress (pending permission requests answer `cancelled`). */
  cancel(agentSlug: string): Promise<void>;
  /** Answers a pending permission request with one of its options. */
  answer(agentSlug: string, requestId: string, optionId: string): Promise<void>;
}
