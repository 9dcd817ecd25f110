import { ActivityEvent, ActivityFeed } from '../../core/actions/activity';
import { subjectWithoutType } from '../../core/worklog/event-type';
import { ACTIVITY_SHOWN, ActivityView, WorklogViewState } from './common/messages';

/**
 * The Activity tab's part of the state: the newest events of `.cortex/activity.jsonl`
 * first (the file is appended in time order), each with the one line of detail worth
 * showing beside its subject. Pure.
 */
export function buildActivityView(feed: ActivityFeed | null): WorklogViewState['activity'] {
  if (!feed) return { exists: false, events: [], total: 0, problems: 0 };
  const newest = feed.events.slice(-ACTIVITY_SHOWN).reverse();
  return { exists: true, events: newest.map(activityView), total: feed.events.length, problems: feed.diagnostics.length };
}

function activityView(e: ActivityEvent): ActivityView {
  const p = e.payload;
  return {
    id: e.event_id,
    timestamp: e.timestamp,
    actor: e.actor,
    type: e.event_type,
    subject: subjectWithoutType(e.subject),
    via: typeof p.via === 'string' ? p.via : '',
    file: typeof p.file === 'string' ? p.file : '',
    detail: detail(e),
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * What else the event says, in a few words: a summary, who a task or message went to,
 * whose task a person moved on the dashboard (its actor is the person, the agent is in
 * the payload).
 */
function detail(e: ActivityEvent): string {
  const p = e.payload;
  const agent = text(p.agent);
  const forAgent = agent && agent !== e.actor ? `for ${agent}` : '';
  switch (e.event_type) {
    case 'task.completed':
      return [forAgent, text(p.summary)].filter(Boolean).join(': ');
    case 'task.claimed':
    case 'task.edited':
    case 'task.unclaimed':
    case 'task.cancelled':
      return forAgent;
    case 'task.reviewed':
      return [forAgent, text(p.verdict), text(p.rework) && `(${text(p.rework)})`].filter(Boolean).join(' ');
    case 'task.dispatched':
      return agent && `to ${agent}`;
    case 'task.reassigned':
      return [text(p.from) && `from ${text(p.from)}`, agent && `to ${agent}`].filter(Boolean).join(' ');
    case 'task.reordered':
      return typeof p.from === 'number' && typeof p.to === 'number' ? `${forAgent ? `${forAgent}, ` : ''}position ${p.from} → ${p.to}` : forAgent;
    case 'message.sent':
      return [text(p.id), text(p.to) && `to ${text(p.to)}`].filter(Boolean).join(' ');
    default:
      return '';
  }
}
