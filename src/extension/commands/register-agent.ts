import * as os from 'os';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import * as vscode from 'vscode';
import { ACP_PROGRAMS, AgentCli, CLI_LABELS, CLI_PROGRAMS, LaunchChannel, LaunchProfile, splitWords } from '../../core/agents/launch-profile';
import { CortexInputError } from '../../core/edit/errors';
import { agentFolder, agentNotePath, agentTasksPath } from '../../core/ops/shared';
import { RegisterResult, agentSlugFor, projectSlug, registerAgent } from '../../core/ops/register';
import { expandHome } from '../../core/parse/config';
import { isAbsolutePath } from '../../core/team/project-folder';
import { formatDate } from '../../base/time';
import { Services } from '../services';
import { VscodeTeamFs } from '../team/vscode-team-fs';
import { UnsavedChangesError } from '../writes/team-writer';
import { GeneratedProtocol } from './generate-protocol';
import { InputFeedback } from '../ui/quick-input';
import { errorMessage, loadedTeam } from './agent-picks';
import { checkAgentName, slugNote } from '../../core/text/input-rules';
import { LEVEL_NAMES, parentCandidates } from '../../core/team/lineage';
import { Agent } from '../../core/team/model';

/**
 * "Cortex: Register Agent": a six-step QuickInput wizard (name with its slug shown
 * as it is typed, project folder, role, capabilities, its place in the hierarchy:
 * parent and level, only the valid ones offered; the CLI that runs it: its launch
 * profile, a custom command line, or none yet), then the core's register
 * operation writes `agents/<slug>/<slug>.md` (with `launch:`) and an empty
 * `tasks.md`, and the user is offered the agent's protocol file. Escape at any step
 * writes nothing; so does Restricted Mode.
 */
export interface RegisteredAgent extends RegisterResult {
  readonly name: string;
  /** Set when the user went on to generate the protocol file. */
  readonly protocol?: GeneratedProtocol;
}

const TOTAL = 6;
const BROWSE_BUTTON = { id: 'browse', icon: 'folder-opened', tooltip: 'Browse for the project folder…' } as const;
export const GENERATE_PROTOCOL_CHOICE = 'Generate Protocol File…';

/** The wizard's answers so far. */
interface RegisterWizard {
  readonly c: Services;
  readonly fs: VscodeTeamFs;
  name: string;
  project: string;
  role: string;
  capabilities: string;
  /** The place picked at step 5 (`undefined`: not yet asked). */
  place: Place | undefined;
  /** The CLI picked at the last step (`null`: none yet), and a custom command line. */
  launch: AgentCli | null;
  /** The channel picked with it (`acp`: run as an ACP session). */
  channel: LaunchChannel;
  command: string;
}

/** A step's outcome: the step to show next, or the end of the wizard (`write`: register with the answers). */
type Step = 1 | 2 | 3 | 4 | 5 | 6 | 7;
type StepResult = { readonly next: Step } | { readonly end: 'cancel' | 'write' };

export async function runRegisterAgent(
  c: Services,
  generate: (slug: string) => Promise<GeneratedProtocol | undefined>,
): Promise<RegisteredAgent | undefined> {
  const result = await c.writer.whenTrusted('register an agent', async () => {
    const team = await loadedTeam(c);
    const fs = c.store.fs;
    if (!team || !fs) return undefined;
    const w: RegisterWizard = { c, fs, name: '', project: '', role: '', capabilities: '', place: undefined, launch: null, channel: 'terminal', command: '' };
    // 7 is the custom command line, still step 6 of 6 on screen.
    const steps = { 1: nameStep, 2: projectStep, 3: roleStep, 4: capabilitiesStep, 5: placeStep, 6: launchStep, 7: commandStep } as const;
    let step: Step = 1;
    for (;;) {
      const r: StepResult = await steps[step](w);
      if ('next' in r) {
        step = r.next;
        continue;
      }
      if (r.end === 'cancel') return undefined;
      const launch = w.launch ? profileOf(w.launch, w.command, w.channel) : undefined;
      const place = w.place ?? NO_PLACE;
      return write(c, fs, { name: w.name, project: w.project, role: w.role, capabilities: parseCapabilities(w.capabilities), launch, parent: place.parent, level: place.level }, generate);
    }
  });
  return result ?? undefined;
}

const TITLE = 'Cortex: Register Agent';

async function nameStep(w: RegisterWizard): Promise<StepResult> {
  const answer = await w.c.prompts.inputStep({
    title: TITLE,
    step: 1,
    totalSteps: TOTAL,
    value: w.name,
    placeholder: 'Name, e.g. Billing Dev',
    prompt: 'The agent\'s display name; its slug names its folder under agents/.',
    check: (value) => checkName(w.c, w.fs, value),
  });
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.name = answer.value.trim();
  return { next: 2 };
}

