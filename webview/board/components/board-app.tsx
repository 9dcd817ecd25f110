import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { columnsFor, findCard } from '../../../src/views/board/common/columns';
import { planDrop } from '../../../src/views/board/common/drop';
import { BoardFilter, NO_FILTER, filterBoard, isFiltering, prepareFilterText } from '../../../src/views/board/common/filter';
import { BoardCard, CardDetail, ChangeDetail, ChangeSummary, DropTarget, changeKey } from '../../../src/views/board/common/messages';
import { BoardActions } from '../actions';
import { DETAIL_ACTIONS, dropAnnouncement, menuDropTarget, menuItemsFor } from '../card-actions';
import { BoardClient, BoardView, ShowRequest, TextMatches } from '../client';
import { ChangesContext } from './changes-context';
import { DetailForm } from './detail-review';
import { plural } from '../../../src/base/words';
import { UiState } from '../state';
import { BoardGrid } from './board-grid';
import { BoardLoading, BoardNoTeam, NoLanes } from './board-status';
import { CardMenu, MenuItem } from './card-menu';
import { DetailPanel } from './detail-panel';
import { CardKey } from './lane';
import { Toolbar } from './toolbar';
import { PageHeader } from '../../shared/page-header';
import { TaskRef } from '../../../src/base/task-ref';

function useView(client: BoardClient): BoardView {
  const [view, setView] = useState(client.view);
  useEffect(() => {
    setView(client.view);
    return client.subscribe(() => setView(client.view));
  }, [client]);
  return view;
}

