import { readTextFile } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { McpLaunch } from '../mcp-wiring/launch';
import { WiringFilePlan, planMcpWiring, wiringPaths } from '../mcp-wiring/plan';
import { ProtocolContext, ProtocolFilePlan, ProtocolRuntime, ProtocolTemplates, ProtocolVariant, filesFor, planProtocolFiles, runtimeSpec } from '../protocol-file/protocol';

/**
 * Everything that sets an agent up in its project folder for one runtime: the protocol
 * files (protocol-file/protocol.ts) with the MCP wiring (mcp-wiring/plan.ts) laid over
 * them. The one planner behind "Cortex: Generate Protocol File" and
 * `cortex-team protocol`, so both write the same bytes and refuse the same things.
 */

/**
 * A file setting an agent up may write: a protocol file, or an MCP wiring (project) or
 * trust (home) file. A protocol file the wiring also edits (Gemini CLI's settings.json:
 * the state hooks and the server) is one plan with both `parts`.
 */
export type SetupFilePlan = LayeredPlan | WiringFilePlan;
export type LayeredPlan = ProtocolFilePlan & { readonly parts?: { readonly protocol: ProtocolFilePlan; readonly wiring: WiringFilePlan } };

export function isWiring(plan: SetupFilePlan): plan is WiringFilePlan {
  return 'scope' in plan;
}

/** Whether writing `plan` wires the MCP server in. */
export function wires(plan: SetupFilePlan): boolean {
  return isWiring(plan) || !!plan.parts;
}

/** The protocol plans, with the wiring laid over them: a file both edit becomes one plan, from its text now to both edits. */
export function layerWiring(protocol: readonly ProtocolFilePlan[], wiring: readonly WiringFilePlan[]): SetupFilePlan[] {
  const plans: SetupFilePlan[] = [...protocol];
  for (const w of wiring) {
    const i = plans.findIndex((plan) => !isWiring(plan) && plan.path === w.path && w.scope === 'project');
    if (i < 0) {
      plans.push(w);
      continue;
    }
    const own = plans[i] as ProtocolFilePlan;
    const change = own.before === undefined ? 'create' : own.before === w.after ? 'unchanged' : own.change === 'unchanged' ? 'replace-section' : own.change;
    plans[i] = { ...own, after: w.after, change, parts: { protocol: own, wiring: w } };
  }
  return plans;
}

export type Planned<T> = { readonly plans: T[]; readonly problem?: undefined } | { readonly plans?: undefined; readonly problem: string };

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * The wiring plans of `runtime` for the project in `fs`; `problem` when a file cannot be
 * read or merged (nothing is written then). `planned`: texts another plan writes first,
 * which the wiring edits instead of the file on disk.
 */
export async function planWiring(fs: TeamFs, runtime: ProtocolRuntime, launch: McpLaunch, planned: ReadonlyMap<string, string> = new Map()): Promise<Planned<WiringFilePlan>> {
  const texts = new Map<string, string | undefined>(planned);
  for (const path of wiringPaths(runtime)) {
    if (planned.has(path)) continue;
    try {
      texts.set(path, await readTextFile(fs, path));
    } catch (e) {
      return { problem: `${path} cannot be read: ${errorText(e)}` };
    }
  }
  try {
    return { plans: planMcpWiring(runtime, launch, (p) => texts.get(p)) };
  } catch (e) {
    if (e instanceof CortexInputError) return { problem: e.message };
    throw e;
  }
}

/**
 * What setting the agent up for `runtime` writes in the project folder `fs`: the
 * protocol files, then the wiring (none without `launch`: the team folder is not on
 * this machine's disk). `problem`: a file cannot be read, or its Cortex part cannot be
 * found or merged safely (invalid JSON, two Cortex sections…); nothing may be written.
 */
export async function planAgentSetup(
  fs: TeamFs,
  runtime: ProtocolRuntime,
  variant: ProtocolVariant,
  ctx: ProtocolContext,
  templates: ProtocolTemplates,
  launch: McpLaunch | undefined,
): Promise<Planned<SetupFilePlan>> {
  const texts = new Map<string, string | undefined>();
  for (const file of filesFor(runtimeSpec(runtime), variant, !!ctx.stateHooks)) {
    try {
      texts.set(file.path, await readTextFile(fs, file.path));
    } catch (e) {
      return { problem: `${file.path} cannot be read: ${errorText(e)}` };
    }
  }
  let protocol: ProtocolFilePlan[];
  try {
    protocol = planProtocolFiles(runtime, variant, ctx, templates, (p) => texts.get(p));
  } catch (e) {
    if (!(e instanceof CortexInputError)) throw e;
    return { problem: e.message };
  }
  // The wiring edits a file the protocol also writes on top of the protocol's text.
  const wiring = launch ? await planWiring(fs, runtime, launch, new Map(protocol.map((plan) => [plan.path, plan.after]))) : undefined;
  if (wiring?.problem !== undefined) return { problem: wiring.problem };
  return { plans: layerWiring(protocol, wiring?.plans ?? []) };
}
