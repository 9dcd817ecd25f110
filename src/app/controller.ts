import * as vscode from 'vscode';
import { agentLiveness, teamSummary, tickAgeMinutes } from '../core/liveness';
import { BoardPanel } from '../views/board/board-panel';
import { InsightsPanel } from '../views/insights/insights-panel';
import { TeamViewProvider } from '../views/team/team-view';
import { ThreadsFeature } from '../views/threads/registration';
import { TeamViewState } from '../views/team/common/messages';
import { buildTeamViewState } from '../views/team/team-view-state';
import { DiagnosticsPublisher } from '../extension/diagnostics';
import { DisposableBase } from '../base/disposable';
import { DownNotifier } from '../extension/down-notifier';
import { LivenessClock } from '../extension/liveness-clock';
import { Prompts } from '../extension/prompts';
import { Settings } from '../extension/settings';
import { ShuttleMonitor } from '../extension/shuttle-monitor';
import { TeamStatusBar } from '../extension/status-bar';
import { LocateResult, SELECTED_TEAM_KEY, SOURCE_LABELS, displayPath, isSameOrInside, locateTeam } from '../extension/team-locator';
import { TeamStore } from '../extension/team-store';
import { WriteGuard } from '../extension/trust';

export const REGISTER_AGENT_COMMAND = 'cortex.registerAgent';
export const FOCUS_COMMAND = 'cortex.focusTeamView';

/**
 * Owns the pieces and wires them: where the team is → the store → Problems panel,
 * Team view, status bar and down notifications; the clock and settings re-evaluate
 * liveness. Everything is registered for disposal.
 */
export class CortexController extends DisposableBase {
  readonly settings = this.register(new Settings());
  readonly prompts = new Prompts();
  readonly guard: WriteGuard;
  readonly store: TeamStore;
  readonly clock = this.register(new LivenessClock());
  readonly view: TeamViewProvider;
  readonly board: BoardPanel;
  readonly threads: ThreadsFeature;
  /** External task runners (.shuttle.md) in the agents' project folders. */
  readonly shuttle: ShuttleMonitor;
  readonly insights: InsightsPanel;
  private readonly diagnostics = this.register(new DiagnosticsPublisher());
  readonly statusBar = this.register(new TeamStatusBar(FOCUS_COMMAND));
  private readonly notifier: DownNotifier;
  private located: LocateResult | undefined;
  /** The context keys this controller set last (VS Code offers no way to read them back). */
  readonly contextKeys = new Map<string, unknown>();
  private canRegisterAgent = false;
  private locating: Promise<void> | undefined;
  private locateAgain = false;

  constructor(
    readonly context: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    handlers: ConstructorParameters<typeof TeamViewProvider>[2],
  ) {
    super();
    this.guard = this.register(new WriteGuard(this.prompts));
    this.store = this.register(new TeamStore(log));
    this.shuttle = this.register(new ShuttleMonitor(log));
    this.register(this.shuttle.onDidChange(() => this.view.update()));
    this.notifier = this.register(new DownNotifier(this.prompts, () => this.view.reveal()));
    this.view = this.register(new TeamViewProvider(context.extensionUri, log, handlers, () => this.viewState()));
    this.register(vscode.window.registerWebviewViewProvider(TeamViewProvider.viewType, this.view));
    this.board = this.register(
      new BoardPanel({
        extensionUri: context.extensionUri,
        log,
        store: this.store,
        guard: this.guard,
        prompts: this.prompts,
        now: () => this.clock.now(),
        staleAfterMinutes: () => this.settings.current.staleAfterMinutes,
        header: () => (this.store.location ? { name: folderName(this.store.location.uri), path: displayPath(this.store.location.uri) } : null),
        message: () => (this.store.location ? this.store.failure : this.located?.problem) ?? null,
        focusTeamView: () => this.view.reveal(),
      }),
    );
    this.insights = this.register(
      new InsightsPanel({
        extensionUri: context.extensionUri,
        log,
        store: this.store,
        now: () => this.clock.now(),
        staleAfterMinutes: () => this.settings.current.staleAfterMinutes,
        header: () => (this.store.location ? { name: folderName(this.store.location.uri), path: displayPath(this.store.location.uri) } : null),
        message: () => (this.store.location ? this.store.failure : this.located?.problem) ?? null,
      }),
    );

    this.threads = this.register(new ThreadsFeature(context.extensionUri, log));

    this.register(this.store.onDidChange(() => this.onTeamChanged()));
    this.register(this.clock.onDidTick(() => this.onLivenessInputsChanged()));
    this.register(
      this.settings.onDidChange((e) => {
        if (e.affectsConfiguration('cortex.teamDirectory')) void this.locate();
        else this.onLivenessInputsChanged();
      }),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders((e) => void this.onWorkspaceFoldersChanged(e.removed)));
    this.register(
      this.guard.onDidChangeTrust(() => {
        // Trust makes workspace settings such as cortex.teamDirectory count.
        void this.locate();
        this.view.update();
        this.board.update();
      }),
    );
  }

