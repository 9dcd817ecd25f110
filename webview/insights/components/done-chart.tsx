import { Insights } from '../../../src/views/insights/common/messages';
import { shortDate } from '../format';
import { plural } from '../../../src/base/words';
import { ChartCard, ChartTable } from './chart-card';
import { ColumnPlot } from './column-plot';
import { MiniColumns } from './mini-columns';
import { linearTicks } from './scale';

/** Tasks done per day: the team's columns, and a small row of columns per agent (same scale). */
export function DoneChart(props: { insights: Insights; showAgents: boolean; onToggleAgents(): void }) {
  const { insights, showAgents } = props;
  const { days, done } = insights;
  const ticks = linearTicks(Math.max(1, ...done.team));
  const best = done.team.reduce((b, v, i) => (v > done.team[b] ? i : b), 0);
  const summary =
    done.total === 0
      ? `Tasks done per day over the last ${days.length} days: none.`
      : `Tasks done per day over the last ${days.length} days: ${done.total} in total, most on ${shortDate(days[best])} (${done.team[best]}).`;
  const active = done.agents.filter((a) => a.total > 0);
  const agentMax = Math.max(1, ...active.flatMap((a) => a.counts));
  const table: ChartTable = {
    caption: summary,
    head: ['Day', 'Team', ...done.agents.map((a) => a.name)],
    rows: days.map((d, i) => [d, done.team[i], ...done.agents.map((a) => a.counts[i])]),
  };
  return (
    <ChartCard id="done" title="Tasks done per day" subtitle={`Last ${days.length} days, by Completed · ${plural(done.total, 'task')}`} table={table}>
      <ColumnPlot
        id="done"
        label={summary}
        days={days}
        yTicks={ticks}
        yTitle="Tasks"
        xTitle="Day completed"
        tipOf={(i) => {
          const who = done.agents.filter((a) => a.counts[i] > 0).map((a) => `${a.name} ${a.counts[i]}`);
          return `${shortDate(days[i])}: ${plural(done.team[i], 'task')} done${who.length ? ` (${who.join(', ')})` : ''}`;
        }}
      >
        {(g, activeDay) =>
          done.team.map((v, i) =>
            v > 0 ? (
              <rect class={`bar series-done${i === activeDay ? ' active' : ''}`} x={g.x(i) - g.band * 0.34} width={g.band * 0.68} y={g.y(v)} height={g.bottom - g.y(v)} data-day={days[i]} data-value={v} />
            ) : null,
          )
        }
      </ColumnPlot>
      {done.agents.length > 0 && (
        <div class="multiples">
          <button class="link-button" type="button" aria-expanded={showAgents} onClick={props.onToggleAgents}>
            <span class={`codicon codicon-chevron-${showAgents ? 'down' : 'right'}`} aria-hidden="true" />
            Per agent
          </button>
          {showAgents && (
            <ul class="multiples-list" aria-label="Tasks done per day, per agent">
              {done.agents.map((a) => (
                <li class="multiple" data-agent={a.slug}>
                  <span class="multiple-name" title={a.slug}>
                    {a.name}
                  </span>
                  <MiniColumns
                    label={`${a.name}: ${plural(a.total, 'task')} done`}
                    values={a.counts}
                    max={agentMax}
                    series="series-done"
                    title={(i) => `${a.name}, ${shortDate(days[i])}: ${plural(a.counts[i], 'task')}`}
                  />
                  <span class="multiple-total">{a.total}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </ChartCard>
  );
}