/** The live region's text; the same text twice is made to differ, so it is read again. */
function useAnnouncer(): [string, (text: string) => void] {
  const [announcement, setAnnouncement] = useState('');
  return [announcement, (text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u00a0` : text))];
}

/**
 * Tells the page's owner once, after the frame in which `ready` first holds is painted:
 * the first cards on screen (the first-paint figure), and every lane's cards arrived (a
 * big team's come a few thousand at a time after the first paint).
 */
function usePainted(ready: boolean, onPainted: (() => void) | undefined): void {
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current || !ready) return;
    painted.current = true;
    // After the frame that shows them: a timeout queued from the frame callback runs once it is painted.
    requestAnimationFrame(() => setTimeout(() => onPainted?.(), 0));
  });
}

/** `busy`: a form's write was sent and its result has not come (its submit button waits). */
type DetailState = { card: CardKey; detail: CardDetail | null; loading: boolean; form: DetailForm; busy?: boolean } | null;

/**
 * The detail panel's card, and its details asked of the host again whenever that card
 * changes; for a task in progress or done, also what it changed (again when its
 * changes summary moves on).
 */
function useDetail(client: BoardClient, cardOf: (key: CardKey) => BoardCard | undefined, refOf: (key: CardKey) => TaskRef | null, changes: ReadonlyMap<string, ChangeSummary>) {
  const [detail, setDetail] = useState<DetailState>(null);
  const [changeDetail, setChangeDetail] = useState<{ key: string; loading: boolean; detail: ChangeDetail | null } | null>(null);
  const detailCard = detail ? cardOf(detail.card) : undefined;
  const same = (cur: DetailState, ref: TaskRef) => !!cur && cur.card.agent === ref.agent && cur.card.title === ref.title;
  // A card that was on the board and is gone (cancelled, or removed from its file): its
  // panel closes instead of going on showing the task as it was, with actions that do nothing.
  const shown = useRef(false);
  useEffect(() => {
    if (!detail) shown.current = false;
    else if (detailCard) shown.current = true;
    else if (shown.current) {
      shown.current = false;
      setDetail(null);
    }
  }, [detail?.card.agent, detail?.card.title, detailCard]);
  useEffect(() => {
    if (!detail) return;
    const ref = refOf(detail.card);
    if (!ref) return;
    client.requestDetail(ref, (d) => setDetail((cur) => (cur && same(cur, ref) ? { ...cur, detail: d, loading: false } : cur)));
  }, [detail?.card.agent, detail?.card.title, detailCard]);
  const withChanges = detailCard && (detailCard.status === 'done' || detailCard.status === 'in-progress') ? detailCard : undefined;
  const key = withChanges && detail ? changeKey(detail.card.agent, withChanges) : null;
  const summary = key ? changes.get(key) : undefined;
  useEffect(() => {
    if (!key || !detail) {
      setChangeDetail(null);
      return;
    }
    const ref = refOf(detail.card);
    if (!ref) return;
    setChangeDetail((cur) => (cur && cur.key === key ? { ...cur, loading: cur.detail === null } : { key, loading: true, detail: null }));
    client.requestChangeDetail(ref, (d) => setChangeDetail((cur) => (cur && cur.key === key ? { key, loading: false, detail: d } : cur)));
  }, [key, summary]);
  const open = (key: CardKey, form: DetailForm = null) =>
    setDetail((cur) => (cur && cur.card.agent === key.agent && cur.card.title === key.title ? { ...cur, form: form ?? cur.form } : { card: key, detail: null, loading: true, form }));
  const setForm = (form: DetailForm) => setDetail((cur) => (cur ? { ...cur, form, busy: false } : cur));
  const setBusy = (busy: boolean) => setDetail((cur) => (cur ? { ...cur, busy } : cur));
  return { detail, changes: key ? changeDetail : null, open, setForm, setBusy, close: () => setDetail(null) };
}

/** The host's extras: each card's changes summary, and the cards its full-text search found. */
function useExtras(client: BoardClient): { changes: ReadonlyMap<string, ChangeSummary>; matches: TextMatches | undefined } {
  const [extras, setExtras] = useState(() => ({ changes: client.changes, matches: client.matches }));
  useEffect(() => client.onExtras(() => setExtras({ changes: client.changes, matches: client.matches })), [client]);
  return extras;
}

/** Tells the host which in-progress and done cards are on screen (their changes are computed only for those). */
function useVisibleCards(actions: BoardActions, gridHost: { readonly current: HTMLDivElement | null }): void {
  const sent = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const cards = Array.from(gridHost.current?.querySelectorAll<HTMLElement>('.card[data-status="done"], .card[data-status="in-progress"]') ?? []).map((c) => ({
        agent: c.dataset.agent ?? '',
        index: Number(c.dataset.index),
        title: c.dataset.title ?? '',
        status: c.dataset.status || null,
      }));
      const signature = JSON.stringify(cards);
      if (signature === sent.current) return;
      sent.current = signature;
      actions.visible(cards.slice(0, 500));
    }, 150);
  });
}

/** Asks the host for the cards whose full description or summary has the filter's words. */
function useFullTextFilter(actions: BoardActions, text: string): void {
  useEffect(() => {
    if (text.trim() === '') return;
    const t = setTimeout(() => actions.filterText(text), 120);
    return () => clearTimeout(t);
  }, [text]);
}

/**
 * The whole board: toolbar, the windowed lanes, the card menu, the detail panel and
 * a live region that says what happened. Team data comes from the client (the host's
 * snapshot plus operations in flight); UI state is kept through the actions.
 */
export function BoardApp(props: { client: BoardClient; actions: BoardActions; onPainted?: () => void; onAllCards?: () => void }) {
  const { client, actions } = props;
  const view = useView(client);
  const [ui, setUi] = useState<UiState>(() => actions.loadUiState());
  const [focus, setFocus] = useState<CardKey | null>(null);
  const [menu, setMenu] = useState<Menu>(null);
  const [announcement, announce] = useAnnouncer();
  const [reveal, setReveal] = useState<{ agent: string; seq: number } | null>(null);
  const gridHost = useRef<HTMLDivElement>(null);
  const update = (patch: Partial<UiState>) => setUi((prev) => ({ ...prev, ...patch }));
  useHostEvents(client, actions, ui, setUi, announce, setReveal);
  const saveScroll = useScrollSave(actions, setUi);
  const extras = useExtras(client);

  const header = view.header;
  const data = useBoardData(view, ui, extras.matches);
  const { lanes, collapsed } = data;
  usePainted(header?.status === 'ready', props.onPainted);
  usePainted(header?.status === 'ready' && view.agents.every((a) => view.cards.has(a.slug)), props.onAllCards);
  const details = useDetail(client, data.cardOf, data.refOf, extras.changes);
  const afterOk = useAfterOk(client);
  const cmd = cardCommands({ client, actions, data, trusted: !!header?.trusted, agentCount: view.agents.length, menu, setMenu, setFocus, details, announce, gridHost, afterOk });
  useVisibleCards(actions, gridHost);
  useFullTextFilter(actions, ui.filter.text);
  useShowRequests(client, setUi, cmd);
  useBoardWideKey(cmd.onKeyDown);

  if (!header) return <BoardLoading />;
  if (header.status !== 'ready') return <BoardNoTeam header={header} onOpenTeamView={actions.openTeamView} />;

  const detail = details.detail;

  return (
    <ChangesContext.Provider value={extras.changes}>
    <main class="board-app">
      <BoardTop header={header} agents={view.agents} lanes={lanes} collapsed={collapsed} filter={ui.filter} setUi={setUi} />
      {header.message ? (
        <p class="notice" role="alert">
          <span class="codicon codicon-warning" aria-hidden="true" /> {header.message}
        </p>
      ) : null}
      <div class="board-main" ref={gridHost}>
        {lanes.length === 0 ? (
          <NoLanes noAgents={view.agents.length === 0} onClearFilter={() => update({ filter: NO_FILTER })} />
        ) : (
          <BoardGrid
            lanes={lanes}
            columns={data.columns}
            collapsed={collapsed}
            pending={view.pending}
            trusted={header.trusted}
            now={header.now}
            initialScrollTop={ui.scrollTop}
            focus={focus}
            setFocus={setFocus}
            reveal={reveal}
            onToggle={(slug) => update({ collapsed: collapsed.has(slug) ? ui.collapsed.filter((s) => s !== slug) : [...ui.collapsed, slug] })}
            onRun={actions.runAgent}
            onScroll={saveScroll}
            onDrop={cmd.drop}
            onOpen={cmd.openDetail}
            onMenu={(card, x, y) => setMenu({ card, x, y })}
            onThread={actions.openThread}
            announce={announce}
            agentName={data.agentName}
          />
        )}
        {detail ? <CardDetails detail={detail} changes={details.changes} trusted={header.trusted} now={header.now} data={data} actions={actions} cmd={cmd} /> : null}
      </div>
      {menu ? <CardMenuAt menu={menu} cmd={cmd} onClose={() => setMenu(null)} /> : null}
      <ScreenReaderText announcement={announcement} />
    </main>
    </ChangesContext.Provider>
  );
}

/** The page header with the toolbar: filters, how many lanes and cards are shown, fold all. */
function BoardTop(props: {
  header: NonNullable<ReturnType<typeof useView>['header']>;
  agents: ReturnType<typeof useView>['agents'];
  lanes: ReturnType<typeof useBoardData>['lanes'];
  collapsed: ReadonlySet<string>;
  filter: BoardFilter;
  setUi: (f: (prev: UiState) => UiState) => void;
}) {
  const { header, agents, lanes, collapsed, filter, setUi } = props;
  const allCards = lanes.reduce((n, l) => n + l.shown, 0);
  const summary = `${plural(lanes.length, 'agent')} · ${plural(allCards, 'task')}${isFiltering(filter) ? ' shown' : ''}`;
  return (
    <PageHeader icon="github-project" title="Task Board" team={header.team} class="board-header">
      <Toolbar
        filter={filter}
        agents={agents}
        projects={header.projects}
        summary={summary}
        trusted={header.trusted}
        toReview={header.toReview}
        someFolded={lanes.some((l) => collapsed.has(l.agent.slug))}
        onFilter={(patch: Partial<BoardFilter>) => setUi((prev) => ({ ...prev, filter: { ...prev.filter, ...patch } }))}
        onCollapseAll={(c) => setUi((prev) => ({ ...prev, collapsed: c ? agents.map((a) => a.slug) : [] }))}
      />
    </PageHeader>
  );
}

/** What a screen reader hears: the live announcement, and the cards' keyboard help (aria-describedby). */
function ScreenReaderText({ announcement }: { announcement: string }) {
  return (
    <>
      <div class="visually-hidden" role="status" aria-live="polite" data-announcement>
        {announcement}
      </div>
      <div id="card-help" class="visually-hidden">
        Enter shows the details. Space lifts the card: then the arrow keys choose a column, a position or another agent's lane, and Enter or Space drops it. Shift+F10 opens its actions. Ctrl+Z undoes the last board action.
      </div>
    </>
  );
}

/** Follow-ups of operations, run when the host says one succeeded. */
function useAfterOk(client: BoardClient): Map<number, (ok: boolean) => void> {
  const map = useRef(new Map<number, (ok: boolean) => void>()).current;
  useEffect(
    () =>
      client.onResult((op, ok) => {
        const then = map.get(op);
        map.delete(op);
        then?.(ok);
      }),
    [client],
  );
  return map;
}

/** What the host asks the page to show: a card's details (Search Team), the cards to review (the status bar). */
function useShowRequests(client: BoardClient, setUi: (f: (prev: UiState) => UiState) => void, cmd: Commands): void {
  const latest = useRef(cmd);
  latest.current = cmd;
  useEffect(
    () =>
      client.onShow((show: ShowRequest) => {
        if (show.kind === 'toReview') {
          setUi((prev) => ({ ...prev, filter: { ...NO_FILTER, review: true } }));
          return;
        }
        const key: CardKey = { agent: show.agent, index: show.index, title: show.title };
        // Nothing may hide it: no filter, its lane unfolded.
        setUi((prev) => ({ ...prev, filter: NO_FILTER, collapsed: prev.collapsed.filter((s) => s !== show.agent) }));
        latest.current.openDetail(key);
        latest.current.refocus(key);
      }),
    [client],
  );
}

type Menu = { card: CardKey; x: number; y: number } | null;

/** What the host says besides the data: an operation's outcome (announced), a lane to reveal; UI state saved. */
function useHostEvents(
  client: BoardClient,
  actions: BoardActions,
  ui: UiState,
  setUi: (f: (prev: UiState) => UiState) => void,
  announce: (text: string) => void,
  setReveal: (f: (r: { agent: string; seq: number } | null) => { agent: string; seq: number }) => void,
): void {
  useEffect(() => actions.saveUiState(ui), [ui.filter, ui.collapsed]);
  useEffect(() => client.onResult((_op, ok, message) => message && announce(ok ? message : `Not done: ${message}`)), [client]);
  useEffect(
    () =>
      client.onReveal((agent) => {
        setUi((prev) => ({ ...prev, collapsed: prev.collapsed.filter((s) => s !== agent), filter: prev.filter.agent && prev.filter.agent !== agent ? { ...prev.filter, agent: null } : prev.filter }));
        setReveal((r) => ({ agent, seq: (r?.seq ?? 0) + 1 }));
      }),
    [client],
  );
}

/** Saves where the board is scrolled, once scrolling rests for 300 ms. */
function useScrollSave(actions: BoardActions, setUi: (f: (prev: UiState) => UiState) => void): (top: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (top) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setUi((prev) => {
      const next = { ...prev, scrollTop: top };
      actions.saveUiState(next);
      return next;
    }), 300);
  };
}

/**
 * While the page is idle, lowers every card's text for the filter, a lane at a time, so
 * the first keystroke on a big team does not wait for it (browsers only: jsdom has no idle).
 */
function useFilterWarmUp(cards: BoardView['cards']): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const pending = [...cards.values()];
    let handle = 0;
    const work = (deadline: IdleDeadline) => {
      while (pending.length > 0 && deadline.timeRemaining() > 1) prepareFilterText(pending.pop()!);
      if (pending.length > 0) handle = requestIdleCallback(work);
    };
    handle = requestIdleCallback(work);
    return () => cancelIdleCallback(handle);
  }, [cards]);
}

/** The lanes as filtered, the columns, and looking cards up by key. */
function useBoardData(view: BoardView, ui: UiState, matches: TextMatches | undefined) {
  useFilterWarmUp(view.cards);
  const collapsed = useMemo(() => new Set(ui.collapsed), [ui.collapsed]);
  const lanes = useMemo(() => filterBoard(view.agents, view.cards, ui.filter, matches), [view.agents, view.cards, ui.filter, matches]);
  const columns = useMemo(() => columnsFor(view.agents), [view.agents]);
  const names = useMemo(() => new Map(view.agents.map((a) => [a.slug, a.name] as const)), [view.agents]);
  const cardOf = (key: CardKey) => {
    const cards = view.cards.get(key.agent);
    return cards ? findCard(cards, key) : undefined;
  };
  return {
    collapsed,
    lanes,
    columns,
    agentName: (slug: string) => names.get(slug) ?? slug,
    cardOf,
    refOf: (key: CardKey): TaskRef | null => {
      const c = cardOf(key);
      return c ? { agent: key.agent, index: c.index, title: c.title, status: c.status } : null;
    },
    readyOf: (agent: string) => view.cards.get(agent)?.filter((x) => x.status === 'ready') ?? [],
    isDown: (agent: string) => {
      const a = view.agents.find((x) => x.slug === agent);
      return a?.liveness === 'down' || a?.liveness === 'inactive';
    },
  };
}

interface CardCommandDeps {
  client: BoardClient;
  actions: BoardActions;
  data: ReturnType<typeof useBoardData>;
  trusted: boolean;
  agentCount: number;
  menu: Menu;
  setMenu: (m: Menu) => void;
  setFocus: (key: CardKey | null) => void;
  details: ReturnType<typeof useDetail>;
  announce: (text: string) => void;
  gridHost: { readonly current: HTMLDivElement | null };
  /** What to do once an operation succeeded, by its number (an edit's details follow the new title). */
  afterOk: Map<number, (ok: boolean) => void>;
}

/** What can be done to a card: drop it (mouse, keyboard, menu), its menu's actions, its details; the focus follows. */
function cardCommands(d: CardCommandDeps) {
  const nav = cardNavigation(d);
  const drop = dropCommand(d);
  const writes = cardWrites(d, nav.openDetail);
  const menuItems = (key: CardKey): MenuItem[] => {
    const c = d.data.cardOf(key);
    return c ? menuItemsFor(c, d.data.readyOf(key.agent), d.trusted, d.agentCount, d.data.isDown(key.agent)) : [];
  };
  const choose = menuChooser(d, nav, drop, writes);
  const { openDetail, closeDetail, refocus } = nav;
  const { accept, sendBack, editTask } = writes;
  return { drop, menuItems, choose, openDetail, closeDetail, refocus, accept, sendBack, editTask, onKeyDown: undoOnCtrlZ(writes.undo), setForm: d.details.setForm };
}

/** Focus and the detail panel: the grid's tab stop focused once rendered, the panel opened and closed. */
function cardNavigation(d: CardCommandDeps) {
  const focusedCard = () => d.gridHost.current?.querySelector<HTMLElement>('.card[tabindex="0"]');
  const refocus = (key: CardKey) => {
    d.setFocus({ ...key });
    requestAnimationFrame(() => focusedCard()?.focus({ preventScroll: false }));
  };
  const openDetail = (key: CardKey, form: DetailForm = null) => {
    d.setMenu(null);
    d.details.open(key, form);
  };
  const closeDetail = () => {
    const key = d.details.detail?.card ?? null;
    d.details.close();
    if (key) refocus(key);
  };
  return { focusedCard, refocus, openDetail, closeDetail };
}

/** Plans and sends a drop; returns where the card is now (for the focus). */
function dropCommand(d: CardCommandDeps) {
  const { client, data, announce } = d;
  return (card: TaskRef, target: DropTarget): CardKey | null => {
    if (!d.trusted) {
      announce('Restricted Mode: the board only reads.');
      return null;
    }
    const plan = planDrop(card, target, data.agentName);
    const op = client.drop(card, target, plan);
    if (op === undefined) {
      if (plan.kind === 'invalid') announce(plan.reason);
      return null;
    }
    const said = dropAnnouncement(card, plan, data.agentName);
    if (said.text) announce(said.text);
    return said.now;
  };
}

/** The writes on one card (and undo); the host's result is announced. */
function cardWrites(d: CardCommandDeps, openDetail: (key: CardKey) => void) {
  const { client, actions, announce } = d;
  const write = (send: (op: number) => void, doing: string, then?: (ok: boolean) => void) => {
    if (!d.trusted) {
      announce('Restricted Mode: the board only reads.');
      return;
    }
    const op = client.operation(send);
    if (then) d.afterOk.set(op, then);
    announce(doing);
  };
  const accept = (ref: TaskRef) => write((op) => actions.accept(op, ref), `Accepting "${ref.title}"…`);
  // A form closes once its write succeeded; a refused one stays open with what was typed.
  const formWrite = (send: (op: number) => void, doing: string, then?: () => void) => {
    if (d.trusted) d.details.setBusy(true);
    write(send, doing, (ok) => {
      if (!ok) return d.details.setBusy(false);
      d.details.setForm(null);
      then?.();
    });
  };
  const sendBack = (ref: TaskRef, comment: string) => formWrite((op) => actions.sendBack(op, ref, comment), `Sending "${ref.title}" back…`);
  const editTask = (ref: TaskRef, expected: { title: string; body: string }, title: string, body: string) =>
    formWrite((op) => actions.editTask(op, ref, expected, title, body), `Saving "${title}"…`, () => openDetail({ agent: ref.agent, index: ref.index, title: title.trim() }));
  const undo = () => write((op) => actions.undo(op), 'Undoing the last board action…');
  return { write, accept, sendBack, editTask, undo };
}

/**
 * The board's keys on the whole page, not only while a card or the detail has focus (with
 * nothing focused, keys go to the body, outside the board's element).
 */
function useBoardWideKey(onKeyDown: (e: KeyboardEvent) => void): void {
  const latest = useRef(onKeyDown);
  latest.current = onKeyDown;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => latest.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/** Ctrl+Z (Cmd+Z) undoes the last board action, except while typing in a text field (where it undoes the typing). */
function undoOnCtrlZ(undo: () => void) {
  return (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    e.preventDefault();
    undo();
  };
}

/** What a card menu item (or its detail panel button) does. */
function menuChooser(d: CardCommandDeps, nav: ReturnType<typeof cardNavigation>, drop: ReturnType<typeof dropCommand>, writes: ReturnType<typeof cardWrites>) {
  const { client, actions, data } = d;
  return (id: string, from: CardKey | null = d.menu?.card ?? null) => {
    d.setMenu(null);
    if (!from) return;
    const key = from;
    const c = data.cardOf(key);
    const ref = data.refOf(key);
    if (!c || !ref) return;
    const target = menuDropTarget(id, key, c, data.readyOf(key.agent));
    let now: CardKey | null = key;
    if (target) now = drop(ref, target);
    else if (id === 'details') return nav.openDetail(key);
    else if (id === 'edit' || id === 'sendBack') return d.details.open(key, id);
    else if (id === 'editor') actions.openTask(ref);
    else if (id === 'thread' && c.thread) actions.openThread(c.thread.id);
    else if (id === 'reassign') client.reassign(ref);
    else if (id === 'again') actions.dispatchAgain(ref);
    else if (id === 'review') actions.reviewChanges(ref);
    else if (id === 'accept') writes.accept(ref);
    else if (id === 'cancel') writes.write((op) => actions.cancelTask(op, ref), `Cancelling "${ref.title}"…`);
    else if (id === 'unclaim') writes.write((op) => actions.unclaim(op, ref), `Unclaiming "${ref.title}"…`);
    else if (id === 'lift') {
      nav.refocus(key);
      requestAnimationFrame(() => nav.focusedCard()?.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true })));
      return;
    }
    if (now) nav.refocus(now);
  };
}

type Commands = ReturnType<typeof cardCommands>;

/** The detail panel of the card shown, with its write actions as buttons, its review and its changes. */
function CardDetails(props: {
  detail: NonNullable<ReturnType<typeof useDetail>['detail']>;
  changes: ReturnType<typeof useDetail>['changes'];
  trusted: boolean;
  now: number;
  data: ReturnType<typeof useBoardData>;
  actions: BoardActions;
  cmd: Commands;
}) {
  const { detail, data, actions, cmd } = props;
  const withRef = (use: (ref: TaskRef) => void) => {
    const ref = data.refOf(detail.card);
    if (ref) use(ref);
  };
  const setForm = (form: DetailForm) => cmd.setForm(form);
  return (
    <DetailPanel
      detail={detail.detail}
      loading={detail.loading}
      title={detail.card.title}
      now={props.now}
      onClose={cmd.closeDetail}
      onOpenInEditor={() => withRef((ref) => actions.openTask(ref))}
      onLink={(n) => withRef((ref) => actions.openLink(ref, n))}
      actions={cmd.menuItems(detail.card).filter((i) => DETAIL_ACTIONS.has(i.id) && !i.disabled)}
      onAction={(id) => cmd.choose(id, detail.card)}
      trusted={props.trusted}
      changes={props.changes ? { loading: props.changes.loading, detail: props.changes.detail } : null}
      form={detail.form}
      busy={!!detail.busy}
      setForm={setForm}
      onReview={() => withRef((ref) => actions.reviewChanges(ref))}
      onAccept={() => withRef((ref) => cmd.accept(ref))}
      onSendBack={(comment) => withRef((ref) => cmd.sendBack(ref, comment))}
      onEdit={(title, body) =>
        withRef((ref) => {
          const d = detail.detail;
          if (!d || d.source === null) return;
          cmd.editTask(ref, { title: d.title, body: d.source }, title, body);
        })
      }
      onShowTask={(index, title) => {
        const key = { agent: detail.card.agent, index, title };
        cmd.openDetail(key);
        cmd.refocus(key);
      }}
    />
  );
}

/** A card's menu where it was asked for; closing it gives the card the focus back. */
function CardMenuAt(props: { menu: NonNullable<Menu>; cmd: Commands; onClose: () => void }) {
  const { menu, cmd } = props;
  return (
    <CardMenu
      x={menu.x}
      y={menu.y}
      label={`Actions for "${menu.card.title}"`}
      items={cmd.menuItems(menu.card)}
      onChoose={cmd.choose}
      onClose={() => {
        props.onClose();
        cmd.refocus(menu.card);
      }}
    />
  );
}
