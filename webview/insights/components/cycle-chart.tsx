import { CycleStat, Insights } from '../../../src/views/insights/common/messages';
import { duration } from '../format';
import { plural } from '../../../src/base/words';
import { ChartCard, ChartTable, LegendItem } from './chart-card';
import { ROW_HEIGHT, RowPlot, RowSpec } from './row-plot';
import { Axis } from './axis';
import { durationTicks, LabelAnchor } from './scale';

/**
 * Cycle time (Completed − Started) of the tasks done in the window: per agent and for
 * the team, a bar to the median and a whisker on to the 90th percentile, with the
 * number of tasks each rests on.
 */
export function CycleChart(props: { insights: Insights }) {
  const { cycle, days } = props.insights;
  const entries: Array<{ key: string; name: string; stat: CycleStat; team: boolean }> = [
    { key: ':team', name: 'Team', stat: cycle.team, team: true },
    ...cycle.agents.filter((a) => a.stat.count > 0).map((a) => ({ key: a.slug, name: a.name, stat: a.stat, team: false })),
  ];
  const max = Math.max(1, ...entries.map((e) => e.stat.p90Minutes ?? 0));
  const ticks = durationTicks(max);
  const top = ticks[ticks.length - 1];
  const words = (s: CycleStat) => (s.count === 0 ? 'no tasks' : `median ${duration(s.medianMinutes!)} · p90 ${duration(s.p90Minutes!)} · ${plural(s.count, 'task')}`);
  const summary =
    cycle.team.count === 0
      ? `Cycle time over the last ${days.length} days: no done task with both Started and Completed.`
      : `Cycle time over the last ${days.length} days, Completed minus Started: team ${words(cycle.team)}.`;
  const rows: RowSpec[] = entries.map((e) => ({
    key: e.key,
    head: e.team ? <strong>{e.name}</strong> : <span title={e.key}>{e.name}</span>,
    value: e.stat.count === 0 ? 'no tasks' : `${duration(e.stat.medianMinutes!)} · p90 ${duration(e.stat.p90Minutes!)}`,
    label: `${e.name}: ${words(e.stat)}`,
    tip: `${e.name}: ${words(e.stat)}`,
    strong: e.team,
  }));
  const table: ChartTable = {
    caption: summary,
    head: ['Agent', 'Median', '90th percentile', 'Tasks'],
    rows: entries.map((e) => [e.name, e.stat.medianMinutes === null ? '—' : duration(e.stat.medianMinutes), e.stat.p90Minutes === null ? '—' : duration(e.stat.p90Minutes), e.stat.count]),
  };
  const agentsWithout = cycle.agents.filter((a) => a.stat.count === 0).map((a) => a.name);
  return (
    <ChartCard
      id="cycle"
      title="Cycle time"
      subtitle={`Completed − Started of the tasks done in the last ${days.length} days`}
      table={table}
      footer={<CycleLegend agentsWithout={agentsWithout} />}
    >
      <RowPlot
        id="cycle"
        label={summary}
        rows={rows}
        axisTitle="Cycle time"
        bar={(i, width) => <CycleBar stat={entries[i].stat} team={entries[i].team} top={top} width={width} />}
        axis={(width) => <DurationAxis ticks={ticks} width={width} />}
      />
    </ChartCard>
  );
}

function CycleLegend({ agentsWithout }: { agentsWithout: readonly string[] }) {
  return (
    <div class="legend">
      <LegendItem series="series-median" label="Median" />
      <span class="legend-item">
        <svg class="legend-swatch" width="16" height="12" aria-hidden="true">
          <line class="whisker" x1="1" x2="15" y1="6" y2="6" />
          <line class="whisker" x1="15" x2="15" y1="2" y2="10" />
        </svg>
        90th percentile
      </span>
      {agentsWithout.length > 0 && <span class="muted">No done tasks with both times: {agentsWithout.join(', ')}</span>}
    </div>
  );
}

/** A bar to the median and a whisker on to the 90th percentile; `top` is the axis' end. */
function CycleBar({ stat: s, team, top, width }: { stat: CycleStat; team: boolean; top: number; width: number }) {
  if (s.count === 0) return null;
  const x = (m: number) => (m / top) * (width - 8);
  const mid = ROW_HEIGHT / 2;
  return (
    <g>
      <rect class={`bar series-median${team ? ' team' : ''}`} x="0" y={mid - 6} width={Math.max(2, x(s.medianMinutes!))} height="12" />
      <line class="whisker" x1={x(s.medianMinutes!)} x2={x(s.p90Minutes!)} y1={mid} y2={mid} />
      <line class="whisker" x1={x(s.p90Minutes!)} x2={x(s.p90Minutes!)} y1={mid - 5} y2={mid + 5} />
    </g>
  );
}

/** The duration axis under the rows, its last tick at the right end. */
function DurationAxis({ ticks, width }: { ticks: readonly number[]; width: number }) {
  const top = ticks[ticks.length - 1];
  const labels = ticks.map((t, k) => ({
    x: (t / top) * (width - 8),
    text: t === 0 ? '0' : duration(t),
    anchor: (k === 0 ? 'start' : k === ticks.length - 1 ? 'end' : 'middle') as LabelAnchor,
  }));
  return <Axis labels={labels} length={width - 8} />;
}
