import * as vscode from 'vscode';
import { Agent, Project } from '../../core/model';
import { ACTION_COMMANDS, ActionCommands } from './action-commands';
import { WorklogCommands } from './worklog-commands';
import { agentArg, projectArg, taskArgs } from '../command-args';
import { CortexController, FOCUS_COMMAND, REGISTER_AGENT_COMMAND } from '../../app/controller';
import { createTeamFolder } from './create-team';
import { ReportCommands } from '../reports/report-commands';
import { DisposableBase } from '../../base/disposable';
import { GitCommands } from './repo-commands';
import { SELECTED_TEAM_KEY, SOURCE_LABELS, TeamLocation, displayPath, isTeamFolder, sameUri } from '../team-locator';
import { TeamViewHandlers } from '../../views/team/team-view';

/** Command ids this module registers (the manifest lists the same). */
export const COMMANDS = {
  refresh: 'cortex.refresh',
  selectTeamFolder: 'cortex.selectTeamFolder',
  createTeamFolder: 'cortex.createTeamFolder',
  openAgentNote: 'cortex.openAgentNote',
  openTasksFile: 'cortex.openTasksFile',
  openTask: 'cortex.openTask',
  openProjectNote: 'cortex.openProjectNote',
  focusTeamView: FOCUS_COMMAND,
  showOutput: 'cortex.showOutput',
  openBoard: 'cortex.openBoard',
  openInsights: 'cortex.openInsights',
} as const;

/**
 * The commands, and what the Team view's messages do (the same actions: the webview
 * sends ids, these resolve them to files).
 */
export class Commands extends DisposableBase implements TeamViewHandlers {
  private controller!: CortexController;
  /** Housekeeping, Sync Team and the sync status bar item. */
  git!: GitCommands;
  /** Daily Briefing and Daily Review, and their scheduler. */
  reports!: ReportCommands;

  /** Registers the commands against the controller (created after this object, which it needs as its view handlers). */
  attach(controller: CortexController): void {
    this.controller = controller;
    this.register(new ActionCommands(controller)); // Dispatch Task, Register Agent, Generate Protocol File
    this.git = this.register(new GitCommands(controller)); // Run Housekeeping, Sync Team, Continue Sync
    this.register(new WorklogCommands(controller)); // the worklog and mailbox panel and commands
    this.reports = this.register(new ReportCommands(controller));
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
    reg(COMMANDS.focusTeamView, () => this.controller.view.reveal());
    reg(COMMANDS.showOutput, () => this.controller.log.show(true));
    reg(COMMANDS.openBoard, (arg) => this.controller.board.open(agentArg(arg)));
    reg(COMMANDS.openInsights, () => this.controller.insights.open());
  }

  // ---- TeamViewHandlers ----------------------------------------------------------

  openAgent(slug: string): Promise<void> {
    return this.openAgentNote(slug);
  }

  openProject(slug: string): Promise<void> {
    return this.openProjectNote(slug);
  }

  async registerAgent(): Promise<void> {
    await this.controller.checkRegisterCommand();
    if (this.controller.hasRegisterCommand) {
      await vscode.commands.executeCommand(REGISTER_AGENT_COMMAND);
      return;
    }
    await this.controller.prompts.info(
      'To add an agent, create agents/<slug>/<slug>.md from templates/agent-template.md and an empty agents/<slug>/tasks.md in the team folder, or run /register from an agent with the Cortex plugin.',
    );
  }

  async dispatchTask(slug: string): Promise<void> {
    await vscode.commands.executeCommand(ACTION_COMMANDS.dispatchTask, slug);
  }

  async showProblems(): Promise<void> {
    await vscode.commands.executeCommand('workbench.actions.view.problems');
  }

  // ---- commands ------------------------------------------------------------------

  async refresh(): Promise<void> {
    await this.controller.locate();
    await this.controller.store.whenIdle();
  }

