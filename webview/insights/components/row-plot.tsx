import { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { Tooltip } from './chart-card';
import { useActivePoint, useWidth } from './hooks';

export const ROW_HEIGHT = 22;

export interface RowSpec {
  readonly key: string;
  /** The row's label (HTML: may carry an icon). */
  readonly head: ComponentChildren;
  /** The value as words, right of the bar. */
  readonly value: string;
  /** The whole row for assistive technology. */
  readonly label: string;
  readonly tip: string;
  readonly strong?: boolean;
}

/**
 * A chart with one row per agent: label, a bar drawn by `bar` into the bar column
 * (width given), the value in words; an axis under the bars. Rows are one tab stop
 * (↑/↓, Home, End move between them) and show a tooltip on hover and focus.
 */
export function RowPlot(props: {
  id: string;
  label: string;
  rows: readonly RowSpec[];
  bar(index: number, width: number): ComponentChildren;
  axis(width: number): ComponentChildren;
  axisTitle: string;
}) {
  const { id, rows } = props;
  const [ref, width] = useWidth<HTMLDivElement>(300);
  const list = useRef<HTMLDivElement>(null);
  const { active, setActive, onKeyDown } = useActivePoint(rows.length, { prev: 'ArrowUp', next: 'ArrowDown' });
  const tipId = `${id}-tip`;
  const barWidth = Math.max(40, width);
  return (
    <div class="row-plot" onMouseLeave={() => setActive(null)}>
      <div
        class="rows"
        ref={list}
        role="listbox"
        aria-label={props.label}
        aria-describedby={tipId}
        aria-activedescendant={active === null ? undefined : `${id}-row-${active}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        data-plot={id}
      >
        {rows.map((r, i) => (
          <div
            id={`${id}-row-${i}`}
            class={`row${i === active ? ' active' : ''}${r.strong ? ' strong' : ''}`}
            role="option"
            aria-selected={i === active}
            aria-label={r.label}
            onMouseEnter={() => setActive(i)}
            data-row={r.key}
          >
            <span class="row-head">{r.head}</span>
            <svg class="row-bar" width={barWidth} height={ROW_HEIGHT} aria-hidden="true">
              {props.bar(i, barWidth)}
            </svg>
            <span class="row-value">{r.value}</span>
          </div>
        ))}
        <div class="row axis-row" aria-hidden="true">
          <span class="row-head" />
          <div class="row-axis" ref={ref}>
            <svg width={barWidth} height={34}>
              {props.axis(barWidth)}
              <text class="axis-title" x={barWidth / 2} y={31} text-anchor="middle">
                {props.axisTitle}
              </text>
            </svg>
          </div>
          <span class="row-value" />
        </div>
      </div>
      <Tooltip id={tipId} text={active === null ? null : rows[active].tip} left={150} top={(active ?? 0) * (ROW_HEIGHT + 4) + ROW_HEIGHT + 6} />
    </div>
  );
}
