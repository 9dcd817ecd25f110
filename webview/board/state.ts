import { BoardFilter, NO_FILTER } from '../../src/views/board/common/filter';

/**
 * UI state: what the user chose on the board (filters, folded lanes, where it was
 * scrolled). Kept with `setState`, so it survives the panel being hidden and the
 * window being reloaded; never any team data, which the host always sends afresh.
 */
export interface UiState {
  readonly filter: BoardFilter;
  /** Slugs of folded lanes. */
  readonly collapsed: readonly string[];
  readonly scrollTop: number;
}

export const DEFAULT_UI_STATE: UiState = { filter: NO_FILTER, collapsed: [], scrollTop: 0 };

const SLUG = /^(?!\.)[^/\\\u0000-\u001f]{1,200}$/;

function slugOrNull(v: unknown): string | null {
  return typeof v === 'string' && SLUG.test(v) ? v : null;
}

/** Reads a saved UI state, keeping what is valid (an older page may have saved something else). */
export function readUiState(raw: unknown): UiState {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_UI_STATE;
  const r = raw as Record<string, unknown>;
  const f = typeof r.filter === 'object' && r.filter !== null ? (r.filter as Record<string, unknown>) : {};
  const collapsed = Array.isArray(r.collapsed) ? r.collapsed.filter((s): s is string => slugOrNull(s) !== null).slice(0, 5000) : [];
  const scrollTop = typeof r.scrollTop === 'number' && Number.isFinite(r.scrollTop) && r.scrollTop >= 0 ? r.scrollTop : 0;
  return {
    filter: {
      text: typeof f.text === 'string' ? f.text.slice(0, 200) : '',
      agent: slugOrNull(f.agent),
      project: slugOrNull(f.project),
      review: f.review === true,
    },
    collapsed,
    scrollTop,
  };
}
