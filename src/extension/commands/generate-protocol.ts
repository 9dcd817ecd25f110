import { promises as nodeFs } from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { hookShellCommand } from '../../core/agents/launch-command';
import { CortexCommand } from '../../core/mcp-wiring/launch';
import { CortexConflictError, CortexInputError } from '../../core/edit/errors';
import { McpLaunch, cortexLaunch } from '../../core/mcp-wiring/launch';
import { describeWiringChange, wiringPastTense, wiringPaths } from '../../core/mcp-wiring/plan';
import { Agent, Team } from '../../core/team/model';
import { expandHome } from '../../core/parse/config';
import { isAbsolutePath } from '../../core/team/project-folder';
import {
  PROTOCOL_RUNTIMES,
  PROTOCOL_TEMPLATE_DIR,
  PROTOCOL_TEMPLATE_FILES,
  ProtocolContext,
  ProtocolRuntime,
  ProtocolTemplates,
  ProtocolVariant,
  RuntimeSpec,
  describeChange,
  filesFor,
  protocolVariant,
} from '../../core/protocol-file/protocol';
import { decodeText } from '../../core/text/text';
import { agentNotePath } from '../../core/team/team-paths';
import { Services } from '../services';
import { VscodeTeamFs } from '../team/vscode-team-fs';
import { ProtocolPreviews } from '../ui/diff-previews';
import { UnsavedChangesError } from '../writes/team-writer';
import { CliLauncher } from '../mcp/cli-launcher';
import { AgentItem, agentItems, errorMessage, loadedTeam, startingAgent, uriText } from './agent-picks';
import { TrustOffer, homeFolder, notLoadedSentence, trustOffer, untrusted } from './mcp-wiring-plans';
import { SetupFilePlan, isWiring, planAgentSetup, wires } from '../../core/agent-setup/setup-plan';
import { writePlannedText } from '../../core/agent-setup/write-plan';

/**
 * "Cortex: Generate Protocol File": an agent's protocol, for the runtime it runs in,
 * written into its project folder (the note's `project`, `~` expanded), with the MCP
 * wiring that starts the Cortex server for it (`.mcp.json`, `.codex/config.toml`…,
 * see mcp-wiring-plans.ts). Steps: the agent (skipped from an agent's row), the
 * runtime (each shows what it would create or change), then a review with the diffs
 * open: Write, Write and Trust the Folder (when the agent needs the project trusted
 * in the user's home configuration and it is not), or Cancel. Only the Cortex section
 * or entry of an existing file changes (in Claude Code's settings.json, only the hook
 * entry is inserted; in an MCP configuration, only the `cortex` server). Files are
 * written in order; when one fails the message says exactly which were written. A
 * script is made executable (chmod 755) where the project folder is on this machine's
 * disk (`file:`); elsewhere the message says to run chmod, since `vscode.workspace.fs`
 * has no file modes.
 *
 * The wiring runs the stable launcher (cli-launcher.ts), not the extension's own
 * folder, which every update replaces: it is installed before the first wiring file is
 * written and kept up to date by each activation.
 */
export interface GeneratedProtocol {
  readonly agent: string;
  readonly runtime: ProtocolRuntime;
  readonly variant: ProtocolVariant;
  /** The project folder, as a path on this machine. */
  readonly project: string;
  /** Files written, relative to the project folder. */
  readonly written: readonly string[];
  /** Files that were already up to date. */
  readonly unchanged: readonly string[];
  /** Scripts that could not be made executable here (not a `file:` folder), relative to the project folder. */
  readonly notExecutable?: readonly string[];
  /**
   * Whether the agent will load the MCP server from the project: `trusted` already,
   * trust `written` now (`trustWritten`: those home files, as `~/…`), `not-trusted`;
   * none for Cursor (it asks in its own window) or without MCP wiring.
   */
  readonly trust?: 'trusted' | 'written' | 'not-trusted';
  readonly trustWritten?: readonly string[];
}

type FilePlan = SetupFilePlan;

