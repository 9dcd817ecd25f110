import { computeInsights } from '../../core/insights/insights';
import { formatDate, wallMinutes } from '../../base/time';
import { TeamHistory } from '../../core/insights/figures';
import { usageOverDays } from '../../core/insights/usage';
import { PriceTable } from '../../core/transcripts/cost';
import { UsageRecord } from '../../core/transcripts/transcript';
import { Team } from '../../core/team/model';
import { HistoryStatus, InsightsState, InsightsStatus } from './common/messages';

/**
 * Turns the team, its git history (when read) and "now" into what the insights page
 * shows, with a sentence for everything the charts rest on or lack. Pure.
 */
export interface InsightsInput {
  readonly status: InsightsStatus;
  readonly team: Team | undefined;
  readonly header: InsightsState['team'];
  readonly message: string | null;
  /** Wall-clock minutes (see base/time). */
  readonly now: number;
  readonly staleAfterMinutes: number;
  readonly heartbeatMinutes?: number;
  readonly history: { readonly status: HistoryStatus; readonly detail: string | null; readonly readAt: number | null; readonly data: TeamHistory | null };
  /** The agents' model requests and the prices (absent: the dashboard reads no session logs). */
  readonly usage?: { readonly recordsOf: (slug: string) => readonly UsageRecord[]; readonly prices: PriceTable };
}

export function buildInsightsState(input: InsightsInput): InsightsState {
  const { team, history } = input;
  const insights = team ? computeInsights({ team, now: input.now, staleAfterMinutes: input.staleAfterMinutes, heartbeatMinutes: input.heartbeatMinutes, history: history.data }) : null;
  const notes: string[] = [];
  const missing = 'tasks removed by housekeeping are not counted, and ready tasks before today are unknown (the queue shows only in-progress tasks, from their Started and Completed)';
  switch (history.status) {
    case 'reading':
      notes.push('Reading the git history of the task files…');
      break;
    case 'notRepository':
      notes.push(`The team folder is not a git repository, so these figures come from the files alone: ${missing}.`);
      break;
    case 'notLocal':
      notes.push(`The team folder is not on a local file system, so its git history is not read: ${missing}.`);
      break;
    case 'unavailable':
      notes.push(`The git history could not be read${history.detail ? ` (${history.detail})` : ''}: ${missing}.`);
      break;
    case 'read': {
      const h = history.data;
      if (insights) {
        const n = insights.counts.fromHistoryOnly;
        notes.push(
          n > 0
            ? `${count(n, 'done task comes', 'done tasks come')} from git history only (removed from the files since). Past ready counts come from the task files as committed at that time of day.`
            : 'Past ready counts come from the task files as committed at that time of day.',
        );
      }
      if (h && h.truncated) notes.push(`Only the newest ${h.commits} commits were read: the earliest days may miss pruned tasks.`);
      if (insights && insights.queue.readyUnknownDays > 0) {
        const known = insights.queue.points.find((p) => p.ready !== null && p !== insights.queue.points[insights.queue.points.length - 1]);
        notes.push(
          known
            ? `Ready counts start on ${known.date}, the first day with a commit of the task files.`
            : 'No commit of the task files in these days: ready tasks before today are unknown.',
        );
      }
      break;
    }
  }
  if (insights) {
    const c = insights.cycle;
    if (c.withoutStart > 0) notes.push(`${count(c.withoutStart, 'done task has', 'done tasks have')} no readable Started: counted as done, left out of cycle time.`);
    if (c.startedAfterCompleted > 0) notes.push(`${count(c.startedAfterCompleted, 'done task was', 'done tasks were')} started after being completed (by their timestamps): left out of cycle time.`);
    if (insights.counts.doneWithoutDate > 0) notes.push(`${count(insights.counts.doneWithoutDate, 'done task has', 'done tasks have')} no readable Completed and ${insights.counts.doneWithoutDate === 1 ? 'is' : 'are'} not counted.`);
  }
  const usage =
    insights && team && input.usage
      ? usageOverDays(
          insights.days,
          team.agents.map((a) => ({ slug: a.slug, name: a.name, records: input.usage!.recordsOf(a.slug) })),
          input.usage.prices,
          (at) => formatDate(wallMinutes(new Date(at))),
        )
      : null;
  if (usage && usage.unpriced.length > 0) notes.push(`Tokens of ${usage.unpriced.join(', ')} have no price (add one in cortex.agents.prices): they count as tokens, not in the cost.`);
  return {
    status: input.status,
    team: input.header,
    message: input.message,
    insights,
    history: { status: history.status, detail: history.detail, readAt: history.readAt },
    notes,
    staleAfterMinutes: input.staleAfterMinutes,
    usage,
  };
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
