/**
 * The Needs you rows of the Team view's state: what every agent waits for the person to
 * answer (an ACP agent's permission request, a terminal agent's question), as the page
 * shows them. Part of the Team view's protocol (messages.ts); no `vscode`, no DOM.
 */
import { AnswerOption, DiffView, answerOption, diffView } from '../../shared/common/permission';
import { Check, arrayOf, bool, int, nullable, object, oneOf, slug, str } from '../../shared/common/validate';

export type { AnswerOption, DiffView };

export interface NeedsYouRow {
  /** What an answer names. */
  readonly id: string;
  /** `permission`: an ACP agent's request, answered here; `terminal`: answered in the agent's terminal. */
  readonly kind: 'permission' | 'terminal';
  readonly agent: string;
  readonly agentName: string;
  /** The tool it asks about, when known. */
  readonly tool: string | null;
  /** The arguments in words (permission), or the CLI's question (terminal). */
  readonly text: string;
  readonly diffs: readonly DiffView[];
  /** The answers the agent offers (none for a terminal's question). */
  readonly options: readonly AnswerOption[];
  /** Minutes since it was asked (`null` when unknown). */
  readonly minutes: number | null;
  /** The agent's terminal is open here (Show Terminal). */
  readonly hasTerminal: boolean;
  /** The agent runs as a session here (Open Session). */
  readonly hasSession: boolean;
}

export const needsYouRow: Check = object({
  id: str,
  kind: oneOf(['permission', 'terminal']),
  agent: slug,
  agentName: str,
  tool: nullable(str),
  text: str,
  diffs: arrayOf(diffView),
  options: arrayOf(answerOption),
  minutes: nullable(int),
  hasTerminal: bool,
  hasSession: bool,
});
