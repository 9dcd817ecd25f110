import { useRef } from 'preact/hooks';
import type { ActivityView, WorklogViewState } from '../../../src/views/worklog/common/messages';
import { WorklogActions } from '../actions';
import { TYPE_LOOK } from './timeline';

/** The writes the feed has beside the worklog's own event types. */
const ACTIVITY_LOOK: Record<string, { label: string; icon: string }> = {
  ...TYPE_LOOK,
  'task.dispatched': { label: 'Dispatched', icon: 'send' },
  'task.reordered': { label: 'Reordered', icon: 'list-ordered' },
  'task.reassigned': { label: 'Reassigned', icon: 'person' },
  'task.reviewed': { label: 'Reviewed', icon: 'pass' },
  'task.edited': { label: 'Edited', icon: 'edit' },
  'task.cancelled': { label: 'Cancelled', icon: 'close' },
  'task.unclaimed': { label: 'Unclaimed', icon: 'debug-disconnect' },
  'action.undone': { label: 'Undone', icon: 'discard' },
  'agent.ticked': { label: 'Tick', icon: 'pulse' },
  'agent.registered': { label: 'Registered', icon: 'person-add' },
  'protocol.generated': { label: 'Protocol', icon: 'file-code' },
  'protocol.removed': { label: 'Left the team', icon: 'sign-out' },
  'worklog.status.updated': { label: 'Status table', icon: 'table' },
  'team.created': { label: 'Team created', icon: 'organization' },
  'team.pruned': { label: 'Housekeeping', icon: 'archive' },
  'team.upgraded': { label: 'Upgraded', icon: 'arrow-up' },
  'message.sent': { label: 'Message', icon: 'mail' },
  'message.updated': { label: 'Message status', icon: 'mail-read' },
};

const VIA: Record<string, string> = { mcp: 'MCP', cli: 'CLI', dashboard: 'Dashboard' };

function look(type: string) {
  return ACTIVITY_LOOK[type] ?? { label: type, icon: 'circle-outline' };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The instant in this window's time zone, to the second ("2026-03-28 09:15:04"). */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The Activity tab: what agents wrote through the Cortex MCP server and the CLI verbs,
 * and what the dashboard wrote for a person, newest first, as `.cortex/activity.jsonl`
 * records it. Events that arrive while the
 * page is open are marked "new" (their highlight fades; the mark stays until the tab is shown again).
 */
export function Activity({ state, actions }: { state: WorklogViewState; actions: WorklogActions }) {
  const a = state.activity;
  // The ids of the first state the page showed: anything after them arrived live.
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(a.events.map((e) => e.id));
  const known = seen.current;
  return (
    <div class="activity">
      <h2 class="timeline-title">
        <span class="codicon codicon-pulse" aria-hidden="true" /> Team activity{' '}
        <span class="muted">({a.total > a.events.length ? `newest ${a.events.length} of ${a.total}` : `${a.total}`}, newest first, live)</span>
      </h2>
      {!a.exists && (
        <p class="empty">
          No activity yet. Agents that work through the Cortex MCP server or the <code>cortex-team</code> verbs (claim, complete, tick, log, message), and what you do from the dashboard (a card moved, a task dispatched, a message…), are
          recorded in <code>.cortex/activity.jsonl</code>, and appear here as they happen.
        </p>
      )}
      {a.problems > 0 && (
        <p class="problems" role="note">
          <span class="codicon codicon-warning" aria-hidden="true" /> {a.problems} {a.problems === 1 ? 'line' : 'lines'} of .cortex/activity.jsonl could not be read as events.
        </p>
      )}
      <ol class="feed" aria-label="Team activity" aria-live="polite">
        {a.events.map((e) => (
          <Event key={e.id} event={e} fresh={!known.has(e.id)} onOpen={() => actions.openActivity(e.id)} />
        ))}
      </ol>
    </div>
  );
}

function Event({ event: e, fresh, onOpen }: { event: ActivityView; fresh: boolean; onOpen: () => void }) {
  const l = look(e.type);
  const when = localTime(e.timestamp);
  return (
    <li class={`act type-${e.type.replace(/\./g, '-')}${fresh ? ' fresh' : ''}`} aria-label={`${l.label} by ${e.actor} at ${when}: ${e.subject}`}>
      <span class={`act-icon codicon codicon-${l.icon}`} aria-hidden="true" />
      <div class="act-main">
        <div class="act-line">
          <span class="chip">{l.label}</span>
          <button class="link subject" title={e.file ? `Open ${e.file}` : undefined} disabled={!e.file} onClick={onOpen}>
            {e.subject}
          </button>
          {e.detail && <span class="act-detail">{e.detail}</span>}
          {fresh && <span class="badge new">new</span>}
        </div>
        <div class="meta">
          <span class="codicon codicon-account" aria-hidden="true" /> {e.actor} · <span title={`through ${VIA[e.via] ?? e.via}`}>{VIA[e.via] ?? e.via}</span> · <span class="file">{e.file}</span> ·{' '}
          <time dateTime={e.timestamp} title={e.timestamp}>
            {when}
          </time>
        </div>
      </div>
    </li>
  );
}
