import { useLayoutEffect, useRef } from 'preact/hooks';
import { NeedsYouRow } from '../../../src/views/team/common/messages';
import { AnswerButtons, optionForKey } from '../../shared/answer-buttons';
import { DiffBlock } from '../../shared/diff-view';
import { ago } from '../../../src/base/words';
import { TeamActions } from '../actions';
import { focusRow, linearStep, rowsOf } from './roving-rows';

/**
 * "Needs you": what every agent waits for the person to answer, oldest first, at the top
 * of the Team view. Keyboard first: Tab lands on the list, arrows move, `a` allows once,
 * Shift+A always, `r` rejects, Enter opens the agent's session (or shows its terminal).
 * An answered row leaves when the host says so; focus stays at the same place in the list.
 */
export function NeedsYouSection(props: { rows: readonly NeedsYouRow[]; actions: TeamActions }) {
  const { rows, actions } = props;
  const list = useRef<HTMLUListElement>(null);
  /** Where focus was when a row was answered: it goes to the row now there. */
  const refocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = refocus.current;
    const items = list.current ? Array.from(list.current.querySelectorAll<HTMLElement>(':scope > li[data-row]')) : [];
    if (at === null || items.some((li) => li === document.activeElement)) return;
    refocus.current = null;
    if (items.length > 0) focusRow(items, Math.min(at, items.length - 1));
  });
  if (rows.length === 0) return null;
  const answer = (row: NeedsYouRow, optionId: string, index: number) => {
    refocus.current = index;
    actions.answerRequest(row.id, optionId);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = rowsOf(e);
    if (!at) return;
    const step = linearStep(e.key, at.index, at.rows.length);
    if (step !== undefined) {
      e.preventDefault();
      focusRow(at.rows, step);
      return;
    }
    const row = rows[at.index];
    if (!row || e.ctrlKey || e.metaKey || e.altKey) return;
    const option = optionForKey(row.options, e.key);
    if (option) {
      e.preventDefault();
      answer(row, option.optionId, at.index);
    } else if (e.key === 'Enter' && e.target === at.current) {
      e.preventDefault();
      open(row, actions);
    }
  };
  return (
    <section class="needs-you" aria-labelledby="needs-you-title">
      <h2 class="needs-you-title" id="needs-you-title">
        <span class="codicon codicon-bell-dot" aria-hidden="true" />
        <span>Needs you</span>
        <span class="section-count">{rows.length}</span>
      </h2>
      <ul class="rows needs-you-list" ref={list} role="list" aria-label={`Needs you: ${rows.length} waiting`} onKeyDown={onKeyDown}>
        {rows.map((row, i) => (
          <NeedRow key={row.id} row={row} tabStop={i === 0} actions={actions} onAnswer={(optionId) => answer(row, optionId, i)} />
        ))}
      </ul>
    </section>
  );
}

function open(row: NeedsYouRow, actions: TeamActions): void {
  if (row.hasSession) actions.openSession(row.agent);
  else if (row.hasTerminal) actions.showAgentTerminal(row.agent);
  else actions.openAgent(row.agent);
}

/** What a screen reader hears on a row: who asks what, and the keys that answer. */
function rowLabel(row: NeedsYouRow): string {
  const what = row.kind === 'permission' ? `${row.agentName} asks to use ${row.tool ?? 'a tool'}` : `${row.agentName} needs your input${row.tool ? ` about ${row.tool}` : ''}`;
  const text = row.text ? `: ${row.text.replace(/\n/g, ', ')}` : '';
  const diffs = row.diffs.length > 0 ? `, changes ${row.diffs.map((d) => d.path).join(', ')}` : '';
  const keys =
    row.kind === 'permission'
      ? `. A to allow once${row.options.some((o) => o.kind === 'allow_always') ? ', Shift+A always for this tool' : ''}, R to reject, Enter to open its session`
      : '. Answer in its terminal: Enter shows it';
  return `${what}${text}${diffs}${keys}`;
}

function NeedRow(props: { row: NeedsYouRow; tabStop: boolean; actions: TeamActions; onAnswer: (optionId: string) => void }) {
  const { row, actions } = props;
  return (
    <li class={`row need ${row.kind}`} data-row={`need:${row.id}`} data-agent={row.agent} tabIndex={props.tabStop ? 0 : -1} aria-label={rowLabel(row)}>
      <div class="need-head">
        <span class={`codicon codicon-${row.kind === 'permission' ? 'shield' : 'terminal'}`} aria-hidden="true" />
        <span class="need-what">
          <b class="need-agent" title={row.agentName}>
            {row.agentName}
          </b>{' '}
          {row.kind === 'permission' || row.tool ? (
            <>
              {row.kind === 'permission' ? 'asks to use' : 'asks about'}{' '}
              <code class="need-tool" title={row.tool ?? undefined}>
                {row.tool ?? 'a tool'}
              </code>
            </>
          ) : (
            'needs your input'
          )}
        </span>
        {row.minutes !== null ? <span class="need-age muted">{ago(row.minutes)}</span> : null}
      </div>
      {row.text ? <pre class="need-text">{row.text}</pre> : null}
      {row.diffs.map((d) => (
        <DiffBlock key={d.path} diff={d} />
      ))}
      <div class="need-actions">
        {row.kind === 'permission' ? <AnswerButtons options={row.options} subject={`${row.agentName}'s request`} tabIndex={-1} onAnswer={(o) => props.onAnswer(o.optionId)} /> : null}
        <span class="spacer" />
        {row.hasSession ? <LinkButton icon="comment-discussion" label="Open Session" onClick={() => actions.openSession(row.agent)} /> : null}
        {row.hasTerminal ? <LinkButton icon="terminal" label="Show Terminal" onClick={() => actions.showAgentTerminal(row.agent)} /> : null}
      </div>
    </li>
  );
}

function LinkButton(props: { icon: string; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      class="need-link"
      tabIndex={-1}
      onClick={(e) => {
        e.stopPropagation();
        props.onClick();
      }}
    >
      <span class={`codicon codicon-${props.icon}`} aria-hidden="true" />
      <span>{props.label}</span>
    </button>
  );
}
