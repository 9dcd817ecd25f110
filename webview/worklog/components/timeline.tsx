import type { WorklogViewState } from '../../../src/views/worklog/common/messages';
import { WorklogActions, WorklogUi } from '../actions';

/** Each event type's label and codicon (the generic type is a note). */
export const TYPE_LOOK: Record<string, { label: string; icon: string }> = {
  'task.claimed': { label: 'Claimed', icon: 'play' },
  'task.completed': { label: 'Completed', icon: 'check' },
  'handoff.posted': { label: 'Handoff', icon: 'arrow-swap' },
  'proposal.created': { label: 'Proposal', icon: 'lightbulb' },
  'proposal.amended': { label: 'Amended', icon: 'edit' },
  'objection.raised': { label: 'Objection', icon: 'comment-discussion' },
  'decision.recorded': { label: 'Decision', icon: 'law' },
  'escalation.requested': { label: 'Escalation', icon: 'warning' },
  'note.posted': { label: 'Note', icon: 'note' },
};

/** The text with each ISO time kept on one line (a narrow column would break it at its dashes). */
function keepStampsWhole(text: string) {
  const parts = text.split(/(\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?)?)/);
  return parts.length === 1 ? text : parts.map((p, i) => (i % 2 === 1 ? <span class="nowrap">{p}</span> : p));
}

function look(type: string) {
  return TYPE_LOOK[type] ?? { label: type, icon: 'circle-outline' };
}

export function Timeline({ state, ui, change, actions }: { state: WorklogViewState; ui: WorklogUi; change: (u: Partial<WorklogUi>) => void; actions: WorklogActions }) {
  const w = state.worklog;
  const shown = w.entries.filter((e) => (!ui.agent || e.actor === ui.agent) && (!ui.type || e.type === ui.type));
  return (
    <div class="worklog">
      <TimelineToolbar state={state} ui={ui} change={change} actions={actions} />
      {!w.exists && <p class="empty">There is no WORKLOG.md in the team folder yet. “Append Entry…” starts one.</p>}
      {w.problems > 0 && (
        <p class="problems" role="note">
          <span class="codicon codicon-warning" aria-hidden="true" /> {w.problems} {w.problems === 1 ? 'part' : 'parts'} of WORKLOG.md could not be read as the format says (see “cortex-team events”).
        </p>
      )}
      <div class="blocks">
        {state.charter && <CharterBlock charter={state.charter} />}
        {w.status && <StatusBlock status={w.status} />}
        {w.decisions.length > 0 && <DecisionsBlock decisions={w.decisions} />}
      </div>
      <h2 class="timeline-title">
        Timeline <span class="muted">({shown.length === w.entries.length ? `${w.entries.length}` : `${shown.length} of ${w.entries.length}`}, {w.order === 'newest-first' ? 'newest first' : 'oldest first'})</span>
      </h2>
      <ol class="timeline" aria-label="Worklog entries">
        {shown.map((e) => (
          <Entry key={e.id} entry={e} onOpen={() => actions.openEntry(e.id)} />
        ))}
      </ol>
      {w.exists && shown.length === 0 && <p class="empty">No entries match the filters.</p>}
    </div>
  );
}

type Worklog = WorklogViewState['worklog'];

