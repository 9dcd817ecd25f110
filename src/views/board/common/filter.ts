/**
 * What the board shows after filtering: lanes (one per agent) with their cards sorted
 * into columns, in document order. Pure.
 */
import { columnOf, nextUpIndex } from './columns';
import { BoardAgent, BoardCard, ColumnId } from './messages';

export interface BoardFilter {
  /** Every word must appear in the card's title, description or summary, or the agent's name. */
  readonly text: string;
  /** Only this agent's lane (a slug), or every agent. */
  readonly agent: string | null;
  /** Only agents working on this project (from their notes' `## Projects`), or all. */
  readonly project: string | null;
  /** Only the done tasks no one has reviewed yet ("To review"). */
  readonly review: boolean;
}

export const NO_FILTER: BoardFilter = { text: '', agent: null, project: null, review: false };

/**
 * Cards (`slug\nindex`) the host found for the filter's text in their full description
 * or summary, which the page does not hold (it has the first line and a shortened
 * summary); used while `text` is the filter's text.
 */
export interface FullTextMatches {
  readonly text: string;
  readonly keys: ReadonlySet<string>;
}

/** A done card without a review. */
export function isToReview(card: Pick<BoardCard, 'status' | 'review'>): boolean {
  return card.status === 'done' && card.review === null;
}

export interface VisibleLane {
  readonly agent: BoardAgent;
  /** Every card of the agent (file order; `index` is the position). */
  readonly cards: readonly BoardCard[];
  /** The cards shown, by column, in file order. */
  readonly columns: Readonly<Record<ColumnId, readonly BoardCard[]>>;
  /** Index of the agent's first ready task (filtered or not): what it picks up next. */
  readonly nextUp: number | null;
  /** How many cards are shown. */
  readonly shown: number;
  /** The page has this lane's cards (a big team's lanes arrive a few at a time). */
  readonly loaded: boolean;
}

export function isFiltering(f: BoardFilter): boolean {
  return f.text.trim() !== '' || f.agent !== null || f.project !== null || f.review;
}

const lowered = new WeakMap<BoardCard, string>();

function cardText(c: BoardCard): string {
  let s = lowered.get(c);
  if (s === undefined) {
    s = `${c.title}\n${c.text}\n${c.summary ?? ''}`.toLowerCase();
    lowered.set(c, s);
  }
  return s;
}

/**
 * Lowers the cards' texts for the filter ahead of the first keystroke (the page does it
 * while idle; at 100,000 cards that first pass is what a keystroke would otherwise wait for).
 */
export function prepareFilterText(cards: readonly BoardCard[]): void {
  for (const c of cards) cardText(c);
}

export function filterWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

const EMPTY: readonly BoardCard[] = [];

/**
 * Cards of one lane by column (all of them, or those matching `words`: in the card's
 * own text or, per `full`, in its whole description or summary; `review`: only those to review).
 */
