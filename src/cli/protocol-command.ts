import { promises as fsp } from 'fs';
import * as path from 'path';
import { recordWrite } from '../core/actions/context';
import { teamEvents } from '../core/actions/events';
import { hookShellCommand } from '../core/agents/launch-command';
import { SetupFilePlan, isWiring, planAgentSetup } from '../core/agent-setup/setup-plan';
import { PlannedText, writePlannedText } from '../core/agent-setup/write-plan';
import { readTextFile } from '../core/edit/edit-file';
import { CortexInputError } from '../core/edit/errors';
import { NodeTeamFs } from '../core/fs/node-fs';
import { staleAfterMinutes } from '../core/team/liveness';
import { CortexCommand, McpLaunch, cortexLaunch } from '../core/mcp-wiring/launch';
import { WiringFilePlan, describeWiringChange, planAgentTrust, trustPaths } from '../core/mcp-wiring/plan';
import { Agent } from '../core/team/model';
import { expandHome } from '../core/parse/config';
import { isAbsolutePath } from '../core/team/project-folder';
import {
  PROTOCOL_RUNTIMES,
  PROTOCOL_TEMPLATE_DIR,
  ProtocolContext,
  ProtocolRuntime,
  RuntimeSpec,
  describeChange,
  loadProtocolTemplates,
  protocolVariant,
  runtimeSpec,
} from '../core/protocol-file/protocol';
import { loadTeam } from '../core/team/team-index';
import { agentNotePath } from '../core/team/team-paths';
import { unifiedDiff } from '../core/text/text-diff';
import { ParsedOptions, UsageError } from './args';
import { SharedSpecs, packageRoot } from './agent-verbs';
import type { Command, Context } from './command';
import { homeDir, loadCliConfig } from './team-dir';

/**
 * `cortex-team protocol`: an agent's protocol file and MCP wiring from a terminal, with
 * the planner of "Cortex: Generate Protocol File" (core/agent-setup): the same bytes,
 * the same refusals (an unknown agent or runtime, a project folder that is not there,
 * a configuration that is not valid JSON, a file that changed between the plan and the
 * write), each write through the one writer. `--dry-run` prints the diff instead.
 */

const CLI_ACTOR = 'cortex-team';

/** The runtime ids, as the command offers them. */
export const RUNTIME_IDS = PROTOCOL_RUNTIMES.map((r) => r.id);

export function runtimeOption(value: string): ProtocolRuntime {
  const spec = PROTOCOL_RUNTIMES.find((r) => r.id === value);
  if (!spec) throw new UsageError(`unknown runtime "${value}"; the runtimes are ${RUNTIME_IDS.join(', ')}`);
  return spec.id;
}

/** The agent and its project folder on this machine; a `CortexInputError` saying what is wrong with the folder. */
export async function agentProject(ctx: Context, slug: string): Promise<{ agent: Agent; project: string }> {
  const team = await loadTeam(ctx.fs);
  const agent = team.agents.find((a) => a.slug === slug);
  if (!agent) throw new CortexInputError(`There is no agent "${slug}" in ${ctx.teamDir}.`);
  const written = agent.project?.trim() ?? '';
  const note = agent.notePath ?? agentNotePath(slug);
  if (written === '') throw new CortexInputError(`${agent.name}'s note has no project folder: add "project: <the folder it works in>" to the frontmatter of ${note}; nothing was written.`);
  const project = expandHome(written, homeDir(ctx.io.env));
  if (!isAbsolutePath(project)) throw new CortexInputError(`${agent.name}'s project "${written}" is not an absolute path (use / or ~/ at the start); nothing was written.`);
  const stat = await fsp.stat(project).catch(() => undefined);
  if (!stat) throw new CortexInputError(`${agent.name}'s project folder ${written} does not exist on this machine; nothing was written.`);
  if (!stat.isDirectory()) throw new CortexInputError(`${agent.name}'s project ${written} is a file, not a folder; nothing was written.`);
  return { agent, project };
}

/** The Cortex command the wiring and the state hooks run: this CLI's own bundle, or `cortex-team` from PATH. */
function cortexCommand(opts: ParsedOptions): CortexCommand {
  // In the bundle (dist/cli.js) this file is the bundle itself.
  return opts.flags.has('on-path') ? { kind: 'path' } : { kind: 'node', cliPath: __filename };
}

