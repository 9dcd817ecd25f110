import { WORKLOG_PROTOCOL_VERSION, WorklogHostMessage, WorklogTab, WorklogWebviewMessage, checkWorklogHostMessage, isWorklogTab } from '../../src/views/worklog/common/messages';
import { HostMessageTarget, VsCodeApi, listenToHost as listenToSharedHost, warnDropped } from '../shared/host-bridge';

/**
 * The worklog page's only line to the host: commands out (ids only), validated state
 * in, UI state (tab, filters) kept with `setState`. Components get `WorklogActions`.
 */
export interface WorklogUi {
  readonly tab: WorklogTab;
  readonly agent: string;
  readonly type: string;
}

export const DEFAULT_UI: WorklogUi = { tab: 'worklog', agent: '', type: '' };

export interface WorklogActions {
  ready(): void;
  openEntry(id: string): void;
  openMessage(id: string): void;
  openActivity(id: string): void;
  setStatus(id: string, status: string, expected: string): void;
  appendEntry(): void;
  updateStatus(): void;
  compose(to: string | null): void;
  escalate(id: string): void;
  loadUi(): WorklogUi;
  saveUi(ui: WorklogUi): void;
}

export function readUi(v: unknown): WorklogUi {
  if (typeof v !== 'object' || v === null) return DEFAULT_UI;
  const o = v as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' && x.length <= 200 ? x : '');
  return { tab: isWorklogTab(o.tab) ? o.tab : 'worklog', agent: str(o.agent), type: str(o.type) };
}

export function createActions(api: VsCodeApi): WorklogActions {
  const send = (m: WorklogWebviewMessage) => api.postMessage(m);
  return {
    ready: () => send({ type: 'ready', protocol: WORKLOG_PROTOCOL_VERSION }),
    openEntry: (id) => send({ type: 'openEntry', id }),
    openMessage: (id) => send({ type: 'openMessage', id }),
    openActivity: (id) => send({ type: 'openActivity', id }),
    setStatus: (id, status, expected) => send({ type: 'setStatus', id, status, expected }),
    appendEntry: () => send({ type: 'appendEntry' }),
    updateStatus: () => send({ type: 'updateStatus' }),
    compose: (to) => send({ type: 'compose', to }),
    escalate: (id) => send({ type: 'escalate', id }),
    loadUi: () => readUi(api.getState()),
    saveUi: (ui) => api.setState(ui),
  };
}

export function listenToHost(
  target: HostMessageTarget,
  onMessage: (message: WorklogHostMessage) => void,
  onDropped: (reason: string) => void = warnDropped('Cortex worklog'),
): () => void {
  return listenToSharedHost(target, checkWorklogHostMessage, onMessage, onDropped, { newestStates: true });
}
