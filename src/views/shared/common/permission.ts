/**
 * What a page shows of an agent's permission request, shared by the Team view's Needs you
 * list and the session view: the diff a tool call would apply, and the answers the agent
 * offers. No `vscode`, no DOM.
 */
import { Infer, arrayOf, bool, object, oneOf, str } from './validate';

export const DIFF_OPS = ['same', 'add', 'remove', 'gap'] as const;

export const ANSWER_KINDS = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const diffLineView = object({
  op: oneOf(DIFF_OPS),
  /** The line; for a `gap`, the unchanged lines left out in words. */
  text: str,
});
export type DiffLineView = Infer<typeof diffLineView>;

/** A proposed change to one file, as the lines to show. */
export const diffView = object({ path: str, newFile: bool, lines: arrayOf(diffLineView) });
export type DiffView = Infer<typeof diffView>;

export const answerOption = object({
  optionId: str,
  /** The agent's own words for it. */
  name: str,
  kind: oneOf(ANSWER_KINDS),
});
export type AnswerOption = Infer<typeof answerOption>;
