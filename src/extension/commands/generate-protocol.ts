import { promises as nodeFs } from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { createExclusive, editFile, readTextFile } from '../../core/edit';
import { CortexConflictError, CortexInputError } from '../../core/errors';
import { Agent, Team } from '../../core/model';
import { expandHome } from '../../core/parse/config';
import { isAbsolutePath } from '../../core/project-folder';
import {
  PROTOCOL_RUNTIMES,
  PROTOCOL_TEMPLATE_DIR,
  PROTOCOL_TEMPLATE_FILES,
  ProtocolContext,
  ProtocolFilePlan,
  ProtocolRuntime,
  ProtocolTemplates,
  ProtocolVariant,
  RuntimeSpec,
  describeChange,
  filesFor,
  planProtocolFiles,
  protocolVariant,
} from '../../core/protocol-file/protocol';
import { decodeText, encodeText } from '../../core/text';
import { agentNotePath } from '../../core/team-paths';
import { Services } from '../services';
import { VscodeTeamFs } from '../vscode-team-fs';
import { ProtocolPreviews } from '../diff-previews';
import { UnsavedChangesError } from '../writer';
import { AgentItem, agentBySlug, agentItems, errorMessage, loadedTeam, uriText } from './agent-picks';

/**
 * "Cortex: Generate Protocol File": an agent's protocol, for the runtime it runs in,
 * written into its project folder (the note's `project`, `~` expanded). Steps: the
 * agent (skipped from an agent's row), the runtime (each shows what it would create
 * or change), then a review with the diffs open: Write or Cancel. Only the Cortex
 * section of an existing file changes (in Claude Code's settings.json, only the hook
 * entry is inserted). Files are written in order; when one fails the message says
 * exactly which were written. A script is made executable (chmod 755) where the
 * project folder is on this machine's disk (`file:`); elsewhere the message says to
 * run chmod, since `vscode.workspace.fs` has no file modes.
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
}

interface RuntimeItem extends vscode.QuickPickItem {
  readonly spec: RuntimeSpec;
  readonly plans?: ProtocolFilePlan[];
  readonly problem?: string;
}

interface ReviewItem extends vscode.QuickPickItem {
  readonly action: 'write' | 'show' | 'cancel';
  readonly plan?: ProtocolFilePlan;
}

const RUNTIME_KEY = 'cortex.protocolRuntime';

export async function runGenerateProtocol(c: Services, previews: ProtocolPreviews, presetSlug?: string): Promise<GeneratedProtocol | undefined> {
  const result = await c.writer.whenTrusted('generate a protocol file', async () => {
    try {
      return await generate(c, previews, presetSlug);
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
  /** 1 when the agent is asked (else its step is skipped). */
  readonly first: number;
  readonly total: number;
  agent: Agent | undefined;
  runtime: RuntimeItem | undefined;
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

async function generate(c: Services, previews: ProtocolPreviews, presetSlug: string | undefined): Promise<GeneratedProtocol | undefined> {
  const team = await loadedTeam(c);
  const root = c.store.location?.uri;
  if (!team || !root) return undefined;
  let agent: Agent | undefined;
  if (presetSlug !== undefined) {
    agent = await agentBySlug(c, team, presetSlug);
    if (!agent) return undefined;
  } else if (team.agents.length === 0) {
    await c.prompts.info('Cortex: this team has no agents yet. Register one first with "Cortex: Register Agent".');
    return undefined;
  }
  const first = presetSlug === undefined ? 1 : 0;
  const templates = await loadTemplates(c.context.extensionUri);
  const w: ProtocolWizard = { c, previews, team, root, templates, first, total: first + 2, agent, runtime: undefined };
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
  return { agent, variant, project, ctx: protocolContext(w.c, agent, w.root, project.path), fs: new VscodeTeamFs(project.uri), label: `${agent.name}, ${variant}` };
}