interface RuntimeItem extends vscode.QuickPickItem {
  readonly spec: RuntimeSpec;
  readonly plans?: FilePlan[];
  readonly problem?: string;
}

interface ReviewItem extends vscode.QuickPickItem {
  readonly action: 'write' | 'write-trust' | 'show' | 'cancel';
  readonly plan?: FilePlan;
}

const RUNTIME_KEY = 'cortex.protocolRuntime';

/** `launcher`: the command the MCP wiring runs (`undefined`: the extension's own dist/cli.js, where there is no storage folder on this disk). */
export async function runGenerateProtocol(c: Services, previews: ProtocolPreviews, launcher: CliLauncher | undefined, presetSlug?: string): Promise<GeneratedProtocol | undefined> {
  const result = await c.writer.whenTrusted('generate a protocol file', async () => {
    try {
      return await generate(c, previews, launcher, presetSlug);
    } finally {
      await previews.closeAll();
    }
  });
  return result ?? undefined;
}

/** The wizard's state: the agent picked and the runtime chosen so far. */
interface ProtocolWizard {
  readonly c: Services;
  readonly previews: ProtocolPreviews;
  readonly team: Team;
  readonly root: vscode.Uri;
  readonly templates: ProtocolTemplates;
  readonly launcher: CliLauncher | undefined;
  /** 1 when the agent is asked (else its step is skipped). */
  readonly first: number;
  readonly total: number;
  agent: Agent | undefined;
  runtime: RuntimeItem | undefined;
  /** The chosen runtime's trust step, as the home folder shows it. */
  trust: TrustOffer | undefined;
}

/** Where the picked agent's protocol goes, looked up again before each step (the folder may have gone). */
interface AgentPlace {
  readonly agent: Agent;
  readonly variant: ProtocolVariant;
  readonly project: { readonly uri: vscode.Uri; readonly path: string };
  readonly ctx: ProtocolContext;
  readonly fs: VscodeTeamFs;
  readonly label: string;
}

/** A step's outcome: the step to show next, or the end of the wizard with what was written. */
type StepResult = { readonly next: 0 | 1 | 2 } | { readonly end: GeneratedProtocol | undefined };

async function generate(c: Services, previews: ProtocolPreviews, launcher: CliLauncher | undefined, presetSlug: string | undefined): Promise<GeneratedProtocol | undefined> {
  const team = await loadedTeam(c);
  const root = c.store.location?.uri;
  if (!team || !root) return undefined;
  const starting = await startingAgent(c, team, presetSlug);
  if (!starting) return undefined;
  const { agent } = starting;
  const first = presetSlug === undefined ? 1 : 0;
  const templates = await loadTemplates(c.context.extensionUri);
  const w: ProtocolWizard = { c, previews, team, root, templates, launcher, first, total: first + 2, agent, runtime: undefined, trust: undefined };
  let step: 0 | 1 | 2 = presetSlug === undefined ? 0 : 1;
  for (;;) {
    if (step === 0) {
      const r = await agentStep(w);
      if ('end' in r) return r.end;
      step = r.next;
    }
    const place = await agentPlace(w);
    if (!place) return undefined;
    const r: StepResult = step === 1 ? await runtimeStep(w, place) : await reviewStep(w, place);
    if ('end' in r) return r.end;
    step = r.next;
  }
}

