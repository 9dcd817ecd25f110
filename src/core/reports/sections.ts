import { Team } from '../team/model';
import { formatDuration, formatWhen } from './format';
import { plural } from '../../base/words';
import { cell, nameText, plainText, quoteBlock, table } from './markdown-text';
import { AgentReport, Blocker, TeamReport } from './team-report';
import { LIVENESS_WORDS } from '../../base/liveness-words';

/** The parts both reports share, each as markdown lines. */

/** "**Billing Dev** (billing-dev)". */
export function agentLabel(agent: { readonly name: string; readonly slug: string }): string {
  return agent.name === agent.slug ? `**${nameText(agent.name)}**` : `**${nameText(agent.name)}** (${nameText(agent.slug)})`;
}

/** "6 agents: 3 alive, 1 idle, 1 waiting for pickup, 1 down, 1 inactive; 3 tasks in progress, 10 ready." */
export function countsLine(report: TeamReport): string {
  const c = report.counts;
  const states = (['alive', 'idle', 'waiting', 'down', 'inactive'] as const).filter((s) => c[s] > 0).map((s) => `${c[s]} ${LIVENESS_WORDS[s]}`);
  const agents = report.agents.length;
  return `${plural(agents, 'agent')}${states.length ? `: ${states.join(', ')}` : ''}; ${plural(c.inProgress, 'task')} in progress, ${c.ready} ready.`;
}

export function staleRuleLine(report: TeamReport): string {
  return `An agent whose last tick is older than ${formatDuration(report.staleAfterMinutes)} is stale: down when it still has work, idle when it has none, waiting for pickup while its work was dispatched less than a heartbeat ago.`;
}

/** One line per blocker (see `Blocker` for what counts). */
export function blockerLines(report: TeamReport): string[] {
  return report.blockers.map((b) => `- ${blockerText(b)}`);
}

function blockerText(b: Blocker): string {
  const who = agentLabel(b.agent.agent);
  if (b.kind === 'down') {
    const work = [
      b.agent.inProgress.length ? `${b.agent.inProgress.length} in progress` : '',
      b.agent.ready.length ? `${b.agent.ready.length} ready` : '',
    ].filter((s) => s !== '');
    const tick = b.agent.tickAge === null ? 'has never ticked' : `has not ticked for ${formatDuration(b.agent.tickAge)}`;
    return `${who} is **down**: it ${tick} and has work waiting (${work.join(', ')}). Check its session.`;
  }
  if (b.kind === 'session-log') {
    const when = b.entry.lastSession && b.entry.lastSession !== '--' ? ` (${plainText(b.entry.lastSession)})` : '';
    return `${who} reports a blocker in its Session Log${when}: ${plainText(b.entry.status ?? '')}`;
  }
  return `${who} marked **${plainText(b.task.title)}** as ${plainText(b.task.status ?? '')}.`;
}

/** In-progress tasks started before the period began. */
export function carriedOverLines(report: TeamReport): string[] {
  return report.carriedOver.map(
    ({ agent, task }) => `- **${plainText(task.task.title)}** (${nameText(agent.name)}): in progress for ${formatDuration(task.age)}, since ${task.age === null ? '-' : formatWhen(report.now - task.age)}; started before this period and not done yet.`,
  );
}

/** Tasks done in the period, with their Summaries, grouped by agent in team order. */
export function doneLines(report: TeamReport): string[] {
  if (report.done.length === 0) return ['Nothing was completed in this period.'];
  const out: string[] = [];
  for (const a of report.agents) {
    const items = report.done.filter((d) => d.agent === a.agent);
    if (items.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(`### ${nameText(a.agent.name)}`, '');
    for (const d of items) {
      const took = d.took === null ? '' : `, took ${formatDuration(d.took)}`;
      out.push(`- **${plainText(d.task.title)}**: completed ${formatWhen(d.completed)}${took}`);
      if (d.task.summary && d.task.summary.trim() !== '') out.push('', ...quoteBlock(d.task.summary, '  '), '');
      else out.push('  (no Summary)');
    }
    while (out[out.length - 1] === '') out.pop();
  }
  return out;
}

/** Ready tasks per agent in pickup order (the first is next up), at most `max` each. */
export function readyQueueLines(report: TeamReport, max: number): string[] {
  const out: string[] = [];
  const empty: string[] = [];
  for (const a of report.agents) {
    if (a.liveness === 'inactive') continue;
    if (a.ready.length === 0) {
      if (a.inProgress.length === 0) empty.push(nameText(a.agent.name));
      continue;
    }
    const note =
      a.liveness === 'down' ? ', but it is down: nobody is picking these up' : a.liveness === 'waiting' ? ', dispatched less than a heartbeat ago: waiting for pickup' : '';
    out.push(`- ${agentLabel(a.agent)}, ${a.ready.length} ready${note}:`);
    a.ready.slice(0, max).forEach((t, i) => out.push(`  ${i + 1}. ${plainText(t.title)}${i === 0 ? ' (next up)' : ''}`));
    if (a.ready.length > max) out.push(`  - and ${a.ready.length - max} more`);
  }
  if (out.length === 0) out.push('No ready tasks anywhere.');
  if (empty.length > 0) out.push('', `Nothing queued for: ${empty.join(', ')}.`);
  return out;
}

export function agentsTable(report: TeamReport): string[] {
  const rows = report.agents.map((a) => [
    `${nameText(a.agent.name)} (${nameText(a.agent.slug)})`,
    a.liveness === 'down' ? '**down**' : LIVENESS_WORDS[a.liveness],
    a.tickAge === null ? 'never' : `${formatDuration(a.tickAge)} ago`,
    inProgressCell(a),
    String(a.ready.length),
    cell(a.ready[0]?.title),
  ]);
  return table(['Agent', 'Liveness', 'Last tick', 'In progress (for)', 'Ready', 'Next up'], rows);
}

/** Each agent's latest Session Log status, as a list (too long for a table cell). */
export function sessionLogLines(report: TeamReport): string[] {
  const out: string[] = [];
  for (const a of report.agents) {
    const entry = a.latestSession;
    if (!entry || !entry.status) continue;
    const when = entry.lastSession && entry.lastSession !== '--' ? `, ${plainText(entry.lastSession)}` : '';
    out.push(`- ${agentLabel(a.agent)}${when}: ${plainText(entry.status)}`);
  }
  return out.length ? out : ['No Session Log entries yet.'];
}

function inProgressCell(a: AgentReport): string {
  if (a.inProgress.length === 0) return '-';
  return a.inProgress.map((t) => `${cell(t.task.title)} (${t.age === null ? 'no Started' : formatDuration(t.age)})`).join('; ');
}

export function projectsLines(team: Team): string[] {
  if (team.projects.length === 0) return ['No project notes in projects/.'];
  const rows = team.projects.map((p) => {
    const agents = team.agents.filter((a) => a.projects.includes(p.slug)).map((a) => a.slug);
    return [nameText(p.slug), cell(p.status), cell(p.nextAction), agents.length ? agents.map(nameText).join(', ') : '-'];
  });
  return table(['Project', 'Status', 'Next Action', 'Agents'], rows);
}

export function problemsLine(report: TeamReport): string | null {
  if (report.problems === 0) return null;
  return `- The team files have ${plural(report.problems, 'problem')} (errors or warnings): see the Problems panel, or run \`cortex-team lint\`.`;
}
