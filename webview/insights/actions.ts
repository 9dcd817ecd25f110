import { INSIGHTS_PROTOCOL_VERSION, InsightsHostMessage, InsightsWebviewMessage, checkInsightsHostMessage } from '../../src/views/insights/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';
import { UiState, readUiState } from './state';

/**
 * The insights page's only line to the extension host: sending its two commands,
 * receiving validated messages, keeping UI state with `setState`. Components get an
 * `InsightsActions` and never touch the VS Code API themselves.
 */
export interface InsightsActions {
  ready(): void;
  refresh(): void;
  loadUiState(): UiState;
  saveUiState(state: UiState): void;
}

export function createActions(api: VsCodeApi): InsightsActions {
  const send = (message: InsightsWebviewMessage) => api.postMessage(message);
  return {
    ready: () => send({ type: 'ready', protocol: INSIGHTS_PROTOCOL_VERSION }),
    refresh: () => send({ type: 'refresh' }),
    loadUiState: () => readUiState(api.getState()),
    saveUiState: (state) => api.setState(state),
  };
}

/** Listens for the host's messages: valid states newer than the last reach `onMessage`, anything else is dropped and reported. */
export function listenToHost(
  target: HostMessageTarget,
  onMessage: (message: InsightsHostMessage) => void,
  onDropped: (reason: string) => void = warnDropped('Cortex team insights'),
): () => void {
  return listenToSharedHost(target, checkInsightsHostMessage, onMessage, onDropped, { newestStates: true });
}
