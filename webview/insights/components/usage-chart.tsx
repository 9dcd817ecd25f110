import { Insights, UsageDays } from '../../../src/views/insights/common/messages';
import { costText, tokensText } from '../../shared/format';
import { shortDate } from '../format';
import { ChartCard, ChartTable } from './chart-card';
import { ColumnPlot } from './column-plot';
import { MiniColumns } from './mini-columns';
import { linearTicks } from './scale';

/** "$0.25" on the cost axis: cents at most, no float noise from the tick steps. */
function dollars(t: number): string {
  const cents = Math.round(t * 100);
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/**
 * Estimated cost per day for the team (columns, tokens in the tooltip), and per agent
 * its cost over the days as a small row of columns with its totals. From the agents'
 * session logs the dashboard read: the sessions it saw, not every session ever run.
 */
export function UsageChart(props: { insights: Insights; usage: UsageDays }) {
  const { days } = props.insights;
  const u = props.usage;
  const ticks = linearTicks(Math.max(0.01, ...u.team.cost), 4, 0.01);
  const summary =
    u.totalTokens === 0
      ? `Tokens and cost per day over the last ${days.length} days: no model requests in the session logs read.`
      : `Tokens and cost per day over the last ${days.length} days: ${tokensText(u.totalTokens)}, about ${costText(u.totalCost)}${u.unpriced.length ? ' (some tokens without a price)' : ''}.`;
  const agentMax = Math.max(0.0001, ...u.agents.flatMap((a) => a.cost));
  const table: ChartTable = {
    caption: summary,
    head: ['Day', 'Team tokens', 'Team cost (USD)', ...u.agents.map((a) => `${a.name} (USD)`)],
    rows: days.map((d, i) => [d, Math.round(u.team.tokens[i]), u.team.cost[i].toFixed(2), ...u.agents.map((a) => a.cost[i].toFixed(2))]),
  };
  return (
    <ChartCard id="usage" title="Tokens and cost per day" subtitle={`Last ${days.length} days, from the agents' session logs · ${tokensText(u.totalTokens)} · ${costText(u.totalCost)}`} table={table}>
      {u.totalTokens === 0 ? (
        <p class="muted empty-chart">No model requests yet. Agents started from the dashboard (or whose state hooks report their session) show their tokens here.</p>
      ) : (
        <>
          <ColumnPlot
            id="usage"
            label={summary}
            days={days}
            yTicks={ticks}
            tickLabel={dollars}
            yTitle="USD"
            xTitle="Day"
            tipOf={(i) => {
              const who = u.agents.filter((a) => a.tokens[i] > 0).map((a) => `${a.name} ${costText(a.cost[i])}`);
              return `${shortDate(days[i])}: ${tokensText(u.team.tokens[i])}, ${costText(u.team.cost[i])}${who.length ? ` (${who.join(', ')})` : ''}`;
            }}
          >
            {(g, activeDay) =>
              u.team.cost.map((v, i) =>
                u.team.tokens[i] > 0 ? (
                  <rect
                    class={`bar series-cost${i === activeDay ? ' active' : ''}`}
                    x={g.x(i) - g.band * 0.34}
                    width={g.band * 0.68}
                    y={Math.min(g.y(v), g.bottom - 1)}
                    height={Math.max(1, g.bottom - g.y(v))}
                    data-day={days[i]}
                    data-value={v}
                  />
                ) : null,
              )
            }
          </ColumnPlot>
          <ul class="multiples-list usage-agents" aria-label="Tokens and cost per agent">
            {u.agents.map((a) => (
              <li class="multiple usage-agent" data-agent={a.slug}>
                <span class="multiple-name" title={a.name}>
                  {a.name}
                </span>
                <MiniColumns
                  label={`${a.name}: ${tokensText(a.totalTokens)}, about ${costText(a.totalCost)}`}
                  values={a.cost}
                  max={agentMax}
                  has={(i) => a.tokens[i] > 0}
                  series="series-cost"
                  title={(i) => `${a.name}, ${shortDate(days[i])}: ${tokensText(a.tokens[i])}, ${costText(a.cost[i])}`}
                />
                <span class="multiple-total usage-total" title={tokensText(a.totalTokens)}>
                  {costText(a.totalCost)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ChartCard>
  );
}
