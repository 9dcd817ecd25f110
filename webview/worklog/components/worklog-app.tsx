import { PageHeader } from '../../shared/page-header';
import { useEffect, useRef, useState } from 'preact/hooks';
import { WORKLOG_TABS as TABS, type EntryView, type MessageView, type WorklogTab, type WorklogViewState } from '../../../src/views/worklog/common/messages';
import { WorklogActions, WorklogUi } from '../actions';
import { Activity } from './activity';
import { Mailbox } from './mailbox';
import { Timeline } from './timeline';

/** The latest state from the host; components subscribe to it. */
export class WorklogStore {
  state: WorklogViewState | undefined;
  /**
   * A tab to show (the escalation offer's Open Mailbox) or an entry or message on it
   * (Search Team), with a counter so the same one can be shown again.
   */
  revealed: { tab: WorklogTab; id: string | null; seq: number } | undefined;
  /** The team whose files are being read (the host's "loading"), until the first state. */
  loadingTeam: { readonly name: string; readonly path: string } | null = null;
  private listeners = new Set<() => void>();
  loading(team: { readonly name: string; readonly path: string } | null): void {
    this.loadingTeam = team;
    for (const l of this.listeners) l();
  }
  set(state: WorklogViewState): void {
    this.state = state;
    for (const l of this.listeners) l();
  }
  reveal(tab: WorklogTab, id: string | null): void {
    this.revealed = { tab, id, seq: (this.revealed?.seq ?? 0) + 1 };
    for (const l of this.listeners) l();
  }
  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}


/** Before the first state: the page's header and a loading line, shown at once. */
function WorklogLoading(props: { team: { readonly name: string; readonly path: string } | null }) {
  return (
    <div class="app" aria-busy="true">
      <PageHeader icon="history" title="Worklog" team={props.team} />
      <div class="loading" role="status">
        <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> Reading the worklog, the mailbox and the activity feed…
      </div>
    </div>
  );
}

export function WorklogApp({ store, actions }: { store: WorklogStore; actions: WorklogActions }) {
  const [state, setState] = useState(store.state);
  const [ui, setUi] = useState<WorklogUi>(() => actions.loadUi());
  const [revealed, setRevealed] = useState(store.revealed);
  const [loadingTeam, setLoadingTeam] = useState(store.loadingTeam);
  useEffect(
    () =>
      store.subscribe(() => {
        setState(store.state);
        setRevealed(store.revealed);
        setLoadingTeam(store.loadingTeam);
      }),
    [store],
  );
  const change = (next: Partial<WorklogUi>) => {
    setUi((current) => {
      const u = { ...current, ...next };
      actions.saveUi(u);
      return u;
    });
  };
  useReveal(revealed, ui, change);
  const tabs = useRef<HTMLDivElement>(null);
  if (!state) return <WorklogLoading team={loadingTeam} />;
  if (!state.hasTeam) return <div class="empty" role="status">No team folder is open. Use “Cortex: Select Team Folder…”.</div>;
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const at = TABS.indexOf(ui.tab);
    const next = TABS[(at + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    change({ tab: next });
    (tabs.current?.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus();
  };
  const newCount = state.mailbox.messages.filter((m) => m.status === 'new').length;
  return (
    <div class="app">
      <PageHeader icon="history" title="Worklog" team={state.team} />
      <div class="tabs" role="tablist" aria-label="Worklog and mailbox" ref={tabs} onKeyDown={onTabKey}>
        <button id="tab-worklog" role="tab" aria-selected={ui.tab === 'worklog'} aria-controls="panel-worklog" tabIndex={ui.tab === 'worklog' ? 0 : -1} class="tab" onClick={() => change({ tab: 'worklog' })}>
          <span class="codicon codicon-history" aria-hidden="true" /> Worklog <span class="count">{state.worklog.entries.length}</span>
        </button>
        <button id="tab-mailbox" role="tab" aria-selected={ui.tab === 'mailbox'} aria-controls="panel-mailbox" tabIndex={ui.tab === 'mailbox' ? 0 : -1} class="tab" onClick={() => change({ tab: 'mailbox' })}>
          <span class="codicon codicon-mail" aria-hidden="true" /> Mailbox {newCount > 0 ? <span class="count badge" aria-label={`${newCount} new`}>{newCount}</span> : <span class="count">{state.mailbox.messages.length}</span>}
        </button>
        <button id="tab-activity" role="tab" aria-selected={ui.tab === 'activity'} aria-controls="panel-activity" tabIndex={ui.tab === 'activity' ? 0 : -1} class="tab" onClick={() => change({ tab: 'activity' })}>
          <span class="codicon codicon-pulse" aria-hidden="true" /> Activity <span class="count">{state.activity.total}</span>
        </button>
        {!state.trusted && <span class="restricted" title="Restricted Mode: the dashboard only reads until you trust this workspace"><span class="codicon codicon-lock" aria-hidden="true" /> Read-only</span>}
      </div>
      {ui.tab === 'worklog' ? (
        <div id="panel-worklog" role="tabpanel" aria-labelledby="tab-worklog">
          <Timeline state={state} ui={ui} change={change} actions={actions} />
        </div>
      ) : ui.tab === 'mailbox' ? (
        <div id="panel-mailbox" role="tabpanel" aria-labelledby="tab-mailbox">
          <Mailbox state={state} actions={actions} />
        </div>
      ) : (
        <div id="panel-activity" role="tabpanel" aria-labelledby="tab-activity">
          <Activity state={state} actions={actions} />
        </div>
      )}
    </div>
  );
}

/**
 * Shows what the host asked for: a tab; or what Search Team opened, on its tab with the
 * filters cleared (so it is listed), scrolled into view, focused and marked for a moment.
 */
function useReveal(revealed: WorklogStore['revealed'], ui: WorklogUi, change: (u: Partial<WorklogUi>) => void): void {
  const done = useRef(0);
  useEffect(() => {
    if (!revealed || done.current === revealed.seq) return;
    if (revealed.id === null) {
      done.current = revealed.seq;
      if (ui.tab !== revealed.tab) change({ tab: revealed.tab });
      return;
    }
    if (ui.tab !== revealed.tab || ui.agent !== '' || ui.type !== '') {
      change({ tab: revealed.tab, agent: '', type: '' });
      return; // again once rendered with the new tab
    }
    const el = document.querySelector<HTMLElement>(`[data-id="${revealed.id}"]`);
    if (!el) return;
    done.current = revealed.seq;
    el.scrollIntoView({ block: 'center' });
    el.classList.add('revealed');
    el.focus({ preventScroll: true });
    setTimeout(() => el.classList.remove('revealed'), 2000);
  });
}

export type { EntryView, MessageView };
