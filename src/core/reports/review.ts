import { PrunePlan } from '../ops/prune';
import { Team } from '../team/model';
import { formatClock, formatDay, formatWhen } from './format';
import { plural } from '../../base/words';
import { plainText } from './markdown-text';
import { agentsTable, blockerLines, carriedOverLines, countsLine, doneLines, problemsLine, projectsLines, readyQueueLines, sessionLogLines, staleRuleLine } from './sections';
import { ReportInput, TeamReport, buildTeamReport } from './team-report';

/**
 * The Daily Review: what got done since the last review (with each Summary), what is
 * blocked and what slipped (in-progress work carried over from before the period),
 * what is next (the ready queue), the projects' Next Actions, what housekeeping would
 * prune (when `housekeeping`, the plan as of now, is given), and every agent.
 */
export function dailyReview(input: ReportInput, housekeeping?: HousekeepingPlan | null): string {
  return renderReview(buildTeamReport(input), input.team, housekeeping);
}

/** What Run Housekeeping / `cortex-team prune` would remove now (see `planPrune`). */
export type HousekeepingPlan = Pick<PrunePlan, 'days' | 'files'>;

const QUEUE_LENGTH = 5;

export function renderReview(report: TeamReport, team: Team, housekeeping?: HousekeepingPlan | null): string {
  const out: string[] = [];
  out.push(`# Daily Review: ${plainText(report.teamName)}`, '');
  out.push(`${formatDay(report.now)}, ${formatClock(report.now)}. ${periodLine(report)}`, '');

  out.push(`## Done (${report.done.length})`, '', ...doneLines(report), '');

  out.push('## Blocked and slipped', '');
  const issues = [...blockerLines(report), ...carriedOverLines(report)];
  const problems = problemsLine(report);
  if (problems) issues.push(problems);
  out.push(...(issues.length ? issues : ['Nothing is blocked, and no work carried over from before this period.']), '');

  out.push('## Next', '', ...readyQueueLines(report, QUEUE_LENGTH), '');
  out.push('## Projects', '', ...projectsLines(team), '');
  if (housekeeping) out.push('## Housekeeping', '', housekeepingLine(housekeeping), '');
  out.push('## Agents', '', countsLine(report), '', ...agentsTable(report), '', staleRuleLine(report), '');
  out.push('### Latest Session Logs', '', ...sessionLogLines(report), '');
  return out.join('\n');
}

function periodLine(report: TeamReport): string {
  const done = plural(report.done.length, 'task');
  return report.period.basis === 'lastReview'
    ? `Covers the time since the last review, ${formatWhen(report.period.since)}: ${done} done.`
    : `Covers the last 24 hours, since ${formatWhen(report.period.since)}, because no earlier review was recorded for this team: ${done} done.`;
}

/**
 * The end of the day is when the coordinator's protocol does housekeeping: the review
 * says what it would prune, and how (VS Code shows each diff before anything is written).
 */
export function housekeepingLine(plan: HousekeepingPlan): string {
  const days = plural(plan.days, 'day');
  const of = (kind: 'tasks' | 'session-log') => {
    const files = plan.files.filter((f) => f.kind === kind);
    const agents = files.map((f) => plainText(f.path.split('/')[1] ?? f.path));
    return { n: files.reduce((n, f) => n + f.items.length, 0), agents: agents.join(', ') };
  };
  const tasks = of('tasks');
  const logs = of('session-log');
  if (tasks.n === 0 && logs.n === 0) return `Nothing to prune: no done task was completed more than ${days} ago and no Session Log has more than one entry.`;
  const parts: string[] = [];
  if (tasks.n > 0) parts.push(`${plural(tasks.n, 'done task')} completed more than ${days} ago (${tasks.agents})`);
  if (logs.n > 0) parts.push(`${plural(logs.n, 'older Session Log entry', 'older Session Log entries')} (${logs.agents})`);
  return `Housekeeping would prune ${parts.join(' and ')}. In VS Code: **Cortex: Run Housekeeping…** (each diff is shown first); in a terminal: \`cortex-team prune --dry-run\` lists them, \`cortex-team prune\` removes them.`;
}
