/**
 * What a drop means. Every drop (or its keyboard or menu equivalent) maps to at most
 * one core operation on the agent's tasks.md:
 *
 * - ready → in-progress, same lane: `move` (writes Started);
 * - ready or in-progress → done, same lane: `move` (writes Completed, optional Summary);
 * - ready → ready, same lane, next to another card: `reorder` (changes pickup order);
 * - a ready card into another agent's lane: `reassign` (joins the end of its queue);
 * - a done card anywhere else: refused (done is terminal), with the offer to dispatch
 *   it again as a new task;
 * - everything else is not a drop target (in progress back to ready, an in-progress
 *   task to another agent, unknown statuses): `invalid`, with the reason to announce.
 *
 * Pure: the webview plans to show feedback and update optimistically, the host plans
 * again from its own data before it writes anything.
 */
import { columnOf } from './columns';
import { BoardCard, ColumnId, DropTarget } from './messages';
import { TaskRef } from '../../../base/task-ref';
import { DropPlan } from '../../../base/drop-plan';

export type { DropPlan } from '../../../base/drop-plan';

export function planDrop(card: TaskRef, target: DropTarget, agentName: (slug: string) => string = (s) => s): DropPlan {
  const from = columnOf(card.status);
  const sameLane = target.agent === card.agent;
  if (from === 'done') {
    if (sameLane && target.column === 'done') return { kind: 'none' };
    return { kind: 'refuse-done', dispatchTo: target.agent };
  }
  if (from === 'other') {
    if (sameLane && target.column === 'other') return { kind: 'none' };
    return {
      kind: 'invalid',
      reason: card.status === null ? 'This task has no status line; add one in tasks.md first.' : `This task's status "${card.status}" is unknown to agents; fix it in tasks.md first.`,
    };
  }
  if (!sameLane) {
    if (from === 'in-progress') return { kind: 'invalid', reason: 'A task in progress stays with its agent, who is working on it. Only ready tasks move between agents.' };
    if (target.column !== 'ready') return { kind: 'invalid', reason: `Reassigning puts the task in ${agentName(target.agent)}'s Ready column, at the end of the queue.` };
    return { kind: 'reassign', to: target.agent };
  }
  if (target.column === 'other') return { kind: 'invalid', reason: 'Tasks move to ready, in progress or done only.' };
  if (from === 'in-progress') {
    if (target.column === 'done') return { kind: 'move', to: 'done' };
    if (target.column === 'in-progress') return { kind: 'none' };
    return { kind: 'invalid', reason: 'A task in progress does not go back to ready: its agent is working on it.' };
  }
  // from ready, same lane
  if (target.column === 'in-progress') return { kind: 'move', to: 'in-progress' };
  if (target.column === 'done') return { kind: 'move', to: 'done' };
  if (!target.anchor || (target.anchor.index === card.index && target.anchor.title === card.title)) return { kind: 'none' };
  return { kind: 'reorder', anchor: target.anchor, place: target.place };
}

/** Whether a plan is a place the card may be dropped (the host will write or explain). */
export function isDroppable(plan: DropPlan): boolean {
  return plan.kind === 'move' || plan.kind === 'reorder' || plan.kind === 'reassign' || plan.kind === 'refuse-done';
}

/**
 * The drop target for inserting at `slot` (0…n) among the cards shown in a lane's
 * ready column (`cards`, which may include the dragged card itself); a slot that
 * leaves the card where it is gives no anchor. Other columns have no anchor.
 */
export function targetForSlot(agent: string, column: ColumnId, cards: readonly BoardCard[], slot: number, dragged: TaskRef | null): DropTarget {
  // Only the ready column has an order that a drop changes (pickup order).
  if (column !== 'ready') return { agent, column, anchor: null, place: 'before' };
  const own = dragged && dragged.agent === agent ? cards.findIndex((c) => c.index === dragged.index && c.title === dragged.title) : -1;
  const others = own >= 0 ? cards.filter((_, i) => i !== own) : cards;
  let s = Math.max(0, Math.min(cards.length, slot));
  if (own >= 0 && own < s) s--;
  if (others.length === 0 || (own >= 0 && s === own)) return { agent, column, anchor: null, place: 'before' };
  if (s < others.length) return { agent, column, anchor: { index: others[s].index, title: others[s].title }, place: 'before' };
  const last = others[others.length - 1];
  return { agent, column, anchor: { index: last.index, title: last.title }, place: 'after' };
}