async function agentStep(w: ProtocolWizard): Promise<StepResult> {
  const items = agentItems(w.c, w.team);
  const picked = await w.c.prompts.pickStep<AgentItem>({
    title: 'Cortex: Generate Protocol File',
    step: 1,
    totalSteps: w.total,
    items,
    activeItem: items.find((i) => i.agent.slug === w.agent?.slug),
    placeholder: 'The agent whose protocol file to write into its project folder',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (picked.kind !== 'accept') return { end: undefined };
  w.agent = picked.value.agent;
  return { next: 1 };
}

async function agentPlace(w: ProtocolWizard): Promise<AgentPlace | undefined> {
  const agent = w.agent!;
  const variant = protocolVariant(agent);
  const project = await projectFolder(w.c, agent, w.root);
  if (!project) return undefined;
  return { agent, variant, project, ctx: protocolContext(w.c, agent, w.root, project.path, cortexCommand(w)), fs: new VscodeTeamFs(project.uri), label: `${agent.name}, ${variant}` };
}

/** The runtime, each showing what it would create or change; then the diffs open. */
async function runtimeStep(w: ProtocolWizard, p: AgentPlace): Promise<StepResult> {
  const { c } = w;
  const a = p.agent;
  const items = await runtimeItems(p.fs, p.variant, p.ctx, w.templates, await mcpLaunch(w, a));
  // What the agent runs in: its note's launch profile says so; else the runtime picked for it last time.
  const launched = items.find((i) => i.spec.id === a.launch?.cli)?.spec.id;
  const last = launched ?? c.context.workspaceState.get<Record<string, ProtocolRuntime>>(RUNTIME_KEY)?.[a.slug];
  const picked = await c.prompts.pickStep<RuntimeItem>({
    title: `Cortex: ${a.name}'s ${p.variant} protocol, into ${p.project.path}`,
    step: w.first + 1,
    totalSteps: w.total,
    canGoBack: w.first > 0,
    items,
    activeItem: items.find((i) => i.spec.id === last),
    placeholder: 'The runtime the agent runs in',
    matchOnDetail: true,
  });
  if (picked.kind === 'back') return { next: 0 };
  if (picked.kind !== 'accept') return { end: undefined };
  const runtime = picked.value;
  w.runtime = runtime;
  if (runtime.problem !== undefined || !runtime.plans) {
    await c.prompts.error(`Cortex: nothing was written. ${runtime.problem ?? 'The protocol could not be prepared.'}`);
    return { end: undefined };
  }
  await c.context.workspaceState.update(RUNTIME_KEY, { ...c.context.workspaceState.get(RUNTIME_KEY), [a.slug]: runtime.spec.id });
  // The trust step matters only where the agent gets the MCP wiring.
  w.trust = runtime.plans.some(wires) ? await trustOffer(runtime.spec.id, p.project.path, homeFolder(p.project.uri)) : undefined;
  const changing = runtime.plans.filter((plan) => plan.change !== 'unchanged');
  const trustable = w.trust && w.trust.problem === undefined ? w.trust.plans : [];
  if (changing.length === 0 && trustable.length === 0) {
    // Up to date, but a script copied or checked out without its mode still needs it.
    await makeExecutable(p.project.uri, runtime.spec, runtime.plans).catch((e: unknown) => c.log.warn(`Generate Protocol File: chmod: ${errorMessage(e)}`));
    const upToDate = `Cortex: ${a.name}'s ${runtime.spec.label} protocol in ${p.project.path} is up to date (${runtime.plans.map((plan) => plan.path).join(', ')}); nothing to write.`;
    if (untrusted(w.trust)) await c.prompts.warn(`${upToDate} ${sentence(notLoadedSentence(w.trust, p.project.path))}`);
    else await c.prompts.info(upToDate);
    return { end: { agent: a.slug, runtime: runtime.spec.id, variant: p.variant, project: p.project.path, written: [], unchanged: runtime.plans.map((plan) => plan.path), ...trustResult(w.trust, undefined) } };
  }
  // The last diff opened is the one in front: the protocol file itself.
  for (const plan of [...trustable].reverse()) await w.previews.show(`~/${plan.path}`, plan.before, plan.after, `${p.label}, trust for ${runtime.spec.label}`);
  for (const plan of [...changing].reverse()) await w.previews.show(plan.path, plan.before, plan.after, `${p.label}, ${runtime.spec.label}`);
  return { next: 2 };
}

/**
 * The review with the diffs open: Write, Write and Trust the Folder (when the agent
 * needs the project trusted and Cortex can write it), Show a file's diff again, or
 * Cancel. With the project files up to date and only the trust missing, "Trust the
 * Folder" is the one write offered.
 */
async function reviewStep(w: ProtocolWizard, p: AgentPlace): Promise<StepResult> {
  const spec = w.runtime!.spec;
  const plans = w.runtime!.plans!;
  const trust = w.trust;
  const changing = plans.filter((plan) => plan.change !== 'unchanged');
  const trustable = trust && trust.problem === undefined ? trust.plans : [];
  const trustWhat = trustable.map((plan) => describeWiringChange(plan, p.project.path)).join(' · ');
  const notLoaded = untrusted(trust) ? [`$(warning) ${notLoadedSentence(trust, p.project.path)}`] : [];
  const writeItems: ReviewItem[] =
    changing.length > 0
      ? [
          {
            label: '$(check) Write',
            description: `${changing.length} ${changing.length === 1 ? 'file' : 'files'} in ${p.project.path}`,
            detail: [...plans.map((plan) => describePlan(plan, spec, p.project.path)), ...notLoaded].join(' · '),
            action: 'write',
          },
          ...(trustable.length > 0
            ? [{ label: '$(shield) Write and Trust the Folder', description: `also ${trust!.files.join(', ')}`, detail: `${trustWhat}, so ${trust!.agent} loads the Cortex MCP server`, action: 'write-trust' as const }]
            : []),
        ]
      : [{ label: '$(shield) Trust the Folder', description: `${p.project.path} is up to date; ${trust!.agent} needs the folder trusted`, detail: `${trustWhat}, so ${trust!.agent} loads the Cortex MCP server`, action: 'write-trust' }];
  const items: ReviewItem[] = [
    ...writeItems,
    ...changing.map((plan): ReviewItem => ({ label: `$(diff) Show ${plan.path}`, description: describePlan(plan, spec, p.project.path), action: 'show', plan })),
    ...trustable.map((plan): ReviewItem => ({ label: `$(diff) Show ~/${plan.path}`, description: describePlan(plan, spec, p.project.path), action: 'show', plan })),
    { label: '$(close) Cancel', description: 'Write nothing', action: 'cancel' },
  ];
  const picked = await w.c.prompts.pickStep<ReviewItem>({
    title: `Cortex: Write ${p.agent.name}'s ${spec.label} Protocol?`,
    step: w.first + 2,
    totalSteps: w.total,
    canGoBack: true,
    items,
    placeholder: 'The diff shows each change: Write, or Cancel to leave every file as it is',
    ignoreFocusOut: true,
  });
  if (picked.kind === 'back') {
    await w.previews.closeAll();
    return { next: 1 };
  }
  if (picked.kind !== 'accept' || picked.value.action === 'cancel') return { end: undefined };
  if (picked.value.action === 'show') {
    const plan = picked.value.plan!;
    const home = isWiring(plan) && plan.scope === 'home';
    await w.previews.show(home ? `~/${plan.path}` : plan.path, plan.before, plan.after, home ? `${p.label}, trust for ${spec.label}` : `${p.label}, ${spec.label}`);
    return { next: 2 };
  }
  await w.previews.closeAll();
  return { end: await write(w, p, spec, plans, picked.value.action === 'write-trust') };
}

/** How the wiring starts the server: the stable launcher (or, without one, this extension's own CLI); none when the team folder is not on this disk. */
async function mcpLaunch(w: ProtocolWizard, agent: Agent): Promise<McpLaunch | undefined> {
  if (w.root.scheme !== 'file') return undefined;
  return cortexLaunch(cortexCommand(w), w.root.fsPath, agent.slug);
}

/** The Cortex command the wiring and the state hooks run: the stable launcher, or without one this extension's own CLI. */
function cortexCommand(w: ProtocolWizard): CortexCommand {
  return { kind: 'node', cliPath: w.launcher?.path ?? vscode.Uri.joinPath(w.c.context.extensionUri, 'dist', 'cli.js').fsPath };
}

/** What the result says about trust, once `written` (home files) is known. */
function trustResult(trust: TrustOffer | undefined, written: readonly string[] | undefined): Pick<GeneratedProtocol, 'trust' | 'trustWritten'> {
  if (!trust) return {};
  if (written && written.length > 0) return { trust: 'written', trustWritten: written };
  return { trust: untrusted(trust) ? 'not-trusted' : 'trusted' };
}

/** A sentence ending in one full stop. */
function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/** The agent's project folder on this machine, or `undefined` after saying what is wrong with it. */
export async function projectFolder(c: Services, agent: Agent, root: vscode.Uri): Promise<{ uri: vscode.Uri; path: string } | undefined> {
  const problem = async (text: string) => {
    const open = 'Open Agent Note';
    const choice = await c.prompts.error(`Cortex: nothing was written. ${text}`, ...(agent.notePath ? [open] : []));
    if (choice === open && agent.notePath && c.store.fs) await vscode.window.showTextDocument(c.store.fs.uri(agent.notePath), { preview: true });
    return undefined;
  };
  const written = agent.project?.trim() ?? '';
  if (written === '') {
    return problem(`${agent.name}'s note has no project folder: add "project: <the folder it works in>" to the frontmatter of ${agent.notePath ?? `agents/${agent.slug}/${agent.slug}.md`}.`);
  }
  const path = expandHome(written, os.homedir());
  if (!isAbsolutePath(path)) return problem(`${agent.name}'s project "${written}" is not an absolute path (use / or ~/ at the start).`);
  const uri = root.scheme === 'file' ? vscode.Uri.file(path) : root.with({ path });
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (!(stat.type & vscode.FileType.Directory)) return problem(`${agent.name}'s project ${written} is a file, not a folder.`);
  } catch {
    return problem(`${agent.name}'s project folder ${written}${path !== written ? ` (${path})` : ''} does not exist on this machine.`);
  }
  return { uri, path: uri.scheme === 'file' ? uri.fsPath : path };
}

function protocolContext(c: Services, agent: Agent, root: vscode.Uri, project: string, cortex: CortexCommand): ProtocolContext {
  const settings = c.settings.current;
  const config = c.session.located?.config?.config;
  return {
    agentName: agent.name,
    agentSlug: agent.slug,
    teamDir: uriText(root),
    project,
    heartbeatMinutes: settings.heartbeatMinutes,
    staleAfterMinutes: settings.staleAfterMinutes,
    dailyBriefing: config?.dailyBriefing ?? '09:00',
    dailyReview: config?.dailyReview ?? '18:00',
    // The state hooks run the same Cortex command as the MCP wiring, on a team folder on this machine's disk.
    ...(root.scheme === 'file'
      ? {
          stateHooks: {
            claudeCode: hookShellCommand(cortex, root.fsPath, agent.slug, 'claude-code'),
            gemini: hookShellCommand(cortex, root.fsPath, agent.slug, 'gemini'),
          },
        }
      : {}),
  };
}

async function runtimeItems(fs: VscodeTeamFs, variant: ProtocolVariant, ctx: ProtocolContext, templates: ProtocolTemplates, launch: McpLaunch | undefined): Promise<RuntimeItem[]> {
  const items: RuntimeItem[] = [];
  for (const spec of PROTOCOL_RUNTIMES) {
    const files = filesFor(spec, variant, !!ctx.stateHooks);
    const paths = [...new Set([...files.map((f) => f.path), ...(launch ? wiringPaths(spec.id) : [])])];
    const description = paths.join(' + ');
    // The same planner as `cortex-team protocol` (core/agent-setup).
    const planned = await planAgentSetup(fs, spec.id, variant, ctx, templates, launch);
    if (planned.problem !== undefined) {
      items.push({ label: spec.label, description, detail: `$(warning) ${planned.problem}`, spec, problem: planned.problem });
      continue;
    }
    const plans = planned.plans;
    const noServer = launch || spec.mcp === false ? [] : ["no MCP wiring (the team folder is not on this machine's disk)"];
    const detail = [...plans.map((plan) => describePlan(plan, spec, ctx.project)), ...noServer].join(' · ');
    items.push({ label: spec.label, description, detail, spec, plans });
  }
  return items;
}

/** How a plan changes its file, in words. */
function describePlan(plan: FilePlan, spec: RuntimeSpec, project: string): string {
  if (isWiring(plan)) return describeWiringChange(plan, project);
  if (plan.parts && plan.change !== 'create' && plan.change !== 'unchanged') {
    const { protocol, wiring } = plan.parts;
    return [protocol.change !== 'unchanged' ? describePlan(protocol, spec, project) : '', wiring.change !== 'unchanged' ? describeWiringChange(wiring, project) : ''].filter(Boolean).join(' and ');
  }
  return describeChange(plan, spec.files.find((f) => f.path === plan.path));
}

/**
 * Writes the project files (the protocol, then the MCP wiring), then, when chosen, the
 * trust in the home folder; says what was written, and whether the agent will load
 * the server.
 */
async function write(w: ProtocolWizard, p: AgentPlace, spec: RuntimeSpec, plans: readonly FilePlan[], withTrust: boolean): Promise<GeneratedProtocol | undefined> {
  const { c } = w;
  const project = p.project.path;
  const changing = plans.filter((plan) => plan.change !== 'unchanged');
  const unchanged = plans.filter((plan) => plan.change === 'unchanged').map((plan) => plan.path);
  // The command the wiring and the hooks name must exist before an agent could read them.
  if (w.launcher && changing.length > 0) {
    try {
      await w.launcher.ensure();
    } catch (e) {
      await c.prompts.error(`Cortex: nothing was written. The Cortex command the MCP configuration runs could not be installed in ${w.launcher.path}: ${errorMessage(e)}`);
      return undefined;
    }
  }
  let done: ProjectWrite | undefined = { written: [], notExecutable: [] };
  if (changing.length > 0) {
    try {
      const notePath = p.agent.notePath ?? agentNotePath(p.agent.slug);
      const event = (d: ProjectWrite | undefined) => d && teamEvents.protocolGenerated(DASHBOARD_ACTOR, p.agent.slug, notePath, spec.id, project, d.written.map((plan) => plan.path));
      done = (await c.writer.write({ what: 'generate a protocol file', folder: p.fs.root, paths: changing.map((plan) => plan.path), event }, (projectFs) => writePlans(c, projectFs, p, spec, changing))) ?? undefined;
    } catch (e) {
      if (!(e instanceof UnsavedChangesError)) throw e;
      await c.prompts.error(`Cortex: nothing was written. ${e.path} has unsaved changes in an editor: save or revert them, then generate the protocol again.`);
      return undefined;
    }
  }
  if (!done) return undefined;
  const trustWritten = withTrust && w.trust ? await writeTrust(w, p, w.trust, done.written.length > 0) : undefined;
  if (trustWritten === null) return undefined;
  c.log.info(`Generate Protocol File for ${p.agent.slug} (${spec.id}, ${p.variant}) in ${project}: ${done.written.map((plan) => `${plan.path} ${plan.change}`).join(', ') || 'no project file'}${trustWritten?.length ? `; trusted in ${trustWritten.join(', ')}` : ''}`);
  const result: GeneratedProtocol = {
    agent: p.agent.slug,
    runtime: spec.id,
    variant: p.variant,
    project,
    written: done.written.map((plan) => plan.path),
    unchanged,
    ...(done.notExecutable.length ? { notExecutable: done.notExecutable } : {}),
    ...trustResult(w.trust, trustWritten),
  };
  void report(c, p, spec, done, unchanged, result, w.trust);
  return result;
}

/** What the project write did. */
interface ProjectWrite {
  readonly written: readonly FilePlan[];
  readonly notExecutable: readonly string[];
}

/** The closing message: what was written, and whether the agent will load the MCP server. */
async function report(c: Services, p: AgentPlace, spec: RuntimeSpec, done: ProjectWrite, unchanged: readonly string[], result: GeneratedProtocol, trust: TrustOffer | undefined): Promise<void> {
  const project = p.project.path;
  const open = `Open ${spec.protocolFile}`;
  const parts: string[] = [];
  if (done.written.length > 0) {
    const what = done.written.map((plan) => `${plan.path} (${pastTense(plan, spec)})`).join(', ');
    parts.push(`Cortex: wrote ${p.agent.name}'s ${p.variant} protocol for ${spec.label} in ${project}: ${what}${unchanged.length ? ` (${unchanged.join(', ')} already up to date)` : ''}.`);
  } else parts.push(`Cortex: ${p.agent.name}'s ${spec.label} protocol in ${project} is up to date.`);
  if (done.notExecutable.length > 0) parts.push(`${listText(done.notExecutable)} could not be made executable from here (the folder is not on this machine's disk): run chmod 755 on it where the agent runs.`);
  if (result.trust === 'written') parts.push(`Trusted the folder for ${spec.label} in ${listText(result.trustWritten ?? [])}.`);
  if (result.trust === 'not-trusted' && trust) parts.push(sentence(notLoadedSentence(trust, project)));
  if (spec.id === 'cursor' && done.written.some(isWiring)) parts.push('Cursor asks you to enable the cortex server the first time it opens the project.');
  if (spec.mcp === false) parts.push(`Give ${spec.protocolFile} to the agent as its system prompt; for the Cortex tools, add an MCP server that runs "cortex-team mcp --team ${p.ctx.teamDir} --agent ${p.agent.slug}" to its own configuration.`);
  const say = done.notExecutable.length > 0 || result.trust === 'not-trusted' ? c.prompts.warn.bind(c.prompts) : c.prompts.info.bind(c.prompts);
  const choice = await say(parts.join(' '), ...(done.written.length > 0 ? [open] : []));
  if (choice === open) await vscode.window.showTextDocument(p.fs.uri(spec.protocolFile), { preview: true });
}

/**
 * The trust step in the home folder, through the one writer. Returns the files written
 * (as `~/…`), or `null` after saying why it failed (the project files stay written).
 */
async function writeTrust(w: ProtocolWizard, p: AgentPlace, offer: TrustOffer, projectWritten: boolean): Promise<string[] | null> {
  const { c } = w;
  const written: string[] = [];
  try {
    await c.writer.write({ what: `trust ${p.project.path} for ${offer.agent}`, folder: offer.home, paths: offer.plans.map((plan) => plan.path) }, async (homeFs) => {
      for (const plan of offer.plans) {
        await writePlannedText(homeFs, plan, `~/${plan.path}`);
        written.push(`~/${plan.path}`);
      }
    });
    return written;
  } catch (e) {
    const reason = e instanceof UnsavedChangesError ? `~/${e.path} has unsaved changes in an editor` : e instanceof CortexConflictError || e instanceof CortexInputError ? e.message : errorMessage(e);
    const wrote = [...(projectWritten ? [`the ${offer.agent} files in ${p.project.path}`] : []), ...written];
    await c.prompts.error(
      `Cortex: ${wrote.length ? `wrote ${listText(wrote)}, but ` : ''}the folder could not be trusted: ${reason.replace(/\.$/, '')}. ${offer.agent} will not load the Cortex MCP server until it is; run "Cortex: Generate Protocol File" again to see the change as it is now.`,
    );
    c.log.warn(`Generate Protocol File: trusting ${p.project.path} for ${offer.agent} failed: ${reason}`);
    return null;
  }
}

/** Writes the changing files in order; when one fails, says exactly which were written. */
async function writePlans(c: Services, fs: VscodeTeamFs, p: AgentPlace, spec: RuntimeSpec, changing: readonly FilePlan[]): Promise<ProjectWrite | undefined> {
  const project = p.project.path;
  const written: FilePlan[] = [];
  const notExecutable: string[] = [];
  for (const plan of changing) {
    try {
      await writePlannedText(fs, plan, plan.path);
      written.push(plan);
      if (spec.files.find((f) => f.path === plan.path)?.executable) {
        const skipped = await makeExecutable(fs.uri(''), spec, [plan]);
        if (skipped.length > 0) notExecutable.push(...skipped);
      }
    } catch (e) {
      const wasWritten = written.includes(plan);
      const reason = wasWritten
        ? `${plan.path} was written but could not be made executable (${errorMessage(e)}); run chmod 755 on it`
        : e instanceof CortexConflictError || e instanceof CortexInputError
          ? e.message
          : `${plan.path}: ${errorMessage(e)}`;
      const rest = changing.slice(changing.indexOf(plan) + 1).map((x) => x.path);
      const restText = rest.length > 0 ? ` ${listText(rest)} ${rest.length === 1 ? 'was' : 'were'} not written either.` : '';
      const again = ' Run "Cortex: Generate Protocol File" again to see the changes as they are now.';
      if (written.length === 0) {
        await c.prompts.error(`Cortex: nothing was written in ${project}. ${capitalize(reason)}.${restText}${again}`);
      } else if (wasWritten) {
        const done = written.map((x) => `${x.path} (${pastTense(x, spec)})`).join(', ');
        await c.prompts.error(`Cortex: wrote ${done} in ${project}, but ${reason}.${restText}${again}`);
      } else {
        const done = written.map((x) => `${x.path} (${pastTense(x, spec)})`).join(', ');
        await c.prompts.error(`Cortex: wrote ${done} in ${project}, but not ${plan.path}: ${reason}.${restText}${again}`);
      }
      c.log.warn(`Generate Protocol File for ${p.agent.slug} (${spec.id}): wrote ${written.map((x) => x.path).join(', ') || 'nothing'}; failed at ${plan.path}: ${reason}`);
      return undefined;
    }
  }
  return { written, notExecutable };
}

/**
 * chmod 755 for the executable files among `plans` (Claude Code runs the hook script
 * directly). Only a `file:` folder has modes this side can set: the others are
 * returned, for the message to say so.
 */
async function makeExecutable(project: vscode.Uri, spec: RuntimeSpec, plans: readonly FilePlan[]): Promise<string[]> {
  const skipped: string[] = [];
  for (const plan of plans) {
    if (!spec.files.find((f) => f.path === plan.path)?.executable) continue;
    const uri = vscode.Uri.joinPath(project, ...plan.path.split('/'));
    if (uri.scheme !== 'file') {
      skipped.push(plan.path);
      continue;
    }
    await nodeFs.chmod(uri.fsPath, 0o755);
  }
  return skipped;
}

/** What writing a plan did, in a few words. */
function pastTense(plan: FilePlan, spec: RuntimeSpec): string {
  if (isWiring(plan)) return wiringPastTense(plan);
  if (plan.parts && plan.change !== 'create' && plan.change !== 'unchanged') {
    const { protocol, wiring } = plan.parts;
    return [protocol.change !== 'unchanged' ? pastTense(protocol, spec) : '', wiring.change !== 'unchanged' ? wiringPastTense(wiring) : ''].filter(Boolean).join(', ');
  }
  const section = spec.files.find((f) => f.path === plan.path)?.kind === 'heading' ? '"## Cortex" section' : 'Cortex section';
  switch (plan.change) {
    case 'create':
      return 'created';
    case 'add-section':
      return `${section} added`;
    case 'replace-section':
      return `${section} replaced`;
    case 'replace-file':
      return 'replaced';
    case 'add-hook':
      return 'Cortex hook added';
    case 'unchanged':
      return 'up to date';
  }
}

/** "a", "a and b", "a, b and c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

let cached: { root: string; templates: ProtocolTemplates } | undefined;

/** The protocol texts shipped in the extension's `templates/protocol/`. */
export async function loadTemplates(extensionUri: vscode.Uri): Promise<ProtocolTemplates> {
  if (cached && cached.root === extensionUri.toString()) return cached.templates;
  const read = async (name: string) => decodeText(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, ...PROTOCOL_TEMPLATE_DIR.split('/'), name)));
  const templates: ProtocolTemplates = {
    worker: await read(PROTOCOL_TEMPLATE_FILES.worker),
    coordinator: await read(PROTOCOL_TEMPLATE_FILES.coordinator),
    claudeSection: await read(PROTOCOL_TEMPLATE_FILES.claudeSection),
    hookScript: await read(PROTOCOL_TEMPLATE_FILES.hookScript),
  };
  cached = { root: extensionUri.toString(), templates };
  return templates;
}
