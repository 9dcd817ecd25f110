import { ComponentChildren } from 'preact';

/** A chart's text alternative: a table screen readers read (visually hidden). */
export interface ChartTable {
  readonly caption: string;
  readonly head: readonly string[];
  readonly rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

/** A chart's frame: title, a line on what it shows, the chart, its table, and notes under it. */
export function ChartCard(props: { id: string; title: string; subtitle: string; table: ChartTable; children: ComponentChildren; footer?: ComponentChildren }) {
  const { id, title, subtitle, table } = props;
  return (
    <section class="chart-card" aria-labelledby={`${id}-title`} data-chart={id}>
      <h2 id={`${id}-title`} class="chart-title">
        {title}
      </h2>
      <p class="chart-subtitle">{subtitle}</p>
      {props.children}
      {props.footer}
      {/* The box is what is hidden: a table is never narrower than its content, so a
          1-px table with long rows would still widen the page it is clipped in. */}
      <div class="visually-hidden">
        <table data-table={id}>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.head.map((h) => (
                <th scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr>
                {row.map((cell, i) => (i === 0 ? <th scope="row">{cell}</th> : <td>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The tooltip of a chart: a polite live region, so keyboard users hear what sighted users read. */
export function Tooltip(props: { text: string | null; left: number; top: number; id: string }) {
  return (
    <div id={props.id} class={`tooltip${props.text ? ' visible' : ''}`} role="status" aria-live="polite" style={{ left: `${props.left}px`, top: `${props.top}px` }}>
      {props.text ?? ''}
    </div>
  );
}

/** A legend entry: a swatch of the series' class and its name. */
export function LegendItem(props: { series: string; label: string }) {
  return (
    <span class="legend-item">
      <svg class="legend-swatch" width="12" height="12" aria-hidden="true">
        <rect class={`swatch ${props.series}`} x="0.5" y="0.5" width="11" height="11" />
      </svg>
      {props.label}
    </span>
  );
}
