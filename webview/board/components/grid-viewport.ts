import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { VisibleLane } from '../../../src/views/board/common/filter';
import { METRICS, laneHeight, laneRows, layoutLanes, scrollToShow } from '../../../src/views/board/common/layout';
import { ColumnId } from '../../../src/views/board/common/messages';

/** Height of the sticky column header row (styles.css keeps it in step). */
export const COLUMN_HEAD = 30;
/** The viewport height assumed before the page is measured (and where nothing is laid out, as in tests). */
const DEFAULT_VIEWPORT = 900;

/** The lanes' geometry: rows per lane (from the counts while its cards have not arrived), tops and heights. */
export function useLaneLayout(lanes: readonly VisibleLane[], columns: readonly ColumnId[], collapsed: ReadonlySet<string>) {
  const rowsOf = useMemo(() => lanes.map((l) => laneRows(l.loaded ? columns.map((c) => l.columns[c].length) : l.agent.counts)), [lanes, columns]);
  const layout = useMemo(() => layoutLanes(lanes.map((l, i) => laneHeight(rowsOf[i], collapsed.has(l.agent.slug)))), [lanes, rowsOf, collapsed]);
  const laneIndex = useMemo(() => new Map(lanes.map((l, i) => [l.agent.slug, i] as const)), [lanes]);
  return { rowsOf, layout, laneIndex };
}

export interface Viewport {
  readonly scroller: { readonly current: HTMLDivElement | null };
  readonly scrollTop: number;
  /** The height the lanes have below the column header. */
  readonly lanesViewport: number;
  readonly onScroll: () => void;
  /** Scrolls so that lanes-y `top` with `height` is in view. */
  readonly scrollInto: (top: number, height: number) => void;
  /** Scrolls to lanes-y `top` (a lane revealed). */
  readonly scrollTo: (top: number) => void;
}

/** The scroll area: its measured height, where it is scrolled (once a frame), and scrolling something into view. */
export function useViewport(initialScrollTop: number, reportScroll: (top: number) => void): Viewport {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(initialScrollTop);
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT);
  const frame = useRef(0);
  const lanesViewport = Math.max(100, viewport - COLUMN_HEAD);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (initialScrollTop > 0) el.scrollTop = initialScrollTop;
    const measure = () => {
      if (el.clientHeight > 0) setViewport(el.clientHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const top = scroller.current?.scrollTop ?? 0;
      setScrollTop(top);
      reportScroll(top);
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const scrollInto = (top: number, height: number) => {
    const el = scroller.current;
    if (!el) return;
    const next = scrollToShow(el.scrollTop, lanesViewport, top, height, METRICS.laneHead);
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      setScrollTop(el.scrollTop);
    }
  };

  const scrollTo = (top: number) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = top;
    setScrollTop(el.scrollTop);
  };

  return { scroller, scrollTop, lanesViewport, onScroll, scrollInto, scrollTo };
}

