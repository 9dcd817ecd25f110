import { BOARD_PROTOCOL_VERSION, BoardHostMessage, BoardWebviewMessage, DropTarget, checkBoardHostMessage } from '../../src/views/board/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';
import { UiState, readUiState } from './state';
import { TaskRef } from '../../src/base/task-ref';

/**
 * The board page's only line to the extension host: sending commands (ids only),
 * receiving validated messages, and keeping UI state with `setState`. Components
 * and the client get a `BoardActions` and never touch the VS Code API themselves.
 */
export interface BoardActions {
  ready(): void;
  resync(): void;
  drop(op: number, card: TaskRef, target: DropTarget): void;
  reassign(op: number, card: TaskRef): void;
  dispatchAgain(card: TaskRef): void;
  openTask(card: TaskRef): void;
  detail(request: number, card: TaskRef): void;
  openLink(card: TaskRef, link: number): void;
  openTeamView(): void;
  /** A card's thread in the Threads panel. */
  openThread(thread: string): void;
  visible(cards: readonly TaskRef[]): void;
  changeDetail(request: number, card: TaskRef): void;
  reviewChanges(card: TaskRef): void;
  accept(op: number, card: TaskRef): void;
  sendBack(op: number, card: TaskRef, comment: string): void;
  editTask(op: number, card: TaskRef, expected: { title: string; body: string }, title: string, body: string): void;
  cancelTask(op: number, card: TaskRef): void;
  unclaim(op: number, card: TaskRef): void;
  undo(op: number): void;
  filterText(text: string): void;
  /** The lane header's run buttons: the same commands as the Team view's row. */
  runAgent(slug: string, what: LaneRunAction): void;
  loadUiState(): UiState;
  saveUiState(state: UiState): void;
}

export type LaneRunAction = 'start' | 'stop' | 'show' | 'session';

/** Only the fields the protocol names: a card from the page's data may carry more. */
function ref(card: TaskRef): TaskRef {
  return { agent: card.agent, index: card.index, title: card.title, status: card.status };
}

export function createActions(api: VsCodeApi): BoardActions {
  const send = (message: BoardWebviewMessage) => api.postMessage(message);
  return {
    ready: () => send({ type: 'ready', protocol: BOARD_PROTOCOL_VERSION }),
    resync: () => send({ type: 'resync' }),
    drop: (op, card, target) =>
      send({ type: 'drop', op, card: ref(card), target: { agent: target.agent, column: target.column, anchor: target.anchor && { index: target.anchor.index, title: target.anchor.title }, place: target.place } }),
    reassign: (op, card) => send({ type: 'reassign', op, card: ref(card) }),
    dispatchAgain: (card) => send({ type: 'dispatchAgain', card: ref(card) }),
    openTask: (card) => send({ type: 'openTask', card: ref(card) }),
    detail: (request, card) => send({ type: 'detail', request, card: ref(card) }),
    openLink: (card, link) => send({ type: 'openLink', card: ref(card), link }),
    openTeamView: () => send({ type: 'openTeamView' }),
    openThread: (thread) => send({ type: 'openThread', thread }),
    visible: (cards) => send({ type: 'visible', cards: cards.map(ref) }),
    changeDetail: (request, card) => send({ type: 'changeDetail', request, card: ref(card) }),
    reviewChanges: (card) => send({ type: 'reviewChanges', card: ref(card) }),
    accept: (op, card) => send({ type: 'accept', op, card: ref(card) }),
    sendBack: (op, card, comment) => send({ type: 'sendBack', op, card: ref(card), comment }),
    editTask: (op, card, expected, title, body) => send({ type: 'editTask', op, card: ref(card), expected: { title: expected.title, body: expected.body }, title, body }),
    cancelTask: (op, card) => send({ type: 'cancelTask', op, card: ref(card) }),
    unclaim: (op, card) => send({ type: 'unclaim', op, card: ref(card) }),
    undo: (op) => send({ type: 'undo', op }),
    filterText: (text) => send({ type: 'filterText', text }),
    runAgent: (agent, what) => send({ type: what === 'start' ? 'startAgent' : what === 'stop' ? 'stopAgent' : what === 'session' ? 'openSession' : 'showAgentTerminal', agent }),
    loadUiState: () => readUiState(api.getState()),
    saveUiState: (state) => api.setState(state),
  };
}

/** How the board page reports what it dropped (on the console). */
export const warnBoardDropped = warnDropped('Cortex task board');

/**
 * Listens for the host's messages on `target` (the page's window): valid ones reach
 * `onMessage`, anything else is dropped and reported, and so is a state older than
 * the last (the host's versions only grow). A patch state must also apply to the
 * version the page has: `BoardClient` checks its `base` and asks for a resync when a
 * version went missing. Returns a function that stops listening.
 */
export function listenToHost(
  target: HostMessageTarget,
  onMessage: (message: BoardHostMessage) => void,
  onDropped: (reason: string) => void = warnBoardDropped,
): () => void {
  return listenToSharedHost(target, checkBoardHostMessage, onMessage, onDropped, { newestStates: true });
}
