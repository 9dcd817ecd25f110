import { Liveness, agentLiveness, tickAgeMinutes } from '../core/team/liveness';
import { Agent, Diagnostic, Task, Team } from '../core/team/model';

/** `cortex-team status`: the JSON object other tools read, and the table people read. */

/** A task as `status --json` gives it: the fields of the model other tools read (the JSON is a contract: a field joins it on purpose). */
export type StatusTaskJson = Pick<Task, 'title' | 'status' | 'started' | 'completed' | 'summary' | 'body' | 'line'>;

/** An agent as `status --json` gives it: the model's fields other tools read, its liveness now, its tasks. */
export type StatusAgentJson = Pick<Agent, 'slug' | 'name' | 'status' | 'project' | 'joined' | 'role' | 'capabilities' | 'projects' | 'lastTick'> & {
  readonly liveness: Liveness;
  readonly tasks: readonly StatusTaskJson[];
};

export interface StatusJson {
  readonly teamDir: string;
  readonly now: string;
  readonly agents: readonly StatusAgentJson[];
  readonly projects: ReadonlyArray<{ slug: string; status: string | null; created: string | null; nextAction: string | null }>;
  readonly diagnostics: readonly Diagnostic[];
}

export function statusJson(team: Team, teamDir: string, now: string, nowMinutes: number, staleAfter: number): StatusJson {
  return {
    teamDir,
    now,
    agents: team.agents.map((a) => ({
      slug: a.slug,
      name: a.name,
      status: a.status,
      project: a.project,
      joined: a.joined,
      role: a.role,
      capabilities: [...a.capabilities],
      projects: [...a.projects],
      lastTick: a.lastTick,
      liveness: agentLiveness(a, nowMinutes, staleAfter),
      tasks: a.tasks.map((t) => ({
        title: t.title,
        status: t.status,
        started: t.started,
        completed: t.completed,
        summary: t.summary,
        body: t.body,
        line: t.line,
      })),
    })),
    projects: team.projects.map((p) => ({ slug: p.slug, status: p.status, created: p.created, nextAction: p.nextAction })),
    diagnostics: team.diagnostics.map((d) => ({ file: d.file, line: d.line, severity: d.severity, message: d.message })),
  };
}

/** "5m", "2h10m", "3d", "in 4m" (a tick in the future), "-" (none). */
export function formatAge(minutes: number | null): string {
  if (minutes === null) return '-';
  if (minutes < 0) return `in ${formatAge(-minutes)}`;
  const m = Math.floor(minutes);
  if (m < 60) return `${m}m`;
  if (m < 48 * 60) return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(m / 1440)}d`;
}

function clip(s: string, width: number): string {
  return s.length <= width ? s : s.slice(0, width - 1) + '…';
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd()).join('\n');
}

/**
 * The table, from the team itself (not from `statusJson`, which copies every task of the
 * team). `readyCount`: how many tasks an agent has ready, when its task list holds only
 * some of them (a team read through the status cache); else they are counted.
 */
export function statusTable(team: Team, teamDir: string, now: string, nowMinutes: number, staleAfter: number, readyCount?: (agent: Agent) => number | undefined): string {
  const out: string[] = [];
  out.push(`Team ${teamDir}, now ${now} (a tick older than ${staleAfter} min is stale)`);
  out.push('');
  if (team.agents.length === 0) out.push('No agents yet (cortex-team register --name NAME).');
  else {
    const rows = [['AGENT', 'LIVENESS', 'TICK AGE', 'READY', 'IN PROGRESS']];
    for (const a of team.agents) {
      const working = a.tasks.filter((t) => t.status === 'in-progress').map((t) => t.title);
      rows.push([
        clip(a.slug, 28),
        agentLiveness(a, nowMinutes, staleAfter),
        formatAge(tickAgeMinutes(a, nowMinutes)),
        String(readyCount?.(a) ?? a.tasks.filter((t) => t.status === 'ready').length),
        working.length ? clip(working.join(', '), 60) : '-',
      ]);
    }
    out.push(table(rows));
  }
  if (team.projects.length > 0) {
    out.push('');
    const rows = [['PROJECT', 'STATUS', 'CREATED', 'NEXT ACTION']];
    for (const p of team.projects) {
      const next = p.nextAction ? p.nextAction.split('\n').find((l) => l.trim() !== '') ?? '' : '';
      rows.push([clip(p.slug, 28), p.status ?? '-', p.created ?? '-', next ? clip(next.replace(/^\s*[-*]\s+/, ''), 60) : '-']);
    }
    out.push(table(rows));
  }
  out.push('');
  out.push(diagnosticsLine(team.diagnostics));
  return out.join('\n') + '\n';
}

export function diagnosticsLine(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return 'No problems found in the team files.';
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const parts: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (count('error')) parts.push(plural(count('error'), 'error'));
  if (count('warning')) parts.push(plural(count('warning'), 'warning'));
  if (count('info')) parts.push(plural(count('info'), 'note'));
  return `${plural(diagnostics.length, 'diagnostic')} (${parts.join(', ')}); run "cortex-team lint" for details.`;
}
