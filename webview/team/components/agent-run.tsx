import { AgentRunView, AgentView } from '../../../src/views/team/common/messages';
import { TeamActions } from '../actions';
import { costText, startTitle, tokensText } from '../../shared/format';
import { duration } from '../../../src/base/words';

/**
 * Running an agent from its row: the Start / Show Terminal / Stop buttons in the
 * row's head, and under it the run line (the loudest first: needs input, then
 * working, a terminal that exited, turn finished), the latest actions, and tokens
 * and cost with the daily budget.
 */

export function RunButtons(props: { agent: AgentView; actions: TeamActions; tabStop: boolean; onSelect: () => void }) {
  const { agent: a, actions } = props;
  const run = a.run;
  if (!run) return null;
  const live = isLive(run);
  const button = (icon: string, title: string, cls: string, go: () => void) => (
    <button
      type="button"
      class={`icon-button run-button ${cls}`}
      title={title}
      aria-label={title}
      tabIndex={props.tabStop ? 0 : -1}
      onClick={(e) => {
        e.stopPropagation();
        props.onSelect();
        go();
      }}
    >
      <span class={`codicon codicon-${icon}`} aria-hidden="true" />
    </button>
  );
  if (live) {
    return (
      <>
        {run.session ? button('comment-discussion', `Open ${a.name}'s session`, 'focus', () => actions.openSession(a.slug)) : button('terminal', `Show ${a.name}'s terminal`, 'focus', () => actions.showAgentTerminal(a.slug))}
        {button('debug-stop', `Stop ${a.name}`, 'stop', () => actions.stopAgent(a.slug))}
      </>
    );
  }
  if (run.terminal === 'exited' || run.terminal === 'closed' || run.terminal === 'ended') {
    return button('debug-restart', `Start ${a.name} again${run.profile ? ` (${run.profile})` : ''}`, 'restart', () => actions.startAgent(a.slug));
  }
  return button('play', startTitle(a.name, run), 'start', () => actions.startAgent(a.slug));
}

/** The run line, the activity line and the usage line, as they apply. */
export function RunLines(props: { agent: AgentView; actions: TeamActions }) {
  const run = props.agent.run;
  if (!run) return null;
  return (
    <>
      <StateLine agent={props.agent} run={run} actions={props.actions} />
      {run.activity.length > 0 ? <ActivityLine agent={props.agent} run={run} actions={props.actions} /> : null}
      {run.usage ? <UsageLine usage={run.usage} /> : null}
    </>
  );
}

/** Its terminal runs (or starts), or its ACP session does. */
function isLive(run: AgentRunView): boolean {
  return run.terminal === 'running' || run.terminal === 'starting' || run.session;
}

const TURN_WORDS = {
  starting: 'Starting',
  working: 'Working',
  'needs-input': 'Needs input',
  'turn-finished': 'Turn finished',
  ended: 'Session ended',
} as const;

