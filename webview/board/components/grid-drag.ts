import { useState } from 'preact/hooks';
import { isDroppable } from '../../../src/views/board/common/drop';
import { slotAt } from '../../../src/views/board/common/layout';
import { ColumnId } from '../../../src/views/board/common/messages';
import { CardKey } from './lane';
import { GridLanes, Target, cardFromElement, sameTarget, targetPlan } from './grid-targets';
import { TaskRef } from '../../../src/base/task-ref';

export interface DragHandlers {
  readonly trusted: boolean;
  readonly setFocus: (key: CardKey | null) => void;
  /** A drag starting ends a keyboard move. */
  readonly cancelMove: () => void;
  readonly drop: (card: TaskRef, t: Target) => void;
  /** Whether a node is inside the board (a drag that leaves it clears the target). */
  readonly contains: (node: Node) => boolean;
}

export interface DragLayer {
  readonly dragging: TaskRef | null;
  readonly over: Target | null;
  readonly onDragStart: (e: DragEvent) => void;
  readonly onDragOver: (e: DragEvent) => void;
  readonly onDrop: (e: DragEvent) => void;
  readonly onDragEnd: () => void;
  readonly onDragLeave: (e: DragEvent) => void;
}

/** The target under the pointer: a lane header means the end of that agent's ready queue. */
function targetAt(g: GridLanes, e: DragEvent): Target | null {
  const el = e.target instanceof Element ? e.target : null;
  const head = el?.closest('[data-lane-head]') as HTMLElement | null;
  if (head) {
    const agent = head.dataset.laneHead!;
    const li = g.laneIndex.get(agent);
    return { agent, column: 'ready', slot: li === undefined ? 0 : g.lanes[li].columns.ready.length };
  }
  const cell = el?.closest('.cell[data-column]') as HTMLElement | null;
  if (!cell) return null;
  const agent = cell.dataset.agent!;
  const column = cell.dataset.column as ColumnId;
  const li = g.laneIndex.get(agent);
  const count = li === undefined ? 0 : g.lanes[li].columns[column].length;
  return { agent, column, slot: slotAt(e.clientY - cell.getBoundingClientRect().top, count) };
}

/** Drag and drop with the mouse (HTML5, inside the page): the dragged card and the target under the pointer. */
export function useDragLayer(g: GridLanes, h: DragHandlers): DragLayer {
  const [dragging, setDragging] = useState<TaskRef | null>(null);
  const [over, setOver] = useState<Target | null>(null);

  const onDragStart = (e: DragEvent) => {
    const found = cardFromElement(e.target);
    if (!found || !h.trusted) {
      e.preventDefault();
      return;
    }
    const card: TaskRef = { ...found.key, status: found.status };
    if (e.dataTransfer) {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', found.key.title);
    }
    h.cancelMove();
    setDragging(card);
    h.setFocus(found.key);
  };

  const onDragOver = (e: DragEvent) => {
    if (!dragging) return;
    const t = targetAt(g, e);
    if (!t) {
      if (over) setOver(null);
      return;
    }
    const { plan } = targetPlan(g, dragging, t);
    if (isDroppable(plan)) {
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
    }
    if (!sameTarget(over, t)) setOver(t);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const card = dragging;
    const t = targetAt(g, e) ?? over;
    setDragging(null);
    setOver(null);
    if (card && t) h.drop(card, t);
  };

  const onDragEnd = () => {
    setDragging(null);
    setOver(null);
  };

  const onDragLeave = (e: DragEvent) => {
    if (e.relatedTarget === null || !h.contains(e.relatedTarget as Node)) setOver(null);
  };

  return { dragging, over, onDragStart, onDragOver, onDrop, onDragEnd, onDragLeave };
}
