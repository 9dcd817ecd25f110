import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { columnOf, columnsFor, findCard } from '../../../src/views/board/common/columns';
import { DraggedCard, planDrop } from '../../../src/views/board/common/drop';
import { BoardFilter, filterBoard, isFiltering } from '../../../src/views/board/common/filter';
import { CardDetail, CardRef, DropTarget } from '../../../src/views/board/common/messages';
import { BoardActions } from '../actions';
import { BoardClient, BoardView } from '../client';
import { plural } from '../format';
import { UiState } from '../state';
import { BoardGrid } from './board-grid';
import { CardMenu, MenuItem } from './card-menu';
import { DetailPanel } from './detail-panel';
import { Toolbar } from './toolbar';
import { CardKey } from './lane';

/** The menu's write actions that the detail panel offers as buttons too. */
const DETAIL_ACTIONS: ReadonlySet<string> = new Set(['start', 'complete', 'again']);

function useView(client: BoardClient): BoardView {
  const [view, setView] = useState(client.view);
  useEffect(() => {
    setView(client.view);
    return client.subscribe(() => setView(client.view));
  }, [client]);
  return view;
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
  const [detail, setDetail] = useState<{ card: CardKey; detail: CardDetail | null; loading: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [reveal, setReveal] = useState<{ agent: string; seq: number } | null>(null);
  const scrollSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const gridHost = useRef<HTMLDivElement>(null);

  const update = (patch: Partial<UiState>) => setUi((prev) => ({ ...prev, ...patch }));
  useEffect(() => actions.saveUiState(ui), [ui.filter, ui.collapsed]);
  useEffect(() => () => clearTimeout(scrollSave.current), []);

  const announce = (text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u00a0` : text));

  useEffect(
    () =>
      client.onResult((_op, ok, message) => {
        if (message) announce(ok ? message : `Not done: ${message}`);
      }),
    [client],
  );
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

  // Tell the page's owner when the first cards are on screen (the first-paint figure).
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current || !header || header.status !== 'ready') return;
    painted.current = true;
    // After the frame that shows them: a timeout queued from the frame callback runs once it is painted.
    requestAnimationFrame(() => setTimeout(() => props.onPainted?.(), 0));
  });

  const cardOf = (key: CardKey) => {
    const cards = view.cards.get(key.agent);
    return cards ? findCard(cards, key) : undefined;
  };
  const refOf = (key: CardKey): CardRef | null => {
    const c = cardOf(key);
    return c ? { agent: key.agent, index: c.index, title: c.title, status: c.status } : null;
  };

  // The detail panel follows its card while the data changes.
  const detailCard = detail ? cardOf(detail.card) : undefined;
  useEffect(() => {
    if (!detail) return;
    const ref = refOf(detail.card);
    if (!ref) return;
    client.requestDetail(ref, (d) => setDetail((cur) => (cur && cur.card.agent === ref.agent && cur.card.title === ref.title ? { card: cur.card, detail: d, loading: false } : cur)));
  }, [detail?.card.agent, detail?.card.title, detailCard]);

  const openDetail = (key: CardKey) => {
    setMenu(null);
    setDetail((cur) => (cur && cur.card.agent === key.agent && cur.card.title === key.title ? cur : { card: key, detail: null, loading: true }));
  };
  const closeDetail = () => {
    const key = detail?.card ?? null;
    setDetail(null);
    if (key) refocus(key);
  };
  const refocus = (key: CardKey) => {
    setFocus({ ...key });
    requestAnimationFrame(() => {
      const el = gridHost.current?.querySelector<HTMLElement>('.card[tabindex="0"]');
      el?.focus({ preventScroll: false });
    });
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
    switch (plan.kind) {
      case 'move':
        announce(plan.to === 'done' ? `Completing "${card.title}"…` : `Starting "${card.title}"…`);
        break;
      case 'reorder':
        announce(`Moving "${card.title}" ${plan.place} "${plan.anchor.title}"…`);
        break;
      case 'reassign':
        announce(`Reassigning "${card.title}" to ${agentName(plan.to)}…`);
        return { agent: plan.to, index: -1, title: card.title };
      case 'refuse-done':
        announce(`"${card.title}" is done, and done tasks stay done.`);
        break;
    }
    return { agent: card.agent, index: -1, title: card.title };
  };

  const menuItems = (key: CardKey): MenuItem[] => {
    const c = cardOf(key);
    if (!c) return [];
    const col = columnOf(c.status);
    const ro = !header?.trusted;
    const ready = view.cards.get(key.agent)?.filter((x) => x.status === 'ready') ?? [];
    const pos = ready.indexOf(c);
    const items: MenuItem[] = [
      { id: 'details', label: 'Show Details', icon: 'info', keys: 'Enter' },
      { id: 'editor', label: 'Open in Editor', icon: 'go-to-file' },
    ];
    if (col === 'ready') {
      items.push(
        { id: 'start', label: 'Start (In Progress)', icon: 'play-circle', disabled: ro, separatorBefore: true },
        { id: 'complete', label: 'Complete…', icon: 'pass', disabled: ro },
        { id: 'top', label: 'Move to Top of Queue', icon: 'fold-up', disabled: ro || pos <= 0 },
        { id: 'up', label: 'Move Up', icon: 'arrow-up', disabled: ro || pos <= 0 },
        { id: 'down', label: 'Move Down', icon: 'arrow-down', disabled: ro || pos < 0 || pos >= ready.length - 1 },
        { id: 'reassign', label: 'Reassign to…', icon: 'person', disabled: ro || view.agents.length < 2 },
        { id: 'lift', label: 'Move with Keyboard', icon: 'move', keys: 'Space', disabled: ro },
      );
    } else if (col === 'in-progress') {
      items.push({ id: 'complete', label: 'Complete…', icon: 'pass', disabled: ro, separatorBefore: true }, { id: 'lift', label: 'Move with Keyboard', icon: 'move', keys: 'Space', disabled: ro });
    } else if (col === 'done') {
      items.push({ id: 'again', label: 'Dispatch Again as a New Task…', icon: 'debug-restart', disabled: ro, separatorBefore: true });
    }
    return items;
  };

  const choose = (id: string, from: CardKey | null = menu?.card ?? null) => {
    setMenu(null);
    if (!from) return;
    const key = from;
    const c = cardOf(key);
    const ref = refOf(key);
    if (!c || !ref) return;
    const card: DraggedCard = ref;
    const ready = view.cards.get(key.agent)?.filter((x) => x.status === 'ready') ?? [];
    const pos = ready.indexOf(c);
    const to = (column: DropTarget['column'], anchor: DropTarget['anchor'] = null, place: DropTarget['place'] = 'before'): DropTarget => ({ agent: key.agent, column, anchor, place });
    let now: CardKey | null = key;
    switch (id) {
      case 'details':
        openDetail(key);
        return;
      case 'editor':
        actions.openTask(ref);
        break;
      case 'start':
        now = drop(card, to('in-progress'));
        break;
      case 'complete':
        now = drop(card, to('done'));
        break;
      case 'top':
        now = drop(card, to('ready', { index: ready[0].index, title: ready[0].title }, 'before'));
        break;
      case 'up':
        now = drop(card, to('ready', { index: ready[pos - 1].index, title: ready[pos - 1].title }, 'before'));
        break;
      case 'down':
        now = drop(card, to('ready', { index: ready[pos + 1].index, title: ready[pos + 1].title }, 'after'));
        break;
      case 'reassign':
        client.reassign(ref);
        break;
      case 'again':
        actions.dispatchAgain(ref);
        break;
      case 'lift':
        refocus(key);
        requestAnimationFrame(() => {
          const el = gridHost.current?.querySelector<HTMLElement>('.card[tabindex="0"]');
          el?.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
        });
        return;
    }
    if (now) refocus(now);
  };

  if (!header) {
    return (
      <main class="board-app">
        <p class="loading" role="status">
          <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> Loading the board…
        </p>
      </main>
    );
  }
  if (header.status !== 'ready') {
    return (
      <main class="board-app">
        <div class="empty" role="status">
          <span class="codicon codicon-github-project empty-icon" aria-hidden="true" />
          {header.status === 'loading' ? (
            <p class="empty-title">Reading the team folder…</p>
          ) : (
            <>
              <p class="empty-title">No team folder</p>
              {header.message ? <p>{header.message}</p> : null}
              <p>Select or create a team folder from the Cortex Team view.</p>
              <button type="button" class="button" onClick={actions.openTeamView}>
                <span class="codicon codicon-organization" aria-hidden="true" />
                <span>Open the Team View</span>
              </button>
            </>
          )}
        </div>
      </main>
    );
  }

  const allCards = lanes.reduce((n, l) => n + l.shown, 0);
  const summary = `${plural(lanes.length, 'agent')} · ${plural(allCards, 'task')}${isFiltering(ui.filter) ? ' shown' : ''}`;
  const someFolded = lanes.some((l) => collapsed.has(l.agent.slug));

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
          someFolded={someFolded}
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
        {view.agents.length === 0 ? (
          <div class="empty" role="status">
            <span class="codicon codicon-person-add empty-icon" aria-hidden="true" />
            <p class="empty-title">No agents yet</p>
            <p>Agents live in agents/&lt;slug&gt;/ with a note and a tasks.md; register one from the Cortex Team view.</p>
          </div>
        ) : lanes.length === 0 ? (
          <div class="empty" role="status">
            <p class="empty-title">Nothing matches the filter.</p>
            <button type="button" class="button secondary" onClick={() => update({ filter: { text: '', agent: null, project: null } })}>
              Clear the Filter
            </button>
          </div>
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
