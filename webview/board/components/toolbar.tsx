import { BoardFilter } from '../../../src/views/board/common/filter';
import { BoardAgent } from '../../../src/views/board/common/messages';

/** Filter by text, agent and project; fold or unfold every lane. */
export function Toolbar(props: {
  filter: BoardFilter;
  agents: readonly BoardAgent[];
  projects: readonly string[];
  summary: string;
  trusted: boolean;
  /** Done tasks without a review. */
  toReview: number;
  /** Some lane is folded: the button unfolds them all (else it folds them all). */
  someFolded: boolean;
  /** Changes some of the filters (the others keep their current values). */
  onFilter: (patch: Partial<BoardFilter>) => void;
  onCollapseAll: (collapse: boolean) => void;
}) {
  const { filter } = props;
  const set = props.onFilter;
  return (
    <div class="toolbar" role="search" aria-label="Filter the board">
      <div class="filter">
        <span class="codicon codicon-filter" aria-hidden="true" />
        <input
          type="text"
          class="filter-input"
          placeholder="Filter tasks"
          aria-label="Filter tasks by text"
          value={filter.text}
          spellcheck={false}
          onInput={(e) => set({ text: (e.currentTarget as HTMLInputElement).value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && filter.text !== '') {
              e.preventDefault();
              set({ text: '' });
            }
          }}
        />
        {filter.text !== '' ? (
          <button type="button" class="icon-button" title="Clear the text filter" aria-label="Clear the text filter" onClick={() => set({ text: '' })}>
            <span class="codicon codicon-close" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <label class="select">
        <span class="codicon codicon-account" aria-hidden="true" />
        <span class="visually-hidden">Agent</span>
        <select value={filter.agent ?? ''} onChange={(e) => set({ agent: (e.currentTarget as HTMLSelectElement).value || null })}>
          <option value="">All agents</option>
          {props.agents.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label class="select">
        <span class="codicon codicon-project" aria-hidden="true" />
        <span class="visually-hidden">Project</span>
        <select value={filter.project ?? ''} onChange={(e) => set({ project: (e.currentTarget as HTMLSelectElement).value || null })}>
          <option value="">All projects</option>
          {props.projects.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        class={`toggle-button${filter.review ? ' on' : ''}`}
        aria-pressed={filter.review}
        title={filter.review ? 'Show every task again' : 'Show only the done tasks no one has reviewed yet'}
        onClick={() => set({ review: !filter.review })}
      >
        <span class="codicon codicon-checklist" aria-hidden="true" />
        <span>To review</span>
        <span class="toggle-count">{props.toReview}</span>
      </button>
      <span class="toolbar-summary" aria-live="off">
        {props.summary}
      </span>
      {!props.trusted ? (
        <span class="tag restricted-tag" title="Restricted Mode: the board only reads until the workspace is trusted">
          <span class="codicon codicon-shield" aria-hidden="true" />
          read-only
        </span>
      ) : null}
      <button
        type="button"
        class="icon-button"
        title={props.someFolded ? 'Unfold every lane' : 'Fold every lane'}
        aria-label={props.someFolded ? 'Unfold every lane' : 'Fold every lane'}
        onClick={() => props.onCollapseAll(!props.someFolded)}
      >
        <span class={`codicon codicon-${props.someFolded ? 'expand-all' : 'collapse-all'}`} aria-hidden="true" />
      </button>
    </div>
  );
}
