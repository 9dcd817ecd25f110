import * as vscode from 'vscode';
import { DisposableBase } from '../base/disposable';
import { AgentCommands } from '../extension/commands/agent-commands';
import { RunningAgents, registerRunningAgents } from './running-agents';
import { Reviewing, registerReviewing } from './reviewing';
import { EditorDrafts } from '../extension/commands/editor-drafts';
import { registerRunWithShuttle } from '../extension/commands/run-with-shuttle';
import { checkTitle } from '../extension/commands/dispatch-task';
import { RepoCommands } from '../extension/commands/repo-commands';
import { TeamCommands } from '../extension/commands/team-commands';
import { WorklogCommands } from '../extension/commands/worklog-commands';
import { ContextKeys } from '../extension/ui/context-keys';
import { DiagnosticsPublisher } from '../extension/ui/diagnostics';
import { EscalationCommands } from '../extension/commands/escalation-commands';
import { LiveTeam } from '../extension/team/live-team';
import { LivenessClock } from '../extension/team/liveness-clock';
import { CliLauncher } from '../extension/mcp/cli-launcher';
import { CortexMcpServerProvider, registerMcpServerProvider } from '../extension/mcp/mcp-server-provider';
import { Prompts } from '../extension/ui/prompts';
import { ReportCommands } from '../extension/reports/report-commands';
import { Services } from '../extension/services';
import { Settings } from '../extension/settings';
import { ShuttleMonitor } from '../extension/agents/shuttle-monitor';
import { TeamStatusBar } from '../extension/ui/status-bar';
import { TeamSession } from '../extension/team/team-session';
import { TeamStore } from '../extension/team/team-store';
import { ThreadsStore } from '../extension/team/threads-store';
import { ThreadCommands } from '../extension/commands/thread-commands';
import { BackgroundNotifier } from '../extension/ui/background-notifier';
import { OlderFormatNotifier } from '../extension/ui/older-format-notifier';
import { OlderFormatWatch } from '../extension/team/older-format-watch';
import { WorkspaceTrust } from '../extension/writes/trust';
import { TeamWriter } from '../extension/writes/team-writer';
import { SearchTeam } from '../extension/commands/search-team';
import { BoardPanel } from '../views/board/board-panel';
import { registerBoard } from '../views/board/registration';
import { InsightsPanel } from '../views/insights/insights-panel';
import { registerInsights } from '../views/insights/registration';
import { NeedsYouSource, TeamView } from '../views/team/team-view';
import { registerTeamView } from '../views/team/registration';
import { ThreadsViews, registerThreads } from '../views/threads/registration';
import { registerWorklog } from '../views/worklog/registration';
import { SessionViewsDeps, registerSessionViews } from '../views/session/registration';
import { SessionPanels } from '../views/session/session-panels';
import { WorklogPanelCommands, WorklogPanel } from '../views/worklog/worklog-panel';

/**
 * The composition root: builds the services, the commands and each view's
 * registration, and owns them for disposal. Nothing here reacts to anything: the
 * services and views follow the team's change events themselves.
 */
export class CortexController extends DisposableBase {
  readonly services: Services;
  readonly trust: WorkspaceTrust;
  readonly contextKeys: ContextKeys;
  readonly statusBar: TeamStatusBar;
  readonly teamCommands: TeamCommands;
  readonly repo: RepoCommands;
  readonly reports: ReportCommands;
  readonly view: TeamView;
  readonly board: BoardPanel;
  readonly insights: InsightsPanel;
  readonly threads: ThreadsViews;
  /** Start Thread, Add Agent to Thread, Cancel Thread. */
  readonly threadCommands: ThreadCommands;
  readonly agents: RunningAgents;
  readonly worklog: WorklogPanel;
  /** The stable command agents' MCP wiring runs (`undefined` without a storage folder on this disk). */
  readonly cliLauncher: CliLauncher | undefined;
  /** VS Code's MCP server definition for the shown team (`undefined` where the editor lacks the API). */
  readonly mcpServer: CortexMcpServerProvider | undefined;
  /** Reviewing and steering tasks: undo, the task service, changes, diffs, the status bar item. */
  readonly reviewing: Reviewing;
  readonly search: SearchTeam;
  /** The ACP agents' session views, one panel per agent. */
  readonly sessions: SessionPanels;

