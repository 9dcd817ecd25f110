import { TeamViewState } from '../../../src/views/team/common/messages';
import { TeamActions } from '../actions';
import { plural } from '../../../src/base/words';
import { LIVENESS_WORDS } from '../../../src/base/liveness-words';

/** The team's name and the counts that matter: agents, who is down, ready work, problems. */
export function TeamHeader(props: { state: TeamViewState; actions: TeamActions }) {
  const { state, actions } = props;
  const s = state.summary;
  return (
    <header class="team-header">
      <div class="team-title" title={state.team ? `${state.team.path} (${state.team.source})` : undefined}>
        <span class="codicon codicon-organization" aria-hidden="true" />
        <span class="team-name">{state.team?.name ?? 'Team'}</span>
        {state.multipleTeams ? (
          <button type="button" class="icon-button" title="Select another team folder" aria-label="Select another team folder" onClick={actions.selectTeamFolder}>
            <span class="codicon codicon-folder-opened" aria-hidden="true" />
          </button>
        ) : null}
        {!state.trusted ? (
          <span class="tag restricted-tag" title="Restricted Mode: the dashboard only reads until the workspace is trusted">
            <span class="codicon codicon-shield" aria-hidden="true" />
            read-only
          </span>
        ) : null}
      </div>
      <div class="summary" aria-label="Team summary">
        <span class="summary-item">{plural(s.agents, 'agent')}</span>
        {s.down > 0 ? (
          <span class="summary-item liveness-down">
            <span class="codicon codicon-error" aria-hidden="true" />
            {s.down} down
          </span>
        ) : null}
        {s.waiting > 0 ? (
          <span class="summary-item liveness-waiting" title="Work dispatched less than one heartbeat ago that the agent has not picked up yet">
            <span class="codicon codicon-watch" aria-hidden="true" />
            {s.waiting} {LIVENESS_WORDS.waiting}
          </span>
        ) : null}
        <span class="summary-item liveness-alive">
          <span class="codicon codicon-pass-filled" aria-hidden="true" />
          {s.alive} alive
        </span>
        <span class="summary-item">{s.inProgress} in progress</span>
        <span class="summary-item">{s.ready} ready</span>
        {state.problems > 0 ? (
          <button type="button" class="summary-item link-button" title="Show the Problems panel" onClick={actions.showProblems}>
            <span class="codicon codicon-warning" aria-hidden="true" />
            {plural(state.problems, 'problem')}
          </button>
        ) : null}
      </div>
    </header>
  );
}
