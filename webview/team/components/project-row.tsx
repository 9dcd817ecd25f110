import { ProjectView } from '../../../src/views/team/common/messages';
import { TeamActions } from '../actions';
import { RowProps } from './agent-row';

/** One project: status, Next Action, its first note, the agents on it. Click or Enter opens the note. */
export function ProjectRow(props: RowProps & { project: ProjectView; actions: TeamActions }) {
  const { project: p, actions } = props;
  const open = () => {
    props.onSelect();
    actions.openProject(p.slug);
  };
  return (
    <li
      class={`row project${props.selected ? ' selected' : ''}`}
      data-row={`project:${p.slug}`}
      data-vscode-context={JSON.stringify({ webviewSection: 'project', projectSlug: p.slug, preventDefaultContextMenuItems: true })}
      tabIndex={props.tabStop ? 0 : -1}
      aria-label={`Project ${p.slug}${p.status ? `, ${p.status}` : ''}`}
      aria-current={props.selected ? 'true' : undefined}
      onClick={open}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          open();
        }
      }}
    >
      <div class="row-head">
        <span class="codicon codicon-project" aria-hidden="true" />
        <span class="project-name">{p.slug}</span>
        <span class="spacer" />
        {p.status ? <span class={`tag status-tag status-${statusClass(p.status)}`} title={p.status}>
            {p.status}
          </span> : null}
      </div>
      <div class="row-line next-action">
        <span class="codicon codicon-arrow-small-right" aria-hidden="true" title="Next Action" />
        {p.nextAction ? <span>{p.nextAction}</span> : <span class="muted">no next action</span>}
      </div>
      {p.notes.length > 0 ? (
        <div class="row-line project-notes" title={`Notes:\n${p.notes.map((n) => `- ${n}`).join('\n')}`}>
          <span class="codicon codicon-note" aria-hidden="true" />
          <span class="note-text">{p.notes[0]}</span>
          {p.notes.length > 1 ? <span class="muted more">+{p.notes.length - 1} more</span> : null}
        </div>
      ) : null}
      <div class="row-line project-agents">
        <span class="codicon codicon-person" aria-hidden="true" title="Agents on this project" />
        {p.agents.length === 0 ? (
          <span class="muted">no agent lists this project</span>
        ) : (
          <span class="agent-names">
            {p.agents.map((a, i) => (
              <span key={a.slug} class="agent-name-item">
                <button
                  type="button"
                  class="task-link"
                  tabIndex={props.tabStop ? 0 : -1}
                  title={`Open ${a.name}'s agent note`}
                  onClick={(e) => {
                    e.stopPropagation();
                    actions.openAgent(a.slug);
                  }}
                >
                  {a.name}
                </button>
                {i < p.agents.length - 1 ? ',' : null}
              </span>
            ))}
          </span>
        )}
      </div>
    </li>
  );
}

function statusClass(status: string): string {
  const s = status.toLowerCase();
  if (s === 'active') return 'active';
  if (s === 'done' || s === 'complete' || s === 'completed' || s === 'archived') return 'done';
  if (s === 'blocked' || s === 'paused' || s === 'on-hold') return 'blocked';
  return 'other';
}
