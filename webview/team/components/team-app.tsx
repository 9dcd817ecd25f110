import { useEffect, useRef, useState } from 'preact/hooks';
import { TeamViewState } from '../../../src/views/team/common/messages';
import { TeamActions } from '../actions';
import { SectionId, UiState, visibleAgents, visibleProjects, visibleTree } from '../state';
import { AgentRow, TreePlace } from './agent-row';
import { NeedsYouSection } from './needs-you';
import { OlderAgentsSection } from './older-agents';
import { Button, EmptyState } from './empty-state';
import { ProjectRow } from './project-row';
import { RowList } from './row-list';
import { Section } from './section';
import { TeamHeader } from './team-header';
import { Toolbar } from './toolbar';
import { TreeList } from './tree-list';

/**
 * The whole Team view. `state` is the host's latest snapshot (`undefined` until the
 * first arrives); UI state lives here and is saved through the actions.
 */
export function TeamApp(props: { state: TeamViewState | undefined; actions: TeamActions }) {
  const { state, actions } = props;
  const [ui, setUi] = useState<UiState>(() => actions.loadUiState());
  useEffect(() => actions.saveUiState(ui), [ui]);
  const update = (patch: Partial<UiState>) => setUi((prev) => ({ ...prev, ...patch }));
  useScrollMemory(state?.status === 'ready', ui.scrollTop, (scrollTop) => update({ scrollTop }));

  if (!state) return <Loading text="Loading…" />;
  if (state.status === 'noTeam') return <NoTeam state={state} actions={actions} />;
  if (state.status === 'loading') return <Loading text="Reading the team folder…" state={state} actions={actions} />;

  const fold = (slug: string, folded: boolean) =>
    setUi((prev) => ({ ...prev, folded: folded ? [...prev.folded.filter((s) => s !== slug), slug] : prev.folded.filter((s) => s !== slug) }));
  const sections: SectionProps = {
    state,
    actions,
    ui,
    update,
    toggle: (id: SectionId) => update({ collapsed: { ...ui.collapsed, [id]: !ui.collapsed[id] } }),
    select: (key: string) => () => update({ selected: key }),
    count: (shown: number, all: number) => (ui.filter.trim() !== '' ? `${shown} of ${all}` : `${all}`),
  };

  return (
    <main class="team">
      <TeamHeader state={state} actions={actions} />
      {state.message ? (
        <p class="notice" role="alert">
          <span class="codicon codicon-warning" aria-hidden="true" /> {state.message}
        </p>
      ) : null}
      {state.agents.length > 0 || state.projects.length > 0 ? (
        <Toolbar
          filter={ui.filter}
          sort={ui.sort}
          layout={ui.layout}
          onFilter={(filter) => update({ filter })}
          onSort={(sort) => update({ sort })}
          onLayout={(layout) => update({ layout })}
        />
      ) : null}
      <NeedsYouSection rows={state.needsYou} actions={actions} />
      <AgentsSection {...sections} fold={fold} />
      <OlderAgentsSection older={state.older} onUpgrade={actions.upgradeTeamFormat} />
      <ProjectsSection {...sections} />
    </main>
  );
}

/** Before the first state, and while the team folder is read (with its header). */
function Loading(props: { text: string; state?: TeamViewState; actions?: TeamActions }) {
  return (
    <main class="team">
      {props.state && props.actions ? <TeamHeader state={props.state} actions={props.actions} /> : null}
      <p class="loading" role="status">
        <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> {props.text}
      </p>
    </main>
  );
}

/** What the two sections share: the state, the UI state and how to change it. */
interface SectionProps {
  state: TeamViewState;
  actions: TeamActions;
  ui: UiState;
  update: (patch: Partial<UiState>) => void;
  toggle: (id: SectionId) => void;
  select: (key: string) => () => void;
  /** "3 of 7" while filtering, else "7". */
  count: (shown: number, all: number) => string;
}

/** The agents, as a flat list or the lineage tree; the row Tab lands on is the selected one when shown, else the first. */
function AgentsSection(props: SectionProps & { fold: (slug: string, folded: boolean) => void }) {
  const { state, actions, ui, update, select, fold } = props;
  const tree = ui.layout === 'tree' ? visibleTree(state.agents, ui.sort, ui.filter, ui.folded) : null;
  const agents = tree ? tree.rows.map((r) => r.agent) : visibleAgents(state.agents, ui.sort, ui.filter);
  const agentStop = agents.some((a) => `agent:${a.slug}` === ui.selected) ? ui.selected : agents[0] && `agent:${agents[0].slug}`;
  const row = (a: (typeof agents)[number], place?: Omit<TreePlace, 'onFold'>) => (
    <AgentRow
      key={a.slug}
      agent={a}
      actions={actions}
      selected={ui.selected === `agent:${a.slug}`}
      tabStop={agentStop === `agent:${a.slug}`}
      onSelect={select(`agent:${a.slug}`)}
      tree={place && { ...place, onFold: (folded) => fold(a.slug, folded) }}
      asks={state.needsYou.find((n) => n.agent === a.slug && n.kind === 'permission')}
    />
  );
  return (
    <Section id="agents" title="Agents" count={props.count(tree ? tree.matches : agents.length, state.agents.length)} collapsed={ui.collapsed.agents} onToggle={() => props.toggle('agents')}>
      {state.agents.length === 0 ? (
        <NoAgents state={state} actions={actions} />
      ) : agents.length === 0 ? (
        <NoMatch filter={ui.filter} onClear={() => update({ filter: '' })} />
      ) : tree ? (
        <TreeList label="Agents" onFold={fold}>
          {tree.rows.map((r) => row(r.agent, r))}
        </TreeList>
      ) : (
        <RowList label="Agents">{agents.map((a) => row(a))}</RowList>
      )}
    </Section>
  );
}

