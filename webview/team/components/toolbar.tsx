import { FilterBox } from '../../shared/filter-box';
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
      <FilterBox value={props.filter} placeholder="Filter" label="Filter agents and projects" clearLabel="Clear the filter" clearClass="clear-filter" onChange={props.onFilter} />
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