  constructor(context: vscode.ExtensionContext, log: vscode.LogOutputChannel) {
    super();
    const own = { add: <T extends vscode.Disposable>(d: T): T => this.register(d) };

    // ---- services --------------------------------------------------------------------
    const settings = own.add(new Settings());
    const prompts = new Prompts();
    const clock = own.add(new LivenessClock());
    this.trust = own.add(new WorkspaceTrust());
    const store = own.add(new TeamStore(log));
    const session = own.add(new TeamSession(context, log, settings, store, this.trust));
    const team = own.add(new LiveTeam(store, session, settings, clock, this.trust));
    const writer = own.add(new TeamWriter(this.trust, store, prompts, clock, log));
    const services: Services = { context, log, settings, prompts, clock, session, store, team, writer };
    this.services = services;
    const runners = own.add(new ShuttleMonitor(log, team));
    const threadsStore = own.add(new ThreadsStore(log));
    own.add(new DiagnosticsPublisher(team, session));
    this.contextKeys = own.add(new ContextKeys(team));
    this.statusBar = own.add(new TeamStatusBar(team, settings));
    // The plugin's older format: read once per change, shown read-only in the Team view, the upgrade offered once.
    const older = own.add(new OlderFormatWatch(team, log));
    own.add(new OlderFormatNotifier(prompts, older));

    // ---- running agents ----------------------------------------------------------------
    this.agents = registerRunningAgents(own, services, this.statusBar);
    const { runs, usage, actions: runActions } = this.agents;
    const mcpServer = registerMcpServerProvider({ extensionUri: context.extensionUri, version: String(context.extension.packageJSON.version ?? ''), team, log });
    this.mcpServer = mcpServer && own.add(mcpServer);

    // ---- commands --------------------------------------------------------------------
    this.teamCommands = own.add(new TeamCommands(services));
    this.cliLauncher = cliLauncher(context);
    const drafts = own.add(new EditorDrafts(prompts)); // longer texts written in an editor, sent with its title bar button
    const agents = own.add(new AgentCommands(services, this.cliLauncher, drafts)); // Dispatch Task, Register Agent, Generate Protocol File
    this.repo = own.add(new RepoCommands(services)); // Run Housekeeping, Sync Team, Continue Sync
    const worklog = own.add(new WorklogCommands(services, drafts));
    own.add(registerRunWithShuttle(services, (slug) => runners.progressOf(slug))); // the Shuttle pattern's wrapper task
    const escalation = own.add(new EscalationCommands(services)); // overdue P0/P1 messages → WORKLOG.md
    this.reports = own.add(new ReportCommands(services));
    this.threadCommands = own.add(new ThreadCommands(services, threadsStore));
    own.add(new BackgroundNotifier(threadsStore, prompts));
    this.reviewing = registerReviewing(own, services, {
      dispatch: (agent, title, body) => agents.dispatchNew(agent, title, body),
      checkTitle: (agent, title) => checkTitle(services, agent, title).error,
    });
    const { tasks, changes } = this.reviewing;

    // ---- views -------------------------------------------------------------------------
    const { extensionUri } = context;
    this.sessions = registerSessionViews(own, sessionViewsDeps(extensionUri, log, this.agents, prompts, runActions, (slug) => agentName(store, slug)));
    this.view = registerTeamView(own, {
      extensionUri,
      log,
      team,
      runners,
      actions: this.teamCommands,
      runs,
      runActions,
      needsYou: needsYouSource(this.agents, prompts, (slug) => this.sessions.open(slug)),
      older: { get current() { return older.current; }, onDidChange: older.onDidChange, upgrade: () => agents.upgradeTeamFormat() },
    });
    this.board = registerBoard(own, {
      extensionUri,
      log,
      team,
      prompts,
      tasks,
      changes,
      runs,
      runActions,
      threads: threadsStore,
    });
    this.insights = registerInsights(own, { extensionUri, log, team, usage });
    this.threads = registerThreads(own, { extensionUri, log, store: threadsStore, team, prompts, clock, showTask: (t) => this.board.showCard(t) });
    this.worklog = registerWorklog(own, { extensionUri, log, team, commands: worklogPanelCommands(worklog, escalation) });
    this.search = own.add(new SearchTeam({ team, threads: threadsStore, log, prompts }, searchTargets(this.board, this.worklog, this.threads)));
  }

