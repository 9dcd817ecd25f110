/**
 * The task board's message protocol: the one module both sides import (the extension
 * host and the board webview). No `vscode` import, no DOM: plain types and validators.
 *
 * Webview → host: commands carrying ids only: an agent slug and a task's index in its
 * tasks.md together with its title (and the status the board showed), so the host can
 * find the task again in the file as it is now. Never paths or command names. The
 * first message is `ready`; the host posts nothing before it.
 *
 * Host → webview: `state` snapshots with a version. A full snapshot (`base` null)
 * carries the lane list and the cards of the first lanes; patches (`base` = the
 * version they apply to) carry the cards of lanes the page does not have yet (the
 * rest of a big team, a few thousand cards at a time, so the first screen paints
 * early) or whose cards changed, so a drop or an agent's tick re-sends one lane, not
 * twenty thousand cards. A page that missed a version asks to `resync`.
 * Every message is validated on arrival; whatever fails is dropped (and logged).
 */
import type { ChangeSummary } from '../../../core/review/change-summary';
import { LIVENESS_VALUES, Liveness } from '../../shared/common/liveness';
import { MdNode, markdownTree } from '../../shared/common/markdown-tree';
import { Check, Checked, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, shortStr, slug, str } from '../../shared/common/validate';
import { TASK_STATUSES, TaskStatus } from '../../../base/task-status';
import { TaskRef } from '../../../base/task-ref';

export const BOARD_PROTOCOL_VERSION = 1;

export type { Liveness };

// ---- the board's data --------------------------------------------------------------

/** The board's columns: the protocol's three statuses, and one for anything else. */
export type ColumnId = TaskStatus | 'other';
export const COLUMN_IDS: readonly ColumnId[] = [...TASK_STATUSES, 'other'];

export interface BoardCard {
  /** 0-based position among the agent's tasks, in file order. */
  readonly index: number;
  readonly title: string;
  /** `ready` | `in-progress` | `done`, another value as written, or `null` without a status line. */
  readonly status: string | null;
  readonly started: string | null;
  readonly completed: string | null;
  /** The body's first line, as plain text (may be empty). */
  readonly text: string;
  /** The `### Summary`, as one line of plain text (shortened), when there is one. */
  readonly summary: string | null;
  /** 1-based line of the heading in tasks.md. */
  readonly line: number;
  /** A done task's review (its `**Reviewed:**` line): accepted, sent back, or none yet. */
  readonly review: 'accepted' | 'sent back' | null;
  /** The thread this task launched (threads.json's `metadata.scheduleTaskId`), when there is one. */
  readonly thread: { readonly id: string; readonly status: string } | null;
}

export interface BoardAgent {
  readonly slug: string;
  readonly name: string;
  readonly role: string | null;
  readonly coordinator: boolean;
  readonly liveness: Liveness;
  /** Minutes since the last tick; `null` without a readable tick. */
  readonly tickAgeMinutes: number | null;
  readonly projects: readonly string[];
  /** Changes whenever this agent's cards change (a patch re-sends the cards then). */
  readonly rev: number;
  /** How many cards each column has: ready, in progress, done, other (lays the lane out before its cards arrive). */
  readonly counts: readonly [number, number, number, number];
  /** Running the agent from its lane header; `null` where the dashboard cannot run agents. */
  readonly run: BoardAgentRun | null;
}

/** What the lane header needs to offer Start, or Show Terminal and Stop. */
export interface BoardAgentRun {
  /** Its terminal here is running (or starting). */
  readonly live: boolean;
  /** It runs here as an ACP session: Open Session instead of Show Terminal. */
  readonly session: boolean;
  /** The launch profile in words; `null`: none yet (Start asks for the CLI). */
  readonly profile: string | null;
  /** How Start runs it (its launch profile's channel; a terminal when it has none yet). */
  readonly channel: 'terminal' | 'acp';
}

export interface BoardLaneCards {
  readonly slug: string;
  readonly cards: readonly BoardCard[];
}

export type BoardStatus = 'loading' | 'noTeam' | 'ready';

export interface BoardHeader {
  readonly status: BoardStatus;
  readonly team: { readonly name: string; readonly path: string } | null;
  /** Why no team is shown, or a load failure. */
  readonly message: string | null;
  /** The workspace is trusted: the board may write. */
  readonly trusted: boolean;
  /** Wall-clock minutes (see base/time) the ages are measured against. */
  readonly now: number;
  /** Every project slug the team knows (for the project filter). */
  readonly projects: readonly string[];
  /** Done tasks without a review (the "To review" filter's count). */
  readonly toReview: number;
}

