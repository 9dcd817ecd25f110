/**
 * The board's guess at what a drop does to the cards, shown at once while the host
 * writes; the next snapshot from the host replaces it. Pure; lanes not touched keep
 * their arrays (and cards their objects), so the page re-renders only what moved.
 */
import { formatStamp } from '../../../base/time';
import { findCard } from './columns';
import { DropPlan } from './drop';
import { TaskRef } from '../../../base/task-ref';
import { BoardCard } from './messages';

export type LaneCards = ReadonlyMap<string, readonly BoardCard[]>;

/** The protocol timestamp a move at wall-clock minute `now` writes (what the host will write). */
export function moveStamp(now: number): string {
  return formatStamp(now);
}

function reindexed(cards: BoardCard[]): BoardCard[] {
  for (let i = 0; i < cards.length; i++) if (cards[i].index !== i) cards[i] = { ...cards[i], index: i };
  return cards;
}

/**
 * `lanes` with `plan` applied to `card` (`now` is the protocol timestamp a move
 * writes). Returns `lanes` itself when the plan changes nothing or the card is not
 * there (any more).
 */
export function applyPlan(lanes: LaneCards, card: TaskRef, plan: DropPlan, now: string): LaneCards {
  const source = lanes.get(card.agent);
  if (!source) return lanes;
  const found = findCard(source, card);
  if (!found) return lanes;
  const at = source.indexOf(found);
  const next = new Map(lanes);
  switch (plan.kind) {
    case 'move': {
      if (found.status === plan.to || found.status === 'done') return lanes;
      const moved: BoardCard = {
        ...found,
        status: plan.to,
        // A ready task taken to done goes through in-progress: started now too (as moveText writes it).
        started: found.status === 'ready' ? now : found.started,
        completed: plan.to === 'done' ? now : found.completed,
      };
      const cards = source.slice();
      cards[at] = moved;
      next.set(card.agent, cards);
      return next;
    }
    case 'reorder': {
      const anchor = findCard(source, plan.anchor);
      if (!anchor || anchor === found) return lanes;
      const cards = source.slice();
      cards.splice(at, 1);
      const anchorAt = cards.indexOf(anchor);
      cards.splice(plan.place === 'before' ? anchorAt : anchorAt + 1, 0, found);
      next.set(card.agent, reindexed(cards));
      return next;
    }
    case 'reassign': {
      if (plan.to === card.agent) return lanes;
      const target = lanes.get(plan.to) ?? [];
      const cards = source.slice();
      cards.splice(at, 1);
      next.set(card.agent, reindexed(cards));
      next.set(plan.to, [...target, { ...found, index: target.length }]);
      return next;
    }
    default:
      return lanes;
  }
}
