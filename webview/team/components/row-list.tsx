import { ComponentChildren } from 'preact';
import { focusRow, linearStep, rowsOf } from './roving-rows';

/**
 * A list of rows moved through with the arrow keys (Home/End too); Tab enters and
 * leaves the list at the selected row. Rows are `li[data-row]` with a roving tabindex.
 */
export function RowList(props: { label: string; children: ComponentChildren }) {
  const onKeyDown = (e: KeyboardEvent) => {
    const at = rowsOf(e);
    if (!at) return;
    const i = linearStep(e.key, at.index, at.rows.length);
    if (i === undefined) return;
    e.preventDefault();
    focusRow(at.rows, i);
  };
  return (
    <ul class="rows" role="list" aria-label={props.label} onKeyDown={onKeyDown}>
      {props.children}
    </ul>
  );
}
