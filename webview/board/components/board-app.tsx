import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { columnsFor, findCard } from '../../../src/views/board/common/columns';
import { DraggedCard, planDrop } from '../../../src/views/board/common/drop';
import { BoardFilter, filterBoard, isFiltering } from '../../../src/views/board/common/filter';
import { BoardCard, CardDetail, CardRef, DropTarget } from '../../../src/views/board/common/messages';
import { BoardActions } from '../actions';
import { DETAIL_ACTIONS, dropAnnouncement, menuDropTarget, menuItemsFor } from '../card-actions';
import { BoardClient, BoardView } from '../client';
import { plural } from '../format';
import { UiState } from '../state';
import { BoardGrid } from './board-grid';
import { BoardLoading, BoardNoTeam, NoLanes } from './board-status';
import { CardMenu, MenuItem } from './card-menu';
import { DetailPanel } from './detail-panel';
import { CardKey } from './lane';
import { Toolbar } from './toolbar';

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

/** Tells the page's owner when the first cards are on screen (the first-paint figure). */
function usePainted(ready: boolean, onPainted: (() => void) | undefined): void {
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current || !ready) return;
    painted.current = true;
    // After the frame that shows them: a timeout queued from the frame callback runs once it is painted.
    requestAnimationFrame(() => setTimeout(() => onPainted?.(), 0));
  });
}

type DetailState = { card: CardKey; detail: CardDetail | null; loading: boolean } | null;

/** The detail panel's card, and its details asked of the host again whenever that card changes. */
function useDetail(client: BoardClient, cardOf: (key: CardKey) => BoardCard | undefined, refOf: (key: CardKey) => CardRef | null) {
  const [detail, setDetail] = useState<DetailState>(null);
  const detailCard = detail ? cardOf(detail.card) : undefined;
  useEffect(() => {
    if (!detail) return;
    const ref = refOf(detail.card);
    if (!ref) return;
    client.requestDetail(ref, (d) => setDetail((cur) => (cur && cur.card.agent === ref.agent && cur.card.title === ref.title ? { card: cur.card, detail: d, loading: false } : cur)));
  }, [detail?.card.agent, detail?.card.title, detailCard]);
  const open = (key: CardKey) => setDetail((cur) => (cur && cur.card.agent === key.agent && cur.card.title === key.title ? cur : { card: key, detail: null, loading: true }));
  return { detail, open, close: () => setDetail(null) };
}

/**
 * The whole board: toolbar, the windowed lanes, the card menu, the detail panel and
 * a live region that says what happened. Team data comes from the client (the host's
 * snapshot plus operations in flight); UI state is kept through the actions.
 */