  async selectTeamFolder(): Promise<TeamLocation | undefined> {
    const c = this.controller;
    await c.locate();
    const result = c.locateResult;
    const current = c.store.location;
    type Item = vscode.QuickPickItem & { uri?: vscode.Uri; action?: 'browse' | 'auto' };
    const items: Item[] = (result?.candidates ?? []).map((loc) => ({
      label: `$(organization) ${folderName(loc.uri)}`,
      description: displayPath(loc.uri),
      detail: SOURCE_LABELS[loc.source] + (current && sameUri(current.uri, loc.uri) ? ' · shown now' : ''),
      uri: loc.uri,
    }));
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: '$(folder-opened) Browse…', detail: 'Pick a folder that contains agents/', action: 'browse' });
    if (c.context.workspaceState.get(SELECTED_TEAM_KEY)) {
      items.push({ label: '$(discard) Find Automatically', detail: 'Forget the selection: setting, workspace folders, ~/.cortex/config.yaml, ~/cortex-team', action: 'auto' });
    }
    const picked = await c.prompts.pick(items, { title: 'Cortex: Select Team Folder', placeHolder: 'The team folder to show in this workspace' });
    if (!picked) return undefined;
    if (picked.action === 'auto') {
      await c.context.workspaceState.update(SELECTED_TEAM_KEY, undefined);
      await c.locate();
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
    await this.showTeam(uri);
    return c.store.location;
  }

  async createTeamFolder(target?: vscode.Uri): Promise<TeamLocation | undefined> {
    const c = this.controller;
    const created = await c.guard.run('create a team folder', () => createTeamFolder(c, target));
    if (!created) return undefined;
    await this.showTeam(created.uri);
    if (created.chiefNote) {
      await vscode.window.showTextDocument(created.chiefNote, { preview: true });
    }
    await c.view.reveal();
    return c.store.location;
  }

  async openAgentNote(slug: string | undefined): Promise<void> {
    const agent = await this.agentFor(slug, 'Open Agent Note');
    if (!agent) return;
    if (!agent.notePath) {
      await this.controller.prompts.warn(`${agent.name} has no agent note: expected agents/${agent.slug}/${agent.slug}.md.`);
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

  private async showTeam(uri: vscode.Uri): Promise<void> {
    await this.controller.context.workspaceState.update(SELECTED_TEAM_KEY, uri.toString());
    await this.controller.locate();
  }

  private async open(path: string, line?: number): Promise<void> {
    const fs = this.controller.store.fs;
    if (!fs) return;
    const uri = fs.uri(path);
    const selection = line !== undefined ? new vscode.Range(line - 1, 0, line - 1, 0) : undefined;
    try {
      await vscode.window.showTextDocument(uri, { preview: true, selection });
    } catch (e) {
      await this.controller.prompts.error(`Cortex: cannot open ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async agentFor(slug: string | undefined, title: string): Promise<Agent | undefined> {
    const team = await this.loadedTeam();
    if (!team) return undefined;
    if (slug !== undefined) {
      const agent = team.agents.find((a) => a.slug === slug);
      if (!agent) await this.controller.prompts.warn(`Cortex: there is no agent "${slug}" in this team.`);
      return agent;
    }
    if (team.agents.length === 0) {
      await this.controller.prompts.info('Cortex: this team has no agents yet.');
      return undefined;
    }
    const picked = await this.controller.prompts.pick(
      team.agents.map((a) => ({ label: a.name, description: a.slug, detail: a.role ?? undefined, agent: a })),
      { title: `Cortex: ${title}`, placeHolder: 'Agent', matchOnDescription: true },
    );
    return picked?.agent;
  }

  private async projectFor(slug: string | undefined): Promise<Project | undefined> {
    const team = await this.loadedTeam();
    if (!team) return undefined;
    if (slug !== undefined) {
      const project = team.projects.find((p) => p.slug === slug);
      if (!project) await this.controller.prompts.warn(`Cortex: there is no project "${slug}" in this team.`);
      return project;
    }
    if (team.projects.length === 0) {
      await this.controller.prompts.info('Cortex: this team has no projects yet.');
      return undefined;
    }
    const picked = await this.controller.prompts.pick(
      team.projects.map((p) => ({ label: p.slug, description: p.status ?? undefined, detail: p.nextAction ?? undefined, project: p })),
      { title: 'Cortex: Open Project Note', placeHolder: 'Project', matchOnDetail: true },
    );
    return picked?.project;
  }

  private async loadedTeam() {
    const store = this.controller.store;
    if (!store.location) {
      const select = 'Select Team Folder';
      const create = 'Create Team Folder';
      const answer = await this.controller.prompts.info('Cortex: no team folder is open.', select, create);
      if (answer === select) await this.selectTeamFolder();
      else if (answer === create) await this.createTeamFolder();
      return undefined;
    }
    await store.whenIdle();
    return store.team;
  }
}

function folderName(uri: vscode.Uri): string {
  const parts = uri.path.split('/').filter((p) => p !== '');
  return parts[parts.length - 1] ?? uri.toString(true);
}
