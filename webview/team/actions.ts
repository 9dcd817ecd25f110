import { HostMessage, PROTOCOL_VERSION, TeamViewState, WebviewMessage, checkHostMessage } from '../../src/views/team/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';
import { UiState, readUiState } from './state';

/**
 * The webview's only line to the extension host: sending commands (ids only),
 * receiving validated state, and keeping UI state with `setState`. Components get a
 * `TeamActions` and never touch the VS Code API themselves.
 */
export interface TeamActions {
  ready(): void;
  openAgent(slug: string): void;
  openTasksFile(slug: string): void;
  openTask(slug: string, index: number): void;
  openProject(slug: string): void;
  selectTeamFolder(): void;
  createTeamFolder(): void;
  registerAgent(): void;
  newProject(): void;
  dispatchTask(slug: string): void;
  refresh(): void;
  showProblems(): void;
  startAgent(slug: string): void;
  stopAgent(slug: string): void;
  restartAgent(slug: string): void;
  showAgentTerminal(slug: string): void;
  openTranscript(slug: string): void;
  /** Answers a Needs you request with one of its options. */
  answerRequest(item: string, option: string): void;
  openSession(slug: string): void;
  upgradeTeamFormat(): void;
  loadUiState(): UiState;
  saveUiState(state: UiState): void;
}

export function createActions(api: VsCodeApi): TeamActions {
  const send = (message: WebviewMessage) => api.postMessage(message);
  return {
    ready: () => send({ type: 'ready', protocol: PROTOCOL_VERSION }),
    openAgent: (agent) => send({ type: 'openAgent', agent }),
    openTasksFile: (agent) => send({ type: 'openTasksFile', agent }),
    openTask: (agent, task) => send({ type: 'openTask', agent, task }),
    openProject: (project) => send({ type: 'openProject', project }),
    selectTeamFolder: () => send({ type: 'selectTeamFolder' }),
    createTeamFolder: () => send({ type: 'createTeamFolder' }),
    registerAgent: () => send({ type: 'registerAgent' }),
    newProject: () => send({ type: 'newProject' }),
    dispatchTask: (agent) => send({ type: 'dispatchTask', agent }),
    refresh: () => send({ type: 'refresh' }),
    showProblems: () => send({ type: 'showProblems' }),
    startAgent: (agent) => send({ type: 'startAgent', agent }),
    stopAgent: (agent) => send({ type: 'stopAgent', agent }),
    restartAgent: (agent) => send({ type: 'restartAgent', agent }),
    showAgentTerminal: (agent) => send({ type: 'showAgentTerminal', agent }),
    openTranscript: (agent) => send({ type: 'openTranscript', agent }),
    answerRequest: (item, option) => send({ type: 'answerRequest', item, option }),
    openSession: (agent) => send({ type: 'openSession', agent }),
    upgradeTeamFormat: () => send({ type: 'upgradeTeamFormat' }),
    loadUiState: () => readUiState(api.getState()),
    saveUiState: (state) => api.setState(state),
  };
}

/**
 * Listens for the host's messages on `target` (the page's window). Valid states
 * newer than the last one reach `onState`; anything else is dropped and reported. The
 * `initial` message (the state in the page's HTML) is taken first, at once.
 * Returns a function that stops listening.
 */
export function listenToHost(
  target: HostMessageTarget,
  onState: (state: TeamViewState, version: number) => void,
  onDropped: (reason: string) => void = warnDropped('Cortex Team view'),
  initial?: unknown,
): () => void {
  return listenToSharedHost(target, checkHostMessage, (message: HostMessage) => onState(message.state, message.version), onDropped, { initial, newestStates: true });
}
