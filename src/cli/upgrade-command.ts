import { recordWrite } from '../core/actions/context';
import { removePlannedFile, writePlannedText } from '../core/agent-setup/write-plan';
import { LegacyTeam, UpgradeFilePlan, planUpgrade, readLegacyTeam } from '../core/legacy/upgrade-plan';
import { readOlderFiles } from '../core/legacy/read-older';
import { unifiedDiff } from '../core/text/text-diff';
import { ParsedOptions } from './args';
import { SharedSpecs } from './agent-verbs';
import type { Command, Context } from './command';

/**
 * `cortex-team upgrade`: the Cortex plugin's older team format (flat agent notes with
 * `last-heartbeat:`, tasks in the projects' `## Work Queue`) to today's, in one step
 * (core/legacy/upgrade-plan.ts). `--dry-run` lists the agents with their tasks and
 * heartbeat and prints the diff.
 */
export function upgradeVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'upgrade [--dry-run] [--team DIR]',
    summary:
      "Upgrade a team folder in the Cortex plugin's older format: each flat agents/<slug>.md moves to agents/<slug>/<slug>.md, its last-heartbeat: becomes the cortex:last-tick line of a new agents/<slug>/tasks.md, and the tasks of each project note's ## Work Queue move there in order (the Work Queue section leaves the project note). Every other byte stays; what cannot be mapped is refused and nothing is written. With --dry-run, list what was found and print the diff.",
    options: { 'dry-run': { kind: 'flag', help: 'list the agents and tasks found, print the changes as a diff; write nothing' }, team: s.team },
    run: (opts, ctx) => runUpgrade(opts, ctx),
  };
}

function found(team: LegacyTeam): string {
  return team.agents
    .map((a) => {
      const tasks = a.tasks.map((t) => `  - ${t.title} (${t.status}, dispatched ${t.dispatched}, from ${t.project})`);
      return [`${a.name} (${a.slug}): last heartbeat ${a.lastHeartbeat ?? 'none'}, ${a.tasks.length} ${a.tasks.length === 1 ? 'task' : 'tasks'}`, ...tasks].join('\n');
    })
    .join('\n');
}

async function runUpgrade(opts: ParsedOptions, ctx: Context): Promise<number> {
  const { flat, projects } = await readOlderFiles(ctx.fs);
  const team = readLegacyTeam(flat, projects);
  if (team.agents.length === 0 && team.queues.size === 0) {
    ctx.io.stdout(`${ctx.teamDir} is not in the older format (no flat agents/<slug>.md, no ## Work Queue); nothing to upgrade.\n`);
    return 0;
  }
  const existing = new Set<string>();
  for (const a of team.agents) if (await ctx.fs.stat(`agents/${a.slug}`)) existing.add(`agents/${a.slug}`);
  const plans = planUpgrade(team, (p) => existing.has(p), flat);
  if (opts.flags.has('dry-run')) {
    const diffs = plans.map((p) => unifiedDiff(p.path, p.before, p.after ?? undefined)).join('');
    ctx.io.stdout(`${found(team)}\n${diffs}Dry run: nothing was written.\n`);
    return 0;
  }
  const done: UpgradeFilePlan[] = [];
  for (const plan of plans) {
    try {
      if (plan.after === null) await removePlannedFile(ctx.fs, { path: plan.path, before: plan.before! });
      else await writePlannedText(ctx.fs, { path: plan.path, before: plan.before, after: plan.after }, plan.path, ctx.edit);
      done.push(plan);
    } catch (e) {
      if (done.length > 0 && e instanceof Error) e.message = `wrote ${done.map((p) => p.path).join(', ')}, but not ${plan.path}: ${e.message}`;
      throw e;
    }
  }
  const tasks = team.agents.reduce((n, a) => n + a.tasks.length, 0);
  const now = () => (ctx.io.clock ? ctx.io.clock() : new Date());
  const feed = await recordWrite(
    { fs: ctx.fs, edit: ctx.edit, via: 'cli', clock: now },
    { type: 'team.upgraded', actor: 'cortex-team', subject: 'older team format upgraded', file: plans[0].path, details: { agents: team.agents.map((a) => a.slug), tasks, files: done.map((p) => p.path) } },
    now(),
  );
  ctx.io.stdout(`Upgraded ${ctx.teamDir}: ${team.agents.length} ${team.agents.length === 1 ? 'agent' : 'agents'} moved to agents/<slug>/ with ${tasks} ${tasks === 1 ? 'task' : 'tasks'} from ${team.queues.size} Work ${team.queues.size === 1 ? 'Queue' : 'Queues'}.${feed}\n`);
  return 0;
}
