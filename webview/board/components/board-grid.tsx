import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { COLUMN_TITLES } from '../../../src/views/board/common/columns';
import { isDroppable } from '../../../src/views/board/common/drop';
import { VisibleLane } from '../../../src/views/board/common/filter';
import { LaneLayout, METRICS, rowTop, visibleLanes, visibleRows } from '../../../src/views/board/common/layout';
import { ColumnId, DropTarget } from '../../../src/views/board/common/messages';
import type { LaneRunAction } from '../actions';
import { plural } from '../../../src/base/words';
import { useDragLayer } from './grid-drag';
import { useGridKeyboard } from './grid-keyboard';
import { GridLanes, Target, cardFromElement, firstCard, indicatorFor, keyOf, placeOf, sameKey, targetPlan } from './grid-targets';
import { Viewport, useLaneLayout, useViewport } from './grid-viewport';
import { CardKey, DropIndicator, Lane } from './lane';
import { TaskRef } from '../../../src/base/task-ref';

/** Extra pixels rendered above and below the viewport. */
const OVERSCAN_PX = 400;
const OVERSCAN_ROWS = 2;

export interface GridProps {
  lanes: readonly VisibleLane[];
  columns: readonly ColumnId[];
  collapsed: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  trusted: boolean;
  now: number;
  initialScrollTop: number;
  focus: CardKey | null;
  setFocus: (key: CardKey | null) => void;
  /** Bumped to scroll to an agent's lane. */
  reveal: { agent: string; seq: number } | null;
  onToggle: (slug: string) => void;
  onRun: (slug: string, what: LaneRunAction) => void;
  onScroll: (top: number) => void;
  /** A drop (mouse or keyboard): the app plans it and sends it. Returns where the card is now, to keep the focus on it. */
  onDrop: (card: TaskRef, target: DropTarget) => CardKey | null;
  onOpen: (card: CardKey) => void;
  onMenu: (card: CardKey, x: number, y: number) => void;
  /** A card's thread chip was clicked. */
  onThread: (thread: string) => void;
  announce: (text: string) => void;
  agentName: (slug: string) => string;
}

/**
 * The lanes, windowed: a scroll area with a sticky column header; lanes and cards are
 * absolutely placed from counts (see layout.ts) and only those near the viewport are
 * rendered. Its parts: the geometry and the scroll area (grid-viewport.ts), where a
 * card would land (grid-targets.ts), the mouse's drag layer (grid-drag.ts) and the
 * keyboard (grid-keyboard.ts: arrows move the focus, Space lifts a card and the
 * arrows then move it, Enter or Space drops, Escape cancels).
 */
export function BoardGrid(p: GridProps) {
  const { lanes, columns } = p;
  const { rowsOf, layout, laneIndex } = useLaneLayout(lanes, columns, p.collapsed);
  const g: GridLanes = { lanes, columns, collapsed: p.collapsed, laneIndex, agentName: p.agentName };
  const view = useViewport(p.initialScrollTop, p.onScroll);
  const { focusCard, focusKey } = useCardFocus(g, layout, view, p.focus, p.setFocus);

  const showTarget = (t: Target) => {
    const li = laneIndex.get(t.agent);
    if (li === undefined) return;
    if (p.collapsed.has(t.agent)) view.scrollInto(layout.tops[li], METRICS.laneHead);
    else view.scrollInto(layout.tops[li] + METRICS.laneHead + rowTop(Math.min(t.slot, rowsOf[li] - 1)), METRICS.row);
  };

  const drop = (card: TaskRef, t: Target) => {
    const { target, plan } = targetPlan(g, card, t);
    if (!isDroppable(plan)) {
      if (plan.kind === 'invalid') p.announce(plan.reason);
      return;
    }
    const now = p.onDrop(card, target);
    if (now) focusCard(now);
  };

  const keyboard = useGridKeyboard(g, { trusted: p.trusted, announce: p.announce, onOpen: p.onOpen, onMenu: p.onMenu, focusCard, showTarget, drop });
  const drag = useDragLayer(g, {
    trusted: p.trusted,
    setFocus: p.setFocus,
    cancelMove: () => keyboard.setMoving(null),
    drop,
    contains: (node) => view.scroller.current?.contains(node) ?? false,
  });

  useReveal(p.reveal, g, layout, view, focusCard);
  const mouse = cardMouse(p, focusKey);

  const { moving } = keyboard;
  const { dragging } = drag;
  const { indicator, lifted, draggingKey } = moveState(g, moving, drag);

  return (
    <div
      class={`board-scroll${dragging ? ' is-dragging' : ''}${moving ? ' is-moving' : ''}`}
      ref={view.scroller}
      role="region"
      aria-label="Task board"
      onScroll={view.onScroll}
      onKeyDown={keyboard.onKeyDown}
      onClick={mouse.onClick}
      onContextMenu={mouse.onContextMenu}
      onFocusIn={mouse.onFocusIn}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      onDragLeave={drag.onDragLeave}
    >
      <ColumnHeads lanes={lanes} columns={columns} />
      <LaneList
        p={p}
        g={g}
        layout={layout}
        rowsOf={rowsOf}
        scrollTop={view.scrollTop}
        lanesViewport={view.lanesViewport}
        focus={focusKey}
        lifted={lifted}
        dragging={draggingKey}
        indicator={indicator}
      />
      <p class="visually-hidden">{plural(lanes.length, 'lane')}</p>
    </div>
  );
}

