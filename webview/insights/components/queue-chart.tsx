import { Insights, QueuePoint } from '../../../src/views/insights/common/messages';
import { shortDate } from '../format';
import { ChartCard, ChartTable, LegendItem } from './chart-card';
import { ColumnGeometry, ColumnPlot } from './column-plot';
import { linearTicks } from './scale';

/**
 * The queue on each day at the time it is now: in progress at the bottom, ready stacked on top
 * where it is known (git snapshots, and today), as areas with lines and points.
 */
export function QueueChart(props: { insights: Insights }) {
  const { queue, days } = props.insights;
  const points = queue.points;
  const totals = points.map((p) => p.inProgress + (p.ready ?? 0));
  const ticks = linearTicks(Math.max(1, ...totals));
  const today = points[points.length - 1];
  const summary = `Queue at ${clock(props.insights.now)} on each of the last ${days.length} days: now ${today.ready ?? 0} ready and ${today.inProgress} in progress.${
    queue.readyHistory ? '' : ` Ready counts are unknown on ${queue.readyUnknownDays} of the past days.`
  }`;
  const table: ChartTable = {
    caption: summary,
    head: ['Day', 'Ready', 'In progress', 'Total'],
    rows: points.map((p) => [p.date, p.ready ?? 'unknown', p.inProgress, p.ready === null ? 'unknown' : p.ready + p.inProgress]),
  };
  return (
    <ChartCard
      id="queue"
      title="Queue length over time"
      subtitle={`Ready and in-progress tasks at ${clock(props.insights.now)} each day (today: now)`}
      table={table}
      footer={
        <div class="legend">
          <LegendItem series="series-progress" label="In progress" />
          <LegendItem series="series-ready" label={queue.readyHistory ? 'Ready' : 'Ready (where known)'} />
          <span class="muted">
            Now: {today.ready ?? 0} ready, {today.inProgress} in progress
          </span>
        </div>
      }
    >
      <ColumnPlot id="queue" label={summary} days={days} yTicks={ticks} yTitle="Tasks" xTitle={`Day, at ${clock(props.insights.now)}`} tipOf={(i) => tip(points[i])}>
        {(g, active) => (
          <g>
            <path class="area series-progress" d={area(g, points.map((p, i) => [i, 0, p.inProgress]))} />
            <path class="line series-progress" d={line(g, points.map((p, i) => [i, p.inProgress]))} />
            {runs(points).map((run) => (
              <g>
                <path class="area series-ready" d={area(g, run.map((i) => [i, points[i].inProgress, points[i].inProgress + points[i].ready!]))} />
                <path class="line series-ready" d={line(g, run.map((i) => [i, points[i].inProgress + points[i].ready!]))} />
              </g>
            ))}
            {points.map((p, i) => (
              <g class={i === active ? 'point-group active' : 'point-group'}>
                <circle class="point series-progress" cx={g.x(i)} cy={g.y(p.inProgress)} r={i === active ? 4 : 2.5} />
                {p.ready !== null && <circle class="point series-ready" cx={g.x(i)} cy={g.y(p.inProgress + p.ready)} r={i === active ? 4 : 2.5} />}
              </g>
            ))}
          </g>
        )}
      </ColumnPlot>
    </ChartCard>
  );
}

/** `HH:MM` of wall-clock minutes. */
function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function tip(p: QueuePoint): string {
  return p.ready === null
    ? `${shortDate(p.date)}: ${p.inProgress} in progress, ready unknown`
    : `${shortDate(p.date)}: ${p.ready} ready, ${p.inProgress} in progress (${p.ready + p.inProgress} in all)`;
}

/** Runs of consecutive days whose ready count is known. */
function runs(points: readonly QueuePoint[]): number[][] {
  const out: number[][] = [];
  let cur: number[] = [];
  points.forEach((p, i) => {
    if (p.ready === null) {
      if (cur.length) out.push(cur);
      cur = [];
    } else cur.push(i);
  });
  if (cur.length) out.push(cur);
  return out;
}

function line(g: ColumnGeometry, pts: ReadonlyArray<readonly [number, number]>): string {
  return pts.map(([i, v], k) => `${k === 0 ? 'M' : 'L'}${g.x(i).toFixed(1)},${g.y(v).toFixed(1)}`).join(' ');
}

/** The band between `lo` and `hi` (one day alone: a sliver around its point, so it still shows). */
function area(g: ColumnGeometry, pts: ReadonlyArray<readonly [number, number, number]>): string {
  if (pts.length === 0) return '';
  const xs = pts.length === 1 ? [g.x(pts[0][0]) - g.band * 0.2, g.x(pts[0][0]) + g.band * 0.2] : null;
  const top = xs ? xs.map((x) => [x, pts[0][2]] as const) : pts.map(([i, , hi]) => [g.x(i), hi] as const);
  const bottom = xs ? [...xs].reverse().map((x) => [x, pts[0][1]] as const) : [...pts].reverse().map(([i, lo]) => [g.x(i), lo] as const);
  return [...top, ...bottom].map(([x, v], k) => `${k === 0 ? 'M' : 'L'}${x.toFixed(1)},${g.y(v).toFixed(1)}`).join(' ') + ' Z';
}
