import { useEffect, useRef, useState } from 'preact/hooks';
import type { EntryView, MessageView, WorklogViewState } from '../../../src/views/worklog/common/messages';
import { WorklogActions, WorklogUi } from '../actions';
import { Mailbox } from './mailbox';
import { Timeline } from './timeline';

/** The latest state from the host; components subscribe to it. */
export class WorklogStore {
  state: WorklogViewState | undefined;
  /** A tab the host asked to show, until the page shows it. */
  requestedTab: WorklogUi['tab'] | undefined;
  private listeners = new Set<() => void>();
  set(state: WorklogViewState): void {
    this.state = state;
    for (const l of this.listeners) l();
  }
  showTab(tab: WorklogUi['tab']): void {
    this.requestedTab = tab;
    for (const l of this.listeners) l();
  }
  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

export function WorklogApp({ store, actions }: { store: WorklogStore; actions: WorklogActions }) {
  const [state, setState] = useState(store.state);
  const [ui, setUi] = useState<WorklogUi>(() => actions.loadUi());
  const change = (next: Partial<WorklogUi>) => {
    setUi((current) => {
      const u = { ...current, ...next };
      actions.saveUi(u);
      return u;
    });
  };
  useEffect(
    () =>
      store.subscribe(() => {
        setState(store.state);
        const tab = store.requestedTab;
        store.requestedTab = undefined;
        if (tab) change({ tab });
      }),
    [store],
  );
  const tabs = useRef<HTMLDivElement>(null);
  if (!state) return <div class="loading" role="status">Loading the worklog…</div>;
  if (!state.hasTeam) return <div class="empty" role="status">No team folder is open. Use “Cortex: Select Team Folder…”.</div>;
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = ui.tab === 'worklog' ? 'mailbox' : 'worklog';
    change({ tab: next });
    (tabs.current?.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus();
  };
  const newCount = state.mailbox.messages.filter((m) => m.status === 'new').length;
  return (
    <div class="app">
      <div class="tabs" role="tablist" aria-label="Worklog and mailbox" ref={tabs} onKeyDown={onTabKey}>
        <button id="tab-worklog" role="tab" aria-selected={ui.tab === 'worklog'} aria-controls="panel-worklog" tabIndex={ui.tab === 'worklog' ? 0 : -1} class="tab" onClick={() => change({ tab: 'worklog' })}>
          <span class="codicon codicon-history" aria-hidden="true" /> Worklog <span class="count">{state.worklog.entries.length}</span>
        </button>
        <button id="tab-mailbox" role="tab" aria-selected={ui.tab === 'mailbox'} aria-controls="panel-mailbox" tabIndex={ui.tab === 'mailbox' ? 0 : -1} class="tab" onClick={() => change({ tab: 'mailbox' })}>
          <span class="codicon codicon-mail" aria-hidden="true" /> Mailbox {newCount > 0 ? <span class="count badge" aria-label={`${newCount} new`}>{newCount}</span> : <span class="count">{state.mailbox.messages.length}</span>}
        </button>
        {!state.trusted && <span class="restricted" title="Restricted Mode: the dashboard only reads until you trust this workspace"><span class="codicon codicon-lock" aria-hidden="true" /> Read-only</span>}
      </div>
      {ui.tab === 'worklog' ? (
        <div id="panel-worklog" role="tabpanel" aria-labelledby="tab-worklog">
          <Timeline state={state} ui={ui} change={change} actions={actions} />
        </div>
      ) : (
        <div id="panel-mailbox" role="tabpanel" aria-labelledby="tab-mailbox">
          <Mailbox state={state} actions={actions} />
        </div>
      )}
    </div>
  );
}

export type { EntryView, MessageView };
