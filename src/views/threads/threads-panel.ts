import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { DisposableBase } from '../../extension/dispose';
import { isAllowedLink } from '../board/markdown';
import { makeNonce, webviewHtml } from '../shared/webview-html';
import { renderArtifact } from './artifact-render';
import {
  ArtifactView,
  SelectionKind,
  THREADS_PROTOCOL_VERSION,
  ThreadsHostMessage,
  ThreadsViewState,
  ThreadsWebviewMessage,
  checkThreadsWebviewMessage,
} from './protocol';

/** How long after an agent's write the artifact is read again (writes come in bursts). */
const ARTIFACT_DEBOUNCE_MS = 100;

export interface ThreadsPanelContext {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  state(): ThreadsViewState;
  readText(path: string): Promise<string | undefined>;
  /** Opens thread-templates.json at a template's key (or at the top). */
  openTemplate(name: string | undefined): unknown;
  refresh(): unknown;
}

/**
 * The Threads panel in the editor area: templates drawn as pipeline graphs, thread
 * records, and the selected thread's artifact.md, rendered on the host and re-sent
 * while agents write it (a watcher on the file, debounced). One per window, restored
 * after a reload. Posts nothing before the page says `ready`; every incoming message
 * is validated and carries ids only.
 */
export class ThreadsPanel extends DisposableBase {
  static readonly viewType = 'cortex.threads';

  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private ready = false;
  private version = 0;
  private lastJson: string | undefined;
  private pendingReveal: { kind: SelectionKind; id: string } | undefined;
  /** The thread whose artifact the page shows, its watcher, and the links of the last rendering. */
  private artifact: { thread: string; path: string | null; watcher: vscode.Disposable[]; links: string[]; revision: number; timer?: ReturnType<typeof setTimeout> } | undefined;

  private readonly messageEmitter = this.register(new vscode.EventEmitter<ThreadsHostMessage>());
  /** Every message posted to the page (tests wait on it). */
  readonly onDidPostMessage = this.messageEmitter.event;
  private readonly readyEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidBecomeReady = this.readyEmitter.event;

