import { useState } from 'preact/hooks';
import { columnOf } from '../../../src/views/board/common/columns';
import { ColumnId } from '../../../src/views/board/common/messages';
import { CardKey } from './lane';
import { GridLanes, Place, Target, cardFromElement, describeTarget, keyOf, placeOf } from './grid-targets';
import { TaskRef } from '../../../src/base/task-ref';

/** A card lifted with Space, and where the arrows have taken it so far. */
export interface Moving {
  readonly card: TaskRef;
  readonly target: Target;
}

const NAVIGATION_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'];

/** The card the focus goes to from `from` on `key` (arrows, Home/End in a cell, PageUp/PageDown between lanes). */
export function nextCard(g: GridLanes, from: Place, key: string): CardKey | null {
  const { lanes, columns } = g;
  const cellAt = (li: number, col: ColumnId) => lanes[li].columns[col];
  const slug = lanes[from.lane].agent.slug;
  const cells = cellAt(from.lane, from.column);
  const ci = columns.indexOf(from.column);
  const open = (li: number) => !g.collapsed.has(lanes[li].agent.slug);
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
}

/** Where the arrows take a lifted card: columns left and right, positions and lanes up and down. */
export function moveTarget(g: GridLanes, m: Moving, key: string): Target | null {
  const { lanes, columns } = g;
  const t = m.target;
  const li = g.laneIndex.get(t.agent) ?? 0;
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
}

export interface KeyboardHandlers {
  readonly trusted: boolean;
  readonly announce: (text: string) => void;
  readonly onOpen: (card: CardKey) => void;
  readonly onMenu: (card: CardKey, x: number, y: number) => void;
  /** Moves the focus to a card (and scrolls it into view). */
  readonly focusCard: (key: CardKey | null) => void;
  /** Scrolls a lifted card's target into view. */
  readonly showTarget: (t: Target) => void;
  readonly drop: (card: TaskRef, t: Target) => void;
}

/**
 * The board's keyboard: arrows move the focus; Space lifts a card and the arrows then
 * move it (announced as they go), Enter or Space drops it, Escape cancels; Enter
 * opens a card, Shift+F10 or the menu key opens its menu.
 */
export function useGridKeyboard(g: GridLanes, h: KeyboardHandlers): { moving: Moving | null; setMoving: (m: Moving | null) => void; onKeyDown: (e: KeyboardEvent) => void } {
  const [moving, setMoving] = useState<Moving | null>(null);

  const whileMoving = (e: KeyboardEvent, m: Moving) => {
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      setMoving(null);
      h.announce('Move cancelled.');
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setMoving(null);
      h.drop(m.card, m.target);
      return;
    }
    const t = moveTarget(g, m, e.key);
    if (e.key.startsWith('Arrow')) e.preventDefault();
    if (t) {
      setMoving({ card: m.card, target: t });
      h.showTarget(t);
      h.announce(describeTarget(g, m.card, t));
    }
  };

  const lift = (key: CardKey, status: string | null) => {
    if (!h.trusted) {
      h.announce('Restricted Mode: the board only reads.');
      return;
    }
    const at = placeOf(g, key);
    if (!at) return;
    setMoving({ card: { ...key, status }, target: { agent: key.agent, column: at.column, slot: at.row } });
    h.announce(`Lifted "${key.title}". Arrow keys choose where it goes (left and right: columns; up and down: position and lanes). Enter or Space drops it, Escape cancels.`);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const found = cardFromElement(e.target);
    if (!found || found.element !== e.target) return;
    const key = found.key;
    if (moving) return whileMoving(e, moving);
    if (e.key === 'Enter') {
      e.preventDefault();
      h.onOpen(key);
      return;
    }
    if (e.key === ' ') {
      e.preventDefault();
      lift(key, found.status);
      return;
    }
    if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') {
      e.preventDefault();
      const r = found.element.getBoundingClientRect();
      h.onMenu(key, r.left + 16, r.top + 24);
      return;
    }
    const at = placeOf(g, key);
    if (!at) return;
    const next = nextCard(g, at, e.key);
    if (NAVIGATION_KEYS.includes(e.key)) e.preventDefault();
    if (next) h.focusCard(next);
  };

  return { moving, setMoving, onKeyDown };
}
