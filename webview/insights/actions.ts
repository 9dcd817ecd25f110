import { INSIGHTS_PROTOCOL_VERSION, InsightsHostMessage, InsightsWebviewMessage, checkInsightsHostMessage } from '../../src/views/insights/protocol';
import { UiState, readUiState } from './state';

/**
 * The insights page's only line to the extension host: sending its two commands,
 * receiving validated messages, keeping UI state with `setState`. Components get an
 * `InsightsActions` and never touch the VS Code API themselves.
 */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export function acquireApi(): VsCodeApi {
  return acquireVsCodeApi();
}

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

/** Listens for the host's messages: valid ones reach `onMessage`, anything else is dropped and reported. */
export function listenToHost(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  onMessage: (message: InsightsHostMessage) => void,
  onDropped: (reason: string) => void = (reason) => console.warn(`Cortex team insights: dropped a message: ${reason}`),
): () => void {
  const listener = (event: MessageEvent) => {
    const checked = checkInsightsHostMessage(event.data);
    if (!checked.ok) {
      onDropped(checked.error);
      return;
    }
    onMessage(checked.value);
  };
  target.addEventListener('message', listener as EventListener);
  return () => target.removeEventListener('message', listener as EventListener);
}
