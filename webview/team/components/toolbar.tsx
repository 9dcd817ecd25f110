import { AgentLayout, SORT_KEYS, SORT_LABELS, SortKey } from '../state';

/** The filter box, the sort order and the agents' layout (flat list or lineage tree). */
export function Toolbar(props: {
  filter: string;
  sort: SortKey;
  layout: AgentLayout;
  onFilter: (text: string) => void;
  onSort: (sort: SortKey) => void;
  onLayout: (layout: AgentLayout) => void;
}) {
  const tree = props.layout === 'tree';
  return (
    <div class="toolbar" role="search">
      <div class="filter">
        <span class="codicon codicon-filter" aria-hidden="true" />
        <input
          type="text"
          class="filter-input"
          placeholder="Filter"
          aria-label="Filter agents and projects"
          value={props.filter}
          spellcheck={false}
          onInput={(e) => props.onFilter((e.currentTarget as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && props.filter !== '') {
              e.preventDefault();
              props.onFilter('');
            }
          }}
        />
        {props.filter !== '' ? (
          <button type="button" class="icon-button clear-filter" title="Clear the filter" aria-label="Clear the filter" onClick={() => props.onFilter('')}>
            <span class="codicon codicon-close" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <label class="sort">
        <span class="codicon codicon-list-filter" aria-hidden="true" />
        <span class="visually-hidden">Sort agents by</span>
        <select class="sort-select" value={props.sort} onChange={(e) => props.onSort((e.currentTarget as HTMLSelectElement).value as SortKey)}>
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {SORT_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        class={`icon-button layout-toggle${tree ? ' on' : ''}`}
        title={tree ? 'Show the agents as a list' : 'Show the agents as a tree (who started whom)'}
        aria-label="Show the agents as a tree"
        aria-pressed={tree}
        onClick={() => props.onLayout(tree ? 'flat' : 'tree')}
      >
        <span class={`codicon codicon-${tree ? 'list-tree' : 'list-flat'}`} aria-hidden="true" />
      </button>
    </div>
  );
}
