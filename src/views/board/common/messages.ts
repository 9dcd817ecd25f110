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
import { Check, Checked, Infer, MessageOf, arrayOf, before, bool, byKind, checkMessage, int, nullable, num, object, oneOf, shortStr, slug, str } from '../../shared/common/validate';
import { TASK_STATUSES, TaskStatus } from '../../../base/task-status';
import { TaskRef } from '../../../base/task-ref';

export const BOARD_PROTOCOL_VERSION = 1;

export type { Liveness };

// ---- the board's data, declared once: each type is what its check accepts -----------

/** The board's columns: the protocol's three statuses, and one for anything else. */
export type ColumnId = TaskStatus | 'other';
export const COLUMN_IDS: readonly ColumnId[] = [...TASK_STATUSES, 'other'];

const column = oneOf(COLUMN_IDS);
const reviewVerdict = oneOf(['accepted', 'sent back']);

const card = object({
  /** 0-based position among the agent's tasks, in file order. */
  index: int,
  title: str,
  /** `ready` | `in-progress` | `done`, another value as written, or `null` without a status line. */
  status: nullable(str),
  started: nullable(str),
  completed: nullable(str),
  /** The body's first line, as plain text (may be empty). */
  text: str,
  /** The `### Summary`, as one line of plain text (shortened), when there is one. */
  summary: nullable(str),
  /** 1-based line of the heading in tasks.md. */
  line: int,
  /** A done task's review (its `**Reviewed:**` line): accepted, sent back, or none yet. */
  review: nullable(reviewVerdict),
  /** The thread this task launched (threads.json's `metadata.scheduleTaskId`), when there is one. */
  thread: nullable(object({ id: shortStr(200), status: shortStr(200) })),
});
export type BoardCard = Infer<typeof card>;

/** What the lane header needs to offer Start, or Show Terminal and Stop. */
const agentRun = object({
  /** Its terminal here is running (or starting). */
  live: bool,
  /** It runs here as an ACP session: Open Session instead of Show Terminal. */
  session: bool,
  /** The launch profile in words; `null`: none yet (Start asks for the CLI). */
  profile: nullable(str),
  /** How Start runs it (its launch profile's channel; a terminal when it has none yet). */
  channel: oneOf(['terminal', 'acp']),
});
export type BoardAgentRun = Infer<typeof agentRun>;

const fourCounts: Check<readonly [number, number, number, number]> = (v, at) =>
  Array.isArray(v) && v.length === 4 && v.every((n) => Number.isInteger(n) && n >= 0) ? null : `${at} should be four counts`;

const agent = object({
  slug,
  name: str,
  role: nullable(str),
  coordinator: bool,
  liveness: oneOf(LIVENESS_VALUES),
  /** Minutes since the last tick; `null` without a readable tick. */
  tickAgeMinutes: nullable(num),
  projects: arrayOf(str),
  /** Changes whenever this agent's cards change (a patch re-sends the cards then). */
  rev: int,
  /** How many cards each column has: ready, in progress, done, other (lays the lane out before its cards arrive). */
  counts: fourCounts,
  /** Running the agent from its lane header; `null` where the dashboard cannot run agents. */
  run: nullable(agentRun),
});
export type BoardAgent = Infer<typeof agent>;

const laneCards = object({ slug, cards: arrayOf(card) });
export type BoardLaneCards = Infer<typeof laneCards>;

