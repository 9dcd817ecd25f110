import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Agent, Project } from '../../core/team/model';
import { agentArg, projectArg, taskArgs } from './command-args';
import { DISPATCH_TASK_COMMAND, FOCUS_TEAM_VIEW_COMMAND, REGISTER_AGENT_COMMAND } from './command-ids';
import { Services } from '../services';
import { sourceLabel, TeamLocation, displayPath, folderName, isTeamFolder, sameUri } from '../team/team-locator';
import { loadedTeam, startingAgent } from './agent-picks';
import { createTeamFolder } from './create-team';
import { guardedCommand } from './guarded-command';
import { runNewProject } from './new-project';

/** Command ids this module registers (the manifest lists the same). */
export const COMMANDS = {
  refresh: 'cortex.refresh',
  selectTeamFolder: 'cortex.selectTeamFolder',
  createTeamFolder: 'cortex.createTeamFolder',
  openAgentNote: 'cortex.openAgentNote',
  openTasksFile: 'cortex.openTasksFile',
  openTask: 'cortex.openTask',
  openProjectNote: 'cortex.openProjectNote',
  newProject: 'cortex.newProject',
  showOutput: 'cortex.showOutput',
} as const;

/**
 * The team folder's commands (find it again, pick another, create one) and opening its
 * files; also what the Team view's messages do (the webview sends ids, these resolve
 * them to files).
 */
export class TeamCommands extends DisposableBase {
  private canRegister = false;
  private readonly canRegisterChanged = this.register(new vscode.EventEmitter<boolean>());
  /** Fires when a "Register Agent" command appears or goes. */
  readonly onDidChangeCanRegisterAgent = this.canRegisterChanged.event;

  constructor(private readonly c: Services) {
    super();
    const reg = (id: string, fn: (...args: unknown[]) => unknown) => this.register(vscode.commands.registerCommand(id, fn));
    reg(COMMANDS.refresh, () => this.refresh());
    reg(COMMANDS.selectTeamFolder, () => this.selectTeamFolder());
    reg(COMMANDS.createTeamFolder, (target) => this.createTeamFolder(target instanceof vscode.Uri ? target : undefined));
    reg(COMMANDS.openAgentNote, (arg) => this.openAgentNote(agentArg(arg)));
    reg(COMMANDS.openTasksFile, (arg) => this.openTasksFile(agentArg(arg)));
    reg(COMMANDS.openTask, (arg, index) => {
      const t = taskArgs(arg, index);
      return t ? this.openTask(t.agent, t.index) : this.openTasksFile(agentArg(arg));
    });
    reg(COMMANDS.openProjectNote, (arg) => this.openProjectNote(projectArg(arg)));
    reg(COMMANDS.newProject, () => guardedCommand(c, 'New Project', () => runNewProject(c)));
    reg(COMMANDS.showOutput, () => c.log.show(true));
  }

  // ---- what the Team view asks for ---------------------------------------------------

  /** A "Register Agent" command exists (checked at activation and before use). */
  get canRegisterAgent(): boolean {
    return this.canRegister;
  }

  async checkRegisterCommand(): Promise<void> {
    const all = await vscode.commands.getCommands(true);
    const can = all.includes(REGISTER_AGENT_COMMAND);
    if (can !== this.canRegister) {
      this.canRegister = can;
      this.canRegisterChanged.fire(can);
    }
  }

  openAgent(slug: string): Promise<void> {
    return this.openAgentNote(slug);
  }

  openProject(slug: string): Promise<void> {
    return this.openProjectNote(slug);
  }

  newProject(): Promise<unknown> {
    return Promise.resolve(vscode.commands.executeCommand(COMMANDS.newProject));
  }

  async registerAgent(): Promise<void> {
    await this.checkRegisterCommand();
    if (this.canRegister) {
      await vscode.commands.executeCommand(REGISTER_AGENT_COMMAND);
      return;
    }
    await this.c.prompts.info(
      'To add an agent, create agents/<slug>/<slug>.md from templates/agent-template.md and an empty agents/<slug>/tasks.md in the team folder, or run /register from an agent with the Cortex plugin.',
    );
  }

  async dispatchTask(slug: string): Promise<void> {
    await vscode.commands.executeCommand(DISPATCH_TASK_COMMAND, slug);
  }

  async showProblems(): Promise<void> {
    await vscode.commands.executeCommand('workbench.actions.view.problems');
  }

  // ---- commands ------------------------------------------------------------------

  async refresh(): Promise<void> {
    await this.c.session.locate();
    await this.c.store.whenIdle();
  }

