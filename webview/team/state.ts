import { AgentView, Liveness, ProjectView } from '../../src/views/team/common/messages';
import { TreeRow, treeRows } from './tree';

/**
 * UI state: what the user chose in the view (sort, filter, folded sections, the
 * selected row). Kept with `setState` so it survives the view being hidden; never
 * any team data, which the host always sends afresh.
 */
export type SortKey = 'liveness' | 'name' | 'ready';
export const SORT_KEYS: readonly SortKey[] = ['liveness', 'name', 'ready'];
export const SORT_LABELS: Readonly<Record<SortKey, string>> = {
  liveness: 'Liveness',
  name: 'Name',
  ready: 'Ready tasks',
};

export type SectionId = 'agents' | 'projects';

/** The agents as a flat list, or as their lineage tree. */
export type AgentLayout = 'flat' | 'tree';

export interface UiState {
  readonly sort: SortKey;
  readonly filter: string;
  readonly collapsed: Readonly<Record<SectionId, boolean>>;
  /** `agent:<slug>` or `project:<slug>`. */
  readonly selected: string | null;
  /** Where the view was scrolled to, restored when it is shown again. */
  readonly scrollTop: number;
  readonly layout: AgentLayout;
  /** Agents whose children are folded away in the tree. */
  readonly folded: readonly string[];
}

export const DEFAULT_UI_STATE: UiState = {
  sort: 'liveness',
  filter: '',
  collapsed: { agents: false, projects: false },
  selected: null,
  scrollTop: 0,
  layout: 'flat',
  folded: [],
};

/** Reads a saved UI state, keeping what is valid (an older page may have saved something else). */
export function readUiState(raw: unknown): UiState {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_UI_STATE;
  const r = raw as Record<string, unknown>;
  const collapsed = typeof r.collapsed === 'object' && r.collapsed !== null ? (r.collapsed as Record<string, unknown>) : {};
  return {
    sort: SORT_KEYS.includes(r.sort as SortKey) ? (r.sort as SortKey) : DEFAULT_UI_STATE.sort,
    filter: typeof r.filter === 'string' ? r.filter.slice(0, 200) : '',
    collapsed: { agents: collapsed.agents === true, projects: collapsed.projects === true },
    selected: typeof r.selected === 'string' && /^(agent|project):/.test(r.selected) ? r.selected : null,
    scrollTop: typeof r.scrollTop === 'number' && Number.isFinite(r.scrollTop) && r.scrollTop > 0 ? r.scrollTop : 0,
    layout: r.layout === 'tree' ? 'tree' : 'flat',
    folded: Array.isArray(r.folded) ? r.folded.filter((s): s is string => typeof s === 'string').slice(0, 1000) : [],
  };
}

/** Needing attention first: down, then waiting for pickup, alive, idle, inactive. */
const LIVENESS_RANK: Readonly<Record<Liveness, number>> = { down: 0, waiting: 1, alive: 2, idle: 3, inactive: 4 };

function byName(a: AgentView, b: AgentView): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

const COMPARE: Readonly<Record<SortKey, (a: AgentView, b: AgentView) => number>> = {
  name: byName,
  liveness: (a, b) => LIVENESS_RANK[a.liveness] - LIVENESS_RANK[b.liveness] || byName(a, b),
  ready: (a, b) => b.readyCount - a.readyCount || byName(a, b),
};

/** The words a filter matches for an agent. */
function agentText(a: AgentView): string {
  return [a.name, a.slug, a.role, a.liveness, a.current?.title, a.next?.title, a.shuttle?.current?.title, a.sessionStatus, ...a.projects, a.coordinator ? 'coordinator chief of staff' : '']
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

function projectText(p: ProjectView): string {
  return [p.slug, p.status, p.nextAction, ...p.agents.map((a) => a.name)].filter(Boolean).join('\n').toLowerCase();
}

/** Every word of the filter must appear (any case). */
export function matches(text: string, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => text.includes(w));
}

/** The agents to show, filtered and sorted; the coordinator stays on top. */
export function visibleAgents(agents: readonly AgentView[], sort: SortKey, filter: string): AgentView[] {
  const shown = filter.trim() ? agents.filter((a) => matches(agentText(a), filter)) : agents.slice();
  return shown.sort((a, b) => Number(b.coordinator) - Number(a.coordinator) || COMPARE[sort](a, b));
}

/**
 * The agents as tree rows: siblings sorted like the flat list (the coordinator first),
 * filtered to the matches plus their ancestors, folded subtrees left out.
 */
export function visibleTree(agents: readonly AgentView[], sort: SortKey, filter: string, folded: readonly string[]): { rows: TreeRow[]; matches: number } {
  const sorted = visibleAgents(agents, sort, '');
  if (!filter.trim()) return { rows: treeRows(sorted, new Set(folded)), matches: agents.length };
  const matched = new Set(agents.filter((a) => matches(agentText(a), filter)).map((a) => a.slug));
  return { rows: treeRows(sorted, new Set(folded), matched), matches: matched.size };
}

export function visibleProjects(projects: readonly ProjectView[], filter: string): ProjectView[] {
  return filter.trim() ? projects.filter((p) => matches(projectText(p), filter)) : projects.slice();
}
