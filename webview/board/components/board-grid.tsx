import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { COLUMN_TITLES, columnOf, findCard } from '../../../src/views/board/common/columns';
import { DraggedCard, DropPlan, isDroppable, planDrop, targetForSlot } from '../../../src/views/board/common/drop';
import { VisibleLane } from '../../../src/views/board/common/filter';
import { METRICS, laneHeight, laneRows, layoutLanes, rowTop, scrollToShow, slotAt, visibleLanes, visibleRows } from '../../../src/views/board/common/layout';
import { BoardCard, ColumnId, DropTarget } from '../../../src/views/board/common/messages';
import { plural } from '../format';
import { CardKey, DropIndicator, Lane } from './lane';

/** Height of the sticky column header row (styles.css keeps it in step). */
export const COLUMN_HEAD = 30;
/** Extra pixels rendered above and below the viewport. */
const OVERSCAN_PX = 400;
const OVERSCAN_ROWS = 2;
/** The viewport height assumed before the page is measured (and where nothing is laid out, as in tests). */
const DEFAULT_VIEWPORT = 900;

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
  onScroll: (top: number) => void;
  /** A drop (mouse or keyboard): the app plans it and sends it. Returns where the card is now, to keep the focus on it. */
  onDrop: (card: DraggedCard, target: DropTarget) => CardKey | null;
  onOpen: (card: CardKey) => void;
  onMenu: (card: CardKey, x: number, y: number) => void;
  announce: (text: string) => void;
  agentName: (slug: string) => string;
}

interface Place {
  readonly lane: number;
  readonly column: ColumnId;
  readonly row: number;
  readonly card: BoardCard;
}

interface Target {
  readonly agent: string;
  readonly column: ColumnId;
  readonly slot: number;
}

function keyOf(agent: string, c: BoardCard): CardKey {
  return { agent, index: c.index, title: c.title };
}

function sameKey(a: CardKey | null, b: CardKey | null): boolean {
  return a === b || (a !== null && b !== null && a.agent === b.agent && a.index === b.index && a.title === b.title);
}

function sameTarget(a: Target | null, b: Target | null): boolean {
  return a === b || (a !== null && b !== null && a.agent === b.agent && a.column === b.column && a.slot === b.slot);
}

function cardFromElement(el: EventTarget | null): { key: CardKey; status: string | null; element: HTMLElement } | null {
  const card = el instanceof Element ? (el.closest('.card[data-agent]') as HTMLElement | null) : null;
  if (!card) return null;
  const d = card.dataset;
  return { key: { agent: d.agent!, index: Number(d.index), title: d.title ?? '' }, status: d.status === '' ? null : (d.status ?? null), element: card };
}

/**
 * The lanes, windowed: a scroll area with a sticky column header; lanes and cards are
 * absolutely placed from counts (see layout.ts) and only those near the viewport are
 * rendered. Handles drag and drop (HTML5, inside the page) and the keyboard: arrows
 * move the focus, Space lifts a card and the arrows then move it, Enter or Space
 * drops, Escape cancels.
 */
