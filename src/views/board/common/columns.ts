/**
 * Which column a card goes in, which columns the board shows, and what a card says
 * about time. Pure: the host, the webview and the tests share it.
 */
import { parseStamp } from '../../../base/time';
import { STATUS_TITLES, TASK_STATUSES, isTaskStatus } from '../../../base/task-status';
import { BoardCard, COLUMN_IDS, ColumnId } from './messages';

export const COLUMN_TITLES: Readonly<Record<ColumnId, string>> = { ...STATUS_TITLES, other: 'Other status' };

/** The three protocol statuses have their own columns; anything else (or no status line) goes to "other". */
export function columnOf(status: string | null): ColumnId {
  return isTaskStatus(status) ? status : 'other';
}

/** Ready, in progress and done; "other" only when some lane has a card with an unknown status (`counts[3]`, see BoardAgent). */
export function columnsFor(agents: Iterable<{ readonly counts: readonly number[] }>): ColumnId[] {
  for (const a of agents) if (a.counts[3] > 0) return [...COLUMN_IDS];
  return [...TASK_STATUSES];
}

/** The index of the agent's next task: its first ready task in document order (agents pick up in that order). */
export function nextUpIndex(cards: readonly BoardCard[]): number | null {
  for (const c of cards) if (c.status === 'ready') return c.index;
  return null;
}

/** How long ago the card's clock started: Completed for done cards, else Started; `null` without one. */
export function cardAge(card: Pick<BoardCard, 'status' | 'started' | 'completed'>, now: number): { minutes: number; since: 'started' | 'completed' } | null {
  if (card.status === 'done') {
    const at = parseStamp(card.completed);
    if (at !== null) return { minutes: Math.max(0, now - at), since: 'completed' };
  }
  const at = parseStamp(card.started);
  return at === null ? null : { minutes: Math.max(0, now - at), since: 'started' };
}

/**
 * The card named by `ref` in a lane: the one at `ref.index` when it still has that
 * title, else the only card with that title; `undefined` when none or several match.
 */
export function findCard<T extends { readonly index: number; readonly title: string }>(
  cards: readonly T[],
  ref: { readonly index: number; readonly title: string },
): T | undefined {
  const at = cards[ref.index];
  if (at && at.index === ref.index && at.title === ref.title) return at;
  let found: T | undefined;
  for (const c of cards) {
    if (c.title !== ref.title) continue;
    if (found) return undefined;
    found = c;
  }
  return found;
}