  async selectTeamFolder(): Promise<TeamLocation | undefined> {
    const c = this.c;
    await c.session.locate();
    const result = c.session.located;
    const current = c.store.location;
    type Item = vscode.QuickPickItem & { uri?: vscode.Uri; action?: 'browse' | 'auto' };
    const items: Item[] = (result?.candidates ?? []).map((loc) => ({
      label: `$(organization) ${folderName(loc.uri)}`,
      description: displayPath(loc.uri),
      detail: sourceLabel(loc) + (current && sameUri(current.uri, loc.uri) ? ' · shown now' : ''),
      uri: loc.uri,
    }));
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: '$(folder-opened) Browse…', detail: 'Pick a folder that contains agents/', action: 'browse' });
    if (c.session.hasSelection) {
      items.push({ label: '$(discard) Find Automatically', detail: 'Forget the selection: setting, workspace folders, ~/.cortex/config.yaml, ~/cortex-team', action: 'auto' });
    }
    const picked = await c.prompts.pick(items, { title: 'Cortex: Select Team Folder', placeHolder: 'The team folder to show in this workspace' });
    if (!picked) return undefined;
    if (picked.action === 'auto') {
      await c.session.select(undefined);
      return c.store.location;
    }
    let uri = picked.uri;
    if (picked.action === 'browse') {
      const chosen = await c.prompts.openDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Show This Team', title: 'Cortex: Select Team Folder' });
      uri = chosen?.[0];
      if (!uri) return undefined;
      if (!(await isTeamFolder(uri))) {
        const create = 'Create Team Folder Here';
        const answer = await c.prompts.warn(`${displayPath(uri)} has no agents/ folder, so it is not a Cortex team folder.`, create);
        if (answer === create) return this.createTeamFolder(uri);
        return undefined;
      }
    }
    if (!uri) return undefined;
    await c.session.select(uri);
    return c.store.location;
  }

  async createTeamFolder(target?: vscode.Uri): Promise<TeamLocation | undefined> {
    const c = this.c;
    const created = await c.writer.whenTrusted('create a team folder', () => createTeamFolder(c, target));
    if (!created) return undefined;
    await c.session.select(created.uri);
    if (created.chiefNote) {
      await vscode.window.showTextDocument(created.chiefNote, { preview: true });
    }
    await vscode.commands.executeCommand(FOCUS_TEAM_VIEW_COMMAND);
    return c.store.location;
  }

  async openAgentNote(slug: string | undefined): Promise<void> {
    const agent = await this.agentFor(slug, 'Open Agent Note');
    if (!agent) return;
    if (!agent.notePath) {
      await this.c.prompts.warn(`${agent.name} has no agent note: expected agents/${agent.slug}/${agent.slug}.md.`);
      return;
    }
    await this.open(agent.notePath);
  }

  async openTasksFile(slug: string | undefined): Promise<void> {
    const agent = await this.agentFor(slug, 'Open Tasks File');
    if (agent) await this.open(agent.tasksPath);
  }

  async openTask(slug: string, index: number): Promise<void> {
    const agent = await this.agentFor(slug, 'Open Task');
    if (!agent) return;
    const task = agent.tasks[index];
    // A task that vanished since the view was drawn: the file, at the top.
    await this.open(agent.tasksPath, task ? task.line : undefined);
  }

  async openProjectNote(slug: string | undefined): Promise<void> {
    const project = await this.projectFor(slug);
    if (project) await this.open(project.path);
  }

  // ---- helpers -------------------------------------------------------------------

  private async open(path: string, line?: number): Promise<void> {
    const fs = this.c.store.fs;
    if (!fs) return;
    const uri = fs.uri(path);
    const selection = line !== undefined ? new vscode.Range(line - 1, 0, line - 1, 0) : undefined;
    try {
      await vscode.window.showTextDocument(uri, { preview: true, selection });
    } catch (e) {
      await this.c.prompts.error(`Cortex: cannot open ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async agentFor(slug: string | undefined, title: string): Promise<Agent | undefined> {
    const team = await loadedTeam(this.c);
    if (!team) return undefined;
    const starting = await startingAgent(this.c, team, slug);
    if (!starting || starting.agent) return starting?.agent;
    const picked = await this.c.prompts.pick(
      team.agents.map((a) => ({ label: a.name, description: a.slug, detail: a.role ?? undefined, agent: a })),
      { title: `Cortex: ${title}`, placeHolder: 'Agent', matchOnDescription: true },
    );
    return picked?.agent;
  }

  private async projectFor(slug: string | undefined): Promise<Project | undefined> {
    const team = await loadedTeam(this.c);
    if (!team) return undefined;
    if (slug !== undefined) {
      const project = team.projects.find((p) => p.slug === slug);
      if (!project) await this.c.prompts.warn(`Cortex: there is no project "${slug}" in this team.`);
      return project;
    }
    if (team.projects.length === 0) {
      await this.c.prompts.info('Cortex: this team has no projects yet.');
      return undefined;
    }
    const picked = await this.c.prompts.pick(
      team.projects.map((p) => ({ label: p.slug, description: p.status ?? undefined, detail: p.nextAction ?? undefined, project: p })),
      { title: 'Cortex: Open Project Note', placeHolder: 'Project', matchOnDetail: true },
    );
    return picked?.project;
  }
}