/** Where a card was dropped: a lane, a column, and for the ready column a neighbour. */
export interface DropTarget {
  readonly agent: string;
  readonly column: ColumnId;
  /** The card the dropped one goes before or after (reordering); `null`: no neighbour. */
  readonly anchor: { readonly index: number; readonly title: string } | null;
  readonly place: 'before' | 'after';
}

/** A task's body and summary as the host rendered them (see `views/shared/common/markdown-tree.ts`). */
export type { MdNode };

export interface CardDetail {
  readonly agent: string;
  readonly agentName: string;
  readonly index: number;
  readonly title: string;
  readonly status: string | null;
  readonly started: string | null;
  readonly completed: string | null;
  readonly line: number;
  /** Other `**Key:** value` lines, e.g. Priority. */
  readonly fields: ReadonlyArray<readonly [string, string]>;
  readonly body: readonly MdNode[];
  readonly summary: readonly MdNode[] | null;
  /** The description as written (markdown), for the edit form: ready tasks only. */
  readonly source: string | null;
  /** The review line, when the task has one. */
  readonly review: { readonly at: string; readonly verdict: 'accepted' | 'sent back' } | null;
  /** The task this one reworks (its `**Rework of:**` line), when it is still in the queue. */
  readonly reworkOf: { readonly index: number; readonly title: string; readonly status: string | null } | null;
  /** The task is in progress and its agent is down: it may be unclaimed or reassigned. */
  readonly unclaimable: boolean;
}

export type { ChangeSummary };

/** A card's changes summary, by `changeKey` (the page keeps them while the task is the same). */
export interface CardChanges {
  readonly key: string;
  readonly summary: ChangeSummary;
}

/** What a task changed, in full, for its detail panel. */
export interface ChangeDetail {
  readonly summary: ChangeSummary;
  readonly files: ReadonlyArray<{ readonly path: string; readonly oldPath: string | null; readonly status: 'added' | 'modified' | 'deleted' | 'renamed'; readonly added: number | null; readonly removed: number | null }>;
  readonly commits: ReadonlyArray<{ readonly sha: string; readonly subject: string }>;
  /** "3f9a2c4b..8e01d2aa", "3f9a2c4b..working tree". */
  readonly range: string | null;
  /** Why there is nothing to show, in a sentence, when there is not. */
  readonly note: string | null;
}

/** The key a card's changes are kept under: the task as far as its changes go. */
export function changeKey(agent: string, card: Pick<BoardCard, 'title' | 'status' | 'started' | 'completed'>): string {
  return `${agent}\n${card.title}\n${card.status ?? ''}\n${card.started ?? ''}\n${card.completed ?? ''}`;
}

// ---- messages ----------------------------------------------------------------------

/** Host → webview. */
export type BoardHostMessage =
  | {
      readonly type: 'state';
      readonly version: number;
      /** `null`: a full snapshot; else the version this patch applies to. */
      readonly base: number | null;
      readonly header: BoardHeader;
      /** Every lane, in order. */
      readonly agents: readonly BoardAgent[];
      /** Cards of the lanes the page lacks or whose `rev` changed (a lane not listed keeps what the page has, or waits). */
      readonly lanes: readonly BoardLaneCards[];
    }
  /** How an operation the page asked for ended (after the board shows its effect). */
  | { readonly type: 'result'; readonly op: number; readonly ok: boolean; readonly message: string | null }
  | { readonly type: 'detail'; readonly request: number; readonly detail: CardDetail | null }
  /** Scroll to an agent's lane (the board was opened for that agent). */
  | { readonly type: 'reveal'; readonly agent: string }
  /** Show a card and open its details (Search Team's result). */
  | { readonly type: 'showCard'; readonly agent: string; readonly index: number; readonly title: string }
  /** Turn the "To review" filter on (the status bar item). */
  | { readonly type: 'showToReview' }
  /** Changes summaries of cards the page asked for (`visible`), and of cards whose changes moved on. */
  | { readonly type: 'changes'; readonly entries: readonly CardChanges[] }
  | { readonly type: 'changeDetail'; readonly request: number; readonly detail: ChangeDetail | null }
  /** Cards whose description or summary has every word of `text` (the filter's words the page cannot see). */
  | { readonly type: 'matches'; readonly text: string; readonly cards: ReadonlyArray<readonly [string, readonly number[]]> };

export type BoardStateMessage = Extract<BoardHostMessage, { type: 'state' }>;

