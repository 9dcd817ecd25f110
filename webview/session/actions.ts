import { SESSION_PROTOCOL_VERSION, SessionHostMessage, SessionViewState, SessionWebviewMessage, checkSessionHostMessage } from '../../src/views/session/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';

/** The session page's only line to the host: commands out, checked states in. */
export interface SessionActions {
  ready(): void;
  prompt(text: string): void;
  cancel(): void;
  stop(): void;
  answer(item: string, option: string): void;
  /** The unsent text of the box (UI state: it survives the page being hidden). */
  loadDraft(): string;
  saveDraft(text: string): void;
}

export function createActions(api: VsCodeApi): SessionActions {
  const send = (message: SessionWebviewMessage) => api.postMessage(message);
  const saved = () => {
    const s = api.getState() as { draft?: unknown } | undefined;
    return typeof s?.draft === 'string' ? s.draft : '';
  };
  return {
    ready: () => send({ type: 'ready', protocol: SESSION_PROTOCOL_VERSION }),
    prompt: (text) => send({ type: 'prompt', text }),
    cancel: () => send({ type: 'cancel' }),
    stop: () => send({ type: 'stop' }),
    answer: (item, option) => send({ type: 'answer', item, option }),
    loadDraft: saved,
    saveDraft: (draft) => api.setState({ draft }),
  };
}

/** Valid states newer than the last reach `onState`; anything else is dropped and reported. */
export function listenToHost(
  target: HostMessageTarget,
  onState: (state: SessionViewState) => void,
  onDropped: (reason: string) => void = warnDropped('Cortex session view'),
  initial?: unknown,
): () => void {
  return listenToSharedHost(target, checkSessionHostMessage, (message: SessionHostMessage) => onState(message.state), onDropped, { initial, newestStates: true });
}
