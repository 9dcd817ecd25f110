import { AgentView, NeedsYouRow } from '../../../src/views/team/common/messages';
import { AnswerButtons } from '../../shared/answer-buttons';
import { TeamActions } from '../actions';
import { ago, duration, plural } from '../../../src/base/words';
import { LivenessBadge } from '../../shared/liveness-badge';
import { MiddleName } from '../../shared/middle-name';
import { CoordinatorTag } from '../../shared/coordinator-tag';
import { RunButtons, RunLines } from './agent-run';

/** Where a row sits in the lineage tree (tree layout only). */
export interface TreePlace {
  /** 0 at the top. */
  depth: number;
  /** `null`: no children shown. */
  expanded: boolean | null;
  /** Shown only because a descendant matches the filter. */
  context: boolean;
  position: number;
  siblings: number;
  parentSlug: string | null;
  onFold: (folded: boolean) => void;
}

/** How the protocol's levels read (see core/team/lineage.ts). */
const LEVEL_NAMES: Readonly<Record<number, string>> = { 1: 'top-level agent', 2: 'sub-agent', 3: 'support agent' };

export interface RowProps {
  selected: boolean;
  /** The row that Tab reaches in its list (roving tabindex). */
  tabStop: boolean;
  onSelect: () => void;
}

/**
 * One agent: who, liveness with the tick's age, what it works on and for how long,
 * what is ready next, the latest Session Log status. Click or Enter opens the note;
 * the task titles open tasks.md at that task.
 */
export function AgentRow(props: RowProps & { agent: AgentView; actions: TeamActions; tree?: TreePlace; asks?: NeedsYouRow }) {
  const { agent: a, actions, tree } = props;
  const open = () => {
    props.onSelect();
    actions.openAgent(a.slug);
  };
  const openTask = (index: number) => (e: Event) => {
    e.stopPropagation();
    props.onSelect();
    actions.openTask(a.slug, index);
  };
  const label =
    `${a.name}${a.coordinator ? ', coordinator' : ''}, ${a.liveness}` +
    (a.current ? `, working on ${a.current.title}` : '') +
    `, ${plural(a.readyCount, 'ready task')}` +
    (a.capabilities.length > 0 ? `, capabilities: ${a.capabilities.join(', ')}` : '') +
    (a.tools ? `, tools: ${a.tools}` : '') +
    (a.run?.turn === 'needs-input' ? ', needs your input' : a.run?.turn === 'working' ? ', working' : '') +
    (a.shuttle ? `, Shuttle ${a.shuttle.done} of ${a.shuttle.total} done` : '') +
    (tree?.context ? ', shown as the parent of a match' : '');
  return (
    <li
      class={`row agent liveness-${a.liveness}${a.run?.turn === 'needs-input' ? ' needs-input' : ''}${props.selected ? ' selected' : ''}${a.coordinator ? ' coordinator' : ''}${tree ? ` depth-${Math.min(tree.depth, 6)}` : ''}${tree?.context ? ' context' : ''}`}
      data-row={`agent:${a.slug}`}
      data-slug={a.slug}
      data-parent={tree?.parentSlug ?? undefined}
      role={tree ? 'treeitem' : undefined}
      aria-level={tree ? tree.depth + 1 : undefined}
      aria-expanded={tree && tree.expanded !== null ? tree.expanded : undefined}
      aria-posinset={tree?.position}
      aria-setsize={tree?.siblings}
      aria-selected={tree ? props.selected : undefined}
      data-vscode-context={JSON.stringify({ webviewSection: 'agent', agentSlug: a.slug, preventDefaultContextMenuItems: true })}
      tabIndex={props.tabStop ? 0 : -1}
      aria-label={label}
      aria-current={props.selected && !tree ? 'true' : undefined}
      onClick={open}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          open();
        }
      }}
    >
      <RowHead agent={a} actions={actions} tree={tree} tabStop={props.tabStop} onSelect={props.onSelect} />
      {a.coordinator || a.role ? <RoleLine agent={a} /> : null}
      {a.capabilities.length > 0 ? <CapabilitiesLine capabilities={a.capabilities} /> : null}
      {a.tools ? (
        <div class="row-line capabilities tools" title={`Tools (allow_tools / deny_tools in the agent note): ${a.tools}`}>
          <span class="codicon codicon-shield" aria-hidden="true" />
          <span class="capabilities-text">{a.tools}</span>
        </div>
      ) : null}
      {props.asks ? <AsksLine asks={props.asks} actions={actions} tabStop={props.tabStop} /> : null}
      <RunLines agent={a} actions={actions} />
      {a.current ? <CurrentTaskLine agent={a} current={a.current} tabStop={props.tabStop} openTask={openTask} /> : null}
      <NextTaskLine agent={a} tabStop={props.tabStop} openTask={openTask} />
      {a.sessionStatus || a.lastSession ? <SessionLine agent={a} /> : null}
      {a.shuttle ? <ShuttleLine shuttle={a.shuttle} /> : null}
      {a.parent && !tree ? (
        <div class="row-line lineage">
          <span class="codicon codicon-type-hierarchy-sub" aria-hidden="true" />
          <span class="muted">started by {a.parent}</span>
        </div>
      ) : null}
    </li>
  );
}

