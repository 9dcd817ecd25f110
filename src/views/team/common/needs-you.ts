/**
 * The Needs you rows of the Team view's state: what every agent waits for the person to
 * answer (an ACP agent's permission request, a terminal agent's question), as the page
 * shows them. Part of the Team view's protocol (messages.ts); no `vscode`, no DOM.
 */
import { AnswerOption, DiffView, answerOption, diffView } from '../../shared/common/permission';
import { Infer, arrayOf, bool, int, nullable, object, oneOf, slug, str } from '../../shared/common/validate';

export type { AnswerOption, DiffView };

export const needsYouRow = object({
  /** What an answer names. */
  id: str,
  /** `permission`: an ACP agent's request, answered here; `terminal`: answered in the agent's terminal. */
  kind: oneOf(['permission', 'terminal']),
  agent: slug,
  agentName: str,
  /** The tool it asks about, when known. */
  tool: nullable(str),
  /** The arguments in words (permission), or the CLI's question (terminal). */
  text: str,
  diffs: arrayOf(diffView),
  /** The answers the agent offers (none for a terminal's question). */
  options: arrayOf(answerOption),
  /** Minutes since it was asked (`null` when unknown). */
  minutes: nullable(int),
  /** The agent's terminal is open here (Show Terminal). */
  hasTerminal: bool,
  /** The agent runs as a session here (Open Session). */
  hasSession: bool,
});
export type NeedsYouRow = Infer<typeof needsYouRow>;
