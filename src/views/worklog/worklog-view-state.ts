import { ActivityFeed } from '../../core/actions/activity';
import { Mailbox } from '../../core/mailbox/parse';
import { nextStatuses } from '../../core/mailbox/statuses';
import { subjectWithoutType } from '../../core/worklog/event-type';
import { worklogEvents } from '../../core/worklog/events';
import { Worklog } from '../../core/worklog/parse';
import { buildActivityView } from './activity-view';
import { WorklogViewState } from './common/messages';

/** What the panel shows, from the parsed files (pure: unit-tested). */
export function buildWorklogViewState(input: { hasTeam: boolean; trusted: boolean; worklog: Worklog | null; mailbox: Mailbox | null; activity?: ActivityFeed | null }): WorklogViewState {
  const w = input.worklog;
  const m = input.mailbox;
  const events = w ? worklogEvents(w, null) : [];
  return {
    hasTeam: input.hasTeam,
    trusted: input.trusted,
    worklog: {
      exists: w !== null,
      order: w?.order ?? 'newest-first',
      status: w?.status ? { columns: w.status.columns, rows: w.status.rows.map((r) => r.cells), note: w.status.note } : null,
      decisions: w?.decisions?.rows.map((r) => ({ date: r.date, decision: r.decision, entry: r.entry })) ?? [],
      entries: events.map((e) => ({ id: e.event_id, timestamp: e.timestamp, actor: e.actor, type: e.event_type, subject: subjectWithoutType(e.subject), body: e.payload.body })),
      problems: w?.diagnostics.length ?? 0,
    },
    mailbox: {
      exists: m !== null,
      inbox: m?.inbox ? m.inbox.rows.map((r) => ({ to: r.to, newCount: r.newCount, openCount: r.openCount })) : null,
      messages: (m?.messages ?? []).map((x) => ({ id: x.id, subject: x.subject, from: x.from, to: x.to, sent: x.sent, status: x.status, body: x.body, next: nextStatuses(x.status) })),
      problems: m?.diagnostics.length ?? 0,
    },
    activity: buildActivityView(input.activity ?? null),
  };
}
