import { COLUMN_TITLES, columnOf, findCard } from '../../../src/views/board/common/columns';
import { DropPlan, isDroppable, planDrop, targetForSlot } from '../../../src/views/board/common/drop';
import { VisibleLane } from '../../../src/views/board/common/filter';
import { BoardCard, ColumnId, DropTarget } from '../../../src/views/board/common/messages';
import { CardKey, DropIndicator } from './lane';
import { STATUS_WORDS } from '../../../src/base/task-status';
import { TaskRef } from '../../../src/base/task-ref';

/** Where a card is on the board: its lane, column and row. */
export interface Place {
  readonly lane: number;
  readonly column: ColumnId;
  readonly row: number;
  readonly card: BoardCard;
}

/** Where a dragged or lifted card would land: a lane's cell and the slot in it. */
export interface Target {
  readonly agent: string;
  readonly column: ColumnId;
  readonly slot: number;
}

/** What the grid's parts need to know about the lanes shown. */
export interface GridLanes {
  readonly lanes: readonly VisibleLane[];
  readonly columns: readonly ColumnId[];
  readonly collapsed: ReadonlySet<string>;
  /** Lane index by agent slug. */
  readonly laneIndex: ReadonlyMap<string, number>;
  readonly agentName: (slug: string) => string;
}

export function keyOf(agent: string, c: BoardCard): CardKey {
  return { agent, index: c.index, title: c.title };
}

export function sameKey(a: CardKey | null, b: CardKey | null): boolean {
  return a === b || (a !== null && b !== null && a.agent === b.agent && a.index === b.index && a.title === b.title);
}

export function sameTarget(a: Target | null, b: Target | null): boolean {
  return a === b || (a !== null && b !== null && a.agent === b.agent && a.column === b.column && a.slot === b.slot);
}

/** The card element an event happened on (or inside), with what its data attributes say. */
export function cardFromElement(el: EventTarget | null): { key: CardKey; status: string | null; element: HTMLElement } | null {
  const card = el instanceof Element ? (el.closest('.card[data-agent]') as HTMLElement | null) : null;
  if (!card) return null;
  const d = card.dataset;
  return { key: { agent: d.agent!, index: Number(d.index), title: d.title ?? '' }, status: d.status === '' ? null : (d.status ?? null), element: card };
}

/** Where the card with `key` is now, or `null` when it is not shown. */
export function placeOf(g: GridLanes, key: CardKey | null): Place | null {
  if (!key) return null;
  const li = g.laneIndex.get(key.agent);
  if (li === undefined) return null;
  const lane = g.lanes[li];
  const card = findCard(lane.cards, key);
  if (!card) return null;
  const column = columnOf(card.status);
  const row = lane.columns[column].indexOf(card);
  return row < 0 ? null : { lane: li, column, row, card };
}

/** The drop a target means, and what it would do. */
export function targetPlan(g: GridLanes, card: TaskRef, t: Target): { target: DropTarget; plan: DropPlan } {
  const li = g.laneIndex.get(t.agent);
  const cells = li === undefined ? [] : g.lanes[li].columns[t.column];
  const target = targetForSlot(t.agent, t.column, cells, t.slot, card);
  return { target, plan: planDrop(card, target, g.agentName) };
}

/** How the target is drawn: highlighted when a drop there does something, a line when it reorders. */
export function indicatorFor(g: GridLanes, card: TaskRef | null, t: Target | null): DropIndicator | null {
  if (!card || !t) return null;
  const { plan } = targetPlan(g, card, t);
  const ownReady = t.agent === card.agent && t.column === 'ready' && columnOf(card.status) === 'ready';
  return { agent: t.agent, column: t.column, slot: t.slot, valid: isDroppable(plan), line: ownReady && plan.kind === 'reorder' };
}

/** What a screen reader hears as a lifted card moves over a target. */
export function describeTarget(g: GridLanes, card: TaskRef, t: Target): string {
  const { plan } = targetPlan(g, card, t);
  const name = g.agentName(t.agent);
  switch (plan.kind) {
    case 'move':
      return `${COLUMN_TITLES[t.column]}, ${name}: drop to move it to ${STATUS_WORDS[plan.to]}.`;
    case 'reorder': {
      const li = g.laneIndex.get(t.agent);
      const n = li === undefined ? 0 : g.lanes[li].columns.ready.length;
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
}

/** The first card of the first open lane: where Tab enters the board. */
export function firstCard(g: Pick<GridLanes, 'lanes' | 'columns' | 'collapsed'>): CardKey | null {
  for (const l of g.lanes) {
    if (g.collapsed.has(l.agent.slug)) continue;
    for (const c of g.columns) {
      const card = l.columns[c][0];
      if (card) return keyOf(l.agent.slug, card);
    }
  }
  return null;
}
