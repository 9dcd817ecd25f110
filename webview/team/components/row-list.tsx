import { ComponentChildren } from 'preact';

/**
 * A list of rows moved through with the arrow keys (Home/End too); Tab enters and
 * leaves the list at the selected row. Rows are `li[data-row]` with a roving tabindex.
 */
export function RowList(props: { label: string; children: ComponentChildren }) {
  const onKeyDown = (e: KeyboardEvent) => {
    const list = e.currentTarget as HTMLElement;
    const rows = Array.from(list.querySelectorAll<HTMLElement>(':scope > li[data-row]'));
    const current = (e.target as HTMLElement).closest('li[data-row]') as HTMLElement | null;
    if (!current || rows.length === 0) return;
    let i = rows.indexOf(current);
    if (e.key === 'ArrowDown') i = Math.min(rows.length - 1, i + 1);
    else if (e.key === 'ArrowUp') i = Math.max(0, i - 1);
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = rows.length - 1;
    else return;
    e.preventDefault();
    for (const r of rows) r.tabIndex = -1;
    rows[i].tabIndex = 0;
    rows[i].focus();
  };
  return (
    <ul class="rows" role="list" aria-label={props.label} onKeyDown={onKeyDown}>
      {props.children}
    </ul>
  );
}