export const BOARD_STATUSES = ['loading', 'noTeam', 'ready'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

const header = object({
  status: oneOf(BOARD_STATUSES),
  team: nullable(object({ name: str, path: str })),
  /** Why no team is shown, or a load failure. */
  message: nullable(str),
  /** The workspace is trusted: the board may write. */
  trusted: bool,
  /** Wall-clock minutes (see base/time) the ages are measured against. */
  now: num,
  /** Every project slug the team knows (for the project filter). */
  projects: arrayOf(str),
  /** Done tasks without a review (the "To review" filter's count). */
  toReview: int,
});
export type BoardHeader = Infer<typeof header>;

/** Titles come back from the page: long enough for any real title, bounded. */
const title = shortStr(4000);

/** Where a card was dropped: a lane, a column, and for the ready column a neighbour. */
const dropTarget = object({
  agent: slug,
  column,
  /** The card the dropped one goes before or after (reordering); `null`: no neighbour. */
  anchor: nullable(object({ index: int, title })),
  place: oneOf(['before', 'after']),
});
export type DropTarget = Infer<typeof dropTarget>;

/** A task's body and summary as the host rendered them (see `views/shared/common/markdown-tree.ts`). */
export type { MdNode };

const pair: Check<readonly [string, string]> = (v, at) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' ? null : `${at} should be a [key, value] pair`);
const detail = object({
  agent: slug,
  agentName: str,
  index: int,
  title: str,
  status: nullable(str),
  started: nullable(str),
  completed: nullable(str),
  line: int,
  /** Other `**Key:** value` lines, e.g. Priority. */
  fields: arrayOf(pair),
  body: markdownTree(32),
  summary: nullable(markdownTree(32)),
  /** The description as written (markdown), for the edit form: ready tasks only. */
  source: nullable(str),
  /** The review line, when the task has one. */
  review: nullable(object({ at: str, verdict: reviewVerdict })),
  /** The task this one reworks (its `**Rework of:**` line), when it is still in the queue. */
  reworkOf: nullable(object({ index: int, title: str, status: nullable(str) })),
  /** The task is in progress and its agent is down: it may be unclaimed or reassigned. */
  unclaimable: bool,
});
export type CardDetail = Infer<typeof detail>;

export type { ChangeSummary };

const summaryKinds = {
  changes: object({ kind: oneOf(['changes']), files: int, added: int, removed: int, commits: int, uncommitted: bool, via: nullable(oneOf(['reference', 'time'])) }),
  none: object({ kind: oneOf(['none']) }),
  noRepository: object({ kind: oneOf(['noRepository']) }),
  noProject: object({ kind: oneOf(['noProject']) }),
  unavailable: object({ kind: oneOf(['unavailable']), reason: str }),
};
// The summary's type is the core's; `Check<ChangeSummary>` holds the check to it both ways.
const summary: Check<ChangeSummary> = before((v, at) => {
  if (typeof v !== 'object' || v === null) return `${at} should be a changes summary`;
  const kind = (v as { kind?: unknown }).kind;
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(summaryKinds, kind) ? null : `${at} has an unknown kind`;
}, byKind(summaryKinds));

/** A card's changes summary, by `changeKey` (the page keeps them while the task is the same). */
const cardChanges = object({ key: str, summary });
export type CardChanges = Infer<typeof cardChanges>;

const count = nullable(int);
/** What a task changed, in full, for its detail panel. */
const changeDetail = object({
  summary,
  files: arrayOf(object({ path: str, oldPath: nullable(str), status: oneOf(['added', 'modified', 'deleted', 'renamed']), added: count, removed: count })),
  commits: arrayOf(object({ sha: str, subject: str })),
  /** "3f9a2c4b..8e01d2aa", "3f9a2c4b..working tree". */
  range: nullable(str),
  /** Why there is nothing to show, in a sentence, when there is not. */
  note: nullable(str),
});
export type ChangeDetail = Infer<typeof changeDetail>;

/** The key a card's changes are kept under: the task as far as its changes go. */
export function changeKey(agent: string, card: Pick<BoardCard, 'title' | 'status' | 'started' | 'completed'>): string {
  return `${agent}\n${card.title}\n${card.status ?? ''}\n${card.started ?? ''}\n${card.completed ?? ''}`;
}

// ---- messages ----------------------------------------------------------------------

const matchedLane: Check<readonly [string, readonly number[]]> = (v, at) =>
  Array.isArray(v) && v.length === 2 && slug(v[0], `${at}[0]`) === null && arrayOf(int)(v[1], `${at}[1]`) === null ? null : `${at} should be [agent, indexes]`;

/** Host → webview. */
const hostMessages = {
  state: object({
    type: oneOf(['state']),
    version: int,
    /** `null`: a full snapshot; else the version this patch applies to. */
    base: nullable(int),
    header,
    /** Every lane, in order. */
    agents: arrayOf(agent),
    /** Cards of the lanes the page lacks or whose `rev` changed (a lane not listed keeps what the page has, or waits). */
    lanes: arrayOf(laneCards),
  }),
  /** How an operation the page asked for ended (after the board shows its effect). */
  result: object({ type: oneOf(['result']), op: int, ok: bool, message: nullable(str) }),
  detail: object({ type: oneOf(['detail']), request: int, detail: nullable(detail) }),
  /** Scroll to an agent's lane (the board was opened for that agent). */
  reveal: object({ type: oneOf(['reveal']), agent: slug }),
  /** Show a card and open its details (Search Team's result). */
  showCard: object({ type: oneOf(['showCard']), agent: slug, index: int, title: str }),
  /** Turn the "To review" filter on (the status bar item). */
  showToReview: object({ type: oneOf(['showToReview']) }),
  /** Changes summaries of cards the page asked for (`visible`), and of cards whose changes moved on. */
  changes: object({ type: oneOf(['changes']), entries: arrayOf(cardChanges) }),
  changeDetail: object({ type: oneOf(['changeDetail']), request: int, detail: nullable(changeDetail) }),
  /** Cards whose description or summary has every word of `text` (the filter's words the page cannot see). */
  matches: object({ type: oneOf(['matches']), text: str, cards: arrayOf(matchedLane) }),
};
export type BoardHostMessage = MessageOf<typeof hostMessages>;

export type BoardStateMessage = Extract<BoardHostMessage, { type: 'state' }>;
/** The replies to the page's requests, each carrying the request's number. */
export type DetailReply = Extract<BoardHostMessage, { type: 'detail' }>;
export type ChangeDetailReply = Extract<BoardHostMessage, { type: 'changeDetail' }>;

// The reference is the base's; `Check<TaskRef>` holds the check to it both ways.
const cardRef: Check<TaskRef> = object({ agent: slug, index: int, title, status: nullable(shortStr(200)) });
const manyCards = (v: unknown, at: string) => (Array.isArray(v) && v.length > 500 ? `${at} has too many cards` : null);

/** Webview → host. */
const webviewMessages = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  resync: object({ type: oneOf(['resync']) }),
  /** A drag (or its keyboard or menu equivalent) ended on a target: one protocol write, or a refusal. */
  drop: object({ type: oneOf(['drop']), op: int, card: cardRef, target: dropTarget }),
  /** Reassign to an agent the user picks on the host side. */
  reassign: object({ type: oneOf(['reassign']), op: int, card: cardRef }),
  /** A done card: dispatch a copy as a new ready task. */
  dispatchAgain: object({ type: oneOf(['dispatchAgain']), card: cardRef }),
  openTask: object({ type: oneOf(['openTask']), card: cardRef }),
  detail: object({ type: oneOf(['detail']), request: int, card: cardRef }),
  openLink: object({ type: oneOf(['openLink']), card: cardRef, link: int }),
  openTeamView: object({ type: oneOf(['openTeamView']) }),
  /** A card's thread chip: the thread in the Threads panel. */
  openThread: object({ type: oneOf(['openThread']), thread: shortStr(200) }),
  /** The lane header's run buttons, through the same commands as the Team view's row. */
  startAgent: object({ type: oneOf(['startAgent']), agent: slug }),
  stopAgent: object({ type: oneOf(['stopAgent']), agent: slug }),
  showAgentTerminal: object({ type: oneOf(['showAgentTerminal']), agent: slug }),
  openSession: object({ type: oneOf(['openSession']), agent: slug }),
  /** The cards on screen that may have changes (in progress, done): their summaries, please. */
  visible: object({ type: oneOf(['visible']), cards: before(manyCards, arrayOf(cardRef)) }),
  changeDetail: object({ type: oneOf(['changeDetail']), request: int, card: cardRef }),
  /** Open the task's changes in the multi-file diff editor. */
  reviewChanges: object({ type: oneOf(['reviewChanges']), card: cardRef }),
  accept: object({ type: oneOf(['accept']), op: int, card: cardRef }),
  sendBack: object({ type: oneOf(['sendBack']), op: int, card: cardRef, comment: shortStr(20_000) }),
  editTask: object({ type: oneOf(['editTask']), op: int, card: cardRef, expected: object({ title, body: shortStr(200_000) }), title, body: shortStr(200_000) }),
  cancelTask: object({ type: oneOf(['cancelTask']), op: int, card: cardRef }),
  unclaim: object({ type: oneOf(['unclaim']), op: int, card: cardRef }),
  /** Undo the latest board action (Ctrl+Z). */
  undo: object({ type: oneOf(['undo']), op: int }),
  /** The filter's text: which cards match it in their full description or summary. */
  filterText: object({ type: oneOf(['filterText']), text: shortStr(200) }),
};
export type BoardWebviewMessage = MessageOf<typeof webviewMessages>;
export type BoardWebviewMessageType = BoardWebviewMessage['type'];

/** Checks a message the host received from the board webview. */
export function checkBoardWebviewMessage(data: unknown): Checked<BoardWebviewMessage> {
  return checkMessage(data, webviewMessages);
}

/** Checks a message the board webview received from the host. */
export function checkBoardHostMessage(data: unknown): Checked<BoardHostMessage> {
  return checkMessage(data, hostMessages);
}