async function protocolContext(ctx: Context, agent: Agent, project: string, cortex: CortexCommand): Promise<ProtocolContext> {
  const { config } = await loadCliConfig(ctx.io);
  return {
    agentName: agent.name,
    agentSlug: agent.slug,
    teamDir: ctx.teamDir,
    project,
    heartbeatMinutes: ctx.heartbeatMinutes,
    staleAfterMinutes: staleAfterMinutes(ctx.heartbeatMinutes),
    dailyBriefing: config.dailyBriefing,
    dailyReview: config.dailyReview,
    stateHooks: {
      claudeCode: hookShellCommand(cortex, ctx.teamDir, agent.slug, 'claude-code'),
      gemini: hookShellCommand(cortex, ctx.teamDir, agent.slug, 'gemini'),
    },
  };
}

/** The trust `runtime` needs in the home folder: the plans (empty: trusted), or why it cannot be written from here. */
async function trustPlans(home: NodeTeamFs, runtime: ProtocolRuntime, project: string): Promise<{ plans: WiringFilePlan[]; problem?: string }> {
  const texts = new Map<string, string | undefined>();
  try {
    for (const p of trustPaths(runtime)) texts.set(p, await readTextFile(home, p));
    return { plans: planAgentTrust(runtime, project, (p) => texts.get(p)).filter((p) => p.change !== 'unchanged') };
  } catch (e) {
    if (e instanceof CortexInputError || e instanceof Error) return { plans: [], problem: e.message };
    throw e;
  }
}

/** Writes `plans` in order; a failure after the first says which were written. */
async function writeAll(fs: NodeTeamFs, plans: readonly PlannedText[], ctx: Context, where: string, shown: (p: PlannedText) => string): Promise<string[]> {
  const written: string[] = [];
  for (const plan of plans) {
    try {
      await writePlannedText(fs, plan, shown(plan), ctx.edit);
      written.push(shown(plan));
    } catch (e) {
      if (written.length > 0 && e instanceof Error) e.message = `wrote ${written.join(', ')} in ${where}, but not ${shown(plan)}: ${e.message}`;
      throw e;
    }
  }
  return written;
}

function describePlan(plan: SetupFilePlan, spec: RuntimeSpec, project: string): string {
  return isWiring(plan) ? describeWiringChange(plan, project) : describeChange(plan, spec.files.find((f) => f.path === plan.path));
}

export function protocolVerb(s: SharedSpecs): Command {
  return {
    synopsis: `protocol --agent SLUG --runtime ${RUNTIME_IDS.join('|')} [--dry-run] [--trust] [--on-path] [--team DIR]`,
    summary:
      "Write the agent's protocol file and MCP wiring into its project folder (the note's project:), as \"Cortex: Generate Protocol File\" does: only the Cortex section or entry of an existing file changes. With --dry-run, print the diff and write nothing.",
    options: {
      agent: s.agent,
      runtime: { kind: 'string', required: true, value: 'RUNTIME', help: `what the agent runs in: ${PROTOCOL_RUNTIMES.map((r) => `${r.id} (${r.label})`).join(', ')}` },
      'dry-run': { kind: 'flag', help: 'print the changes as a diff; write nothing' },
      trust: { kind: 'flag', help: 'also trust the project folder in your home configuration, where the runtime needs it before it loads the MCP server (~/.claude.json, ~/.codex/config.toml, ~/.gemini/trustedFolders.json)' },
      'on-path': { kind: 'flag', help: 'the wiring runs `cortex-team` from PATH (npm install -g) instead of this file by its absolute path' },
      team: s.team,
    },
    run: (opts, ctx) => runProtocol(opts, ctx, s),
  };
}

