import { ComponentChildren } from 'preact';
import { dayLabel } from '../format';
import { useActivePoint, useWidth } from './hooks';
import { Tooltip } from './chart-card';

export interface ColumnGeometry {
  /** Centre of day `i`'s band. */
  x(i: number): number;
  readonly band: number;
  /** Pixel y of a value. */
  y(v: number): number;
  readonly top: number;
  readonly bottom: number;
}

const MARGIN = { left: 36, right: 10, top: 10, bottom: 40 };

/**
 * A chart with one column per day: y axis with gridlines, day labels, axis titles, and
 * a tooltip for the day under the mouse or chosen with ←/→ (the plot is one tab stop).
 * The series are drawn by `children`.
 */
export function ColumnPlot(props: {
  id: string;
  /** The plot's accessible summary. */
  label: string;
  days: readonly string[];
  yTicks: readonly number[];
  yTitle: string;
  xTitle: string;
  height?: number;
  tipOf(i: number): string;
  children(g: ColumnGeometry, active: number | null): ComponentChildren;
}) {
  const { id, days, yTicks } = props;
  const [ref, width] = useWidth<HTMLDivElement>(480);
  const height = props.height ?? 200;
  const n = days.length;
  const { active, setActive, onKeyDown } = useActivePoint(n, { prev: 'ArrowLeft', next: 'ArrowRight' });
  const top = MARGIN.top;
  const bottom = height - MARGIN.bottom;
  const left = MARGIN.left;
  const right = Math.max(left + n, width - MARGIN.right);
  const band = (right - left) / Math.max(1, n);
  const yMax = yTicks[yTicks.length - 1] || 1;
  const g: ColumnGeometry = {
    x: (i) => left + band * (i + 0.5),
    band,
    y: (v) => bottom - (Math.max(0, v) / yMax) * (bottom - top),
    top,
    bottom,
  };
  const tipId = `${id}-tip`;
  return (
    <div class="plot" ref={ref} onMouseLeave={() => setActive(null)}>
      <svg
        class="plot-svg"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        tabIndex={0}
        role="img"
        aria-label={props.label}
        aria-describedby={tipId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        data-plot={id}
      >
        <YGrid ticks={yTicks} g={g} left={left} right={right} />
        {active !== null && <rect class="hover-band" x={left + band * active} y={top} width={band} height={bottom - top} />}
        {props.children(g, active)}
        <line class="axis" x1={left} x2={right} y1={bottom} y2={bottom} />
        <DayLabels days={days} g={g} active={active} />
        <text class="axis-title" x={(left + right) / 2} y={height - 6} text-anchor="middle">
          {props.xTitle}
        </text>
        <text class="axis-title" transform={`translate(11 ${(top + bottom) / 2}) rotate(-90)`} text-anchor="middle">
          {props.yTitle}
        </text>
        {days.map((_, i) => (
          <rect class="hit" x={left + band * i} y={top} width={band} height={bottom - top} onMouseEnter={() => setActive(i)} data-day={i} />
        ))}
      </svg>
      <Tooltip id={tipId} text={active === null ? null : props.tipOf(active)} left={Math.min(Math.max(g.x(active ?? 0), 70), width - 70)} top={top} />
    </div>
  );
}

/** Horizontal gridlines with their values on the left. */
function YGrid({ ticks, g, left, right }: { ticks: readonly number[]; g: ColumnGeometry; left: number; right: number }) {
  return (
    <g class="grid">
      {ticks.map((t) => (
        <g>
          <line class="gridline" x1={left} x2={right} y1={g.y(t)} y2={g.y(t)} />
          <text class="tick-label" x={left - 6} y={g.y(t)} text-anchor="end" dominant-baseline="middle">
            {t}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The day under each column; every other day when the columns are narrow, always the last. */
function DayLabels({ days, g, active }: { days: readonly string[]; g: ColumnGeometry; active: number | null }) {
  const n = days.length;
  const labelEvery = g.band < 26 ? 2 : 1;
  return (
    <>
      {days.map((_, i) =>
        i % labelEvery === (n - 1) % labelEvery ? (
          <text class={`tick-label${i === active ? ' active' : ''}`} x={g.x(i)} y={g.bottom + 14} text-anchor="middle">
            {dayLabel(days, i)}
          </text>
        ) : null,
      )}
    </>
  );
}
