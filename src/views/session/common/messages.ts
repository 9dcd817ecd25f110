/**
 * The session view's message protocol (an ACP agent's live transcript, its pending
 * requests, a box to write to it): the one module both sides import. No `vscode`, no DOM.
 *
 * Webview → host: commands carrying ids and the person's text only; the first is `ready`,
 * the host posts nothing before it. Host → webview: the whole state with a version. Every
 * message is checked on arrival; whatever fails is dropped (and logged).
 */
import { AnswerOption, DiffView, answerOption, diffView } from '../../shared/common/permission';
import { Check, Checked, arrayOf, bool, checkMessage, int, nullable, object, oneOf, shortStr, slug, str } from '../../shared/common/validate';

export const SESSION_PROTOCOL_VERSION = 1;
/** The longest text the box sends (a prompt, not a file). */
export const MAX_PROMPT = 100_000;

export type { AnswerOption, DiffView };

export const TOOL_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export const PLAN_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export const SESSION_STATUSES = ['none', 'starting', 'idle', 'in-turn', 'stopped', 'failed'] as const;

export type ToolOutputView = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'diff'; readonly diff: DiffView } | { readonly kind: 'terminal'; readonly terminalId: string };

export type EntryView =
  | { readonly kind: 'user' | 'agent' | 'thought' | 'notice'; readonly id: string; readonly text: string }
  | {
      readonly kind: 'tool';
      readonly id: string;
      readonly title: string;
      readonly toolKind: string | null;
      readonly status: (typeof TOOL_STATUSES)[number];
      readonly argumentsText: string;
      readonly output: readonly ToolOutputView[];
    }
  | {
      readonly kind: 'plan';
      readonly id: string;
      readonly entries: ReadonlyArray<{ readonly content: string; readonly priority: string; readonly status: (typeof PLAN_STATUSES)[number] }>;
    };

export interface PendingView {
  readonly id: string;
  readonly tool: string;
  readonly argumentsText: string;
  readonly diffs: readonly DiffView[];
  readonly options: readonly AnswerOption[];
}

export interface SessionViewState {
  readonly agent: string;
  readonly agentName: string;
  /** `none`: the agent does not run as a session here (now). */
  readonly status: (typeof SESSION_STATUSES)[number];
  /** Why it stopped or failed, in words. */
  readonly reason: string | null;
  readonly entries: readonly EntryView[];
  /** Tokens and cost in words ("12.3k tokens in · 2.1k out · $0.04"), `null` before any. */
  readonly usage: string | null;
  readonly pending: readonly PendingView[];
  /** A prompt may be sent now (idle). */
  readonly canPrompt: boolean;
  /** A turn is in progress (Cancel). */
  readonly canCancel: boolean;
  /** The process runs (Stop). */
  readonly canStop: boolean;
}

export type SessionHostMessage = { readonly type: 'state'; readonly version: number; readonly state: SessionViewState };

export type SessionWebviewMessage =
  | { readonly type: 'ready'; readonly protocol: number }
  | { readonly type: 'prompt'; readonly text: string }
  | { readonly type: 'cancel' }
  | { readonly type: 'stop' }
  | { readonly type: 'answer'; readonly item: string; readonly option: string };

/** One check per entry kind, chosen by the entry's `kind`. */
function byKind(table: Readonly<Record<string, Check>>): Check {
  return (v, at) => {
    const kind = typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined;
    if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(table, kind)) return `${at}.kind should be one of ${Object.keys(table).join(', ')}`;
    return table[kind](v, at);
  };
}

const textEntry = object({ kind: str, id: str, text: str });
const entryView = byKind({
  user: textEntry,
  agent: textEntry,
  thought: textEntry,
  notice: textEntry,
  tool: object({
    kind: str,
    id: str,
    title: str,
    toolKind: nullable(str),
    status: oneOf(TOOL_STATUSES),
    argumentsText: str,
    output: arrayOf(byKind({ text: object({ kind: str, text: str }), diff: object({ kind: str, diff: diffView }), terminal: object({ kind: str, terminalId: str }) })),
  }),
  plan: object({ kind: str, id: str, entries: arrayOf(object({ content: str, priority: str, status: oneOf(PLAN_STATUSES) })) }),
});

const sessionViewState = object({
  agent: slug,
  agentName: str,
  status: oneOf(SESSION_STATUSES),
  reason: nullable(str),
  entries: arrayOf(entryView),
  usage: nullable(str),
  pending: arrayOf(object({ id: str, tool: str, argumentsText: str, diffs: arrayOf(diffView), options: arrayOf(answerOption) })),
  canPrompt: bool,
  canCancel: bool,
  canStop: bool,
});

const hostMessages: Readonly<Record<SessionHostMessage['type'], Check>> = {
  state: object({ type: str, version: int, state: sessionViewState }),
};

const webviewMessages: Readonly<Record<SessionWebviewMessage['type'], Check>> = {
  ready: object({ type: str, protocol: int }),
  prompt: object({ type: str, text: shortStr(MAX_PROMPT) }),
  cancel: object({ type: str }),
  stop: object({ type: str }),
  answer: object({ type: str, item: shortStr(500), option: shortStr(500) }),
};

export function checkSessionWebviewMessage(data: unknown): Checked<SessionWebviewMessage> {
  return checkMessage<SessionWebviewMessage>(data, webviewMessages);
}

export function checkSessionHostMessage(data: unknown): Checked<SessionHostMessage> {
  return checkMessage<SessionHostMessage>(data, hostMessages);
}

/** Checks a state on its own (the host runs it in tests). */
export function checkSessionViewState(data: unknown): string | null {
  return sessionViewState(data, 'state');
}
