import { SelectionKind, THREADS_PROTOCOL_VERSION, ThreadsHostMessage, ThreadsWebviewMessage, checkThreadsHostMessage } from '../../src/views/threads/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';

/**
 * The Threads page's only line to the extension host: commands with ids only, the
 * host's messages checked on arrival, and UI state (what is selected) kept with
 * `setState`. Components get a `ThreadsActions` and never touch the VS Code API.
 */
export interface Selection {
  readonly kind: SelectionKind;
  readonly id: string;
}

export interface ThreadsActions {
  ready(): void;
  select(selection: Selection): void;
  openTemplate(name: string): void;
  openArtifact(thread: string): void;
  openLink(thread: string, link: number): void;
  /** The thread's task on the task board. */
  openTask(thread: string): void;
  refresh(): void;
  loadSelection(): Selection | null;
  saveSelection(selection: Selection | null): void;
}

export function createActions(api: VsCodeApi): ThreadsActions {
  const send = (m: ThreadsWebviewMessage) => api.postMessage(m);
  return {
    ready: () => send({ type: 'ready', protocol: THREADS_PROTOCOL_VERSION }),
    select: (s) => send({ type: 'select', kind: s.kind, id: s.id }),
    openTemplate: (template) => send({ type: 'openTemplate', template }),
    openArtifact: (thread) => send({ type: 'openArtifact', thread }),
    openLink: (thread, link) => send({ type: 'openLink', thread, link }),
    openTask: (thread) => send({ type: 'openTask', thread }),
    refresh: () => send({ type: 'refresh' }),
    loadSelection: () => readSelection(api.getState()),
    saveSelection: (selection) => api.setState({ selection }),
  };
}

/** The saved UI state, if it still has the expected shape. */
export function readSelection(state: unknown): Selection | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = (state as { selection?: unknown }).selection;
  if (typeof s !== 'object' || s === null) return null;
  const { kind, id } = s as { kind?: unknown; id?: unknown };
  return (kind === 'template' || kind === 'thread') && typeof id === 'string' ? { kind, id } : null;
}

/** Listens for the host's messages: valid ones reach `onMessage` (a state only when newer than the last), anything else is dropped and reported. */
export function listenToHost(
  target: HostMessageTarget,
  onMessage: (message: ThreadsHostMessage) => void,
  onDropped: (reason: string) => void = warnDropped('Cortex threads'),
): () => void {
  return listenToSharedHost(target, checkThreadsHostMessage, onMessage, onDropped, { newestStates: true });
}