  /** Finds the team folder and shows it; calls made while one runs are coalesced. */
  locate(): Promise<void> {
    if (this.locating) {
      this.locateAgain = true;
      return this.locating;
    }
    this.locating = (async () => {
      try {
        do {
          this.locateAgain = false;
          const result = await locateTeam(this.context.workspaceState);
          this.located = result;
          this.settings.setConfigHeartbeat(result.config?.config.heartbeatMinutes);
          this.log.info(
            result.team
              ? `Team folder: ${result.team.uri.toString(true)} (${SOURCE_LABELS[result.team.source]})`
              : `No team folder found${result.problem ? `: ${result.problem}` : ''}`,
          );
          await this.store.setLocation(result.team);
        } while (this.locateAgain && !this.isDisposed);
      } catch (e) {
        this.log.error(`Cannot locate the team folder: ${String(e)}`);
      } finally {
        this.locating = undefined;
      }
    })();
    return this.locating;
  }

  /**
   * A team picked among the workspace folders is a choice for this workspace: when its
   * folder leaves the workspace, the choice goes too and the team is found again.
   */
  private async onWorkspaceFoldersChanged(removed: readonly vscode.WorkspaceFolder[]): Promise<void> {
    const selected = this.context.workspaceState.get<string>(SELECTED_TEAM_KEY);
    if (selected && removed.some((f) => isSameOrInside(vscode.Uri.parse(selected), f.uri))) {
      this.log.info(`The selected team folder left the workspace; finding the team again`);
      await this.context.workspaceState.update(SELECTED_TEAM_KEY, undefined);
    }
    await this.locate();
  }

  get locateResult(): LocateResult | undefined {
    return this.located;
  }

  async checkRegisterCommand(): Promise<void> {
    const all = await vscode.commands.getCommands(true);
    const can = all.includes(REGISTER_AGENT_COMMAND);
    if (can !== this.canRegisterAgent) {
      this.canRegisterAgent = can;
      this.view.update();
    }
  }

  get hasRegisterCommand(): boolean {
    return this.canRegisterAgent;
  }

  /** What the Team view shows now. */
  viewState(): TeamViewState {
    const location = this.store.location;
    const team = this.store.team;
    const settings = this.settings.current;
    return buildTeamViewState({
      status: !location ? 'noTeam' : team ? 'ready' : 'loading',
      team,
      header: location ? { name: folderName(location.uri), path: displayPath(location.uri), source: SOURCE_LABELS[location.source] } : null,
      message: (location ? this.store.failure : this.located?.problem) ?? null,
      multipleTeams: (this.located?.candidates.length ?? 0) > 1,
      canRegisterAgent: this.canRegisterAgent,
      trusted: this.guard.trusted,
      now: this.clock.now(),
      staleAfterMinutes: settings.staleAfterMinutes,
      shuttle: (slug) => this.shuttle.progressOf(slug),
    });
  }

  private onTeamChanged(): void {
    const location = this.store.location;
    const team = this.store.team;
    const config = this.located?.config;
    this.shuttle.track(team?.agents, location?.uri);
    this.diagnostics.publish(
      location?.uri,
      team?.diagnostics,
      config && config.diagnostics.length > 0 ? [{ uri: config.uri, diagnostics: config.diagnostics }] : [],
    );
    void this.threads.store.setTeamDir(location?.uri);
    this.setContext('cortex.teamState', this.store.state);
    this.setContext('cortex.multipleTeams', (this.located?.candidates.length ?? 0) > 1);
    this.onLivenessInputsChanged();
  }

  private setContext(key: string, value: unknown): void {
    this.contextKeys.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }

  private onLivenessInputsChanged(): void {
    const team = this.store.team;
    const settings = this.settings.current;
    const now = this.clock.now();
    const summary = team ? teamSummary(team, now, settings.staleAfterMinutes) : undefined;
    this.statusBar.update(summary, this.store.location && folderName(this.store.location.uri), settings.showStatusBar);
    if (team) {
      this.notifier.observe(
        this.store.location?.uri.toString(),
        team.agents.map((a) => ({
          slug: a.slug,
          name: a.name,
          liveness: agentLiveness(a, now, settings.staleAfterMinutes),
          tickAgeMinutes: tickAgeMinutes(a, now),
          activeTasks: a.tasks.filter((t) => t.status === 'ready' || t.status === 'in-progress').length,
        })),
        settings.notifyWhenAgentDown,
      );
    } else {
      this.notifier.observe(this.store.location?.uri.toString(), [], false);
    }
    this.view.update();
    this.board.update();
    this.insights.update();
  }
}

function folderName(uri: vscode.Uri): string {
  const parts = uri.path.split('/').filter((p) => p !== '');
  return parts[parts.length - 1] ?? uri.toString(true);
}
