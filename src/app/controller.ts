import * as vscode from 'vscode';
import { DisposableBase } from '../base/disposable';
import { AgentCommands } from '../extension/commands/agent-commands';
import { checkTitle } from '../extension/commands/dispatch-task';
import { RepoCommands } from '../extension/commands/repo-commands';
import { TeamCommands } from '../extension/commands/team-commands';
import { WorklogCommands } from '../extension/commands/worklog-commands';
import { ContextKeys } from '../extension/context-keys';
import { DiagnosticsPublisher } from '../extension/diagnostics';
import { DownNotifier } from '../extension/down-notifier';
import { EscalationCommands } from '../extension/commands/escalation-commands';
import { LiveTeam } from '../extension/live-team';
import { LivenessClock } from '../extension/liveness-clock';
import { Prompts } from '../extension/prompts';
import { ReportCommands } from '../extension/reports/report-commands';
import { Services } from '../extension/services';
import { Settings } from '../extension/settings';
import { ShuttleMonitor } from '../extension/shuttle-monitor';
import { TeamStatusBar } from '../extension/status-bar';
import { TeamSession } from '../extension/team-session';
import { TeamStore } from '../extension/team-store';
import { ThreadsStore } from '../extension/threads-store';
import { WorkspaceTrust } from '../extension/trust';
import { TeamWriter } from '../extension/writer';
import { BoardPanel } from '../views/board/board-panel';
import { registerBoard } from '../views/board/registration';
import { InsightsPanel } from '../views/insights/insights-panel';
import { registerInsights } from '../views/insights/registration';
import { TeamView } from '../views/team/team-view';
import { registerTeamView } from '../views/team/registration';
import { ThreadsViews, registerThreads } from '../views/threads/registration';
import { registerWorklog } from '../views/worklog/registration';

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
    own.add(new DownNotifier(prompts, team, settings));

    // ---- commands --------------------------------------------------------------------
    this.teamCommands = own.add(new TeamCommands(services));
    const agents = own.add(new AgentCommands(services)); // Dispatch Task, Register Agent, Generate Protocol File
    this.repo = own.add(new RepoCommands(services)); // Run Housekeeping, Sync Team, Continue Sync
    const worklog = own.add(new WorklogCommands(services));
    const escalation = own.add(new EscalationCommands(services)); // overdue P0/P1 messages → WORKLOG.md
    this.reports = own.add(new ReportCommands(services));

    // ---- views -------------------------------------------------------------------------
    const { extensionUri } = context;
    this.view = registerTeamView(own, { extensionUri, log, team, runners, actions: this.teamCommands });
    this.board = registerBoard(own, {
      extensionUri,
      log,
      team,
      writer,
      prompts,
      dispatch: (agent, title, body) => agents.dispatchNew(agent, title, body),
      checkTitle: (agent, title) => checkTitle(services, agent, title).error,
    });
    this.insights = registerInsights(own, { extensionUri, log, team });
    this.threads = registerThreads(own, { extensionUri, log, store: threadsStore, team });
    registerWorklog(own, {
      extensionUri,
      log,
      team,
      actions: {
        append: () => worklog.append(),
        updateStatus: () => worklog.updateStatus(),
        compose: (to) => worklog.compose(to),
        setStatus: (id, status, expected) => worklog.setStatus(id, status, expected),
        escalate: (id) => escalation.escalate(id),
      },
    });
  }

  /** Finds the team folder and reads it (activation, and the test API). */
  start(): void {
    void this.services.session.locate();
    void this.teamCommands.checkRegisterCommand();
  }
}
