/**
 * One agent's small row of columns, a column per day on the chart's shared scale (the
 * per-agent rows under a chart). A day with nothing is a flat mark, not a gap.
 */
export function MiniColumns(props: {
  /** The row's accessible summary. */
  label: string;
  values: readonly number[];
  /** The value a full-height column stands for (the same for every agent of a chart). */
  max: number;
  /** Whether day `i` has something (default: a value above 0). */
  has?: (i: number) => boolean;
  /** The column's tooltip. */
  title: (i: number) => string;
  /** The series class of the columns. */
  series: string;
}) {
  const { values, max } = props;
  const has = props.has ?? ((i: number) => values[i] > 0);
  const width = values.length * 10;
  return (
    <svg class="multiple-svg" viewBox={`0 0 ${width} 20`} preserveAspectRatio="none" role="img" aria-label={props.label}>
      <line class="axis" x1="0" x2={width} y1="19.5" y2="19.5" />
      {values.map((v, i) => {
        const h = Math.max(1, (v / max) * 18);
        return (
          <rect class={has(i) ? `bar ${props.series}` : 'bar-empty'} x={i * 10 + 1.5} width="7" y={has(i) ? 19 - h : 18.5} height={has(i) ? h : 1}>
            <title>{props.title(i)}</title>
          </rect>
        );
      })}
    </svg>
  );
}