/** Scrolls to a lane when asked (the board was opened for one agent), and focuses its first card. */
function useReveal(reveal: GridProps['reveal'], g: GridLanes, layout: ReturnType<typeof useLaneLayout>['layout'], view: ReturnType<typeof useViewport>, focusCard: (key: CardKey | null) => void): void {
  useEffect(() => {
    if (!reveal) return;
    const li = g.laneIndex.get(reveal.agent);
    if (li === undefined) return;
    view.scrollTo(layout.tops[li]);
    focusCard(firstCard({ lanes: [g.lanes[li]], columns: g.columns, collapsed: new Set() }));
  }, [reveal?.seq]);
}

/** A card on the move (lifted by the keyboard, or dragged over a target): where it would land, and which cards look lifted or dragged. */
function moveState(g: GridLanes, moving: ReturnType<typeof useGridKeyboard>['moving'], drag: ReturnType<typeof useDragLayer>) {
  const { dragging, over } = drag;
  const activeMove = moving ?? (dragging && over ? { card: dragging, target: over } : null);
  const indicator = activeMove ? indicatorFor(g, activeMove.card, activeMove.target) : null;
  const lifted: CardKey | null = moving ? { agent: moving.card.agent, index: moving.card.index, title: moving.card.title } : null;
  const draggingKey: CardKey | null = dragging ? { agent: dragging.agent, index: dragging.index, title: dragging.title } : null;
  return { indicator, lifted, draggingKey };
}

/** A click opens a card's details, a right click its menu; a card focused by Tab becomes the focus. */
function cardMouse(p: GridProps, focusKey: CardKey | null) {
  return {
    onClick: (e: MouseEvent) => {
      const chip = e.target instanceof Element ? e.target.closest('[data-thread]') : null;
      if (chip) return p.onThread(chip.getAttribute('data-thread') ?? '');
      const found = cardFromElement(e.target);
      if (!found) return;
      p.setFocus(found.key);
      p.onOpen(found.key);
    },
    onContextMenu: (e: MouseEvent) => {
      const found = cardFromElement(e.target);
      if (!found) return;
      e.preventDefault();
      p.setFocus(found.key);
      p.onMenu(found.key, e.clientX, e.clientY);
    },
    onFocusIn: (e: FocusEvent) => {
      const found = cardFromElement(e.target);
      if (found && found.element === e.target && !sameKey(found.key, focusKey)) p.setFocus(found.key);
    },
  };
}

/**
 * The focused card as a card of the current data (a drop may have moved it), and
 * moving the focus: the card asked for is scrolled into view, then focused once
 * rendered (a few tries while it renders; found by title when its index is not known
 * yet, as right after a drop).
 */
