import { TeamReport } from '../core/reports/team-report';
import { formatStamp } from '../base/time';

/** `cortex-team briefing|review --json`: the report's facts for other tools, and its markdown. */
export interface ReportJson {
  readonly kind: 'briefing' | 'review';
  readonly teamDir: string;
  readonly now: string;
  /** Start of the period covered (exclusive); `sinceBasis` says where it came from. */
  readonly since: string;
  readonly sinceBasis: 'lastReview' | 'default';
  readonly staleAfterMinutes: number;
  readonly agents: ReadonlyArray<{
    slug: string;
    name: string;
    liveness: string;
    tickAgeMinutes: number | null;
    inProgress: ReadonlyArray<{ title: string; started: string | null; ageMinutes: number | null }>;
    ready: readonly string[];
    latestSession: { lastSession: string; status: string | null } | null;
  }>;
  readonly done: ReadonlyArray<{ agent: string; title: string; started: string | null; completed: string; summary: string | null }>;
  readonly blockers: ReadonlyArray<{ kind: 'down' | 'session-log' | 'task-status'; agent: string; detail: string | null }>;
  readonly carriedOver: ReadonlyArray<{ agent: string; title: string; started: string | null }>;
  readonly projects: ReadonlyArray<{ slug: string; status: string | null; nextAction: string | null }>;
  readonly markdown: string;
}

export function reportJson(kind: ReportJson['kind'], report: TeamReport, teamDir: string, projects: ReportJson['projects'], markdown: string): ReportJson {
  return {
    kind,
    teamDir,
    now: formatStamp(report.now),
    since: formatStamp(report.period.since),
    sinceBasis: report.period.basis,
    staleAfterMinutes: report.staleAfterMinutes,
    agents: report.agents.map((a) => ({
      slug: a.agent.slug,
      name: a.agent.name,
      liveness: a.liveness,
      tickAgeMinutes: a.tickAge,
      inProgress: a.inProgress.map((t) => ({ title: t.task.title, started: t.task.started, ageMinutes: t.age })),
      ready: a.ready.map((t) => t.title),
      latestSession: a.latestSession ? { lastSession: a.latestSession.lastSession, status: a.latestSession.status } : null,
    })),
    done: report.done.map((d) => ({ agent: d.agent.slug, title: d.task.title, started: d.task.started, completed: d.task.completed!, summary: d.task.summary })),
    blockers: report.blockers.map((b) => ({
      kind: b.kind,
      agent: b.agent.agent.slug,
      detail: b.kind === 'session-log' ? b.entry.status : b.kind === 'task-status' ? b.task.title : null,
    })),
    carriedOver: report.carriedOver.map((c) => ({ agent: c.agent.slug, title: c.task.task.title, started: c.task.task.started })),
    projects,
    markdown,
  };
}
