import { recordWrite } from '../core/actions/context';
import { teamEvents } from '../core/actions/events';
import { LEAVE_PATHS, LeaveFilePlan, planLeave } from '../core/agent-setup/leave-plan';
import { removePlannedFile, writePlannedText } from '../core/agent-setup/write-plan';
import { readTextFile } from '../core/edit/edit-file';
import { writeOperation } from '../core/edit/writer';
import { CortexInputError } from '../core/edit/errors';
import { NodeTeamFs } from '../core/fs/node-fs';
import { inactiveStatusOperation, inactiveStatusText } from '../core/ops/leave-status';
import { agentNotePath } from '../core/team/team-paths';
import { unifiedDiff } from '../core/text/text-diff';
import { ParsedOptions } from './args';
import { SharedSpecs } from './agent-verbs';
import type { Command, Context } from './command';
import { agentProject } from './protocol-command';

/**
 * `cortex-team leave`: the plugin's /leave from a terminal. Takes the agent's Cortex
 * part out of its project folder (core/agent-setup/leave-plan.ts): the protocol
 * sections, the hooks, the MCP entry and its approval; every other byte kept. Then,
 * as the plugin's /leave does, the agent note's `status: active` becomes `inactive`
 * (core/ops/leave-status.ts); the note and task file otherwise stay: leaving is not
 * erasing the team's history. `--dry-run` prints the diff.
 */
export function leaveVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'leave --agent SLUG [--dry-run] [--team DIR]',
    summary:
      "Take the agent's Cortex setup out of its project folder (the note's project:): the Cortex section of CLAUDE.local.md, AGENTS.md, GEMINI.md, .cursorrules; .cortex.md and the idle check; the Cortex hooks; the cortex MCP server entries and their approval; the plugin's older TEAM.md and the ## Cortex section of CLAUDE.md. Every other byte stays. Then the agent note's status: active becomes status: inactive, as the plugin's /leave does. With --dry-run, print the diff and write nothing.",
    options: { agent: s.agent, 'dry-run': { kind: 'flag', help: 'print the changes as a diff; write nothing' }, team: s.team },
    run: (opts, ctx) => runLeave(opts, ctx, s),
  };
}

async function readAll(fs: NodeTeamFs): Promise<Map<string, string | undefined>> {
  const texts = new Map<string, string | undefined>();
  for (const p of LEAVE_PATHS) texts.set(p, await readTextFile(fs, p));
  return texts;
}

function describe(plans: readonly LeaveFilePlan[]): string {
  return plans.map((p) => (p.after === null ? `${p.path} (removed)` : `${p.path} (${p.what} taken out)`)).join(', ');
}

async function runLeave(opts: ParsedOptions, ctx: Context, s: SharedSpecs): Promise<number> {
  const slug = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
  const { agent, project } = await agentProject(ctx, slug);
  const fs = new NodeTeamFs(project);
  const texts = await readAll(fs);
  let plans: LeaveFilePlan[];
  try {
    plans = planLeave((p) => texts.get(p));
  } catch (e) {
    if (e instanceof CortexInputError) throw new CortexInputError(`nothing was changed in ${project}: ${e.message}`);
    throw e;
  }
  if (plans.length === 0) {
    ctx.io.stdout(`${project} holds no Cortex setup for ${agent.name}; nothing was changed.\n`);
    return 0;
  }
  const notePath = agent.notePath ?? agentNotePath(slug);
  if (opts.flags.has('dry-run')) {
    const note = await readTextFile(ctx.fs, notePath);
    const inactive = note === undefined ? null : inactiveStatusText(note);
    const noteDiff = inactive?.changed ? unifiedDiff(notePath, note!, inactive.text) : '';
    const noteWords = inactive?.changed ? `; ${notePath} would say status: inactive` : '';
    ctx.io.stdout(plans.map((p) => unifiedDiff(p.path, p.before, p.after ?? undefined)).join('') + noteDiff + `${agent.name} would leave ${project}: ${describe(plans)}${noteWords}. Dry run: nothing was changed.\n`);
    return 0;
  }
  const done: LeaveFilePlan[] = [];
  for (const plan of plans) {
    try {
      if (plan.after === null) await removePlannedFile(fs, plan);
      else await writePlannedText(fs, { path: plan.path, before: plan.before, after: plan.after }, plan.path, ctx.edit);
      done.push(plan);
    } catch (e) {
      if (done.length > 0 && e instanceof Error) e.message = `changed ${describe(done)} in ${project}, but not ${plan.path}: ${e.message}`;
      throw e;
    }
  }
  const madeInactive = (await readTextFile(ctx.fs, notePath)) !== undefined && (await writeOperation(ctx.fs, notePath, inactiveStatusOperation(), ctx.edit)).result;
  const record = teamEvents.protocolRemoved('cortex-team', slug, notePath, project, done.map((p) => p.path), madeInactive);
  const now = () => (ctx.io.clock ? ctx.io.clock() : new Date());
  const feed = record ? await recordWrite({ fs: ctx.fs, edit: ctx.edit, via: 'cli', clock: now }, record, now()) : '';
  const status = madeInactive ? ` ${notePath} now says status: inactive.` : '';
  ctx.io.stdout(`${agent.name} left ${project}: ${describe(done)}.${status}${feed}\n`);
  return 0;
}
