import { BoardHeader } from '../../../src/views/board/common/messages';

/** The board before the first snapshot. */
export function BoardLoading() {
  return (
    <main class="board-app">
      <p class="loading" role="status">
        <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> Loading the board…
      </p>
    </main>
  );
}

/** The board while the team folder is read, or when there is none. */
export function BoardNoTeam(props: { header: BoardHeader; onOpenTeamView: () => void }) {
  const { header } = props;
  return (
    <main class="board-app">
      <div class="empty" role="status">
        <span class="codicon codicon-github-project empty-icon" aria-hidden="true" />
        {header.status === 'loading' ? (
          <p class="empty-title">Reading the team folder…</p>
        ) : (
          <>
            <p class="empty-title">No team folder</p>
            {header.message ? <p>{header.message}</p> : null}
            <p>Select or create a team folder from the Cortex Team view.</p>
            <button type="button" class="button" onClick={props.onOpenTeamView}>
              <span class="codicon codicon-organization" aria-hidden="true" />
              <span>Open the Team View</span>
            </button>
          </>
        )}
      </div>
    </main>
  );
}

/** No lanes to show: no agents yet, or none matching the filter. */
export function NoLanes(props: { noAgents: boolean; onClearFilter: () => void }) {
  return props.noAgents ? (
    <div class="empty" role="status">
      <span class="codicon codicon-person-add empty-icon" aria-hidden="true" />
      <p class="empty-title">No agents yet</p>
      <p>Agents live in agents/&lt;slug&gt;/ with a note and a tasks.md; register one from the Cortex Team view.</p>
    </div>
  ) : (
    <div class="empty" role="status">
      <p class="empty-title">Nothing matches the filter.</p>
      <button type="button" class="button secondary" onClick={props.onClearFilter}>
        Clear the Filter
      </button>
    </div>
  );
}
