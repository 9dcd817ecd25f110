/**
 * What a page shows of an agent's permission request, shared by the Team view's Needs you
 * list and the session view: the diff a tool call would apply, and the answers the agent
 * offers. No `vscode`, no DOM.
 */
import { Check, arrayOf, bool, object, oneOf, str } from './validate';

export const DIFF_OPS = ['same', 'add', 'remove', 'gap'] as const;

export interface DiffLineView {
  readonly op: (typeof DIFF_OPS)[number];
  /** The line; for a `gap`, the unchanged lines left out in words. */
  readonly text: string;
}

/** A proposed change to one file, as the lines to show. */
export interface DiffView {
  readonly path: string;
  readonly newFile: boolean;
  readonly lines: readonly DiffLineView[];
}

export const ANSWER_KINDS = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export interface AnswerOption {
  readonly optionId: string;
  /** The agent's own words for it. */
  readonly name: string;
  readonly kind: AnswerKind;
}

export const diffView: Check = object({ path: str, newFile: bool, lines: arrayOf(object({ op: oneOf(DIFF_OPS), text: str })) });
export const answerOption: Check = object({ optionId: str, name: str, kind: oneOf(ANSWER_KINDS) });
