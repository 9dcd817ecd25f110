import { ComponentChildren } from 'preact';

/**
 * The agents' lineage as an ARIA tree: rows are `li[data-row]` treeitems in one list
 * (depth by aria-level), with a roving tabindex like the flat list. Keys: Up/Down,
 * Home/End; Right opens a folded row or moves to its first child; Left folds an open
 * row or moves to its parent.
 */
export function TreeList(props: { label: string; onFold: (slug: string, folded: boolean) => void; children: ComponentChildren }) {
  const onKeyDown = (e: KeyboardEvent) => {
    const list = e.currentTarget as HTMLElement;
    const rows = Array.from(list.querySelectorAll<HTMLElement>(':scope > li[data-row]'));
    const current = (e.target as HTMLElement).closest('li[data-row]') as HTMLElement | null;
    if (!current || rows.length === 0) return;
    let i = rows.indexOf(current);
    const expanded = current.getAttribute('aria-expanded');
    const slug = current.dataset.slug ?? '';
    if (e.key === 'ArrowDown') i = Math.min(rows.length - 1, i + 1);
    else if (e.key === 'ArrowUp') i = Math.max(0, i - 1);
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = rows.length - 1;
    else if (e.key === 'ArrowRight') {
      if (expanded === 'false') {
        e.preventDefault();
        props.onFold(slug, false);
        return;
      }
      if (expanded !== 'true') return;
      i = Math.min(rows.length - 1, i + 1);
    } else if (e.key === 'ArrowLeft') {
      if (expanded === 'true') {
        e.preventDefault();
        props.onFold(slug, true);
        return;
      }
      const parent = current.dataset.parent;
      const at = parent ? rows.findIndex((r) => r.dataset.slug === parent) : -1;
      if (at < 0) return;
      i = at;
    } else return;
    e.preventDefault();
    for (const r of rows) r.tabIndex = -1;
    rows[i].tabIndex = 0;
    rows[i].focus();
  };
  return (
    <ul class="rows tree" role="tree" aria-label={props.label} onKeyDown={onKeyDown}>
      {props.children}
    </ul>
  );
}