function useCardFocus(g: GridLanes, layout: LaneLayout, view: Viewport, focus: CardKey | null, setFocus: (key: CardKey | null) => void) {
  const wanted = useRef(0);
  const focusAt = placeOf(g, focus);
  const focusKey = focusAt ? keyOf(g.lanes[focusAt.lane].agent.slug, focusAt.card) : null;
  const focusCard = (key: CardKey | null) => {
    if (!key) return;
    wanted.current = 3;
    setFocus(key);
  };
  const showCard = (key: CardKey) => {
    const at = placeOf(g, key);
    if (at) view.scrollInto(layout.tops[at.lane] + METRICS.laneHead + rowTop(at.row), METRICS.row);
  };
  const scroller = view.scroller;
  useLayoutEffect(() => {
    if (!wanted.current || !focusKey) return;
    const el = scroller.current;
    if (!el) return;
    showCard(focusKey);
    for (const c of Array.from(el.querySelectorAll<HTMLElement>('.card[data-agent]'))) {
      const d = c.dataset;
      if (d.agent === focusKey.agent && Number(d.index) === focusKey.index && d.title === focusKey.title) {
        wanted.current = 0;
        if (document.activeElement !== c) c.focus({ preventScroll: true });
        return;
      }
    }
    wanted.current--; // not rendered yet: the scroll re-renders; give up after a few tries
  });
  return { focusCard, focusKey };
}

/** The sticky header: each column's title and how many cards it holds over all lanes shown. */
function ColumnHeads(props: { lanes: readonly VisibleLane[]; columns: readonly ColumnId[] }) {
  const { lanes, columns } = props;
  const totals = columns.map((c) => lanes.reduce((n, l) => n + l.columns[c].length, 0));
  return (
    <div class={`columns-head cols-${columns.length}`} aria-hidden="true">
      {columns.map((c, i) => (
        <div key={c} class={`column-head column-${c}`}>
          <span class="column-title">{COLUMN_TITLES[c]}</span>
          <span class="column-count">{totals[i]}</span>
        </div>
      ))}
    </div>
  );
}

interface LaneListProps {
  p: GridProps;
  g: GridLanes;
  layout: LaneLayout;
  rowsOf: readonly number[];
  scrollTop: number;
  lanesViewport: number;
  focus: CardKey | null;
  lifted: CardKey | null;
  dragging: CardKey | null;
  indicator: DropIndicator | null;
}

/** The lanes near the viewport, plus those holding the focused, lifted or dragged card or the drop target. */
function LaneList(props: LaneListProps) {
  const { p, g, layout, rowsOf, scrollTop, lanesViewport, focus, lifted, dragging, indicator } = props;
  const tabStop = focus ?? firstCard(g);
  const pinned = [focus, dragging, lifted].filter((k): k is CardKey => k !== null);
  const { first, end } = visibleLanes(layout, scrollTop, lanesViewport, OVERSCAN_PX);
  const shown = new Set<number>();
  for (let i = first; i < end; i++) shown.add(i);
  for (const agent of [...pinned.map((k) => k.agent), ...(indicator ? [indicator.agent] : [])]) {
    const li = g.laneIndex.get(agent);
    if (li !== undefined) shown.add(li);
  }
  return (
    <div class={`lanes cols-${g.columns.length}`} style={{ height: `${layout.total}px` }}>
      {[...shown]
        .sort((a, b) => a - b)
        .map((li) => {
          const lane = g.lanes[li];
          const slug = lane.agent.slug;
          return (
            <Lane
              key={slug}
              lane={lane}
              columns={g.columns}
              top={layout.tops[li]}
              height={layout.heights[li]}
              collapsed={p.collapsed.has(slug)}
              rows={visibleRows(layout.tops[li], rowsOf[li], scrollTop, lanesViewport, OVERSCAN_ROWS)}
              pinned={pinned}
              focus={focus}
              tabStop={tabStop}
              lifted={lifted}
              dragging={dragging}
              indicator={indicator}
              pending={p.pending}
              trusted={p.trusted}
              now={p.now}
              onToggle={p.onToggle}
              onRun={p.onRun}
            />
          );
        })}
    </div>
  );
}
