import { columnOf } from '../../src/views/board/common/columns';
import { DropPlan } from '../../src/views/board/common/drop';
import { BoardCard, DropTarget } from '../../src/views/board/common/messages';
import type { MenuItem } from './components/card-menu';
import type { CardKey } from './components/lane';
import { TaskRef } from '../../src/base/task-ref';

/** What a card's menu (and the detail panel's buttons) offer. Pure. */

/** The menu's write actions that the detail panel offers as buttons too (review and edit have their own part of it). */
export const DETAIL_ACTIONS: ReadonlySet<string> = new Set(['start', 'complete', 'again', 'top', 'cancel', 'unclaim', 'reassign']);

/**
 * The actions for a card: what its column allows, disabled in Restricted Mode or where
 * the queue ends; a task in progress of an agent that is down (`agentDown`) may be
 * unclaimed or reassigned.
 */
export function menuItemsFor(card: BoardCard, ready: readonly BoardCard[], trusted: boolean, agentCount: number, agentDown = false): MenuItem[] {
  const col = columnOf(card.status);
  const ro = !trusted;
  const pos = ready.indexOf(card);
  const items: MenuItem[] = [
    { id: 'details', label: 'Show Details', icon: 'info', keys: 'Enter' },
    { id: 'editor', label: 'Open in Editor', icon: 'go-to-file' },
  ];
  if (col === 'ready') {
    items.push(
      { id: 'start', label: 'Start (In Progress)', icon: 'play-circle', disabled: ro, separatorBefore: true },
      { id: 'complete', label: 'Complete…', icon: 'pass', disabled: ro },
      { id: 'top', label: 'Do Next (Top of Queue)', icon: 'fold-up', disabled: ro || pos <= 0 },
      { id: 'up', label: 'Move Up', icon: 'arrow-up', disabled: ro || pos <= 0 },
      { id: 'down', label: 'Move Down', icon: 'arrow-down', disabled: ro || pos < 0 || pos >= ready.length - 1 },
      { id: 'reassign', label: 'Reassign to…', icon: 'person', disabled: ro || agentCount < 2 },
      { id: 'lift', label: 'Move with Keyboard', icon: 'move', keys: 'Space', disabled: ro },
      { id: 'edit', label: 'Edit…', icon: 'edit', disabled: ro, separatorBefore: true },
      { id: 'cancel', label: 'Cancel Task', icon: 'trash', disabled: ro },
    );
  } else if (col === 'in-progress') {
    items.push({ id: 'complete', label: 'Complete…', icon: 'pass', disabled: ro, separatorBefore: true }, { id: 'lift', label: 'Move with Keyboard', icon: 'move', keys: 'Space', disabled: ro });
    if (agentDown) {
      items.push({ id: 'unclaim', label: 'Unclaim (Back to Ready)', icon: 'debug-step-back', disabled: ro }, { id: 'reassign', label: 'Reassign to…', icon: 'person', disabled: ro || agentCount < 2 });
    }
    items.push({ id: 'review', label: 'Review Changes', icon: 'diff-multiple', separatorBefore: true });
  } else if (col === 'done') {
    items.push(
      { id: 'review', label: 'Review Changes', icon: 'diff-multiple', separatorBefore: true },
      { id: 'accept', label: card.review === 'accepted' ? 'Accepted' : 'Accept', icon: 'check', disabled: ro || card.review === 'accepted' },
      { id: 'sendBack', label: 'Send Back…', icon: 'reply', disabled: ro },
      { id: 'again', label: 'Dispatch Again as a New Task…', icon: 'debug-restart', disabled: ro, separatorBefore: true },
    );
  }
  if (card.thread) items.push({ id: 'thread', label: `Open Thread ${card.thread.id}`, icon: 'type-hierarchy', separatorBefore: true });
  return items;
}

/** The drop a menu action means (`null`: the action is not a move). */
export function menuDropTarget(id: string, key: CardKey, card: BoardCard, ready: readonly BoardCard[]): DropTarget | null {
  const pos = ready.indexOf(card);
  const to = (column: DropTarget['column'], anchor: DropTarget['anchor'] = null, place: DropTarget['place'] = 'before'): DropTarget => ({ agent: key.agent, column, anchor, place });
  switch (id) {
    case 'start':
      return to('in-progress');
    case 'complete':
      return to('done');
    case 'top':
      return to('ready', { index: ready[0].index, title: ready[0].title }, 'before');
    case 'up':
      return to('ready', { index: ready[pos - 1].index, title: ready[pos - 1].title }, 'before');
    case 'down':
      return to('ready', { index: ready[pos + 1].index, title: ready[pos + 1].title }, 'after');
  }
  return null;
}

/** What the live region says as a drop is sent, and where the card will be (for the focus). */
export function dropAnnouncement(card: TaskRef, plan: DropPlan, agentName: (slug: string) => string): { text: string | null; now: CardKey } {
  const here = { agent: card.agent, index: -1, title: card.title };
  switch (plan.kind) {
    case 'move':
      return { text: plan.to === 'done' ? `Completing "${card.title}"…` : `Starting "${card.title}"…`, now: here };
    case 'reorder':
      return { text: `Moving "${card.title}" ${plan.place} "${plan.anchor.title}"…`, now: here };
    case 'reassign':
      return { text: `Reassigning "${card.title}" to ${agentName(plan.to)}…`, now: { agent: plan.to, index: -1, title: card.title } };
    case 'refuse-done':
      return { text: `"${card.title}" is done, and done tasks stay done.`, now: here };
  }
  return { text: null, now: here };
}
