/**
 * The roving tabindex both agent lists use: rows are the list's `li[data-row]`, one of
 * them tabbable at a time; Up/Down/Home/End move between them.
 */

/** The list's rows and the one the key event came from (undefined when outside a row). */
export function rowsOf(e: KeyboardEvent): { rows: HTMLElement[]; current: HTMLElement; index: number } | undefined {
  const list = e.currentTarget as HTMLElement;
  const rows = Array.from(list.querySelectorAll<HTMLElement>(':scope > li[data-row]'));
  const current = (e.target as HTMLElement).closest('li[data-row]') as HTMLElement | null;
  if (!current || rows.length === 0) return undefined;
  return { rows, current, index: rows.indexOf(current) };
}

/** Where Up/Down/Home/End lead from row `i` of `n`; undefined for any other key. */
export function linearStep(key: string, i: number, n: number): number | undefined {
  if (key === 'ArrowDown') return Math.min(n - 1, i + 1);
  if (key === 'ArrowUp') return Math.max(0, i - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return undefined;
}

/** Makes row `i` the tabbable one and focuses it. */
export function focusRow(rows: readonly HTMLElement[], i: number): void {
  for (const r of rows) r.tabIndex = -1;
  rows[i].tabIndex = 0;
  rows[i].focus();
}
