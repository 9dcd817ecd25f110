import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import type { AgentSessionSnapshot } from '../../extension/sessions/session-model';
import { HostChannel } from '../shared/host-channel';
import { makeNonce, webviewHtml } from '../shared/webview-html';
import { SESSION_PROTOCOL_VERSION, SessionViewState, SessionWebviewMessage, checkSessionWebviewMessage } from './common/messages';
import { buildSessionViewState } from './session-view-state';

/** What a session panel does with what the person asks: the ACP sessions and Stop. */
export interface SessionPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  get(slug: string): AgentSessionSnapshot | undefined;
  nameOf(slug: string): string;
  prompt(slug: string, text: string): Promise<unknown>;
  cancel(slug: string): Promise<unknown>;
  answer(slug: string, itemId: string, optionId: string): Promise<unknown>;
  stop(slug: string): unknown;
  /** Says a refusal to the person (a sentence from the host side). */
  warn(message: string): unknown;
}

/**
 * One agent's session view: an editor-area webview panel with the live transcript, its
 * pending requests and a box to write to it. Its HTML carries the state at the time; after
 * the page says `ready`, every change of the agent's session posts the whole state again
 * (skipped when nothing the page shows changed). Messages are checked on arrival.
 */
export class SessionPanel extends DisposableBase {
  static readonly viewType = 'cortex.session';
  readonly panel: vscode.WebviewPanel;
  private readonly channel: HostChannel<SessionWebviewMessage, SessionViewState>;
  private lastState: SessionViewState | undefined;
  private readonly posted = this.register(new vscode.EventEmitter<SessionViewState>());
  /** Fires with each state the page received (tests wait on it). */
  readonly onDidPostState = this.posted.event;
  private readonly closed = this.register(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;

  constructor(
    readonly agent: string,
    private readonly deps: SessionPanelDeps,
  ) {
    super();
    this.channel = new HostChannel({ name: 'Session view', protocol: SESSION_PROTOCOL_VERSION, check: checkSessionWebviewMessage, log: deps.log });
    const dist = vscode.Uri.joinPath(deps.extensionUri, 'dist');
    this.panel = vscode.window.createWebviewPanel(SessionPanel.viewType, this.title(), vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      enableFindWidget: true,
      localResourceRoots: [dist],
    });
    this.panel.iconPath = new vscode.ThemeIcon('comment-discussion');
    const webview = this.panel.webview;
    this.channel.attach(webview);
    const asUri = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    webview.html = webviewHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: asUri('session.js'),
      styleUris: [asUri('codicon.css'), asUri('session.css')],
      title: `Cortex session: ${deps.nameOf(agent)}`,
      initialMessage: this.stateMessage(),
    });
    this.register(webview.onDidReceiveMessage((data: unknown) => this.receiveMessage(data)));
    // Without retainContextWhenHidden the page is discarded while hidden; the new one says `ready` again.
    this.register(this.panel.onDidChangeViewState(() => !this.panel.visible && this.channel.reset()));
    this.register(this.panel.onDidDispose(() => (this.closed.fire(), this.dispose())));
  }

  get isReady(): boolean {
    return this.channel.ready;
  }

  get lastPostedState(): SessionViewState | undefined {
    return this.lastState;
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  /** What the page shows now. */
  currentState(): SessionViewState {
    return buildSessionViewState(this.agent, this.deps.nameOf(this.agent), this.deps.get(this.agent));
  }

  /** The agent's session changed: post it when the page listens. */
  update(): void {
    this.panel.title = this.title();
    if (this.channel.ready) this.post(false);
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const msg = this.channel.receive(data);
    if (!msg) return;
    Promise.resolve()
      .then(() => this.handle(msg))
      .catch((e: unknown) => this.deps.warn(`Cortex: ${e instanceof Error ? e.message : String(e)}`));
  }

  private handle(msg: SessionWebviewMessage): unknown {
    const { agent, deps } = this;
    switch (msg.type) {
      case 'ready':
        this.post(true);
        return;
      case 'prompt':
        return msg.text.trim() === '' ? undefined : deps.prompt(agent, msg.text);
      case 'cancel':
        return deps.cancel(agent);
      case 'stop':
        return deps.stop(agent);
      case 'answer':
        return deps.answer(agent, msg.item, msg.option);
    }
  }

  private title(): string {
    return `${this.deps.nameOf(this.agent)} · session`;
  }

  /** Posts the state unless the page has it (`force`: to a page that just said ready). */
  private post(force: boolean): void {
    const state = this.currentState();
    this.lastState = state;
    void this.channel.postState(state, force).then((posted) => posted && this.posted.fire(posted.state));
  }

  /** The state carried in the page's HTML, painted before it says ready. */
  private stateMessage() {
    const state = this.currentState();
    this.lastState = state;
    return this.channel.stateMessage(state, true);
  }
}