/** The runtime, each showing what it would create or change; then the diffs open. */
async function runtimeStep(w: ProtocolWizard, p: AgentPlace): Promise<StepResult> {
  const { c } = w;
  const a = p.agent;
  const items = await runtimeItems(p.fs, p.variant, p.ctx, w.templates);
  const last = c.context.workspaceState.get<Record<string, ProtocolRuntime>>(RUNTIME_KEY)?.[a.slug];
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
  const changing = runtime.plans.filter((plan) => plan.change !== 'unchanged');
  if (changing.length === 0) {
    // Up to date, but a script copied or checked out without its mode still needs it.
    await makeExecutable(p.project.uri, runtime.spec, runtime.plans).catch((e: unknown) => c.log.warn(`Generate Protocol File: chmod: ${errorMessage(e)}`));
    await c.prompts.info(`Cortex: ${a.name}'s ${runtime.spec.label} protocol in ${p.project.path} is up to date (${runtime.plans.map((plan) => plan.path).join(', ')}); nothing to write.`);
    return { end: { agent: a.slug, runtime: runtime.spec.id, variant: p.variant, project: p.project.path, written: [], unchanged: runtime.plans.map((plan) => plan.path) } };
  }
  // The last diff opened is the one in front: the protocol file itself.
  for (const plan of [...changing].reverse()) await w.previews.show(plan.path, plan.before, plan.after, `${p.label}, ${runtime.spec.label}`);
  return { next: 2 };
}

/** The review with the diffs open: Write, Show a file's diff again, or Cancel. */
async function reviewStep(w: ProtocolWizard, p: AgentPlace): Promise<StepResult> {
  const spec = w.runtime!.spec;
  const plans = w.runtime!.plans!;
  const changing = plans.filter((plan) => plan.change !== 'unchanged');
  const items: ReviewItem[] = [
    {
      label: '$(check) Write',
      description: `${changing.length} ${changing.length === 1 ? 'file' : 'files'} in ${p.project.path}`,
      detail: plans.map((plan) => describeChange(plan, spec.files.find((f) => f.path === plan.path))).join(' · '),
      action: 'write',
    },
    ...changing.map((plan): ReviewItem => ({ label: `$(diff) Show ${plan.path}`, description: describeChange(plan, spec.files.find((f) => f.path === plan.path)), action: 'show', plan })),
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
    await w.previews.show(plan.path, plan.before, plan.after, `${p.label}, ${spec.label}`);
    return { next: 2 };
  }
  await w.previews.closeAll();
  return { end: await write(w.c, p.fs, p.agent, p.variant, spec, p.project.path, plans) };
}

/** The agent's project folder on this machine, or `undefined` after saying what is wrong with it. */
async function projectFolder(c: Services, agent: Agent, root: vscode.Uri): Promise<{ uri: vscode.Uri; path: string } | undefined> {
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

function protocolContext(c: Services, agent: Agent, root: vscode.Uri, project: string): ProtocolContext {
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
  };
}

async function runtimeItems(fs: VscodeTeamFs, variant: ProtocolVariant, ctx: ProtocolContext, templates: ProtocolTemplates): Promise<RuntimeItem[]> {
  const texts = new Map<string, string | undefined>();
  const problems = new Map<string, string>();
  for (const path of new Set(PROTOCOL_RUNTIMES.flatMap((r) => r.files.map((f) => f.path)))) {
    try {
      texts.set(path, await readTextFile(fs, path));
    } catch (e) {
      problems.set(path, `${path} cannot be read: ${errorMessage(e)}`);
    }
  }
  return PROTOCOL_RUNTIMES.map((spec): RuntimeItem => {
    const files = filesFor(spec, variant);
    const description = files.map((f) => f.path).join(' + ');
    const unreadable = files.map((f) => problems.get(f.path)).find((p) => p !== undefined);
    if (unreadable) return { label: spec.label, description, detail: `$(warning) ${unreadable}`, spec, problem: unreadable };
    try {
      const plans = planProtocolFiles(spec.id, variant, ctx, templates, (p) => texts.get(p));
      const detail = plans.map((p) => describeChange(p, spec.files.find((f) => f.path === p.path))).join(' · ');
      return { label: spec.label, description, detail, spec, plans };
    } catch (e) {
      if (!(e instanceof CortexInputError)) throw e;
      return { label: spec.label, description, detail: `$(warning) ${e.message}`, spec, problem: e.message };
    }
  });
}

