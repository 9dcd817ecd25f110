import { effectiveToolRules, toolRulesText } from '../../core/agents/tool-rules';
import { isCoordinator } from '../../core/team/coordinator';
import { agentLiveness, livenessWithSession, teamSummary, tickAgeMinutes } from '../../core/team/liveness';
import { isValidLevel } from '../../core/team/lineage';
import { Agent, Diagnostic, Project, Team } from '../../core/team/model';
import { ShuttleProgress } from '../../core/parse/shuttle';
import { wrapperLeftOpen } from '../../core/ops/shuttle-wrapper';
import { latestSession } from '../../core/reports/team-report';
import { parseStamp } from '../../base/time';
import type { OlderFormat } from '../../core/legacy/older-agents';
import { AgentRunView, AgentView, NeedsYouRow, OlderFormatView, ProjectView, TeamSummaryView, TeamViewState, ViewStatus } from './common/messages';

/**
 * Turns the parsed team into what the Team view shows: liveness, ages and counts are
 * worked out here (the host), so the webview only lays them out. Pure.
 */
export interface TeamViewInput {
  readonly status: ViewStatus;
  readonly team: Team | undefined;
  readonly header: TeamViewState['team'];
  readonly message: string | null;
  readonly multipleTeams: boolean;
  readonly canRegisterAgent: boolean;
  readonly trusted: boolean;
  /** Wall-clock minutes (see base/time). */
  readonly now: number;
  readonly staleAfterMinutes: number;
  /** The pickup window (see `agentLiveness`); default half the stale threshold. */
  readonly heartbeatMinutes?: number;
  /** The external task runner's progress for an agent (none when omitted). */
  readonly shuttle?: (slug: string) => ShuttleProgress | null;
  /** How the dashboard runs an agent (none when omitted). */
  readonly run?: (agent: Agent) => AgentRunView | null;
  /** The Needs you list (empty when omitted). */
  readonly needsYou?: readonly NeedsYouRow[];
  /** The Cortex plugin's older format found in the folder, read as it is (none when omitted). */
  readonly older?: OlderFormat | null;
}

const NO_SUMMARY: TeamSummaryView = { agents: 0, alive: 0, idle: 0, waiting: 0, down: 0, inactive: 0, ready: 0, inProgress: 0 };

export function buildTeamViewState(input: TeamViewInput): TeamViewState {
  const team = input.team;
  const problemsByAgent = new Map<string, number>();
  let problems = 0;
  for (const d of team?.diagnostics ?? []) {
    if (!isProblem(d)) continue;
    problems++;
    const slug = agentOfFile(d.file);
    if (slug) problemsByAgent.set(slug, (problemsByAgent.get(slug) ?? 0) + 1);
  }
  const agents = (team?.agents ?? []).map((a) =>
    agentView(a, input.now, input.staleAfterMinutes, problemsByAgent.get(a.slug) ?? 0, input.shuttle?.(a.slug) ?? null, input.run?.(a) ?? null, input.heartbeatMinutes),
  );
  return {
    status: input.status,
    team: input.header,
    message: input.message,
    multipleTeams: input.multipleTeams,
    canRegisterAgent: input.canRegisterAgent,
    trusted: input.trusted,
    staleAfterMinutes: input.staleAfterMinutes,
    summary: team ? withRowLiveness(teamSummary(team, input.now, input.staleAfterMinutes, input.heartbeatMinutes), agents) : NO_SUMMARY,
    agents,
    projects: (team?.projects ?? []).map((p) => projectView(p, team!.agents)),
    problems,
    needsYou: input.needsYou ?? [],
    older: input.older ? olderFormatView(input.older, input.now, input.staleAfterMinutes, input.heartbeatMinutes) : null,
  };
}

/** The older format's agents as read (never added to the team): the same liveness rule on their last-heartbeat, their open Work Queue tasks. */
export function olderFormatView(older: OlderFormat, now: number, staleAfter: number, heartbeat?: number): OlderFormatView {
  return {
    agents: older.agents.map((a) => ({
      slug: a.slug,
      name: a.name,
      liveness: agentLiveness(a, now, staleAfter, heartbeat),
      tickAgeMinutes: tickAgeMinutes(a, now),
      readyCount: a.tasks.filter((t) => t.status === 'ready').length,
      inProgressCount: a.tasks.filter((t) => t.status === 'in-progress').length,
    })),
    problem: older.problem,
  };
}