export function laneColumns(
  cards: readonly BoardCard[],
  words: readonly string[],
  agentText: string,
  opts: { readonly review?: boolean; readonly full?: (index: number) => boolean } = {},
): { columns: Record<ColumnId, BoardCard[]>; shown: number } {
  const columns: Record<ColumnId, BoardCard[]> = { ready: [], 'in-progress': [], done: [], other: [] };
  let shown = 0;
  for (const c of cards) {
    if (opts.review && !isToReview(c)) continue;
    if (words.length > 0 && !opts.full?.(c.index)) {
      const t = cardText(c);
      let ok = true;
      for (const w of words) {
        if (!t.includes(w) && !agentText.includes(w)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
    }
    columns[columnOf(c.status)].push(c);
    shown++;
  }
  return { columns, shown };
}

/**
 * One lane's last results, kept with its cards (a patch replaces only the lanes whose
 * file changed, so an unchanged lane keeps its array): the unfiltered columns, which
 * Escape returns to, and the last filtered ones, which the next keystroke narrows.
 */
interface LaneMemo {
  readonly nextUp: number | null;
  all?: LaneResult;
  last?: LaneResult;
}

/** What one lane is filtered by. */
interface LaneQuery {
  readonly slug: string;
  /** The agent's name and slug, lowered (a word found there matches every card). */
  readonly agentText: string;
  readonly words: readonly string[];
  readonly review: boolean;
  readonly full: ReadonlySet<string> | undefined;
}

interface LaneResult {
  readonly query: LaneQuery;
  readonly columns: Record<ColumnId, BoardCard[]>;
  readonly shown: number;
  /** The cards shown, in file order (what a narrower filter needs to look at). */
  readonly matched: readonly BoardCard[];
}

const memos = new WeakMap<readonly BoardCard[], LaneMemo>();

function sameQuery(a: LaneQuery, b: LaneQuery): boolean {
  return a.agentText === b.agentText && a.review === b.review && a.full === b.full && a.words.length === b.words.length && a.words.every((w, i) => w === b.words[i]);
}

/** Every card `next` shows, `prev` showed: each of prev's words is inside one of next's. */
function narrows(prev: LaneQuery, next: LaneQuery): boolean {
  return (
    prev.full === undefined &&
    next.full === undefined &&
    prev.agentText === next.agentText &&
    prev.review === next.review &&
    prev.words.every((p) => next.words.some((w) => w.includes(p)))
  );
}

function laneResult(cards: readonly BoardCard[], query: LaneQuery): LaneResult {
  const { slug, full } = query;
  const { columns, shown } = laneColumns(cards, query.words, query.agentText, {
    review: query.review,
    full: full && ((index) => full.has(`${slug}\n${index}`)),
  });
  const matched = shown === cards.length ? cards : [...columns.ready, ...columns['in-progress'], ...columns.done, ...columns.other].sort((x, y) => x.index - y.index);
  return { query, columns, shown, matched };
}

/** One lane's columns for the filter, from its memo when the lane and the filter are as they were. */
function laneFor(cards: readonly BoardCard[], query: LaneQuery): { result: LaneResult; nextUp: number | null } {
  if (cards === EMPTY) return { result: laneResult(cards, query), nextUp: null };
  let memo = memos.get(cards);
  if (!memo) {
    memo = { nextUp: nextUpIndex(cards) };
    memos.set(cards, memo);
  }
  const unfiltered = query.words.length === 0 && !query.review;
  if (unfiltered && memo.all && sameQuery(memo.all.query, query)) return { result: memo.all, nextUp: memo.nextUp };
  if (memo.last && sameQuery(memo.last.query, query)) return { result: memo.last, nextUp: memo.nextUp };
  const prev = memo.last;
  const result = laneResult(prev && narrows(prev.query, query) ? prev.matched : cards, query);
  if (unfiltered) memo.all = result;
  else memo.last = result;
  return { result, nextUp: memo.nextUp };
}

export function filterBoard(
  agents: readonly BoardAgent[],
  cardsBySlug: ReadonlyMap<string, readonly BoardCard[]>,
  filter: BoardFilter,
  fullText?: FullTextMatches,
): VisibleLane[] {
  const words = filterWords(filter.text);
  // No card found in the full texts filters as no search at all (and keeps the memo).
  const full = fullText && fullText.keys.size > 0 && filterWords(fullText.text).join(' ') === words.join(' ') ? fullText.keys : undefined;
  const out: VisibleLane[] = [];
  for (const agent of agents) {
    if (filter.agent !== null && agent.slug !== filter.agent) continue;
    if (filter.project !== null && !agent.projects.includes(filter.project)) continue;
    const known = cardsBySlug.get(agent.slug);
    const cards = known ?? EMPTY;
    const agentText = `${agent.name}\n${agent.slug}`.toLowerCase();
    const { result, nextUp } = laneFor(cards, { slug: agent.slug, agentText, words, review: filter.review, full });
    if ((words.length > 0 || filter.review) && result.shown === 0) continue;
    out.push({ agent, cards, columns: result.columns, nextUp, shown: result.shown, loaded: known !== undefined });
  }
  return out;
}
