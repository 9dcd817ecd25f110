import { ComponentChildren } from 'preact';
import { focusRow, linearStep, rowsOf } from './roving-rows';

/**
 * The agents' lineage as an ARIA tree: rows are `li[data-row]` treeitems in one list
 * (depth by aria-level), with a roving tabindex like the flat list. Keys: Up/Down,
 * Home/End; Right opens a folded row or moves to its first child; Left folds an open
 * row or moves to its parent.
 */
export function TreeList(props: { label: string; onFold: (slug: string, folded: boolean) => void; children: ComponentChildren }) {
  const onKeyDown = (e: KeyboardEvent) => {
    const at = rowsOf(e);
    if (!at) return;
    const { rows, current } = at;
    const expanded = current.getAttribute('aria-expanded');
    const slug = current.dataset.slug ?? '';
    const linear = linearStep(e.key, at.index, rows.length);
    let i: number;
    if (linear !== undefined) i = linear;
    else if (e.key === 'ArrowRight') {
      if (expanded === 'false') {
        e.preventDefault();
        props.onFold(slug, false);
        return;
      }
      if (expanded !== 'true') return;
      i = Math.min(rows.length - 1, at.index + 1);
    } else if (e.key === 'ArrowLeft') {
      if (expanded === 'true') {
        e.preventDefault();
        props.onFold(slug, true);
        return;
      }
      const parent = current.dataset.parent;
      const parentIndex = parent ? rows.findIndex((r) => r.dataset.slug === parent) : -1;
      if (parentIndex < 0) return;
      i = parentIndex;
    } else return;
    e.preventDefault();
    focusRow(rows, i);
  };
  return (
    <ul class="rows tree" role="tree" aria-label={props.label} onKeyDown={onKeyDown}>
      {props.children}
    </ul>
  );
}
