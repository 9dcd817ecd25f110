import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { instantOfWall } from '../../base/time';
import { ShuttleProgress } from '../../core/parse/shuttle';
import type { AgentRunActions, AgentRunSource } from '../../extension/agents/agent-runs';
import type { OlderFormat } from '../../core/legacy/older-agents';
import type { TeamSnapshot } from '../../extension/team/live-team';
import type { NeedsYouItem } from '../../extension/sessions/session-model';
import { agentRunView } from './agent-run-view';
import { needsYouRows } from './needs-you-view';
import { HostChannel } from '../shared/host-channel';
import { ReadonlyTeam } from '../shared/sources';
import { PROTOCOL_VERSION, TeamViewState, WebviewMessage, checkWebviewMessage } from './common/messages';
import { makeNonce, teamViewHtml } from './team-view-html';
import { buildTeamViewState } from './team-view-state';

/** What the webview may ask for: ids in, the host decides what they mean. */
export interface TeamViewActions {
  openAgent(slug: string): unknown;
  openTasksFile(slug: string): unknown;
  openTask(slug: string, index: number): unknown;
  openProject(slug: string): unknown;
  selectTeamFolder(): unknown;
  createTeamFolder(): unknown;
  registerAgent(): unknown;
  newProject(): unknown;
  dispatchTask(slug: string): unknown;
  refresh(): unknown;
  showProblems(): unknown;
  /** A "Register Agent" command exists (the view offers it). */
  readonly canRegisterAgent: boolean;
  readonly onDidChangeCanRegisterAgent: vscode.Event<boolean>;
}

/** The external task runners' progress, shown on the agents' rows. */
export interface RunnerProgress {
  progressOf(slug: string): ShuttleProgress | null;
  readonly onDidChange: vscode.Event<void>;
}

/** The Needs you list (src/extension/sessions/needs-you.ts) and what its rows offer. */
export interface NeedsYouSource {
  items(): readonly NeedsYouItem[];
  /** Answers a permission request; tells the person itself when it cannot. */
  answer(itemId: string, optionId: string): Promise<unknown>;
  readonly onDidChange: vscode.Event<void>;
  hasTerminal(slug: string): boolean;
  hasSession(slug: string): boolean;
  openSession(slug: string): unknown;
}

/** The Cortex plugin's older format in the folder (extension/team/older-format-watch.ts): read once per change, shown read-only. */
export interface OlderFormatSource {
  readonly current: { readonly older: OlderFormat } | null;
  readonly onDidChange: vscode.Event<unknown>;
  /** "Upgrade Team Format…" (the command, its review first). */
  upgrade(): unknown;
}

export interface TeamViewDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly team: ReadonlyTeam;
  readonly runners: RunnerProgress;
  readonly actions: TeamViewActions;
  /** Running agents from the dashboard (rows show no run line without it). */
  readonly runs?: AgentRunSource;
  readonly runActions?: AgentRunActions;
  /** What every agent waits for the person to answer (no list without it). */
  readonly needsYou?: NeedsYouSource;
  /** Agents in the plugin's older format (no section without it). */
  readonly older?: OlderFormatSource;
}

/**
 * The sidebar "Team" webview. Its HTML carries the state at the time (the page paints
 * it at once); nothing is posted until the page says `ready`, then the full state, and again whenever one of its sources changes it (the team's change
 * event carries the snapshot; the runners and the register command say when they
 * change). Incoming messages are validated; anything unknown or malformed is dropped
 * and logged.
 */
export class TeamView extends DisposableBase implements vscode.WebviewViewProvider {
  static readonly viewType = 'cortex.team';

  private view: vscode.WebviewView | undefined;
  private viewDisposables: vscode.Disposable[] = [];
  private readonly channel: HostChannel<WebviewMessage, TeamViewState>;
  private lastState: TeamViewState | undefined;
  private readonly posted = this.register(new vscode.EventEmitter<TeamViewState>());
  /** Fires with each state posted to the page (tests wait on it). */
  readonly onDidPostState = this.posted.event;
  private readonly readyEmitter = this.register(new vscode.EventEmitter<void>());
  /** Fires when a page has loaded and said `ready`. */
  readonly onDidBecomeReady = this.readyEmitter.event;

  private readonly extensionUri: vscode.Uri;
  private readonly log: vscode.LogOutputChannel;
  private readonly handlers: TeamViewActions;
  /** The team as its last change event had it. */
  private snapshot: TeamSnapshot;

  constructor(private readonly deps: TeamViewDeps) {
    super();
    this.extensionUri = deps.extensionUri;
    this.log = deps.log;
    this.channel = new HostChannel({ name: 'Team view', protocol: PROTOCOL_VERSION, check: checkWebviewMessage, log: deps.log, preview: true });
    this.handlers = deps.actions;
    this.snapshot = deps.team.current;
    this.register({ dispose: () => this.releaseView() });
    this.register(
      deps.team.onDidChange((e) => {
        this.snapshot = e.snapshot;
        if (e.reason !== 'files') this.update(); // files outside the team model change no row
      }),
    );
    this.register(deps.runners.onDidChange(() => this.update()));
    if (deps.runs) this.register(deps.runs.onDidChange(() => this.update()));
    if (deps.needsYou) this.register(deps.needsYou.onDidChange(() => this.update()));
    if (deps.older) this.register(deps.older.onDidChange(() => this.update()));
    this.register(deps.actions.onDidChangeCanRegisterAgent(() => this.update()));
  }