function ProjectsSection(props: SectionProps) {
  const { state, actions, ui, update, select } = props;
  const projects = visibleProjects(state.projects, ui.filter);
  const projectStop = projects.some((p) => `project:${p.slug}` === ui.selected) ? ui.selected : projects[0] && `project:${projects[0].slug}`;
  return (
    <Section
      id="projects"
      title="Projects"
      count={props.count(projects.length, state.projects.length)}
      collapsed={ui.collapsed.projects}
      onToggle={() => props.toggle('projects')}
      action={{ icon: 'new-file', label: state.trusted ? 'New Project…' : 'New Project… (trust this workspace to create project notes)', disabled: !state.trusted, onClick: actions.newProject }}
    >
      {state.projects.length === 0 ? (
        <p class="muted section-note">No projects: project notes live in projects/&lt;slug&gt;.md. New Project (the + above) writes one.</p>
      ) : projects.length === 0 ? (
        <NoMatch filter={ui.filter} onClear={() => update({ filter: '' })} />
      ) : (
        <RowList label="Projects">
          {projects.map((p) => (
            <ProjectRow
              key={p.slug}
              project={p}
              actions={actions}
              selected={ui.selected === `project:${p.slug}`}
              tabStop={projectStop === `project:${p.slug}`}
              onSelect={select(`project:${p.slug}`)}
            />
          ))}
        </RowList>
      )}
    </Section>
  );
}

function NoTeam(props: { state: TeamViewState; actions: TeamActions }) {
  const { state, actions } = props;
  return (
    <main class="team">
      <EmptyState
        icon="organization"
        title="No team folder"
        actions={
          <>
            <Button icon="folder-opened" onClick={actions.selectTeamFolder}>
              Select Team Folder
            </Button>
            <Button
              icon="new-folder"
              secondary
              disabled={!state.trusted}
              title={state.trusted ? undefined : 'Trust this workspace to create files'}
              onClick={actions.createTeamFolder}
            >
              Create Team Folder
            </Button>
          </>
        }
      >
        {state.message ? <p class="notice-text">{state.message}</p> : null}
        <p>
          A Cortex team folder holds <code>agents/</code>, <code>projects/</code> and <code>templates/</code>. Open one as a workspace folder, set{' '}
          <code>cortex.teamDirectory</code>, or create a new one.
        </p>
        {!state.trusted ? <p class="muted">Restricted Mode: trust this workspace to create a team folder.</p> : null}
      </EmptyState>
    </main>
  );
}

function NoAgents(props: { state: TeamViewState; actions: TeamActions }) {
  const { state, actions } = props;
  return (
    <EmptyState
      icon="person-add"
      title="No agents yet"
      actions={
        state.canRegisterAgent ? (
          <Button icon="person-add" disabled={!state.trusted} title={state.trusted ? undefined : 'Trust this workspace to register agents'} onClick={actions.registerAgent}>
            Register Agent
          </Button>
        ) : undefined
      }
    >
      {state.canRegisterAgent ? (
        <p>Register the first agent: it gets a note and a task file under agents/.</p>
      ) : (
        <p>
          An agent is a folder <code>agents/&lt;slug&gt;/</code> with a note <code>&lt;slug&gt;.md</code> (from <code>templates/agent-template.md</code>) and a{' '}
          <code>tasks.md</code>. Agents with the Cortex plugin add themselves with <code>/register</code>.
        </p>
      )}
    </EmptyState>
  );
}

function NoMatch(props: { filter: string; onClear: () => void }) {
  return (
    <p class="muted section-note">
      Nothing matches “{props.filter}”.{' '}
      <button type="button" class="link-button" onClick={props.onClear}>
        Clear the filter
      </button>
    </p>
  );
}

/**
 * Keeps the scroll position in UI state: a view that was hidden (its page discarded)
 * comes back where it was. Restored once, when the first team state has rendered.
 */
function useScrollMemory(ready: boolean, saved: number, save: (scrollTop: number) => void) {
  const restored = useRef(false);
  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (saved > 0) window.scrollTo(0, saved);
  }, [ready]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => save(Math.round(window.scrollY)), 150);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
}
