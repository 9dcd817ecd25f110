import { Team } from '../team/model';
import { formatClock, formatDay, formatWhen } from './format';
import { plainText } from './markdown-text';
import { agentsTable, blockerLines, countsLine, doneLines, problemsLine, projectsLines, readyQueueLines, sessionLogLines, staleRuleLine } from './sections';
import { ReportInput, TeamReport, buildTeamReport } from './team-report';

/**
 * The Daily Briefing: the morning picture of the team, and first what needs the
 * owner (agents down with work waiting, blockers, problems in the files), then every
 * agent, what was done since the last review, the ready queue and the projects.
 */
export function dailyBriefing(input: ReportInput): string {
  return renderBriefing(buildTeamReport(input), input.team);
}

/** Ready tasks listed per agent before "and N more". */
const QUEUE_LENGTH = 5;

export function renderBriefing(report: TeamReport, team: Team): string {
  const out: string[] = [];
  out.push(`# Daily Briefing: ${plainText(report.teamName)}`, '');
  out.push(`${formatDay(report.now)}, ${formatClock(report.now)}. ${countsLine(report)}`, '');

  out.push('## Needs your attention', '');
  const attention = [...blockerLines(report)];
  const problems = problemsLine(report);
  if (problems) attention.push(problems);
  out.push(...(attention.length ? attention : ['Nothing needs you: every agent with work is ticking and none reports a blocker.']), '');

  out.push('## Agents', '', ...agentsTable(report), '', staleRuleLine(report), '');
  out.push('### Latest Session Logs', '', ...sessionLogLines(report), '');

  out.push(`## Done since ${sinceText(report)}`, '', ...doneLines(report), '');
  out.push('## Ready queue', '', ...readyQueueLines(report, QUEUE_LENGTH), '');
  out.push('## Projects', '', ...projectsLines(team), '');
  return out.join('\n');
}

export function sinceText(report: TeamReport): string {
  return report.period.basis === 'lastReview'
    ? `the last review (${formatWhen(report.period.since)})`
    : `${formatWhen(report.period.since)} (the last 24 hours: no review recorded yet)`;
}
