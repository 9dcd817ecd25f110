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

export function filterBoard(
  agents: readonly BoardAgent[],
  cardsBySlug: ReadonlyMap<string, readonly BoardCard[]>,
  filter: BoardFilter,
  fullText?: FullTextMatches,
): VisibleLane[] {
  const words = filterWords(filter.text);
  const full = fullText && filterWords(fullText.text).join(' ') === words.join(' ') ? fullText.keys : undefined;
  const out: VisibleLane[] = [];
  for (const agent of agents) {
    if (filter.agent !== null && agent.slug !== filter.agent) continue;
    if (filter.project !== null && !agent.projects.includes(filter.project)) continue;
    const known = cardsBySlug.get(agent.slug);
    const cards = known ?? EMPTY;
    const { columns, shown } = laneColumns(cards, words, `${agent.name}\n${agent.slug}`.toLowerCase(), {
      review: filter.review,
      full: full && ((index) => full.has(`${agent.slug}\n${index}`)),
    });
    if ((words.length > 0 || filter.review) && shown === 0) continue;
    out.push({ agent, cards, columns, nextUp: nextUpIndex(cards), shown, loaded: known !== undefined });
  }
  return out;
}
