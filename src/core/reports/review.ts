import { Team } from '../model';
import { formatClock, formatDay, formatWhen, plural } from './format';
import { plainText } from './markdown-text';
import { agentsTable, blockerLines, carriedOverLines, countsLine, doneLines, problemsLine, projectsLines, readyQueueLines, sessionLogLines, staleRuleLine } from './sections';
import { ReportInput, TeamReport, buildTeamReport } from './team-report';

/**
 * The Daily Review: what got done since the last review (with each Summary), what is
 * blocked and what slipped (in-progress work carried over from before the period),
 * what is next (the ready queue), the projects' Next Actions, and every agent.
 */
export function dailyReview(input: ReportInput): string {
  return renderReview(buildTeamReport(input), input.team);
}

const QUEUE_LENGTH = 5;

export function renderReview(report: TeamReport, team: Team): string {
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