export function BoardApp(props: { client: BoardClient; actions: BoardActions; onPainted?: () => void }) {
  const { client, actions } = props;
  const view = useView(client);
  const [ui, setUi] = useState<UiState>(() => actions.loadUiState());
  const [focus, setFocus] = useState<CardKey | null>(null);
  const [menu, setMenu] = useState<{ card: CardKey; x: number; y: number } | null>(null);
  const [announcement, announce] = useAnnouncer();
  const [reveal, setReveal] = useState<{ agent: string; seq: number } | null>(null);
  const scrollSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const gridHost = useRef<HTMLDivElement>(null);

  const update = (patch: Partial<UiState>) => setUi((prev) => ({ ...prev, ...patch }));
  useEffect(() => actions.saveUiState(ui), [ui.filter, ui.collapsed]);
  useEffect(() => () => clearTimeout(scrollSave.current), []);
  useEffect(() => client.onResult((_op, ok, message) => message && announce(ok ? message : `Not done: ${message}`)), [client]);
  useEffect(
    () =>
      client.onReveal((agent) => {
        setUi((prev) => ({ ...prev, collapsed: prev.collapsed.filter((s) => s !== agent), filter: prev.filter.agent && prev.filter.agent !== agent ? { ...prev.filter, agent: null } : prev.filter }));
        setReveal((r) => ({ agent, seq: (r?.seq ?? 0) + 1 }));
      }),
    [client],
  );

  const header = view.header;
  const collapsed = useMemo(() => new Set(ui.collapsed), [ui.collapsed]);
  const lanes = useMemo(() => filterBoard(view.agents, view.cards, ui.filter), [view.agents, view.cards, ui.filter]);
  const columns = useMemo(() => columnsFor(view.agents), [view.agents]);
  const names = useMemo(() => new Map(view.agents.map((a) => [a.slug, a.name] as const)), [view.agents]);
  const agentName = (slug: string) => names.get(slug) ?? slug;
  usePainted(header?.status === 'ready', props.onPainted);

  const cardOf = (key: CardKey) => {
    const cards = view.cards.get(key.agent);
    return cards ? findCard(cards, key) : undefined;
  };
  const refOf = (key: CardKey): CardRef | null => {
    const c = cardOf(key);
    return c ? { agent: key.agent, index: c.index, title: c.title, status: c.status } : null;
  };
  const readyOf = (agent: string) => view.cards.get(agent)?.filter((x) => x.status === 'ready') ?? [];
  const details = useDetail(client, cardOf, refOf);

  const openDetail = (key: CardKey) => {
    setMenu(null);
    details.open(key);
  };
  const closeDetail = () => {
    const key = details.detail?.card ?? null;
    details.close();
    if (key) refocus(key);
  };
  /** The grid's tab stop, focused once rendered. */
  const focusedCard = () => gridHost.current?.querySelector<HTMLElement>('.card[tabindex="0"]');
  const refocus = (key: CardKey) => {
    setFocus({ ...key });
    requestAnimationFrame(() => focusedCard()?.focus({ preventScroll: false }));
  };

  /** Plans and sends a drop; returns where the card is now (for the focus). */
  const drop = (card: DraggedCard, target: DropTarget): CardKey | null => {
    if (!header?.trusted) {
      announce('Restricted Mode: the board only reads.');
      return null;
    }
    const plan = planDrop(card, target, agentName);
    const op = client.drop(card, target, plan);
    if (op === undefined) {
      if (plan.kind === 'invalid') announce(plan.reason);
      return null;
    }
    const said = dropAnnouncement(card, plan, agentName);
    if (said.text) announce(said.text);
    return said.now;
  };

  const menuItems = (key: CardKey): MenuItem[] => {
    const c = cardOf(key);
    return c ? menuItemsFor(c, readyOf(key.agent), !!header?.trusted, view.agents.length) : [];
  };

  const choose = (id: string, from: CardKey | null = menu?.card ?? null) => {
    setMenu(null);
    if (!from) return;
    const key = from;
    const c = cardOf(key);
    const ref = refOf(key);
    if (!c || !ref) return;
    const target = menuDropTarget(id, key, c, readyOf(key.agent));
    let now: CardKey | null = key;
    if (target) now = drop(ref, target);
    else if (id === 'details') return openDetail(key);
    else if (id === 'editor') actions.openTask(ref);
    else if (id === 'reassign') client.reassign(ref);
    else if (id === 'again') actions.dispatchAgain(ref);
    else if (id === 'lift') {
      refocus(key);
      requestAnimationFrame(() => focusedCard()?.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true })));
      return;
    }
    if (now) refocus(now);
  };

  if (!header) return <BoardLoading />;
  if (header.status !== 'ready') return <BoardNoTeam header={header} onOpenTeamView={actions.openTeamView} />;

  const allCards = lanes.reduce((n, l) => n + l.shown, 0);
  const summary = `${plural(lanes.length, 'agent')} · ${plural(allCards, 'task')}${isFiltering(ui.filter) ? ' shown' : ''}`;
  const detail = details.detail;

  return (
    <main class="board-app">
      <header class="board-header">
        <h1 class="board-title" title={header.team ? header.team.path : undefined}>
          <span class="codicon codicon-github-project" aria-hidden="true" />
          {header.team?.name ?? 'Team'}
        </h1>
        <Toolbar
          filter={ui.filter}
          agents={view.agents}
          projects={header.projects}
          summary={summary}
          trusted={header.trusted}
          someFolded={lanes.some((l) => collapsed.has(l.agent.slug))}
          onFilter={(patch: Partial<BoardFilter>) => setUi((prev) => ({ ...prev, filter: { ...prev.filter, ...patch } }))}
          onCollapseAll={(c) => update({ collapsed: c ? view.agents.map((a) => a.slug) : [] })}
        />
      </header>
      {header.message ? (
        <p class="notice" role="alert">
          <span class="codicon codicon-warning" aria-hidden="true" /> {header.message}
        </p>
      ) : null}
      <div class="board-main" ref={gridHost}>
        {lanes.length === 0 ? (
          <NoLanes noAgents={view.agents.length === 0} onClearFilter={() => update({ filter: { text: '', agent: null, project: null } })} />
        ) : (
          <BoardGrid
            lanes={lanes}
            columns={columns}
            collapsed={collapsed}
            pending={view.pending}
            trusted={header.trusted}
            now={header.now}
            initialScrollTop={ui.scrollTop}
            focus={focus}
            setFocus={setFocus}
            reveal={reveal}
            onToggle={(slug) => update({ collapsed: collapsed.has(slug) ? ui.collapsed.filter((s) => s !== slug) : [...ui.collapsed, slug] })}
            onScroll={(top) => {
              clearTimeout(scrollSave.current);
              scrollSave.current = setTimeout(() => setUi((prev) => {
                const next = { ...prev, scrollTop: top };
                actions.saveUiState(next);
                return next;
              }), 300);
            }}
            onDrop={drop}
            onOpen={openDetail}
            onMenu={(card, x, y) => setMenu({ card, x, y })}
            announce={announce}
            agentName={agentName}
          />
        )}
        {detail ? (
          <DetailPanel
            detail={detail.detail}
            loading={detail.loading}
            title={detail.card.title}
            now={header.now}
            onClose={closeDetail}
            onOpenInEditor={() => {
              const ref = refOf(detail.card);
              if (ref) actions.openTask(ref);
            }}
            onLink={(n) => {
              const ref = refOf(detail.card);
              if (ref) actions.openLink(ref, n);
            }}
            actions={menuItems(detail.card).filter((i) => DETAIL_ACTIONS.has(i.id) && !i.disabled)}
            onAction={(id) => choose(id, detail.card)}
          />
        ) : null}
      </div>
      {menu ? (
        <CardMenu
          x={menu.x}
          y={menu.y}
          label={`Actions for "${menu.card.title}"`}
          items={menuItems(menu.card)}
          onChoose={choose}
          onClose={() => {
            const key = menu.card;
            setMenu(null);
            refocus(key);
          }}
        />
      ) : null}
      <div class="visually-hidden" role="status" aria-live="polite" data-announcement>
        {announcement}
      </div>
      <div id="card-help" class="visually-hidden">
        Enter shows the details. Space lifts the card: then the arrow keys choose a column, a position or another agent's lane, and Enter or Space drops it. Shift+F10 opens its actions.
      </div>
    </main>
  );
}
