/**
 * The session view's message protocol (an ACP agent's live transcript, its pending
 * requests, a box to write to it): the one module both sides import. No `vscode`, no DOM.
 *
 * Webview → host: commands carrying ids and the person's text only; the first is `ready`,
 * the host posts nothing before it. Host → webview: the whole state with a version. Every
 * message is checked on arrival; whatever fails is dropped (and logged).
 */
import { AnswerOption, DiffView, answerOption, diffView } from '../../shared/common/permission';
import { Checked, Infer, MessageOf, arrayOf, bool, byKind, checkMessage, int, nullable, object, oneOf, shortStr, slug, str } from '../../shared/common/validate';

export const SESSION_PROTOCOL_VERSION = 1;
/** The longest text the box sends (a prompt, not a file). */
export const MAX_PROMPT = 100_000;

export type { AnswerOption, DiffView };

export const TOOL_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export const PLAN_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export const SESSION_STATUSES = ['none', 'starting', 'idle', 'in-turn', 'stopped', 'failed'] as const;

// ---- the messages, declared once: each type is what its check accepts ----------------

const toolOutputView = byKind({
  text: object({ kind: oneOf(['text']), text: str }),
  diff: object({ kind: oneOf(['diff']), diff: diffView }),
  terminal: object({ kind: oneOf(['terminal']), terminalId: str }),
});
export type ToolOutputView = Infer<typeof toolOutputView>;

const textEntry = object({ kind: oneOf(['user', 'agent', 'thought', 'notice']), id: str, text: str });
const entryView = byKind({
  user: textEntry,
  agent: textEntry,
  thought: textEntry,
  notice: textEntry,
  tool: object({
    kind: oneOf(['tool']),
    id: str,
    title: str,
    toolKind: nullable(str),
    status: oneOf(TOOL_STATUSES),
    argumentsText: str,
    output: arrayOf(toolOutputView),
  }),
  plan: object({ kind: oneOf(['plan']), id: str, entries: arrayOf(object({ content: str, priority: str, status: oneOf(PLAN_STATUSES) })) }),
});
export type EntryView = Infer<typeof entryView>;

const pendingView = object({ id: str, tool: str, argumentsText: str, diffs: arrayOf(diffView), options: arrayOf(answerOption) });
export type PendingView = Infer<typeof pendingView>;

const sessionViewState = object({
  agent: slug,
  agentName: str,
  /** `none`: the agent does not run as a session here (now). */
  status: oneOf(SESSION_STATUSES),
  /** Why it stopped or failed, in words. */
  reason: nullable(str),
  entries: arrayOf(entryView),
  /** Tokens and cost in words ("12.3k tokens in · 2.1k out · $0.04"), `null` before any. */
  usage: nullable(str),
  pending: arrayOf(pendingView),
  /** A prompt may be sent now (idle). */
  canPrompt: bool,
  /** A turn is in progress (Cancel). */
  canCancel: bool,
  /** The process runs (Stop). */
  canStop: bool,
});
export type SessionViewState = Infer<typeof sessionViewState>;

const hostMessages = {
  state: object({ type: oneOf(['state']), version: int, state: sessionViewState }),
};
export type SessionHostMessage = MessageOf<typeof hostMessages>;

const webviewMessages = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  prompt: object({ type: oneOf(['prompt']), text: shortStr(MAX_PROMPT) }),
  cancel: object({ type: oneOf(['cancel']) }),
  stop: object({ type: oneOf(['stop']) }),
  answer: object({ type: oneOf(['answer']), item: shortStr(500), option: shortStr(500) }),
};
export type SessionWebviewMessage = MessageOf<typeof webviewMessages>;

export function checkSessionWebviewMessage(data: unknown): Checked<SessionWebviewMessage> {
  return checkMessage(data, webviewMessages);
}

export function checkSessionHostMessage(data: unknown): Checked<SessionHostMessage> {
  return checkMessage(data, hostMessages);
}

/** Checks a state on its own (the host runs it in tests). */
export function checkSessionViewState(data: unknown): string | null {
  return sessionViewState(data, 'state');
}