async function write(
  c: Services,
  fs: VscodeTeamFs,
  agent: Agent,
  variant: ProtocolVariant,
  spec: RuntimeSpec,
  project: string,
  plans: readonly ProtocolFilePlan[],
): Promise<GeneratedProtocol | undefined> {
  const changing = plans.filter((p) => p.change !== 'unchanged');
  const unchanged = plans.filter((p) => p.change === 'unchanged').map((p) => p.path);
  try {
    const event = (g: GeneratedProtocol | undefined) => g && teamEvents.protocolGenerated(DASHBOARD_ACTOR, agent.slug, agent.notePath ?? agentNotePath(agent.slug), g.runtime, g.project, g.written);
    const done = await c.writer.write({ what: 'generate a protocol file', folder: fs.root, paths: changing.map((p) => p.path), event }, (projectFs) => writePlans(c, projectFs, agent, variant, spec, project, changing, unchanged));
    return done ?? undefined;
  } catch (e) {
    if (!(e instanceof UnsavedChangesError)) throw e;
    await c.prompts.error(`Cortex: nothing was written. ${e.path} has unsaved changes in an editor: save or revert them, then generate the protocol again.`);
    return undefined;
  }
}

/** Writes the changing files in order; when one fails, says exactly which were written. */
async function writePlans(
  c: Services,
  fs: VscodeTeamFs,
  agent: Agent,
  variant: ProtocolVariant,
  spec: RuntimeSpec,
  project: string,
  changing: readonly ProtocolFilePlan[],
  unchanged: readonly string[],
): Promise<GeneratedProtocol | undefined> {
  const written: ProtocolFilePlan[] = [];
  const notExecutable: string[] = [];
  for (const plan of changing) {
    try {
      if (plan.before === undefined) {
        if (!(await createExclusive(fs, plan.path, encodeText(plan.after)))) {
          throw new CortexConflictError(`${plan.path} was created by another program after the preview`, plan.path);
        }
      } else {
        await editFile(fs, plan.path, (text) => {
          if (text !== plan.before) throw new CortexConflictError(`${plan.path} changed on disk after the preview`, plan.path);
          return plan.after;
        });
      }
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
      const rest = changing.slice(changing.indexOf(plan) + 1).map((p) => p.path);
      const restText = rest.length > 0 ? ` ${listText(rest)} ${rest.length === 1 ? 'was' : 'were'} not written either.` : '';
      const again = ' Run "Cortex: Generate Protocol File" again to see the changes as they are now.';
      if (written.length === 0) {
        await c.prompts.error(`Cortex: nothing was written in ${project}. ${capitalize(reason)}.${restText}${again}`);
      } else if (wasWritten) {
        const done = written.map((p) => `${p.path} (${pastTense(p, spec)})`).join(', ');
        await c.prompts.error(`Cortex: wrote ${done} in ${project}, but ${reason}.${restText}${again}`);
      } else {
        const done = written.map((p) => `${p.path} (${pastTense(p, spec)})`).join(', ');
        await c.prompts.error(`Cortex: wrote ${done} in ${project}, but not ${plan.path}: ${reason}.${restText}${again}`);
      }
      c.log.warn(`Generate Protocol File for ${agent.slug} (${spec.id}): wrote ${written.map((p) => p.path).join(', ') || 'nothing'}; failed at ${plan.path}: ${reason}`);
      return undefined;
    }
  }
  c.log.info(`Generate Protocol File for ${agent.slug} (${spec.id}, ${variant}) in ${project}: ${written.map((p) => `${p.path} ${p.change}`).join(', ')}`);
  const open = `Open ${spec.protocolFile}`;
  const what = written.map((p) => `${p.path} (${pastTense(p, spec)})`).join(', ');
  const chmod = notExecutable.length > 0 ? ` ${listText(notExecutable)} could not be made executable from here (the folder is not on this machine's disk): run chmod 755 on it where the agent runs.` : '';
  const say = notExecutable.length > 0 ? c.prompts.warn.bind(c.prompts) : c.prompts.info.bind(c.prompts);
  void say(`Cortex: wrote ${agent.name}'s ${variant} protocol for ${spec.label} in ${project}: ${what}${unchanged.length ? ` (${unchanged.join(', ')} already up to date)` : ''}.${chmod}`, open).then(async (choice) => {
    if (choice === open) await vscode.window.showTextDocument(fs.uri(spec.protocolFile), { preview: true });
  });
  return { agent: agent.slug, runtime: spec.id, variant, project, written: written.map((p) => p.path), unchanged, ...(notExecutable.length ? { notExecutable } : {}) };
}

/**
 * chmod 755 for the executable files among `plans` (Claude Code runs the hook script
 * directly). Only a `file:` folder has modes this side can set: the others are
 * returned, for the message to say so.
 */
async function makeExecutable(project: vscode.Uri, spec: RuntimeSpec, plans: readonly ProtocolFilePlan[]): Promise<string[]> {
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
function pastTense(plan: ProtocolFilePlan, spec: RuntimeSpec): string {
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
