import { PageHeader } from '../../shared/page-header';
import { useEffect, useState } from 'preact/hooks';
import { InsightsState } from '../../../src/views/insights/common/messages';
import { InsightsActions } from '../actions';
import { InsightsClient } from '../client';
import { CycleChart } from './cycle-chart';
import { DoneChart } from './done-chart';
import { QueueChart } from './queue-chart';
import { TickChart } from './tick-chart';
import { UsageChart } from './usage-chart';

const HISTORY_WORDS: Readonly<Record<InsightsState['history']['status'], { icon: string; text: string }>> = {
  reading: { icon: 'loading codicon-modifier-spin', text: 'Reading git history…' },
  read: { icon: 'git-commit', text: 'Files and git history' },
  notRepository: { icon: 'info', text: 'Files only (not a git repository)' },
  unavailable: { icon: 'warning', text: 'Files only (git history unavailable)' },
  notLocal: { icon: 'info', text: 'Files only (remote folder)' },
};

/** The page: a header with where the figures come from and Refresh, notes, four charts. */
export function InsightsApp(props: { client: InsightsClient; actions: InsightsActions }) {
  const { client, actions } = props;
  const [state, setState] = useState<InsightsState | undefined>(client.state);
  const [ui, setUi] = useState(() => actions.loadUiState());
  useEffect(() => client.subscribe(() => setState(client.state)), [client]);

  if (!state) {
    return (
      <main class="insights" aria-busy="true">
        <p class="muted">Loading team insights…</p>
      </main>
    );
  }
  const { insights, history } = state;
  const source = HISTORY_WORDS[history.status];
  const toggleAgents = () => {
    const next = { ...ui, showAgents: !ui.showAgents };
    setUi(next);
    actions.saveUiState(next);
  };
  return (
    <main class="insights" aria-busy={state.status === 'loading'}>
      <PageHeader icon="graph" title="Team Insights" team={state.team} class="insights-header">
        <span class="source" data-history={history.status}>
          <span class={`codicon codicon-${source.icon}`} aria-hidden="true" />
          {source.text}
        </span>
        <button class="button secondary" type="button" onClick={() => actions.refresh()} disabled={history.status === 'reading' || state.status !== 'ready'} title="Read the git history again">
          <span class="codicon codicon-refresh" aria-hidden="true" />
          Refresh
        </button>
      </PageHeader>
      {state.status === 'noTeam' && <p class="message">{state.message ?? 'No team folder is open. Select or create one from the Team view.'}</p>}
      {state.status === 'loading' && <p class="muted">Reading the team folder…</p>}
      {state.status === 'ready' && state.message && <p class="message">{state.message}</p>}
      {state.notes.length > 0 && (
        <ul class="notes" aria-label="About these figures">
          {state.notes.map((n) => (
            <li>
              <span class="codicon codicon-info" aria-hidden="true" />
              {n}
            </li>
          ))}
        </ul>
      )}
      {insights && (
        <div class="charts">
          <DoneChart insights={insights} showAgents={ui.showAgents} onToggleAgents={toggleAgents} />
          <QueueChart insights={insights} />
          <CycleChart insights={insights} />
          <TickChart ticks={insights.ticks} staleAfterMinutes={state.staleAfterMinutes} />
          {state.usage ? <UsageChart insights={insights} usage={state.usage} /> : null}
        </div>
      )}
    </main>
  );
}
