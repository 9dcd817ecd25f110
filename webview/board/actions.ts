import {
  BOARD_PROTOCOL_VERSION,
  BoardHostMessage,
  BoardWebviewMessage,
  CardRef,
  DropTarget,
  checkBoardHostMessage,
} from '../../src/views/board/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';
import { UiState, readUiState } from './state';

/**
 * The board page's only line to the extension host: sending commands (ids only),
 * receiving validated messages, and keeping UI state with `setState`. Components
 * and the client get a `BoardActions` and never touch the VS Code API themselves.
 */
export interface BoardActions {
  ready(): void;
  resync(): void;
  drop(op: number, card: CardRef, target: DropTarget): void;
  reassign(op: number, card: CardRef): void;
  dispatchAgain(card: CardRef): void;
  openTask(card: CardRef): void;
  detail(request: number, card: CardRef): void;
  openLink(card: CardRef, link: number): void;
  openTeamView(): void;
  loadUiState(): UiState;
  saveUiState(state: UiState): void;
}

/** Only the fields the protocol names: a card from the page's data may carry more. */
function ref(card: CardRef): CardRef {
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
    loadUiState: () => readUiState(api.getState()),
    saveUiState: (state) => api.setState(state),
  };
}

/**
 * Listens for the host's messages on `target` (the page's window): valid ones reach
 * `onMessage`, anything else is dropped and reported. Returns a function that stops
 * listening.
 */
export function listenToHost(
  target: HostMessageTarget,
  onMessage: (message: BoardHostMessage) => void,
  onDropped: (reason: string) => void = warnDropped('Cortex task board'),
): () => void {
  return listenToSharedHost(target, checkBoardHostMessage, onMessage, onDropped);
}
