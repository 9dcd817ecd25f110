import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { HostMessage, PROTOCOL_VERSION, TeamViewState, WebviewMessage, checkWebviewMessage } from './common/messages';
import { makeNonce, teamViewHtml } from './team-view-html';

/** What the webview may ask for: ids in, the host decides what they mean. */
export interface TeamViewHandlers {
  openAgent(slug: string): unknown;
  openTasksFile(slug: string): unknown;
  openTask(slug: string, index: number): unknown;
  openProject(slug: string): unknown;
  selectTeamFolder(): unknown;
  createTeamFolder(): unknown;
  registerAgent(): unknown;
  dispatchTask(slug: string): unknown;
  refresh(): unknown;
  showProblems(): unknown;
}

/**
 * The sidebar "Team" webview. Posts nothing until the page says `ready`, then the
 * full state, and again whenever `update()` finds it changed. Incoming messages are
 * validated; anything unknown or malformed is dropped and logged.
 */
export class TeamViewProvider extends DisposableBase implements vscode.WebviewViewProvider {
  static readonly viewType = 'cortex.team';

  private view: vscode.WebviewView | undefined;
  private viewDisposables: vscode.Disposable[] = [];
  private ready = false;
  private version = 0;
  private lastJson: string | undefined;
  private lastState: TeamViewState | undefined;
  private readonly posted = this.register(new vscode.EventEmitter<TeamViewState>());
  /** Fires with each state posted to the page (tests wait on it). */
  readonly onDidPostState = this.posted.event;
  private readonly readyEmitter = this.register(new vscode.EventEmitter<void>());
  /** Fires when a page has loaded and said `ready`. */
  readonly onDidBecomeReady = this.readyEmitter.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly handlers: TeamViewHandlers,
    private readonly currentState: () => TeamViewState,
  ) {
    super();
    this.register({ dispose: () => this.releaseView() });
  }

  /** The state last posted to the page (`undefined` before the first). */
  get lastPostedState(): TeamViewState | undefined {
    return this.lastState;
  }

  get isReady(): boolean {
    return this.ready;
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.releaseView();
    this.view = view;
    this.ready = false;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    view.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [dist] };
    const asUri = (file: string) => view.webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    view.webview.html = teamViewHtml({
      cspSource: view.webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: asUri('team.js'),
      styleUris: [asUri('codicon.css'), asUri('team.css')],
    });
    this.viewDisposables.push(
      view.webview.onDidReceiveMessage((data: unknown) => this.receiveMessage(data)),
      // Without retainContextWhenHidden the page is discarded while hidden; a new
      // one says `ready` again when the view comes back.
      view.onDidChangeVisibility(() => {
        if (!view.visible) this.ready = false;
      }),
      view.onDidDispose(() => {
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
          this.viewDisposables.splice(0).forEach((d) => d.dispose());
        }
      }),
    );
  }

  /** Posts the current state when the page is listening and the state changed. */
  update(): void {
    if (this.ready) this.post(false);
  }

  /** Reveals the view (and focuses it). */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${TeamViewProvider.viewType}.focus`);
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const checked = checkWebviewMessage(data);
    if (!checked.ok) {
      this.log.warn(`Team view: dropped a message (${checked.error}): ${preview(data)}`);
      return;
    }
    const msg = checked.value;
    if (msg.type !== 'ready' && !this.ready) {
      this.log.warn(`Team view: dropped "${msg.type}" sent before "ready"`);
      return;
    }
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
        if (msg.protocol !== PROTOCOL_VERSION) {
          this.log.warn(`Team view: the page speaks protocol ${msg.protocol}, the host ${PROTOCOL_VERSION}`);
        }
        this.ready = true;
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
      case 'dispatchTask':
        return h.dispatchTask(msg.agent);
      case 'refresh':
        return h.refresh();
      case 'showProblems':
        return h.showProblems();
    }
  }

  private post(force: boolean): void {
    const view = this.view;
    if (!view) return;
    const state = this.currentState();
    const json = JSON.stringify(state);
    if (!force && json === this.lastJson) return;
    this.lastJson = json;
    this.lastState = state;
    const message: HostMessage = { type: 'state', version: ++this.version, state };
    void view.webview.postMessage(message).then(
      (delivered) => {
        if (delivered) this.posted.fire(state);
      },
      (e: unknown) => this.log.error(`Team view: cannot post the state: ${String(e)}`),
    );
  }

  private releaseView(): void {
    this.viewDisposables.splice(0).forEach((d) => d.dispose());
    this.view = undefined;
    this.ready = false;
  }
}

function preview(data: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(data) ?? String(data);
  } catch {
    s = String(data);
  }
  return s.length > 200 ? s.slice(0, 200) + '…' : s;
}