export function agentView(agent: Agent, now: number, staleAfter: number, problems: number, shuttle: ShuttleProgress | null = null, run: AgentRunView | null = null, heartbeat?: number): AgentView {
  let current: AgentView['current'] = null;
  let next: AgentView['next'] = null;
  let readyCount = 0;
  let doneCount = 0;
  agent.tasks.forEach((task, index) => {
    if (task.status === 'in-progress') {
      if (!current) {
        const started = parseStamp(task.started);
        current = { index, title: task.title, runningMinutes: started === null ? null : Math.max(0, now - started) };
      }
    } else if (task.status === 'ready') {
      readyCount++;
      next ??= { index, title: task.title };
    } else if (task.status === 'done') {
      doneCount++;
    }
  });
  const latest = latestSession(agent);
  return {
    slug: agent.slug,
    name: agent.name,
    role: agent.role,
    coordinator: isCoordinator(agent),
    // The session's own report wins over a stale tick: never "down" beside "Turn finished just now".
    liveness: livenessWithSession(agentLiveness(agent, now, staleAfter, heartbeat), run && { turn: run.turn, minutes: run.turnMinutes, live: run.terminal === 'running' || run.terminal === 'starting' || run.session }, staleAfter),
    tickAgeMinutes: tickAgeMinutes(agent, now),
    current,
    readyCount,
    next,
    doneCount,
    sessionStatus: latest?.status ?? null,
    lastSession: latest?.lastSession ?? null,
    joined: agent.joined,
    projects: agent.projects,
    capabilities: agent.capabilities,
    // At level 3 the spawn tools are denied whatever the note says (document 003's level enforcement).
    tools: toolRulesText(effectiveToolRules(agent.tools, isValidLevel(agent.level) ? agent.level : null)),
    parent: agent.parent,
    level: isValidLevel(agent.level) ? agent.level : null,
    shuttle: shuttle && shuttle.total > 0 ? shuttleView(shuttle, now, staleAfter, agent) : null,
    hasNote: agent.notePath !== null,
    problems,
    run,
  };
}

/** The header's counts as the rows show liveness (a session's report can make an agent alive). */
function withRowLiveness(summary: TeamSummaryView, agents: readonly AgentView[]): TeamSummaryView {
  const counts = { ...summary, alive: 0, idle: 0, waiting: 0, down: 0, inactive: 0 };
  for (const a of agents) counts[a.liveness]++;
  return counts;
}

/** A runner file with no tasks shows nothing (a kickoff not yet written out). */
function shuttleView(p: ShuttleProgress, now: number, staleAfter: number, agent: Agent): AgentView['shuttle'] {
  const age = tickAgeMinutes(p, now);
  const quiet = p.done < p.total && (age === null || age > staleAfter);
  return { done: p.done, total: p.total, current: p.current && { title: p.current.title, status: p.current.status }, tickAgeMinutes: age, quiet, wrapperOpen: wrapperLeftOpen(agent.tasks, p) };
}

function projectView(project: Project, agents: readonly Agent[]): ProjectView {
  return {
    slug: project.slug,
    status: project.status,
    nextAction: project.nextAction,
    notes: noteLines(project.notes),
    agents: agents.filter((a) => a.projects.includes(project.slug)).map((a) => ({ slug: a.slug, name: a.name })),
  };
}

/** The `## Notes` text as lines to show: blank lines and list markers dropped. */
function noteLines(notes: string | null): string[] {
  if (!notes) return [];
  return notes
    .split('\n')
    .map((l) => l.trim().replace(/^([-*+]|\d+[.)])\s+/, ''))
    .filter((l) => l !== '');
}

function isProblem(d: Diagnostic): boolean {
  return d.severity === 'error' || d.severity === 'warning';
}

/** `agents/<slug>/…` → slug. */
function agentOfFile(file: string): string | undefined {
  const m = /^agents\/([^/]+)\//.exec(file);
  return m ? m[1] : undefined;
}