/** The agent's oldest pending permission request (ACP), answered on its row as in the Needs you list. */
function AsksLine(props: { asks: NeedsYouRow; actions: TeamActions; tabStop: boolean }) {
  const { asks, actions } = props;
  return (
    <div class="row-line asks" title={asks.text || undefined}>
      <span class="codicon codicon-shield" aria-hidden="true" />
      <span class="asks-text">
        Asks to use <code>{asks.tool ?? 'a tool'}</code>
      </span>
      <AnswerButtons options={asks.options} subject={`${asks.agentName}'s request to use ${asks.tool ?? 'a tool'}`} tabIndex={props.tabStop ? 0 : -1} onAnswer={(o) => actions.answerRequest(asks.id, o.optionId)} />
    </div>
  );
}

/** The row's first line: the fold twisty (tree), the name, the level, problems, liveness and the dispatch button. */
function RowHead(props: { agent: AgentView; actions: TeamActions; tree?: TreePlace; tabStop: boolean; onSelect: () => void }) {
  const { agent: a, actions, tree } = props;
  return (
    <div class="row-head">
      {tree ? <Twisty agent={a} tree={tree} /> : null}
      <MiddleName class="agent-name" name={a.name} title={a.name === a.slug ? a.slug : `${a.name} (${a.slug})`} />
      {a.level !== null ? (
        <span class="tag level-tag" title={`Level ${a.level}: ${LEVEL_NAMES[a.level] ?? 'agent'}`}>
          L{a.level}
        </span>
      ) : null}
      {a.problems > 0 ? (
        <button
          type="button"
          class="icon-button problems"
          title={`${plural(a.problems, 'problem')} in this agent's files: show them`}
          aria-label={`${plural(a.problems, 'problem')}: show in the Problems panel`}
          tabIndex={-1}
          onClick={(e) => {
            e.stopPropagation();
            actions.showProblems();
          }}
        >
          <span class="codicon codicon-warning" aria-hidden="true" />
          {a.problems}
        </button>
      ) : null}
      <span class="spacer" />
      <LivenessBadge liveness={a.liveness} tickAgeMinutes={a.tickAgeMinutes} />
      <RunButtons agent={a} actions={actions} tabStop={props.tabStop} onSelect={props.onSelect} />
      <button
        type="button"
        class="icon-button dispatch"
        title={`Dispatch a task to ${a.name}…`}
        aria-label={`Dispatch a task to ${a.name}`}
        tabIndex={props.tabStop ? 0 : -1}
        onClick={(e) => {
          e.stopPropagation();
          props.onSelect();
          actions.dispatchTask(a.slug);
        }}
      >
        <span class="codicon codicon-add" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Folds and unfolds the agents this one started (a leaf gets the space instead). */
function Twisty(props: { agent: AgentView; tree: TreePlace }) {
  const { agent: a, tree } = props;
  if (tree.expanded === null) return <span class="twisty-space" aria-hidden="true" />;
  return (
    <button
      type="button"
      class="icon-button twisty"
      title={tree.expanded ? `Fold the agents ${a.name} started` : `Show the agents ${a.name} started`}
      aria-hidden="true"
      tabIndex={-1}
      onClick={(e) => {
        e.stopPropagation();
        tree.onFold(tree.expanded === true);
      }}
    >
      <span class={`codicon codicon-chevron-${tree.expanded ? 'down' : 'right'}`} aria-hidden="true" />
    </button>
  );
}

function RoleLine(props: { agent: AgentView }) {
  const a = props.agent;
  return (
    <div class="row-line role" title={a.role ?? undefined}>
      {a.coordinator ? <CoordinatorTag /> : null}
      {a.role ? <span class="role-text">{a.role}</span> : null}
    </div>
  );
}

/** `## Capabilities` (Cortex protocol): what Dispatch Task ranks agents by; one line, the full list on hover. */
function CapabilitiesLine(props: { capabilities: readonly string[] }) {
  const list = props.capabilities.join(' · ');
  return (
    <div class="row-line capabilities" title={`Capabilities: ${props.capabilities.join(', ')}`}>
      <span class="codicon codicon-tools" aria-hidden="true" />
      <span class="capabilities-text">{list}</span>
    </div>
  );
}

type OpenTask = (index: number) => (e: Event) => void;

function CurrentTaskLine(props: { agent: AgentView; current: NonNullable<AgentView['current']>; tabStop: boolean; openTask: OpenTask }) {
  const { agent: a, current } = props;
  return (
    <div class="row-line task current">
      <span class="codicon codicon-play-circle" aria-hidden="true" title="In progress" />
      <button type="button" class="task-link" data-vscode-context={taskContext(a.slug, current.index)} tabIndex={props.tabStop ? 0 : -1} title={`${current.title} (in progress): open in tasks.md`} onClick={props.openTask(current.index)}>
        {current.title}
      </button>
      {current.runningMinutes !== null ? <span class="muted">for {duration(current.runningMinutes)}</span> : null}
    </div>
  );
}

function NextTaskLine(props: { agent: AgentView; tabStop: boolean; openTask: OpenTask }) {
  const a = props.agent;
  return (
    <div class="row-line task next">
      <span class="codicon codicon-list-ordered" aria-hidden="true" title="Ready tasks" />
      {a.next ? (
        <>
          <span class="count">{a.readyCount} ready</span>
          <span class="muted">· next:</span>
          <button type="button" class="task-link" data-vscode-context={taskContext(a.slug, a.next.index)} tabIndex={props.tabStop ? 0 : -1} title={`${a.next.title} (next ready): open in tasks.md`} onClick={props.openTask(a.next.index)}>
            {a.next.title}
          </button>
        </>
      ) : (
        <span class="muted">{a.current ? 'nothing else ready' : 'no ready tasks'}</span>
      )}
    </div>
  );
}

/** A Session Log with no session yet ("Last session: --"): what the template writes at registration. */
function noSessionYet(a: AgentView): boolean {
  return (a.lastSession === null || a.lastSession.trim() === '--') && (a.sessionStatus === null || /^registered$/i.test(a.sessionStatus.trim()));
}

function SessionLine(props: { agent: AgentView }) {
  const a = props.agent;
  if (noSessionYet(a)) {
    // "registered · --" said nothing: a newly registered agent says it is new and when it joined.
    return (
      <div class="row-line session new-agent" title={`Session Log: no session yet${a.joined ? `; joined ${a.joined}` : ''}. The agent writes its first entry when it starts work.`}>
        <span class="codicon codicon-sparkle" aria-hidden="true" />
        <span class="session-status">new</span>
        <span class="muted">· no session yet{a.joined ? ` · joined ${a.joined}` : ''}</span>
      </div>
    );
  }
  return (
    <div class="row-line session" title={`Session Log${a.lastSession ? `, last session ${a.lastSession}` : ''}: ${a.sessionStatus ?? 'no status'}`}>
      <span class="codicon codicon-history" aria-hidden="true" />
      <span class="session-status">{a.sessionStatus ?? 'no status'}</span>
      {a.lastSession ? <span class="muted">· {a.lastSession}</span> : null}
    </div>
  );
}

/** The external task runner's progress (read only): done of total, and what it works on or picks up next. */
function ShuttleLine(props: { shuttle: NonNullable<AgentView['shuttle']> }) {
  const s = props.shuttle;
  const finished = s.done === s.total;
  const tick = s.tickAgeMinutes === null ? 'no readable runner tick' : `the runner last ticked ${ago(s.tickAgeMinutes)}`;
  const title =
    `Shuttle (.shuttle.md in the project folder): ${s.done} of ${s.total} tasks done; ${tick}${s.quiet ? ' (quiet: work is left and it has not ticked lately)' : ''}` +
    (s.current ? `; ${s.current.status === 'in-progress' ? 'working on' : 'next'}: ${s.current.title}` : '') +
    (s.wrapperOpen ? `; every item is done but "${s.wrapperOpen.title}" is still ${s.wrapperOpen.status === 'ready' ? 'ready' : 'in progress'}: the agent completes it when the runner is done` : '');
  return (
    <div class="row-line shuttle" title={title}>
      <span class="codicon codicon-checklist" aria-hidden="true" />
      <span class="shuttle-label">Shuttle</span>
      <progress class="shuttle-bar" max={s.total} value={s.done} aria-label={`Shuttle: ${s.done} of ${s.total} tasks done`} />
      <span class="count">
        {s.done}/{s.total}
      </span>
      <span class={s.quiet ? 'shuttle-tick quiet' : 'shuttle-tick muted'} aria-label={tick}>
        · {s.quiet ? <span class="codicon codicon-warning" aria-hidden="true" /> : null}
        {ago(s.tickAgeMinutes)}
      </span>
      {s.current ? (
        <span class="shuttle-current">
          <span class="muted">· {s.current.status === 'in-progress' ? 'now:' : 'next:'}</span> {s.current.title}
        </span>
      ) : finished && s.wrapperOpen ? (
        <span class="shuttle-current shuttle-open">
          · <span class="codicon codicon-warning" aria-hidden="true" /> all done, wrapper still {s.wrapperOpen.status === 'ready' ? 'ready' : 'in progress'}
        </span>
      ) : finished ? (
        <span class="shuttle-current muted">· all done</span>
      ) : null}
    </div>
  );
}

/** The context menu's view of a task link: ids only (the host resolves the file and line). */
function taskContext(agentSlug: string, taskIndex: number): string {
  return JSON.stringify({ webviewSection: 'task', agentSlug, taskIndex, preventDefaultContextMenuItems: true });
}