  /** Finds the team folder and reads it (activation, and the test API). */
  start(): void {
    void this.services.session.locate();
    void this.teamCommands.checkRegisterCommand();
    // After an update, the agents' MCP wiring runs the new copy from now on.
    void this.cliLauncher?.refresh().then(
      (r) => r?.changed && this.services.log.info(`MCP: the agents' Cortex command (${r.path}) now runs ${r.build}`),
      (e: unknown) => this.services.log.warn(`MCP: could not update the agents' Cortex command: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
}

function agentName(store: TeamStore, slug: string): string {
  return store.team?.agents.find((a) => a.slug === slug)?.name ?? slug;
}

/** The session views read the ACP sessions through the registry; Stop is the agent's Stop (the same as its row's). */
function sessionViewsDeps(extensionUri: vscode.Uri, log: vscode.LogOutputChannel, agents: RunningAgents, prompts: Prompts, runActions: RunningAgents['actions'], nameOf: (slug: string) => string): SessionViewsDeps {
  const sessions = agents.sessionRegistry;
  const live = () => {
    const s = sessions.current;
    if (!s) throw new Error('No agent runs as a session here.');
    return s;
  };
  return {
    extensionUri,
    log,
    onDidChange: sessions.onDidChange,
    get: (slug) => sessions.get(slug),
    nameOf,
    prompt: (slug, text) => live().prompt(slug, text),
    cancel: (slug) => live().cancel(slug),
    answer: (slug, id, option) => live().answer(slug, id, option),
    stop: (slug) => runActions.stop(slug),
    warn: (message) => prompts.warn(message),
    running: () => (sessions.current?.all() ?? []).filter((s) => s.state !== 'stopped' && s.state !== 'failed').map((s) => ({ slug: s.agentSlug, name: nameOf(s.agentSlug) })),
    pick: (items) => prompts.pick(items, { title: 'Open Agent Session', placeHolder: 'The agent whose session to show' }),
  };
}

/** The Needs you list as the Team view reads it; a refused answer is said to the person. */
function needsYouSource(agents: RunningAgents, prompts: Prompts, openSession: (slug: string) => unknown): NeedsYouSource {
  const { needsYou, sessionRegistry: sessions, runner } = agents;
  return {
    items: () => needsYou.items(),
    answer: (id, option) => needsYou.answer(id, option).catch((e: unknown) => prompts.warn(`Cortex: ${e instanceof Error ? e.message : String(e)}`)),
    onDidChange: needsYou.onDidChange,
    hasTerminal: (slug) => runner.terminals.isLive(slug),
    hasSession: (slug) => sessions.get(slug) !== undefined,
    openSession,
  };
}

/** What the worklog panel's buttons do: the worklog commands and escalation. */
function worklogPanelCommands(worklog: WorklogCommands, escalation: EscalationCommands): WorklogPanelCommands {
  return {
    append: () => worklog.append(),
    updateStatus: () => worklog.updateStatus(),
    compose: (to) => worklog.compose(to),
    setStatus: (id, status, expected) => worklog.setStatus(id, status, expected),
    escalate: (id) => escalation.escalate(id),
  };
}

/** Where Search Team shows each kind of result. */
function searchTargets(board: BoardPanel, worklog: WorklogPanel, threads: ThreadsViews): ConstructorParameters<typeof SearchTeam>[1] {
  return {
    task: (t) => board.showCard(t),
    worklog: (id) => worklog.reveal('worklog', id),
    message: (id) => worklog.reveal('mailbox', id),
    artifact: (thread) => threads.panel.open({ kind: 'thread', id: thread }),
  };
}

/** The agents' Cortex command in the extension's global storage, where that is a folder on this disk. */
function cliLauncher(context: vscode.ExtensionContext): CliLauncher | undefined {
  const { extensionUri, globalStorageUri } = context;
  if (extensionUri.scheme !== 'file' || globalStorageUri.scheme !== 'file') return undefined;
  return new CliLauncher(extensionUri.fsPath, globalStorageUri.fsPath, String(context.extension.packageJSON.version ?? '0'));
}