  /** What the view shows now, whether or not the page is open (its pure view-state function on its sources). */
  currentState(): TeamViewState {
    const s = this.snapshot;
    return buildTeamViewState({
      status: s.status,
      team: s.team,
      header: s.header,
      message: s.message,
      multipleTeams: s.multipleTeams,
      canRegisterAgent: this.deps.actions.canRegisterAgent,
      trusted: s.trusted,
      now: s.now,
      staleAfterMinutes: s.staleAfterMinutes,
      heartbeatMinutes: s.heartbeatMinutes,
      shuttle: (slug) => this.deps.runners.progressOf(slug),
      run: this.deps.runs ? (agent) => agentRunView(this.deps.runs!.factsOf(agent)) : undefined,
      needsYou: this.needsYouRows(),
      older: this.deps.older?.current?.older ?? null,
    });
  }

  private needsYouRows(): TeamViewState['needsYou'] {
    const n = this.deps.needsYou;
    if (!n) return [];
    const agents = this.snapshot.team?.agents ?? [];
    return needsYouRows(n.items(), {
      now: instantOfWall(this.snapshot.now),
      nameOf: (slug) => agents.find((a) => a.slug === slug)?.name ?? slug,
      hasTerminal: (slug) => n.hasTerminal(slug),
      hasSession: (slug) => n.hasSession(slug),
    });
  }

  /** The state last posted to the page (`undefined` before the first). */
  get lastPostedState(): TeamViewState | undefined {
    return this.lastState;
  }

  get isReady(): boolean {
    return this.channel.ready;
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    const started = performance.now();
    this.releaseView();
    this.view = view;
    this.channel.attach(view.webview);
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    view.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [dist] };
    const asUri = (file: string) => view.webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    view.webview.html = teamViewHtml({
      cspSource: view.webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: asUri('team.js'),
      styleUris: [asUri('codicon.css'), asUri('team.css')],
      // The page paints this state before it says `ready` (no round trip to the host).
      initialMessage: this.nextMessage(),
    });
    // The host's share of opening the view (its state and HTML); `npm run bench:vscode` reads it.
    this.log.info(`Team view: page built in ${(performance.now() - started).toFixed(1)} ms.`);
    this.viewDisposables.push(
      view.webview.onDidReceiveMessage((data: unknown) => this.receiveMessage(data)),
      // Without retainContextWhenHidden the page is discarded while hidden; a new
      // one says `ready` again when the view comes back.
      view.onDidChangeVisibility(() => {
        if (!view.visible) this.channel.reset();
      }),
      view.onDidDispose(() => {
        if (this.view === view) {
          this.view = undefined;
          this.channel.detach();
          this.viewDisposables.splice(0).forEach((d) => d.dispose());
        }
      }),
    );
  }

  /** Posts the current state when the page is listening and the state changed. */
  update(): void {
    if (this.channel.ready) this.post(false);
  }

  /** Reveals the view (and focuses it). */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${TeamView.viewType}.focus`);
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const msg = this.channel.receive(data);
    if (!msg) return;
    try {
      const result = this.dispatch(msg);
      if (result instanceof Promise) result.catch((e: unknown) => this.log.error(`Team view: "${msg.type}" failed: ${String(e)}`));
    } catch (e) {
      this.log.error(`Team view: "${msg.type}" failed: ${String(e)}`);
    }
  }

  private dispatch(msg: WebviewMessage): unknown {
    const h = this.handlers;
    switch (msg.type) {
      case 'ready':
        this.post(true);
        this.readyEmitter.fire();
        return;
      case 'openAgent':
        return h.openAgent(msg.agent);
      case 'openTasksFile':
        return h.openTasksFile(msg.agent);
      case 'openTask':
        return h.openTask(msg.agent, msg.task);
      case 'openProject':
        return h.openProject(msg.project);
      case 'selectTeamFolder':
        return h.selectTeamFolder();
      case 'createTeamFolder':
        return h.createTeamFolder();
      case 'registerAgent':
        return h.registerAgent();
      case 'newProject':
        return h.newProject();
      case 'dispatchTask':
        return h.dispatchTask(msg.agent);
      case 'refresh':
        return h.refresh();
      case 'showProblems':
        return h.showProblems();
      case 'startAgent':
        return this.deps.runActions?.start(msg.agent);
      case 'stopAgent':
        return this.deps.runActions?.stop(msg.agent);
      case 'restartAgent':
        return this.deps.runActions?.restart(msg.agent);
      case 'showAgentTerminal':
        return this.deps.runActions?.showTerminal(msg.agent);
      case 'openTranscript':
        return this.deps.runActions?.openTranscript(msg.agent);
      case 'answerRequest':
        return this.deps.needsYou?.answer(msg.item, msg.option);
      case 'openSession':
        return this.deps.needsYou?.openSession(msg.agent);
      case 'upgradeTeamFormat':
        return this.deps.older?.upgrade();
    }
  }

  /** Posts the current state unless the page has it (`force`: to a page that just said ready). */
  private post(force: boolean): void {
    if (!this.view) return;
    const state = this.currentState();
    this.lastState = state;
    void this.channel.postState(state, force).then((posted) => posted && this.posted.fire(posted.state));
  }

  /** The current state as the message the page's HTML carries (painted before it says ready). */
  private nextMessage() {
    const state = this.currentState();
    this.lastState = state;
    return this.channel.stateMessage(state, true);
  }

  private releaseView(): void {
    this.viewDisposables.splice(0).forEach((d) => d.dispose());
    this.view = undefined;
    this.channel.detach();
  }
}