function StateLine(props: { agent: AgentView; run: AgentRunView; actions: TeamActions }) {
  const { agent: a, run, actions } = props;
  const live = isLive(run);
  const since = run.turnMinutes === null ? '' : run.turnMinutes < 1 ? 'just now' : `${duration(run.turnMinutes)} ago`;
  if (run.turn === 'needs-input') {
    return (
      <div class="row-line run needs-input" role="status" title={run.message ?? 'The agent waits for your input.'}>
        <span class="codicon codicon-bell-dot" aria-hidden="true" />
        <span class="run-word">Needs input</span>
        <span class="run-message">{run.message ?? 'waiting for your answer'}</span>
        {live ? (
          <button
            type="button"
            class="link-button run-action"
            onClick={(e) => {
              e.stopPropagation();
              // An ACP session's request is answered in its session view (or the Needs you list).
              if (run.session) actions.openSession(a.slug);
              else actions.showAgentTerminal(a.slug);
            }}
          >
            Answer
          </button>
        ) : null}
      </div>
    );
  }
  if (!live && (run.terminal === 'exited' || run.terminal === 'closed' || run.terminal === 'ended')) {
    const failed = run.exitCode !== null && run.exitCode !== 0;
    const text =
      run.terminal === 'ended'
        ? 'Its terminal ended with the window reload'
        : run.terminal === 'closed'
          ? `Terminal closed${run.exitCode !== null ? ` (exit code ${run.exitCode})` : ''}`
          : (run.problem ?? `Exited${run.exitCode !== null ? ` with code ${run.exitCode}` : ''}`);
    return (
      <div class={`row-line run stopped${failed ? ' failed' : ''}`} title={`${text}. Start it again with the restart button.`}>
        <span class={`codicon codicon-${failed ? 'error' : run.terminal === 'ended' ? 'debug-disconnect' : 'circle-slash'}`} aria-hidden="true" />
        <span class="run-word">{text}</span>
        {run.profile ? <span class="muted run-profile">· {run.profile}</span> : null}
      </div>
    );
  }
  if (!live) {
    if (!run.profile && !run.turn) return null;
    return (
      <div class="row-line run profile" title={run.profile ? `Launch profile: ${run.profile}` : undefined}>
        <span class="codicon codicon-terminal" aria-hidden="true" />
        {run.turn && run.turn !== 'ended' ? <span class="run-word">{TURN_WORDS[run.turn]}</span> : null}
        <span class="muted run-profile">{run.profile ?? 'no launch profile'}</span>
      </div>
    );
  }
  const turn = run.turn ?? 'starting';
  const icon = turn === 'working' ? 'sync' : turn === 'starting' ? 'loading' : turn === 'ended' ? 'debug-pause' : 'pass';
  return (
    <div class={`row-line run ${turn}`} title={`${TURN_WORDS[turn]}${since ? ` (${since})` : ''}${run.message ? `: ${run.message}` : ''}${run.reconnected ? '. Terminal found again after the window reload.' : ''}`}>
      <span class={`codicon codicon-${icon}${turn === 'working' || turn === 'starting' ? ' spin' : ''}`} aria-hidden="true" />
      <span class="run-word">{TURN_WORDS[turn]}</span>
      {since ? <span class="muted">{since}</span> : null}
      {run.heartbeat ? <span class={`muted heartbeat${run.heartbeat.on ? '' : ' off'}`}>· {run.heartbeat.note}</span> : null}
    </div>
  );
}

const ACTIVITY_ICONS = { prompt: 'comment', reply: 'comment-discussion', tool: 'tools', edit: 'edit', command: 'terminal-bash', question: 'question' } as const;

function ActivityLine(props: { agent: AgentView; run: AgentRunView; actions: TeamActions }) {
  const { agent: a, run, actions } = props;
  const last = run.activity[run.activity.length - 1];
  const all = run.activity.map((x) => x.text).join('\n');
  return (
    <div class="row-line activity" title={`Latest actions:\n${all}\n\nClick to open the transcript.`}>
      <span class={`codicon codicon-${ACTIVITY_ICONS[last.kind]}`} aria-hidden="true" />
      <button
        type="button"
        class="link-button activity-text"
        tabIndex={-1}
        onClick={(e) => {
          e.stopPropagation();
          actions.openTranscript(a.slug);
        }}
      >
        {run.activity
          .slice()
          .reverse()
          .map((x) => x.text)
          .join('  ·  ')}
      </button>
    </div>
  );
}

function UsageLine(props: { usage: NonNullable<AgentRunView['usage']> }) {
  const u = props.usage;
  const share = u.budget ? Math.min(1, u.costToday / u.budget) : null;
  const budgetText = u.budget ? ` of ${costText(u.budget)} budget` : '';
  const title =
    `Today: ${u.tokensToday.toLocaleString('en-US')} tokens, about ${costText(u.costToday)}${budgetText}` +
    (u.unpricedToday ? ' (some tokens are of a model without a price: add it in cortex.agents.prices)' : '') +
    (u.task ? `\nTask "${u.task.title}": ${u.task.tokens.toLocaleString('en-US')} tokens, about ${costText(u.task.cost)}` : '');
  return (
    <div class={`row-line usage level-${u.level}`} title={title}>
      <span class="codicon codicon-dashboard" aria-hidden="true" />
      <span class="usage-today">
        {tokensText(u.tokensToday)} · {costText(u.costToday)}
        {u.unpricedToday ? '+' : ''} today
      </span>
      {share !== null ? (
        <meter class="budget-meter" min={0} max={1} low={0.8} high={0.99} optimum={0} value={share} aria-label={`${Math.round(share * 100)} % of the daily budget`} />
      ) : null}
      {u.level !== 'ok' ? <span class="budget-word">{u.level === 'exceeded' ? 'budget spent' : `${Math.round((share ?? 0) * 100)} % of budget`}</span> : null}
      {u.task ? <span class="muted usage-task">· task {costText(u.task.cost)}</span> : null}
    </div>
  );
}