export function BoardGrid(p: GridProps) {
  const { lanes, columns } = p;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(p.initialScrollTop);
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT);
  const [dragging, setDragging] = useState<DraggedCard | null>(null);
  const [over, setOver] = useState<Target | null>(null);
  const [moving, setMoving] = useState<{ card: DraggedCard; target: Target } | null>(null);
  const focusWanted = useRef(0);
  const frame = useRef(0);

  // ---- layout ----------------------------------------------------------------------
  // A lane whose cards have not arrived yet is laid out from its counts.
  const rowsOf = useMemo(() => lanes.map((l) => laneRows(l.loaded ? columns.map((c) => l.columns[c].length) : l.agent.counts)), [lanes, columns]);
  const layout = useMemo(
    () => layoutLanes(lanes.map((l, i) => laneHeight(rowsOf[i], p.collapsed.has(l.agent.slug)))),
    [lanes, rowsOf, p.collapsed],
  );
  const laneIndex = useMemo(() => new Map(lanes.map((l, i) => [l.agent.slug, i] as const)), [lanes]);
  const lanesViewport = Math.max(100, viewport - COLUMN_HEAD);

  const place = (key: CardKey | null): Place | null => {
    if (!key) return null;
    const li = laneIndex.get(key.agent);
    if (li === undefined) return null;
    const lane = lanes[li];
    const card = findCard(lane.cards, key);
    if (!card) return null;
    const column = columnOf(card.status);
    const row = lane.columns[column].indexOf(card);
    return row < 0 ? null : { lane: li, column, row, card };
  };

  // ---- scrolling -------------------------------------------------------------------
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (p.initialScrollTop > 0) el.scrollTop = p.initialScrollTop;
    const measure = () => {
      if (el.clientHeight > 0) setViewport(el.clientHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const top = scroller.current?.scrollTop ?? 0;
      setScrollTop(top);
      p.onScroll(top);
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** Scrolls so that the card (or lane header) at lanes-y `top` with `height` is in view. */
  const scrollInto = (top: number, height: number) => {
    const el = scroller.current;
    if (!el) return;
    const next = scrollToShow(el.scrollTop, lanesViewport, top, height, METRICS.laneHead);
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      setScrollTop(el.scrollTop);
    }
  };

  const showCard = (key: CardKey) => {
    const at = place(key);
    if (!at) return;
    scrollInto(layout.tops[at.lane] + METRICS.laneHead + rowTop(at.row), METRICS.row);
  };

  /** Moves the focus to a card (found by title when its index is not known yet, e.g. right after a drop). */
  const focusCard = (key: CardKey | null) => {
    if (!key) return;
    focusWanted.current = 3;
    p.setFocus(key);
  };

  // The focus as a card of the current data (a drop may have moved it).
  const focusAt = place(p.focus);
  const focusKey = focusAt ? keyOf(lanes[focusAt.lane].agent.slug, focusAt.card) : null;

  // A card asked to take the focus: scroll it into view, then focus it once rendered.
  useLayoutEffect(() => {
    if (!focusWanted.current || !focusKey) return;
    const el = scroller.current;
    if (!el) return;
    showCard(focusKey);
    for (const c of Array.from(el.querySelectorAll<HTMLElement>('.card[data-agent]'))) {
      const d = c.dataset;
      if (d.agent === focusKey.agent && Number(d.index) === focusKey.index && d.title === focusKey.title) {
        focusWanted.current = 0;
        if (document.activeElement !== c) c.focus({ preventScroll: true });
        return;
      }
    }
    focusWanted.current--; // not rendered yet: the scroll re-renders; give up after a few tries
  });

  // Scroll to a lane when asked (the board was opened for one agent).
  useEffect(() => {
    if (!p.reveal) return;
    const li = laneIndex.get(p.reveal.agent);
    if (li === undefined) return;
    const el = scroller.current;
    if (el) {
      el.scrollTop = layout.tops[li];
      setScrollTop(el.scrollTop);
    }
    const lane = lanes[li];
    const first = columns.map((c) => lane.columns[c][0]).find(Boolean);
    if (first) focusCard(keyOf(lane.agent.slug, first));
  }, [p.reveal?.seq]);

  // ---- where a card would land -----------------------------------------------------

  const targetPlan = (card: DraggedCard, t: Target): { target: DropTarget; plan: DropPlan } => {
    const li = laneIndex.get(t.agent);
    const cells = li === undefined ? [] : lanes[li].columns[t.column];
    const target = targetForSlot(t.agent, t.column, cells, t.slot, card);
    return { target, plan: planDrop(card, target, p.agentName) };
  };

  const indicatorFor = (card: DraggedCard | null, t: Target | null): DropIndicator | null => {
    if (!card || !t) return null;
    const { plan } = targetPlan(card, t);
    const ownReady = t.agent === card.agent && t.column === 'ready' && columnOf(card.status) === 'ready';
    return { agent: t.agent, column: t.column, slot: t.slot, valid: isDroppable(plan), line: ownReady && plan.kind === 'reorder' };
  };

  const describe = (card: DraggedCard, t: Target): string => {
    const { plan } = targetPlan(card, t);
    const name = p.agentName(t.agent);
    switch (plan.kind) {
      case 'move':
        return `${COLUMN_TITLES[t.column]}, ${name}: drop to move it to ${plan.to === 'done' ? 'done' : 'in progress'}.`;
      case 'reorder': {
        const li = laneIndex.get(t.agent);
        const n = li === undefined ? 0 : lanes[li].columns.ready.length;
        return `Ready queue of ${name}, position ${Math.min(t.slot + 1, n)} of ${n}: drop to reorder.`;
      }
      case 'reassign':
        return `${name}'s lane: drop to reassign it to the end of ${name}'s queue.`;
      case 'refuse-done':
        return `${COLUMN_TITLES[t.column]}, ${name}: a done task stays done; dropping offers to dispatch it again as a new task.`;
      case 'invalid':
        return `${COLUMN_TITLES[t.column]}, ${name}: ${plan.reason}`;
      case 'none':
        return `${COLUMN_TITLES[t.column]}, ${name}: where it is now.`;
    }
  };

  const drop = (card: DraggedCard, t: Target) => {
    const { target, plan } = targetPlan(card, t);
    if (!isDroppable(plan)) {
      if (plan.kind === 'invalid') p.announce(plan.reason);
      return;
    }
    const now = p.onDrop(card, target);
    if (now) focusCard(now);
  };

  // ---- mouse: HTML5 drag and drop --------------------------------------------------

  const targetAt = (e: DragEvent): Target | null => {
    const el = e.target instanceof Element ? e.target : null;
    const head = el?.closest('[data-lane-head]') as HTMLElement | null;
    if (head) {
      const agent = head.dataset.laneHead!;
      const li = laneIndex.get(agent);
      return { agent, column: 'ready', slot: li === undefined ? 0 : lanes[li].columns.ready.length };
    }
    const cell = el?.closest('.cell[data-column]') as HTMLElement | null;
    if (!cell) return null;
    const agent = cell.dataset.agent!;
    const column = cell.dataset.column as ColumnId;
    const li = laneIndex.get(agent);
    const count = li === undefined ? 0 : lanes[li].columns[column].length;
    return { agent, column, slot: slotAt(e.clientY - cell.getBoundingClientRect().top, count) };
  };

  const onDragStart = (e: DragEvent) => {
    const found = cardFromElement(e.target);
    if (!found || !p.trusted) {
      e.preventDefault();
      return;
    }
    const card: DraggedCard = { ...found.key, status: found.status };
    if (e.dataTransfer) {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', found.key.title);
    }
    setMoving(null);
    setDragging(card);
    p.setFocus(found.key);
  };

  const onDragOver = (e: DragEvent) => {
    if (!dragging) return;
    const t = targetAt(e);
    if (!t) {
      if (over) setOver(null);
      return;
    }
    const { plan } = targetPlan(dragging, t);
    if (isDroppable(plan)) {
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
    }
    if (!sameTarget(over, t)) setOver(t);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const card = dragging;
    const t = targetAt(e) ?? over;
    setDragging(null);
    setOver(null);
    if (card && t) drop(card, t);
  };

  const onDragEnd = () => {
    setDragging(null);
    setOver(null);
  };

  const onDragLeave = (e: DragEvent) => {
    if (e.relatedTarget === null || !(scroller.current?.contains(e.relatedTarget as Node) ?? false)) setOver(null);
  };

  // ---- keyboard --------------------------------------------------------------------

  const cellAt = (li: number, col: ColumnId) => lanes[li].columns[col];

  const nextCard = (from: Place, key: string): CardKey | null => {
    const lane = lanes[from.lane];
    const slug = lane.agent.slug;
    const cells = cellAt(from.lane, from.column);
    const ci = columns.indexOf(from.column);
    const open = (li: number) => !p.collapsed.has(lanes[li].agent.slug);
    switch (key) {
      case 'ArrowUp':
        if (from.row > 0) return keyOf(slug, cells[from.row - 1]);
        for (let li = from.lane - 1; li >= 0; li--) {
          const c = cellAt(li, from.column);
          if (open(li) && c.length) return keyOf(lanes[li].agent.slug, c[c.length - 1]);
        }
        return null;
      case 'ArrowDown':
        if (from.row < cells.length - 1) return keyOf(slug, cells[from.row + 1]);
        for (let li = from.lane + 1; li < lanes.length; li++) {
          const c = cellAt(li, from.column);
          if (open(li) && c.length) return keyOf(lanes[li].agent.slug, c[0]);
        }
        return null;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const step = key === 'ArrowLeft' ? -1 : 1;
        for (let i = ci + step; i >= 0 && i < columns.length; i += step) {
          const c = cellAt(from.lane, columns[i]);
          if (c.length) return keyOf(slug, c[Math.min(from.row, c.length - 1)]);
        }
        return null;
      }
      case 'Home':
        return keyOf(slug, cells[0]);
      case 'End':
        return keyOf(slug, cells[cells.length - 1]);
      case 'PageUp':
      case 'PageDown': {
        const step = key === 'PageUp' ? -1 : 1;
        for (let li = from.lane + step; li >= 0 && li < lanes.length; li += step) {
          if (!open(li)) continue;
          const first = columns.map((c) => cellAt(li, c)[0]).find(Boolean);
          if (first) return keyOf(lanes[li].agent.slug, first);
        }
        return null;
      }
    }
    return null;
  };

  const moveTarget = (m: { card: DraggedCard; target: Target }, key: string): Target | null => {
    const t = m.target;
    const li = laneIndex.get(t.agent) ?? 0;
    const len = (i: number, c: ColumnId) => lanes[i].columns[c].length;
    const reorderable = t.agent === m.card.agent && t.column === 'ready' && columnOf(m.card.status) === 'ready';
    switch (key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        const ci = columns.indexOf(t.column) + (key === 'ArrowLeft' ? -1 : 1);
        if (ci < 0 || ci >= columns.length) return null;
        return { agent: t.agent, column: columns[ci], slot: Math.min(t.slot, len(li, columns[ci])) };
      }
      case 'ArrowUp':
        if (reorderable && t.slot > 0) {
          // The slot right below the card itself is where it already is: skip it.
          const own = lanes[li].columns.ready.findIndex((c) => c.index === m.card.index && c.title === m.card.title);
          const next = t.slot - 1;
          return { ...t, slot: own >= 0 && next === own + 1 ? Math.max(0, next - 1) : next };
        }
        if (li === 0) return null;
        return { agent: lanes[li - 1].agent.slug, column: t.column, slot: len(li - 1, t.column) };
      case 'ArrowDown':
        if (reorderable && t.slot < len(li, 'ready')) {
          const own = lanes[li].columns.ready.findIndex((c) => c.index === m.card.index && c.title === m.card.title);
          const next = t.slot + 1;
          return { ...t, slot: own >= 0 && next === own + 1 ? Math.min(len(li, 'ready'), next + 1) : next };
        }
        if (li >= lanes.length - 1) return null;
        return { agent: lanes[li + 1].agent.slug, column: t.column, slot: t.column === 'ready' && lanes[li + 1].agent.slug === m.card.agent ? 0 : len(li + 1, t.column) };
    }
    return null;
  };

  const showTarget = (t: Target) => {
    const li = laneIndex.get(t.agent);
    if (li === undefined) return;
    if (p.collapsed.has(t.agent)) scrollInto(layout.tops[li], METRICS.laneHead);
    else scrollInto(layout.tops[li] + METRICS.laneHead + rowTop(Math.min(t.slot, rowsOf[li] - 1)), METRICS.row);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const found = cardFromElement(e.target);
    if (!found || found.element !== e.target) return;
    const key = found.key;
    if (moving) {
      if (e.key === 'Escape' || e.key === 'Tab') {
        if (e.key === 'Escape') e.preventDefault();
        setMoving(null);
        p.announce('Move cancelled.');
        return;
      }
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        const m = moving;
        setMoving(null);
        drop(m.card, m.target);
        return;
      }
      const t = moveTarget(moving, e.key);
      if (e.key.startsWith('Arrow')) e.preventDefault();
      if (t) {
        setMoving({ card: moving.card, target: t });
        showTarget(t);
        p.announce(describe(moving.card, t));
      }
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      p.onOpen(key);
      return;
    }
    if (e.key === ' ') {
      e.preventDefault();
      if (!p.trusted) {
        p.announce('Restricted Mode: the board only reads.');
        return;
      }
      const at = place(key);
      if (!at) return;
      const card: DraggedCard = { ...key, status: found.status };
      setMoving({ card, target: { agent: key.agent, column: at.column, slot: at.row } });
      p.announce(`Lifted "${key.title}". Arrow keys choose where it goes (left and right: columns; up and down: position and lanes). Enter or Space drops it, Escape cancels.`);
      return;
    }
    if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') {
      e.preventDefault();
      const r = found.element.getBoundingClientRect();
      p.onMenu(key, r.left + 16, r.top + 24);
      return;
    }
    const at = place(key);
    if (!at) return;
    const next = nextCard(at, e.key);
    if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(e.key)) e.preventDefault();
    if (next) focusCard(next);
  };

  const onClick = (e: MouseEvent) => {
    const found = cardFromElement(e.target);
    if (!found) return;
    p.setFocus(found.key);
    p.onOpen(found.key);
  };

  const onContextMenu = (e: MouseEvent) => {
    const found = cardFromElement(e.target);
    if (!found) return;
    e.preventDefault();
    p.setFocus(found.key);
    p.onMenu(found.key, e.clientX, e.clientY);
  };

  const onFocusIn = (e: FocusEvent) => {
    const found = cardFromElement(e.target);
    if (found && found.element === e.target && !sameKey(found.key, focusKey)) p.setFocus(found.key);
  };

  // ---- render ----------------------------------------------------------------------

  const activeMove = moving ?? (dragging && over ? { card: dragging, target: over } : null);
  const indicator = activeMove ? indicatorFor(activeMove.card, activeMove.target) : null;
  const lifted: CardKey | null = moving ? { agent: moving.card.agent, index: moving.card.index, title: moving.card.title } : null;
  const draggingKey: CardKey | null = dragging ? { agent: dragging.agent, index: dragging.index, title: dragging.title } : null;
  const tabStop = focusKey ?? firstCard(lanes, columns, p.collapsed);
  const pinned = [focusKey, draggingKey, lifted].filter((k): k is CardKey => k !== null);

  const { first, end } = visibleLanes(layout, scrollTop, lanesViewport, OVERSCAN_PX);
  const shown = new Set<number>();
  for (let i = first; i < end; i++) shown.add(i);
  for (const k of pinned) {
    const li = laneIndex.get(k.agent);
    if (li !== undefined) shown.add(li);
  }
  if (indicator) {
    const li = laneIndex.get(indicator.agent);
    if (li !== undefined) shown.add(li);
  }

  const totals = columns.map((c) => lanes.reduce((n, l) => n + l.columns[c].length, 0));

  return (
    <div
      class={`board-scroll${dragging ? ' is-dragging' : ''}${moving ? ' is-moving' : ''}`}
      ref={scroller}
      role="region"
      aria-label="Task board"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onContextMenu={onContextMenu}
      onFocusIn={onFocusIn}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
      onDragLeave={onDragLeave}
    >
      <div class={`columns-head cols-${columns.length}`} aria-hidden="true">
        {columns.map((c, i) => (
          <div key={c} class={`column-head column-${c}`}>
            <span class="column-title">{COLUMN_TITLES[c]}</span>
            <span class="column-count">{totals[i]}</span>
          </div>
        ))}
      </div>
      <div class={`lanes cols-${columns.length}`} style={{ height: `${layout.total}px` }}>
        {[...shown]
          .sort((a, b) => a - b)
          .map((li) => {
            const lane = lanes[li];
            const slug = lane.agent.slug;
            return (
              <Lane
                key={slug}
                lane={lane}
                columns={columns}
                top={layout.tops[li]}
                height={layout.heights[li]}
                collapsed={p.collapsed.has(slug)}
                rows={visibleRows(layout.tops[li], rowsOf[li], scrollTop, lanesViewport, OVERSCAN_ROWS)}
                pinned={pinned}
                focus={focusKey}
                tabStop={tabStop}
                lifted={lifted}
                dragging={draggingKey}
                indicator={indicator}
                pending={p.pending}
                trusted={p.trusted}
                now={p.now}
                onToggle={p.onToggle}
              />
            );
          })}
      </div>
      <p class="visually-hidden">{plural(lanes.length, 'lane')}</p>
    </div>
  );
}

function firstCard(lanes: readonly VisibleLane[], columns: readonly ColumnId[], collapsed: ReadonlySet<string>): CardKey | null {
  for (const l of lanes) {
    if (collapsed.has(l.agent.slug)) continue;
    for (const c of columns) {
      const card = l.columns[c][0];
      if (card) return keyOf(l.agent.slug, card);
    }
  }
  return null;
}
