import { AgentTick, Liveness } from '../../../src/views/insights/common/messages';
import { LIVENESS_ICONS } from '../../shared/liveness-badge';
import { ago, duration } from '../format';
import { ChartCard, ChartTable } from './chart-card';
import { ROW_HEIGHT, RowPlot, RowSpec } from './row-plot';
import { Axis } from './axis';
import { LabelAnchor, logPosition, logTicks } from './scale';
import { LIVENESS_WORDS } from '../../../src/base/liveness-words';

const HINTS: Readonly<Record<Liveness, string>> = {
  alive: 'alive: ticked recently',
  idle: 'idle: no recent tick and no work waiting (normal)',
  waiting: `${LIVENESS_WORDS.waiting}: work dispatched less than a heartbeat ago`,
  down: 'down: no recent tick although it has work',
  inactive: 'inactive: the agent note says status: inactive',
};

/**
 * Time since each agent's last tick, on a log scale (a fresh tick and a week-old one
 * both stay readable), bars coloured by liveness with its icon and word, and a line
 * at the stale threshold.
 */
export function TickChart(props: { ticks: readonly AgentTick[]; staleAfterMinutes: number }) {
  const { ticks, staleAfterMinutes } = props;
  const max = Math.max(staleAfterMinutes * 2, 60, ...ticks.map((t) => t.tickAgeMinutes ?? 0));
  const marks = logTicks(max);
  const summary =
    ticks.length === 0
      ? 'Time since each agent’s last tick: no agents.'
      : `Time since each agent’s last tick (stale after ${duration(staleAfterMinutes)}): ${ticks.map((t) => `${t.name} ${ago(t.tickAgeMinutes)}, ${t.liveness}`).join('; ')}.`;
  const rows: RowSpec[] = ticks.map((t) => ({
    key: t.slug,
    head: (
      <span class={`liveness liveness-${t.liveness}`}>
        <span class={`codicon codicon-${LIVENESS_ICONS[t.liveness]}`} aria-hidden="true" />
        <span class="agent-name" title={t.slug}>
          {t.name}
        </span>
        <span class="liveness-word">{t.liveness}</span>
      </span>
    ),
    value: ago(t.tickAgeMinutes),
    label: `${t.name}, ${t.liveness}: ${ago(t.tickAgeMinutes)}`,
    tip: `${t.name}: ${t.lastTick ? `last tick ${t.lastTick.replace('T', ' ')}, ${ago(t.tickAgeMinutes)}` : 'no readable last-tick line'} · ${HINTS[t.liveness]}`,
  }));
  const table: ChartTable = {
    caption: summary,
    head: ['Agent', 'Liveness', 'Last tick', 'Time since'],
    rows: ticks.map((t) => [t.name, t.liveness, t.lastTick ?? 'never', ago(t.tickAgeMinutes)]),
  };
  const w = (width: number) => width - 8;
  return (
    <ChartCard id="ticks" title="Time since last tick" subtitle={`Per agent, log scale; the dashed line is the stale threshold (${duration(staleAfterMinutes)})`} table={table}>
      <RowPlot
        id="ticks"
        label={summary}
        rows={rows}
        axisTitle="Time since the last tick (log scale)"
        bar={(i, width) => {
          const t = ticks[i];
          const stale = logPosition(staleAfterMinutes, max) * w(width);
          const mid = ROW_HEIGHT / 2;
          return (
            <g>
              {t.tickAgeMinutes !== null && t.tickAgeMinutes >= 0 && (
                <rect class={`bar liveness-fill-${t.liveness}`} x="0" y={mid - 6} width={Math.max(3, logPosition(t.tickAgeMinutes, max) * w(width))} height="12" />
              )}
              {t.tickAgeMinutes === null && <line class="never" x1="0" x2={w(width)} y1={mid} y2={mid} />}
              <line class="threshold" x1={stale} x2={stale} y1="0" y2={ROW_HEIGHT} />
            </g>
          );
        }}
        axis={(width) => {
          const labels = marks.map((m, k) => ({
            x: logPosition(m, max) * w(width),
            text: m < 60 ? `${m} min` : m < 1440 ? `${m / 60} h` : `${m / 1440} d`,
            anchor: (k === 0 ? 'start' : 'middle') as LabelAnchor,
          }));
          return <Axis labels={labels} length={w(width)} />;
        }}
      />
    </ChartCard>
  );
}