async function runProtocol(opts: ParsedOptions, ctx: Context, s: SharedSpecs): Promise<number> {
  const slug = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
  const spec = runtimeSpec(runtimeOption(opts.strings.get('runtime')!));
  const { agent, project } = await agentProject(ctx, slug);
  const variant = protocolVariant(agent);
  const cortex = cortexCommand(opts);
  const templates = await loadProtocolTemplates((name) => fsp.readFile(path.join(packageRoot(), PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
  const launch: McpLaunch | undefined = spec.mcp === false ? undefined : cortexLaunch(cortex, ctx.teamDir, slug);
  const projectFs = new NodeTeamFs(project);
  const planned = await planAgentSetup(projectFs, spec.id, variant, await protocolContext(ctx, agent, project, cortex), templates, launch);
  if (planned.problem !== undefined) throw new CortexInputError(`nothing was written in ${project}: ${planned.problem}`);
  const plans = planned.plans;
  const changing = plans.filter((p) => p.change !== 'unchanged');
  const home = new NodeTeamFs(homeDir(ctx.io.env));
  const trust = launch ? await trustPlans(home, spec.id, project) : { plans: [] };
  const wantTrust = opts.flags.has('trust');
  if (wantTrust && trust.problem !== undefined) throw new CortexInputError(`nothing was written: the folder cannot be trusted from here: ${trust.problem}`);
  const out: string[] = [];
  if (opts.flags.has('dry-run')) {
    for (const p of changing) out.push(unifiedDiff(p.path, p.before, p.after));
    if (wantTrust) for (const p of trust.plans) out.push(unifiedDiff(`~/${p.path}`, p.before, p.after));
    out.push(`${agent.name}'s ${variant} protocol for ${spec.label} in ${project}: ${plans.map((p) => describePlan(p, spec, project)).join('; ')}. Dry run: nothing was written.\n`);
    ctx.io.stdout(out.join(''));
    return 0;
  }
  const written = await writeAll(projectFs, changing, ctx, project, (p) => p.path);
  await makeExecutable(project, spec, plans);
  const record = teamEvents.protocolGenerated(CLI_ACTOR, slug, agent.notePath ?? agentNotePath(slug), spec.id, project, written);
  const now = () => (ctx.io.clock ? ctx.io.clock() : new Date());
  const feed = record ? await recordWrite({ fs: ctx.fs, edit: ctx.edit, via: 'cli', clock: now }, record, now()) : '';
  out.push(
    written.length > 0
      ? `Wrote ${agent.name}'s ${variant} protocol for ${spec.label} in ${project}: ${changing.map((p) => describePlan(p, spec, project)).join('; ')}.${feed}\n`
      : `${agent.name}'s ${spec.label} protocol in ${project} is up to date (${plans.map((p) => p.path).join(', ')}); nothing was written.\n`,
  );
  out.push(...(await trustLines(ctx, home, spec, project, trust, wantTrust)));
  if (spec.mcp === false) out.push(`Give ${spec.protocolFile} to the agent as its system prompt; for the Cortex tools, add an MCP server that runs "cortex-team mcp --team ${ctx.teamDir} --agent ${slug}" to its own configuration.\n`);
  ctx.io.stdout(out.join(''));
  return 0;
}

/** Writes the trust when asked; else says when the agent will not load the server until the folder is trusted. */
async function trustLines(ctx: Context, home: NodeTeamFs, spec: RuntimeSpec, project: string, trust: { plans: WiringFilePlan[]; problem?: string }, write: boolean): Promise<string[]> {
  const files = trustPaths(spec.id).map((p) => `~/${p}`);
  if (trust.problem !== undefined) return [`${spec.label} will not load the Cortex MCP server until ${project} is trusted (${files.join(', ')}); Cortex cannot trust it from here: ${trust.problem}\n`];
  if (trust.plans.length === 0) return [];
  if (!write) return [`${spec.label} will not load the Cortex MCP server until ${project} is trusted (${files.join(', ')}): run again with --trust, or trust the folder in ${spec.label} itself.\n`];
  const written = await writeAll(home, trust.plans, ctx, 'your home folder', (p) => `~/${p.path}`);
  return [`Trusted ${project} for ${spec.label} in ${written.join(', ')}.\n`];
}

/** chmod 755 for the scripts among the plans (Claude Code runs the idle check directly), written now or already there. */
async function makeExecutable(project: string, spec: RuntimeSpec, plans: readonly SetupFilePlan[]): Promise<void> {
  for (const plan of plans) {
    if (spec.files.find((f) => f.path === plan.path)?.executable) await fsp.chmod(path.join(project, ...plan.path.split('/')), 0o755);
  }
}