async function projectStep(w: RegisterWizard): Promise<StepResult> {
  const answer = await w.c.prompts.inputStep({
    title: TITLE,
    step: 2,
    totalSteps: TOTAL,
    canGoBack: true,
    value: w.project,
    buttons: [BROWSE_BUTTON],
    placeholder: 'Project folder, e.g. ~/Projects/billing-service',
    prompt: 'An existing folder the agent works in (absolute, or starting with ~/; browse with the folder button); the protocol file goes there.',
    check: checkProject,
  });
  if (answer.kind === 'back') return { next: 1 };
  if (answer.kind === 'button') {
    const picked = await w.c.prompts.openDialog({
      canSelectFolders: true,
      canSelectFiles: false,
      canSelectMany: false,
      openLabel: 'Use as Project Folder',
      title: `Cortex: ${w.name}'s project folder`,
      defaultUri: projectUri(answer.value) ?? vscode.workspace.workspaceFolders?.[0]?.uri,
    });
    w.project = picked?.[0] ? tildePath(picked[0]) : answer.value;
    return { next: 2 };
  }
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.project = answer.value.trim().replace(/(.)[\\/]+$/, '$1');
  return { next: 3 };
}

async function roleStep(w: RegisterWizard): Promise<StepResult> {
  const answer = await w.c.prompts.inputStep({
    title: TITLE,
    step: 3,
    totalSteps: TOTAL,
    canGoBack: true,
    value: w.role,
    placeholder: 'Role, e.g. Build and maintain the billing service',
    prompt: 'One line saying what this agent does (## Role). Optional.',
    check: checkRole,
  });
  if (answer.kind === 'back') return { next: 2 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.role = answer.value.trim();
  return { next: 4 };
}

async function capabilitiesStep(w: RegisterWizard): Promise<StepResult> {
  const answer = await w.c.prompts.inputStep({
    title: TITLE,
    step: 4,
    totalSteps: TOTAL,
    canGoBack: true,
    value: w.capabilities,
    placeholder: 'Capabilities, comma-separated, e.g. Python/FastAPI, Stripe integration',
    prompt: 'Skills and tools, separated by commas (## Capabilities). Optional.',
    check: checkCapabilities,
  });
  if (answer.kind === 'back') return { next: 3 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.capabilities = answer.value;
  return { next: 5 };
}

/** Where a new agent sits in the hierarchy (core/team/lineage.ts): written as `parent:` and `level:`. */
interface Place {
  readonly parent?: string;
  readonly level?: number;
}
interface PlaceItem extends vscode.QuickPickItem {
  readonly place: Place;
}
const NO_PLACE: Place = {};

/** The valid places only: no hierarchy, the top (level 1), or one level below a possible parent. */
function placeChoices(agents: readonly Agent[]): PlaceItem[] {
  return [
    { label: 'Outside the hierarchy', description: 'no parent or level written', place: NO_PLACE },
    { label: 'Top level', description: `level 1 · ${LEVEL_NAMES[1]}, starts sub-agents`, place: { level: 1 } },
    ...parentCandidates(agents).map((p) => {
      const level = (p.level + 1) as 2 | 3;
      return { label: `Under ${p.name}`, description: `level ${level} · ${LEVEL_NAMES[level]} · parent: ${p.slug}`, place: { parent: p.slug, level } };
    }),
  ];
}

async function placeStep(w: RegisterWizard): Promise<StepResult> {
  const items = placeChoices(w.c.store.team?.agents ?? []);
  const answer = await w.c.prompts.pickStep<PlaceItem>({
    title: TITLE,
    step: 5,
    totalSteps: TOTAL,
    canGoBack: true,
    items,
    activeItem: items.find((i) => i.place.parent === w.place?.parent && i.place.level === w.place?.level),
    placeholder: `Where does ${w.name} sit in the hierarchy? (parent: and level: in its note)`,
    matchOnDescription: true,
  });
  if (answer.kind === 'back') return { next: 4 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.place = answer.value.place;
  return { next: 6 };
}

interface LaunchItem extends vscode.QuickPickItem {
  readonly cli: AgentCli | null;
  readonly channel: LaunchChannel;
}

/** The CLIs in the order people meet them; the stand-in and a custom command after; none last. */
const LAUNCH_CHOICES: readonly LaunchItem[] = [
  ...(['claude-code', 'codex', 'gemini', 'cursor'] as const).map((cli) => ({ label: CLI_LABELS[cli], description: CLI_PROGRAMS[cli], cli, channel: 'terminal' as const })),
  // The same CLIs as structured sessions (Agent Client Protocol): launch: {cli, channel: acp}.
  ...(['claude-code', 'codex', 'gemini'] as const).map((cli) => ({ label: `${CLI_LABELS[cli]} (ACP session)`, description: `${ACP_PROGRAMS[cli]}${cli === 'gemini' ? ' --acp' : ''}: transcript, permission requests and usage in the dashboard`, cli, channel: 'acp' as const })),
  { label: CLI_LABELS.simulate, description: 'cortex-team simulate: no model, for trying the dashboard', cli: 'simulate', channel: 'terminal' },
  { label: `${CLI_LABELS.custom}…`, description: 'a program or script of your own', cli: 'custom', channel: 'terminal' },
  { label: 'None for now', description: 'asked at its first Start', cli: null, channel: 'terminal' },
];

async function launchStep(w: RegisterWizard): Promise<StepResult> {
  const answer = await w.c.prompts.pickStep<LaunchItem>({
    title: TITLE,
    step: 6,
    totalSteps: TOTAL,
    canGoBack: true,
    items: LAUNCH_CHOICES,
    activeItem: LAUNCH_CHOICES.find((i) => i.cli === w.launch && i.channel === w.channel),
    placeholder: `Which CLI runs ${w.name}? Written as launch: in its note, so the team shares it; the dashboard starts it in a terminal, or as an ACP session.`,
    matchOnDescription: true,
  });
  if (answer.kind === 'back') return { next: 5 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.launch = answer.value.cli;
  w.channel = answer.value.channel;
  return w.launch === 'custom' ? { next: 7 } : { end: 'write' };
}

async function commandStep(w: RegisterWizard): Promise<StepResult> {
  const answer = await w.c.prompts.inputStep({
    title: TITLE,
    step: 6,
    totalSteps: TOTAL,
    canGoBack: true,
    value: w.command,
    placeholder: 'Command line, e.g. ./scripts/run-agent.sh --fast',
    prompt: `The command that starts ${w.name} in its project folder; the first prompt is added as its last argument. Enter registers the agent.`,
    check: checkCommand,
  });
  if (answer.kind === 'back') return { next: 6 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.command = answer.value.trim();
  return { end: 'write' };
}

function checkCommand(value: string): InputFeedback {
  const line = value.trim();
  if (line === '') return { error: 'Type the command that starts the agent, or go back and choose a CLI.' };
  if (splitWords(line).length === 0) return { error: 'That line has no program to run.' };
  return { hint: `launch: { cli: custom, command: ${line} }` };
}

/** The launch profile a choice writes: just the CLI, or a custom command. */
function profileOf(cli: AgentCli, command: string, channel: LaunchChannel): LaunchProfile {
  return { cli, command: cli === 'custom' ? command : null, args: [], env: {}, worktree: null, heartbeat: null, ...(channel === 'acp' ? { channel } : {}) };
}

async function checkName(c: Services, fs: VscodeTeamFs, value: string): Promise<InputFeedback> {
  const name = value.trim();
  if (name === '') return { error: 'Enter the agent\'s name, e.g. "Billing Dev".' };
  let slug: string;
  let found: boolean;
  try {
    // The core's rules, as the write will check them: one line, no control characters, a slug that keeps letters.
    checkAgentName(value);
    ({ slug, found } = await agentSlugFor(fs, name));
  } catch (e) {
    if (e instanceof CortexInputError) return { error: e.message };
    throw e;
  }
  const note = agentNotePath(slug);
  const other = found ? ', in the folder this name has under an earlier spelling' : '';
  if (c.store.team?.agents.some((a) => a.slug === slug && a.notePath !== null) || (await fs.stat(note))) {
    return { error: `An agent "${slug}" is already registered (${note} exists)${other}; choose another name.` };
  }
  if (found) return { hint: `Slug: ${slug} → ${note}, in the folder this name already has under an earlier spelling (used rather than a second one; its tasks.md is kept)` };
  const folder = await fs.stat(agentFolder(slug));
  const why = slugNote(name);
  return { hint: `Slug: ${slug} → ${note}${folder ? ' (the folder exists: its tasks.md is kept)' : ' and tasks.md'}${why ? `; ${why}` : ''}` };
}

/** The folder a typed path names, `undefined` when it is not absolute. */
function projectUri(text: string): vscode.Uri | undefined {
  const path = expandHome(text.trim(), os.homedir());
  return isAbsolutePath(path) ? vscode.Uri.file(path) : undefined;
}

async function checkProject(value: string): Promise<InputFeedback> {
  const text = value.trim();
  if (text === '') return { error: 'Enter the folder the agent works in (its project), or browse for it with the folder button.' };
  const uri = projectUri(text);
  if (!uri) return { error: `"${text}" is not an absolute path: start it with / or ~/ (or a drive letter on Windows).` };
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    return { error: `${text} does not exist: pick an existing folder (the agent's working copy).` };
  }
  if (!(stat.type & vscode.FileType.Directory)) return { error: `${text} is a file, not a folder.` };
  const slug = projectSlug(text);
  return { hint: slug ? `Project slug: ${slug} (listed under ## Projects).` : undefined };
}

function checkRole(value: string): InputFeedback {
  const role = value.trim();
  if (role.startsWith('#')) return { error: 'A role is plain text: a line starting with "#" would become a heading in the note.' };
  return { hint: role === '' ? 'Optional: one line saying what this agent does (## Role).' : undefined };
}

export function parseCapabilities(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function checkCapabilities(value: string): InputFeedback {
  const list = parseCapabilities(value);
  const seen = new Set<string>();
  for (const item of list) {
    const key = item.toLowerCase();
    if (seen.has(key)) return { error: `"${item}" is listed twice.` };
    seen.add(key);
  }
  if (list.length === 0) return { hint: 'Optional: separate capabilities with commas.' };
  return { hint: `${list.length} ${list.length === 1 ? 'capability' : 'capabilities'}: ${list.join(' · ')}` };
}

/** A folder path with the home folder written as `~`, as agent notes name projects. */
function tildePath(uri: vscode.Uri): string {
  const path = uri.scheme === 'file' ? uri.fsPath : uri.path;
  const home = os.homedir();
  if (uri.scheme === 'file' && (path === home || path.startsWith(home + '/') || path.startsWith(home + '\\'))) return '~' + path.slice(home.length);
  return path;
}

async function write(
  c: Services,
  fs: VscodeTeamFs,
  input: { name: string; project: string; role: string; capabilities: string[]; launch?: LaunchProfile; parent?: string; level?: number },
  generate: (slug: string) => Promise<GeneratedProtocol | undefined>,
): Promise<RegisteredAgent | undefined> {
  let slug: string;
  try {
    slug = (await agentSlugFor(fs, input.name)).slug;
  } catch (e) {
    if (!(e instanceof CortexInputError)) throw e;
    await c.prompts.error(`Cortex: nothing was written. ${e.message}`);
    return undefined;
  }
  const notePath = agentNotePath(slug);
  const tasksPath = agentTasksPath(slug);
  let result: RegisterResult | undefined;
  try {
    const event = (r: RegisterResult) => teamEvents.agentRegistered(DASHBOARD_ACTOR, r.slug, r.notePath, input.name);
    result = await c.writer.write({ what: 'register an agent', paths: [notePath, tasksPath], event }, (teamFs) =>
      registerAgent(teamFs, {
        name: input.name,
        project: input.project,
        role: input.role === '' ? undefined : input.role,
        capabilities: input.capabilities,
        joined: formatDate(c.clock.now()),
        launch: input.launch,
        parent: input.parent,
        level: input.level,
      }),
    );
  } catch (e) {
    if (e instanceof CortexInputError || e instanceof UnsavedChangesError) {
      await c.prompts.error(`Cortex: nothing was written. ${e.message}`);
    } else if (await fs.stat(notePath).catch(() => undefined)) {
      await c.prompts.error(`Cortex: wrote ${notePath}, but could not create ${tasksPath}: ${errorMessage(e)}. Create it as an empty file, or delete the note and register again.`);
    } else {
      await c.prompts.error(`Cortex: nothing was written. Could not create ${notePath}: ${errorMessage(e)}`);
    }
    return undefined;
  }
  if (!result) return undefined;
  c.log.info(`Registered ${result.slug}: ${result.notePath}, ${result.tasksPath}${result.createdTasks ? '' : ' (kept)'}`);
  const open = 'Open Note';
  const choice = await c.prompts.info(
    `Cortex: registered ${input.name}: ${result.notePath} and ${result.createdTasks ? 'an empty' : 'the existing'} ${result.tasksPath}. Generate its protocol file, so the agent knows how to take part?`,
    GENERATE_PROTOCOL_CHOICE,
    open,
  );
  let protocol: GeneratedProtocol | undefined;
  if (choice === GENERATE_PROTOCOL_CHOICE) {
    await c.store.whenIdle();
    protocol = await generate(result.slug);
  } else if (choice === open) {
    await vscode.window.showTextDocument(fs.uri(result.notePath), { preview: true });
  }
  return { ...result, name: input.name, protocol };
}