/** Webview → host. */
export type BoardWebviewMessage =
  | { readonly type: 'ready'; readonly protocol: number }
  | { readonly type: 'resync' }
  /** A drag (or its keyboard or menu equivalent) ended on a target: one protocol write, or a refusal. */
  | { readonly type: 'drop'; readonly op: number; readonly card: TaskRef; readonly target: DropTarget }
  /** Reassign to an agent the user picks on the host side. */
  | { readonly type: 'reassign'; readonly op: number; readonly card: TaskRef }
  /** A done card: dispatch a copy as a new ready task. */
  | { readonly type: 'dispatchAgain'; readonly card: TaskRef }
  | { readonly type: 'openTask'; readonly card: TaskRef }
  | { readonly type: 'detail'; readonly request: number; readonly card: TaskRef }
  | { readonly type: 'openLink'; readonly card: TaskRef; readonly link: number }
  | { readonly type: 'openTeamView' }
  /** A card's thread chip: the thread in the Threads panel. */
  | { readonly type: 'openThread'; readonly thread: string }
  /** The lane header's run buttons, through the same commands as the Team view's row. */
  | { readonly type: 'startAgent'; readonly agent: string }
  | { readonly type: 'stopAgent'; readonly agent: string }
  | { readonly type: 'showAgentTerminal'; readonly agent: string }
  | { readonly type: 'openSession'; readonly agent: string }
  /** The cards on screen that may have changes (in progress, done): their summaries, please. */
  | { readonly type: 'visible'; readonly cards: readonly TaskRef[] }
  | { readonly type: 'changeDetail'; readonly request: number; readonly card: TaskRef }
  /** Open the task's changes in the multi-file diff editor. */
  | { readonly type: 'reviewChanges'; readonly card: TaskRef }
  | { readonly type: 'accept'; readonly op: number; readonly card: TaskRef }
  | { readonly type: 'sendBack'; readonly op: number; readonly card: TaskRef; readonly comment: string }
  | { readonly type: 'editTask'; readonly op: number; readonly card: TaskRef; readonly expected: { readonly title: string; readonly body: string }; readonly title: string; readonly body: string }
  | { readonly type: 'cancelTask'; readonly op: number; readonly card: TaskRef }
  | { readonly type: 'unclaim'; readonly op: number; readonly card: TaskRef }
  /** Undo the latest board action (Ctrl+Z). */
  | { readonly type: 'undo'; readonly op: number }
  /** The filter's text: which cards match it in their full description or summary. */
  | { readonly type: 'filterText'; readonly text: string };

export type BoardWebviewMessageType = BoardWebviewMessage['type'];

// ---- validation --------------------------------------------------------------------

const column = oneOf(COLUMN_IDS);
const card = object({ index: int, title: str, status: nullable(str), started: nullable(str), completed: nullable(str), text: str, summary: nullable(str), line: int, review: nullable(oneOf(['accepted', 'sent back'])), thread: nullable(object({ id: shortStr(200), status: shortStr(200) })) });
const agent = object({
  slug,
  name: str,
  role: nullable(str),
  coordinator: bool,
  liveness: oneOf(LIVENESS_VALUES),
  tickAgeMinutes: nullable(num),
  projects: arrayOf(str),
  rev: int,
  counts: (v, at) => (Array.isArray(v) && v.length === 4 && v.every((n) => Number.isInteger(n) && n >= 0) ? null : `${at} should be four counts`),
  run: nullable(object({ live: bool, session: bool, profile: nullable(str), channel: oneOf(['terminal', 'acp']) })),
});
const header = object({
  status: oneOf(['loading', 'noTeam', 'ready']),
  team: nullable(object({ name: str, path: str })),
  message: nullable(str),
  trusted: bool,
  now: num,
  projects: arrayOf(str),
  toReview: int,
});
const laneCards = object({ slug, cards: arrayOf(card) });

const pair: Check = (v, at) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' ? null : `${at} should be a [key, value] pair`);
const detail = object({
  agent: slug,
  agentName: str,
  index: int,
  title: str,
  status: nullable(str),
  started: nullable(str),
  completed: nullable(str),
  line: int,
  fields: arrayOf(pair),
  body: markdownTree(32),
  summary: nullable(markdownTree(32)),
  source: nullable(str),
  review: nullable(object({ at: str, verdict: oneOf(['accepted', 'sent back']) })),
  reworkOf: nullable(object({ index: int, title: str, status: nullable(str) })),
  unclaimable: bool,
});

