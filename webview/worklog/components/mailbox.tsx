import type { MessageView, WorklogViewState } from '../../../src/views/worklog/common/messages';
import { WorklogActions } from '../actions';

/** Groups in lifecycle order; the terminal statuses share one group. */
const GROUPS: ReadonlyArray<{ title: string; icon: string; has: (s: string) => boolean }> = [
  { title: 'New', icon: 'mail', has: (s) => s === 'new' },
  { title: 'Acknowledged', icon: 'eye', has: (s) => s === 'acknowledged' },
  { title: 'Actioned', icon: 'run-all', has: (s) => s === 'actioned' },
  { title: 'Closed', icon: 'pass', has: (s) => s === 'closed' },
  { title: 'Resolved, superseded, withdrawn, abandoned', icon: 'archive', has: (s) => ['resolved', 'superseded', 'withdrawn', 'abandoned'].includes(s) },
  { title: 'Without a known status', icon: 'question', has: (s) => !['new', 'acknowledged', 'actioned', 'closed', 'resolved', 'superseded', 'withdrawn', 'abandoned'].includes(s) },
];

export function Mailbox({ state, actions }: { state: WorklogViewState; actions: WorklogActions }) {
  const m = state.mailbox;
  return (
    <div class="mailbox">
      <div class="toolbar" role="toolbar" aria-label="Mailbox">
        <span class="spacer" />
        <button class="button" disabled={!state.trusted} onClick={() => actions.compose(null)}>
          <span class="codicon codicon-mail" aria-hidden="true" /> Compose…
        </button>
      </div>
      {!m.exists && <p class="empty">There is no MAILBOX.md in the team folder yet. “Compose…” starts one.</p>}
      {m.problems > 0 && (
        <p class="problems" role="note">
          <span class="codicon codicon-warning" aria-hidden="true" /> {m.problems} {m.problems === 1 ? 'part' : 'parts'} of MAILBOX.md could not be read as the format says.
        </p>
      )}
      {m.inbox && m.inbox.length > 0 && (
        <section class="block inbox" aria-labelledby="inbox-title">
          <h2 id="inbox-title">
            <span class="codicon codicon-inbox" aria-hidden="true" /> Inbox
          </h2>
          <table>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col" class="num">New</th>
                <th scope="col" class="num">Open</th>
                <th scope="col"><span class="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {m.inbox.map((r) => (
                <tr>
                  <td>{r.to}</td>
                  <td class={r.newCount ? 'num strong' : 'num'}>{r.newCount ?? '–'}</td>
                  <td class="num">{r.openCount ?? '–'}</td>
                  <td>
                    <button class="link" disabled={!state.trusted} aria-label={`Compose a message to ${r.to}`} onClick={() => actions.compose(r.to)}>
                      <span class="codicon codicon-mail" aria-hidden="true" /> Write
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {GROUPS.map((g) => {
        const list = m.messages.filter((x) => g.has(x.status));
        if (list.length === 0) return null;
        return (
          <section class="group" aria-label={`${g.title}: ${list.length}`}>
            <h2>
              <span class={`codicon codicon-${g.icon}`} aria-hidden="true" /> {g.title} <span class="muted">({list.length})</span>
            </h2>
            {list.map((x) => (
              <Message message={x} trusted={state.trusted} actions={actions} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function Message({ message: x, trusted, actions }: { message: MessageView; trusted: boolean; actions: WorklogActions }) {
  const overdue = x.overdueText !== null;
  const label = `${x.id}: ${x.subject}, ${x.kind ?? 'message'}, ${x.priority} ${x.priorityName}, from ${x.from} to ${x.to}, ${x.status}${overdue ? `, overdue by ${x.overdueText}` : ''}${x.escalated ? ', escalated' : ''}`;
  return (
    <article class={`message status-${x.status || 'none'} priority-${x.priority.toLowerCase()}${overdue ? ' overdue' : ''}`} data-id={x.id} tabIndex={-1} aria-label={label}>
      <header>
        <span class="msg-id">{x.id}</span>
        <span class={`chip priority priority-${x.priority.toLowerCase()}${x.priorityGiven ? '' : ' implied'}`} title={`${x.priority}: ${x.priorityName} priority${x.priorityGiven ? '' : ' (none written: P2)'}`}>
          {x.priority}
        </span>
        {x.kind && (
          <span class="chip kind" title="Message type">
            {x.kind}
          </span>
        )}
        <button class="link subject" title="Open in MAILBOX.md" onClick={() => actions.openMessage(x.id)}>
          {x.subject || '(no subject)'}
        </button>
        <span class="spacer" />
        {x.canEscalate && (
          <button class="button secondary escalate" disabled={!trusted} title={`Add an escalation.requested entry for ${x.id} to WORKLOG.md`} onClick={() => actions.escalate(x.id)}>
            <span class="codicon codicon-warning" aria-hidden="true" /> Escalate
          </button>
        )}
        {x.next.length > 0 ? (
          <select
            aria-label={`Status of ${x.id}`}
            disabled={!trusted}
            value={x.status}
            onChange={(e) => {
              const to = (e.target as HTMLSelectElement).value;
              if (to !== x.status) actions.setStatus(x.id, to, x.status);
            }}
          >
            <option value={x.status}>{x.status || '(none)'}</option>
            {x.next.map((s) => (
              <option value={s}>→ {s}</option>
            ))}
          </select>
        ) : (
          <span class="chip">{x.status}</span>
        )}
      </header>
      <div class="meta">
        {x.from} <span class="codicon codicon-arrow-right" aria-label="to" /> {x.to} · <time>{x.sent.replace('T', ' ')}</time>
        {x.respondBy && x.status === 'new' && !overdue && <span class="due"> · respond by {x.respondBy.replace('T', ' ')}</span>}
        {overdue && (
          <span class="overdue-note">
            {' · '}
            <span class="codicon codicon-warning" aria-hidden="true" /> overdue by {x.overdueText} (respond by {x.respondBy!.replace('T', ' ')})
          </span>
        )}
        {x.escalated && (
          <span class="escalated-note">
            {' · '}
            <span class="codicon codicon-megaphone" aria-hidden="true" /> escalated {x.escalated.replace('T', ' ')}
          </span>
        )}
      </div>
      {x.body && <div class="body">{x.body}</div>}
    </article>
  );
}
