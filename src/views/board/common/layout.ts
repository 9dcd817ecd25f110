/**
 * Windowing math for the board: every card has the same height, so where each lane
 * and each card sits follows from counts alone, and only what intersects the
 * viewport (plus a margin) is rendered. 200 lanes × 100 cards is 20,000 cards; a
 * screen shows a few dozen. Pure; all positions are in pixels from the top of the
 * lanes container (below the sticky column header).
 */

export interface BoardMetrics {
  /** Height of a lane's header row. */
  readonly laneHead: number;
  /** Distance from one card's top to the next (card height plus gap). */
  readonly row: number;
  /** Space above the first and below the last card of a lane. */
  readonly pad: number;
  /** Space between lanes. */
  readonly gap: number;
}

export const METRICS: BoardMetrics = { laneHead: 34, row: 96, pad: 6, gap: 8 };

/** Rows a lane needs: its longest column, at least one (an empty lane still takes drops). */
export function laneRows(columnCounts: readonly number[]): number {
  let rows = 1;
  for (const n of columnCounts) if (n > rows) rows = n;
  return rows;
}

export function laneHeight(rows: number, collapsed: boolean, m: BoardMetrics = METRICS): number {
  return m.laneHead + (collapsed ? 0 : 2 * m.pad + rows * m.row) + m.gap;
}

export interface LaneLayout {
  /** Top of each lane. */
  readonly tops: readonly number[];
  readonly heights: readonly number[];
  readonly total: number;
}

export function layoutLanes(heights: readonly number[]): LaneLayout {
  const tops: number[] = new Array(heights.length);
  let y = 0;
  for (let i = 0; i < heights.length; i++) {
    tops[i] = y;
    y += heights[i];
  }
  return { tops, heights, total: y };
}

/** The lanes that intersect [top - overscan, top + viewport + overscan): `first` inclusive, `end` exclusive. */
export function visibleLanes(layout: LaneLayout, top: number, viewport: number, overscan: number): { first: number; end: number } {
  const from = top - overscan;
  const to = top + viewport + overscan;
  const { tops, heights } = layout;
  // First lane whose bottom is below `from` (binary search: tops are increasing).
  let lo = 0;
  let hi = tops.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid] + heights[mid] <= from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < tops.length && tops[end] < to) end++;
  return { first: lo, end };
}

/** Top of card row `i` within its lane's body. */
export function rowTop(i: number, m: BoardMetrics = METRICS): number {
  return m.pad + i * m.row;
}

/**
 * The card rows of a lane (top at `laneTop`, `rows` rows) that intersect the viewport
 * with `overscan` rows to spare: `first` inclusive, `end` exclusive.
 */
export function visibleRows(
  laneTop: number,
  rows: number,
  top: number,
  viewport: number,
  overscan: number,
  m: BoardMetrics = METRICS,
): { first: number; end: number } {
  const bodyTop = laneTop + m.laneHead + m.pad;
  const first = Math.floor((top - bodyTop) / m.row) - overscan;
  const end = Math.ceil((top + viewport - bodyTop) / m.row) + overscan;
  return { first: Math.max(0, Math.min(rows, first)), end: Math.max(0, Math.min(rows, end)) };
}

/** Where a card dropped at `y` (pixels from the top of the lane's body) goes among `count` cards: 0…count. */
export function slotAt(y: number, count: number, m: BoardMetrics = METRICS): number {
  const slot = Math.round((y - m.pad) / m.row);
  return Math.max(0, Math.min(count, slot));
}

/** The scroll position that shows [itemTop, itemTop + itemHeight) with the least movement; `reserved` pixels at the top are covered (a sticky header). */
export function scrollToShow(scrollTop: number, viewport: number, itemTop: number, itemHeight: number, reserved = 0): number {
  if (itemTop - reserved < scrollTop) return Math.max(0, itemTop - reserved);
  if (itemTop + itemHeight > scrollTop + viewport) return Math.max(0, Math.min(itemTop - reserved, itemTop + itemHeight - viewport));
  return scrollTop;
}