const count = nullable(int);
const summary: Check = (v, at) => {
  if (typeof v !== 'object' || v === null) return `${at} should be a changes summary`;
  switch ((v as { kind?: unknown }).kind) {
    case 'changes':
      return object({ kind: str, files: int, added: int, removed: int, commits: int, uncommitted: bool, via: nullable(oneOf(['reference', 'time'])) })(v, at);
    case 'none':
    case 'noRepository':
    case 'noProject':
      return object({ kind: str })(v, at);
    case 'unavailable':
      return object({ kind: str, reason: str })(v, at);
    default:
      return `${at} has an unknown kind`;
  }
};
const changeDetail = object({
  summary,
  files: arrayOf(object({ path: str, oldPath: nullable(str), status: oneOf(['added', 'modified', 'deleted', 'renamed']), added: count, removed: count })),
  commits: arrayOf(object({ sha: str, subject: str })),
  range: nullable(str),
  note: nullable(str),
});
const matchedLane: Check = (v, at) =>
  Array.isArray(v) && v.length === 2 && slug(v[0], `${at}[0]`) === null && arrayOf(int)(v[1], `${at}[1]`) === null ? null : `${at} should be [agent, indexes]`;

const hostMessages: Readonly<Record<BoardHostMessage['type'], Check>> = {
  state: object({ type: str, version: int, base: nullable(int), header, agents: arrayOf(agent), lanes: arrayOf(laneCards) }),
  result: object({ type: str, op: int, ok: bool, message: nullable(str) }),
  detail: object({ type: str, request: int, detail: nullable(detail) }),
  reveal: object({ type: str, agent: slug }),
  showCard: object({ type: str, agent: slug, index: int, title: str }),
  showToReview: object({ type: str }),
  changes: object({ type: str, entries: arrayOf(object({ key: str, summary })) }),
  changeDetail: object({ type: str, request: int, detail: nullable(changeDetail) }),
  matches: object({ type: str, text: str, cards: arrayOf(matchedLane) }),
};

/** Titles come back from the page: long enough for any real title, bounded. */
const title = shortStr(4000);
const cardRef = object({ agent: slug, index: int, title, status: nullable(shortStr(200)) });
const dropTarget = object({ agent: slug, column, anchor: nullable(object({ index: int, title })), place: oneOf(['before', 'after']) });

const webviewMessages: Readonly<Record<BoardWebviewMessageType, Check>> = {
  ready: object({ type: str, protocol: int }),
  resync: object({ type: str }),
  drop: object({ type: str, op: int, card: cardRef, target: dropTarget }),
  reassign: object({ type: str, op: int, card: cardRef }),
  dispatchAgain: object({ type: str, card: cardRef }),
  openTask: object({ type: str, card: cardRef }),
  detail: object({ type: str, request: int, card: cardRef }),
  openLink: object({ type: str, card: cardRef, link: int }),
  openTeamView: object({ type: str }),
  openThread: object({ type: str, thread: shortStr(200) }),
  startAgent: object({ type: str, agent: slug }),
  stopAgent: object({ type: str, agent: slug }),
  showAgentTerminal: object({ type: str, agent: slug }),
  openSession: object({ type: str, agent: slug }),
  visible: object({ type: str, cards: (v, at) => (Array.isArray(v) && v.length > 500 ? `${at} has too many cards` : arrayOf(cardRef)(v, at)) }),
  changeDetail: object({ type: str, request: int, card: cardRef }),
  reviewChanges: object({ type: str, card: cardRef }),
  accept: object({ type: str, op: int, card: cardRef }),
  sendBack: object({ type: str, op: int, card: cardRef, comment: shortStr(20_000) }),
  editTask: object({ type: str, op: int, card: cardRef, expected: object({ title, body: shortStr(200_000) }), title, body: shortStr(200_000) }),
  cancelTask: object({ type: str, op: int, card: cardRef }),
  unclaim: object({ type: str, op: int, card: cardRef }),
  undo: object({ type: str, op: int }),
  filterText: object({ type: str, text: shortStr(200) }),
};

/** Checks a message the host received from the board webview. */
export function checkBoardWebviewMessage(data: unknown): Checked<BoardWebviewMessage> {
  return checkMessage<BoardWebviewMessage>(data, webviewMessages);
}

/** Checks a message the board webview received from the host. */
export function checkBoardHostMessage(data: unknown): Checked<BoardHostMessage> {
  return checkMessage<BoardHostMessage>(data, hostMessages);
}