/** The filters (agent, type) and the two write buttons. */
function TimelineToolbar({ state, ui, change, actions }: { state: WorklogViewState; ui: WorklogUi; change: (u: Partial<WorklogUi>) => void; actions: WorklogActions }) {
  const w = state.worklog;
  const actors = [...new Set(w.entries.map((e) => e.actor))].sort();
  const types = [...new Set(w.entries.map((e) => e.type))];
  return (
    <div class="toolbar" role="toolbar" aria-label="Worklog">
      <label>
        Agent{' '}
        <select aria-label="Filter by agent" value={ui.agent} onChange={(e) => change({ agent: (e.target as HTMLSelectElement).value })}>
          <option value="">All</option>
          {actors.map((a) => (
            <option value={a}>{a}</option>
          ))}
        </select>
      </label>
      <label>
        Type{' '}
        <select aria-label="Filter by type" value={ui.type} onChange={(e) => change({ type: (e.target as HTMLSelectElement).value })}>
          <option value="">All</option>
          {types.map((t) => (
            <option value={t}>{look(t).label}</option>
          ))}
        </select>
      </label>
      <span class="spacer" />
      <button class="button secondary" disabled={!state.trusted} onClick={() => actions.updateStatus()}>
        <span class="codicon codicon-pinned" aria-hidden="true" /> Update Status…
      </button>
      <button class="button" disabled={!state.trusted} onClick={() => actions.appendEntry()}>
        <span class="codicon codicon-add" aria-hidden="true" /> Append Entry…
      </button>
    </div>
  );
}

/** The pinned status table. */
function StatusBlock({ status }: { status: NonNullable<Worklog['status']> }) {
  return (
    <section class="block status-block" aria-labelledby="status-title">
      <h2 id="status-title">
        <span class="codicon codicon-pinned" aria-hidden="true" /> Status
      </h2>
      <table>
        <thead>
          <tr>{status.columns.map((c) => <th scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {status.rows.map((r) => (
            <tr>{r.map((c, i) => <td class={i === 0 ? 'nowrap' : undefined}>{keepStampsWhole(c)}</td>)}</tr>
          ))}
        </tbody>
      </table>
      {status.note && <p class="note">{status.note}</p>}
    </section>
  );
}

/** Document 001's session charter, as text (never HTML): the session it declares, folded open. */
function CharterBlock({ charter }: { charter: NonNullable<WorklogViewState['charter']> }) {
  return (
    <section class="block charter" aria-labelledby="charter-title">
      <h2 id="charter-title">
        <span class="codicon codicon-book" aria-hidden="true" /> Session charter{' '}
        <span class="muted">
          ({charter.file}
          {charter.sessionId ? `, session ${charter.sessionId}` : ''})
        </span>
      </h2>
      <details>
        <summary>{charter.text.split('\n').find((l) => /^#\s/.test(l))?.replace(/^#+\s*/, '') ?? 'Show the charter'}</summary>
        <pre class="charter-text">{charter.text}</pre>
      </details>
    </section>
  );
}

/** The decision index. */
function DecisionsBlock({ decisions }: { decisions: Worklog['decisions'] }) {
  return (
    <section class="block" aria-labelledby="decisions-title">
      <h2 id="decisions-title">
        <span class="codicon codicon-law" aria-hidden="true" /> Decisions
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Decision</th>
            <th scope="col">Entry</th>
          </tr>
        </thead>
        <tbody>
          {decisions.map((d) => (
            <tr>
              <td class="nowrap">{d.date}</td>
              <td>{d.decision}</td>
              <td>{d.entry}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One worklog entry on the timeline; its subject opens it in WORKLOG.md. */
function Entry({ entry: e, onOpen }: { entry: Worklog['entries'][number]; onOpen: () => void }) {
  const l = look(e.type);
  return (
    <li class={`entry type-${e.type.replace('.', '-')}`} data-id={e.id} tabIndex={-1}>
      <div class="marker" aria-hidden="true">
        <span class={`codicon codicon-${l.icon}`} />
      </div>
      <article aria-label={`${l.label} by ${e.actor} at ${e.timestamp}: ${e.subject}`}>
        <header>
          <span class="chip">{l.label}</span>
          <button class="link subject" title="Open in WORKLOG.md" onClick={onOpen}>
            {e.subject}
          </button>
        </header>
        <div class="meta">
          <span class="codicon codicon-account" aria-hidden="true" /> {e.actor} · <time>{e.timestamp.replace('T', ' ')}</time>
        </div>
        {e.body && <div class="body">{e.body}</div>}
      </article>
    </li>
  );
}