  constructor(private readonly ctx: ThreadsPanelContext) {
    super();
    this.register({ dispose: () => this.releasePanel(true) });
    this.register(
      vscode.window.registerWebviewPanelSerializer(ThreadsPanel.viewType, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel) => this.attach(panel),
      }),
    );
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** The thread whose artifact is watched. */
  get artifactThread(): string | undefined {
    return this.artifact?.thread;
  }

  /** Opens the panel (or brings it to the front), showing a template or a thread. */
  open(select?: { kind: SelectionKind; id: string }): void {
    if (select) this.pendingReveal = select;
    if (this.panel) {
      this.panel.reveal(undefined, false);
      this.flushReveal();
      return;
    }
    const dist = vscode.Uri.joinPath(this.ctx.extensionUri, 'dist');
    const panel = vscode.window.createWebviewPanel(ThreadsPanel.viewType, 'Threads', vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [dist],
      retainContextWhenHidden: false,
    });
    this.attach(panel);
  }

  /** Posts the state when the page listens and it changed; re-reads the watched artifact's path. */
  update(): void {
    if (!this.ready) return;
    this.post(false);
    if (this.artifact) {
      const thread = this.ctx.state().threads.find((t) => t.id === this.artifact!.thread);
      if ((thread?.artifactPath ?? null) !== this.artifact.path) this.watchArtifact(this.artifact.thread);
    }
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const checked = checkThreadsWebviewMessage(data);
    if (!checked.ok) {
      this.ctx.log.warn(`Threads: dropped a message (${checked.error})`);
      return;
    }
    const msg = checked.value;
    if (msg.type !== 'ready' && !this.ready) {
      this.ctx.log.warn(`Threads: dropped "${msg.type}" sent before "ready"`);
      return;
    }
    void Promise.resolve()
      .then(() => this.handle(msg))
      .catch((e: unknown) => this.ctx.log.error(`Threads: "${msg.type}" failed: ${String(e)}`));
  }

  private async handle(msg: ThreadsWebviewMessage): Promise<unknown> {
    switch (msg.type) {
      case 'ready':
        if (msg.protocol !== THREADS_PROTOCOL_VERSION) this.ctx.log.warn(`Threads: the page speaks protocol ${msg.protocol}, the host ${THREADS_PROTOCOL_VERSION}`);
        this.ready = true;
        this.post(true);
        this.readyEmitter.fire();
        this.flushReveal();
        return;
      case 'select':
        if (msg.kind === 'thread') this.watchArtifact(msg.id);
        else this.stopArtifact();
        return;
      case 'openTemplate':
        return this.ctx.openTemplate(this.ctx.state().templates.some((t) => t.name === msg.template) ? msg.template : undefined);
      case 'openArtifact': {
        const path = this.ctx.state().threads.find((t) => t.id === msg.thread)?.artifactPath;
        if (path) return vscode.window.showTextDocument(vscode.Uri.file(path), { preview: true, viewColumn: vscode.ViewColumn.Beside });
        return;
      }
      case 'openLink': {
        const target = this.artifact?.thread === msg.thread ? this.artifact.links[msg.link] : undefined;
        if (!target || !isAllowedLink(target)) return;
        const uri = vscode.Uri.parse(target.trim(), true);
        if (uri.scheme === 'file') return vscode.window.showTextDocument(uri, { preview: true });
        return vscode.env.openExternal(uri);
      }
      case 'refresh':
        return this.ctx.refresh();
    }
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.releasePanel(false);
    this.panel = panel;
    this.ready = false;
    this.lastJson = undefined;
    const dist = vscode.Uri.joinPath(this.ctx.extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [dist] };
    const asUri = (file: string) => panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    panel.webview.html = webviewHtml({
      cspSource: panel.webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: asUri('threads.js'),
      styleUris: [asUri('codicon.css'), asUri('threads.css')],
      title: 'Cortex Threads',
    });
    this.panelDisposables.push(
      panel.webview.onDidReceiveMessage((data: unknown) => this.receiveMessage(data)),
      panel.onDidChangeViewState(() => {
        // Hidden pages are discarded; the page comes back and says ready again.
        if (!panel.visible) this.ready = false;
      }),
      panel.onDidDispose(() => {
        if (this.panel === panel) this.releasePanel(false);
      }),
    );
  }

  private flushReveal(): void {
    if (!this.ready || !this.pendingReveal) return;
    const r = this.pendingReveal;
    this.pendingReveal = undefined;
    this.postMessage({ type: 'reveal', kind: r.kind, id: r.id });
    if (r.kind === 'thread') this.watchArtifact(r.id);
  }

  private post(force: boolean): void {
    const state = this.ctx.state();
    const json = JSON.stringify(state);
    if (!force && json === this.lastJson) return;
    this.lastJson = json;
    this.postMessage({ type: 'state', version: ++this.version, state });
  }

  private postMessage(message: ThreadsHostMessage): void {
    const panel = this.panel;
    if (!panel) return;
    void panel.webview.postMessage(message).then(
      (delivered) => delivered && this.messageEmitter.fire(message),
      (e: unknown) => this.ctx.log.error(`Threads: cannot post to the page: ${String(e)}`),
    );
  }

  /** Shows a thread's artifact and follows it: re-read and re-sent whenever the file changes. */
  private watchArtifact(thread: string): void {
    this.stopArtifact();
    const path = this.ctx.state().threads.find((t) => t.id === thread)?.artifactPath ?? null;
    const entry: NonNullable<ThreadsPanel['artifact']> = { thread, path, watcher: [], links: [], revision: 0 };
    this.artifact = entry;
    if (path) {
      const slash = path.lastIndexOf('/');
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.slice(0, Math.max(1, slash))), path.slice(slash + 1)));
      const schedule = () => {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = setTimeout(() => void this.sendArtifact(entry), ARTIFACT_DEBOUNCE_MS);
      };
      entry.watcher.push(w, w.onDidChange(schedule), w.onDidCreate(schedule), w.onDidDelete(schedule));
    }
    void this.sendArtifact(entry);
  }

  private stopArtifact(): void {
    if (!this.artifact) return;
    if (this.artifact.timer) clearTimeout(this.artifact.timer);
    this.artifact.watcher.splice(0).forEach((d) => d.dispose());
    this.artifact = undefined;
  }

  private async sendArtifact(entry: NonNullable<ThreadsPanel['artifact']>): Promise<void> {
    entry.timer = undefined;
    let view: ArtifactView;
    const revision = ++entry.revision;
    if (!entry.path) {
      view = { thread: entry.thread, nodes: null, message: 'This thread has no artifact path (an auto thread without a workspace).', aborts: [], revision };
    } else {
      let text: string | undefined;
      try {
        text = await this.ctx.readText(entry.path);
      } catch (e) {
        view = { thread: entry.thread, nodes: null, message: `Cannot read ${entry.path}: ${String(e)}`, aborts: [], revision };
      }
      if (text === undefined) view ??= { thread: entry.thread, nodes: null, message: `No artifact yet: ${entry.path} does not exist.`, aborts: [], revision };
      else {
        const rendered = renderArtifact(text);
        entry.links = rendered.links;
        view = { thread: entry.thread, nodes: rendered.nodes, message: null, aborts: rendered.aborts, revision };
      }
    }
    if (this.artifact !== entry || entry.revision !== revision) return; // a newer read or another thread took over
    this.postMessage({ type: 'artifact', artifact: view! });
  }

  private releasePanel(dispose: boolean): void {
    this.stopArtifact();
    this.panelDisposables.splice(0).forEach((d) => d.dispose());
    const panel = this.panel;
    this.panel = undefined;
    this.ready = false;
    if (dispose) panel?.dispose();
  }
}
