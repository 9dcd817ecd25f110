import { FilterBox } from '../../shared/filter-box';
import { BoardFilter } from '../../../src/views/board/common/filter';
import { BoardAgent } from '../../../src/views/board/common/messages';

/** Filter by text, agent and project; fold or unfold every lane. */
type ToolbarProps = {
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
};

export function Toolbar(props: ToolbarProps) {
  const { filter } = props;
  const set = props.onFilter;
  return (
    <div class="toolbar" role="search" aria-label="Filter the board">
      <FilterBox value={filter.text} placeholder="Filter tasks" label="Filter tasks by text" clearLabel="Clear the text filter" onChange={(text) => set({ text })} />
      <SelectFilter icon="account" label="Agent" all="All agents" value={filter.agent} options={props.agents.map((a) => [a.slug, a.name] as const)} onPick={(agent) => set({ agent })} />
      <SelectFilter icon="project" label="Project" all="All projects" value={filter.project} options={props.projects.map((p) => [p, p] as const)} onPick={(project) => set({ project })} />
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

/** A drop-down filter: "All …" (null) or one of `options` ([value, label]). */
function SelectFilter(props: { icon: string; label: string; all: string; value: string | null; options: ReadonlyArray<readonly [string, string]>; onPick: (value: string | null) => void }) {
  return (
    <label class="select">
      <span class={`codicon codicon-${props.icon}`} aria-hidden="true" />
      <span class="visually-hidden">{props.label}</span>
      <select value={props.value ?? ''} onChange={(e) => props.onPick((e.currentTarget as HTMLSelectElement).value || null)}>
        <option value="">{props.all}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
