import { ActivityFeed } from '../../core/actions/activity';
import { Mailbox, inboxCounts } from '../../core/mailbox/parse';
import { nextStatuses } from '../../core/mailbox/statuses';
import { PRIORITIES, PRIORITY_NAMES, messageUrgency } from '../../core/mailbox/urgency';
import { formatStamp } from '../../base/time';
import { subjectWithoutType } from '../../core/worklog/event-type';
import { sessionIdOf, worklogEvents } from '../../core/worklog/events';
import { Worklog } from '../../core/worklog/parse';
import { buildActivityView } from './activity-view';
import { WorklogViewState } from './common/messages';
import { duration } from '../../base/words';

/** The charter as the panel shows it: line breaks made plain, blank lines around it dropped, at most CHARTER_SHOWN characters. */
const CHARTER_SHOWN = 20_000;
function charterText(text: string): string {
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  return plain.length > CHARTER_SHOWN ? `${plain.slice(0, CHARTER_SHOWN - 1)}…` : plain;
}

const rank = (p: string) => (PRIORITIES as readonly string[]).indexOf(p);

/** The parts the parser could not read as the format says: its infos (an Inbox snapshot an agent left stale, a block out of place) are notes, not that. */
const unreadable = (diagnostics: readonly { severity: string }[] | undefined) => diagnostics?.filter((d) => d.severity !== 'info').length ?? 0;

/**
 * What the panel shows, from the parsed files (pure: unit-tested). `now` (wall-clock
 * minutes) judges which messages are overdue. Messages: overdue first, then by priority
 * (P0 first), then in the file's order (the page groups them by status). Activity: the
 * feed's newest events first.
 */
export function buildWorklogViewState(input: {
  hasTeam: boolean;
  team?: { readonly name: string; readonly path: string } | null;
  trusted: boolean;
  worklog: Worklog | null; mailbox: Mailbox | null; now: number; activity?: ActivityFeed | null;
  /** The session charter file found in the team folder, and its text. */
  charter?: { readonly file: string; readonly text: string } | null }): WorklogViewState {
  const w = input.worklog;
  const m = input.mailbox;
  const events = w ? worklogEvents(w, null) : [];
  return {
    hasTeam: input.hasTeam,
    team: input.team ?? null,
    trusted: input.trusted,
    charter: input.charter ? { file: input.charter.file, sessionId: sessionIdOf(input.charter.text), text: charterText(input.charter.text) } : null,
    worklog: {
      exists: w !== null,
      order: w?.order ?? 'newest-first',
      status: w?.status ? { columns: w.status.columns, rows: w.status.rows.map((r) => r.cells), note: w.status.note } : null,
      decisions: w?.decisions?.rows.map((r) => ({ date: r.date, decision: r.decision, entry: r.entry })) ?? [],
      entries: events.map((e) => ({ id: e.event_id, timestamp: e.timestamp, actor: e.actor, type: e.event_type, subject: subjectWithoutType(e.subject), body: e.payload.body })),
      problems: unreadable(w?.diagnostics),
    },
    mailbox: {
      exists: m !== null,
      inbox: m?.inbox ? inboxView(m) : null,
      messages: (m?.messages ?? [])
        .map((x, order) => {
          const u = messageUrgency(x, input.now);
          return {
            order,
            view: {
              id: x.id,
              subject: x.subject,
              from: x.from,
              to: x.to,
              sent: x.sent,
              status: x.status,
              body: x.body,
              next: nextStatuses(x.status),
              kind: u.type ?? u.otherType,
              priority: u.priority,
              priorityGiven: u.priorityGiven,
              priorityName: PRIORITY_NAMES[u.priority],
              respondBy: u.dueAt === null ? null : formatStamp(u.dueAt),
              overdueMinutes: u.overdueBy,
              overdueText: u.overdue ? duration(Math.max(1, u.overdueBy)) : null,
              escalated: u.escalated,
              canEscalate: u.shouldEscalate,
            },
          };
        })
        .sort((a, b) => Number(b.view.overdueMinutes > 0) - Number(a.view.overdueMinutes > 0) || rank(a.view.priority) - rank(b.view.priority) || a.order - b.order)
        .map((x) => x.view),
      problems: unreadable(m?.diagnostics),
    },
    activity: buildActivityView(input.activity ?? null),
  };
}

/**
 * The Inbox as the messages say, not as the file's snapshot table last said (an agent
 * that adds a message seldom updates it; the Problems panel notes the difference): the
 * snapshot's rows in their order, then any other recipient.
 */
function inboxView(m: Mailbox): Array<{ to: string; newCount: number; openCount: number }> {
  const seen = new Set<string>();
  const rows: Array<{ to: string; newCount: number; openCount: number }> = [];
  for (const to of [...(m.inbox?.rows ?? []).map((r) => r.to), ...m.messages.map((x) => x.to)]) {
    const key = to.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    rows.push({ to: to.trim(), ...inboxCounts(m.messages, to) });
  }
  return rows;
}
