import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { posix } from 'path';
import { isAllowedLink } from '../shared/markdown';
import { ViewPrompts } from '../shared/sources';
import { HostChannel } from '../shared/host-channel';
import { PanelHost } from '../shared/panel-host';
import { renderArtifact } from './artifact-render';
import {
  ArtifactView,
  SelectionKind,
  THREADS_PROTOCOL_VERSION,
  ThreadsHostMessage,
  ThreadsViewState,
  ThreadsWebviewMessage,
  checkThreadsWebviewMessage,
} from './common/messages';

/** How long after an agent's write the artifact is read again (writes come in bursts). */
const ARTIFACT_DEBOUNCE_MS = 100;

export interface ThreadsPanelContext {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  state(): ThreadsViewState;
  readText(path: string): Promise<string | undefined>;
  /** Has the store watch the artifact shown (`null`: none). */
  followArtifact(path: string | null): void;
  readonly onDidChangeArtifact: vscode.Event<string>;
  /** Opens thread-templates.json at a template's key (or at the top). */
  openTemplate(name: string | undefined): unknown;
  refresh(): unknown;
  /** The team folder (`undefined` without one): a file link inside it opens without asking. */
  teamFolder(): vscode.Uri | undefined;
  /** Asks before a link opens a file outside the team and the workspace (tests answer it). */
  readonly prompts: Pick<ViewPrompts, 'warn'>;
  /** Shows a task's card on the task board (a thread's `scheduleTaskId`). */
  showTask(task: { readonly agent: string; readonly index: number; readonly title: string }): unknown;
}

export const OPEN_OUTSIDE_FILE = 'Open File';

/**
 * The Threads panel in the editor area: templates drawn as pipeline graphs, thread
 * records, and the selected thread's artifact.md, rendered on the host and re-sent
 * while agents write it (a watcher on the file, debounced). One per window, restored
 * after a reload. Posts nothing before the page says `ready`; every incoming message
 * is validated and carries ids only.
 */
export class ThreadsPanel extends DisposableBase {
  static readonly viewType = 'cortex.threads';

  private readonly host: PanelHost;
  private readonly channel: HostChannel<ThreadsWebviewMessage, ThreadsViewState>;
  private pendingReveal: { kind: SelectionKind; id: string } | undefined;
  /** The thread whose artifact the page shows, its watcher, and the links of the last rendering. */
  private artifact: { thread: string; path: string | null; links: string[]; revision: number; timer?: ReturnType<typeof setTimeout> } | undefined;

  private readonly messageEmitter = this.register(new vscode.EventEmitter<ThreadsHostMessage>());
  /** Every message posted to the page (tests wait on it). */
  readonly onDidPostMessage = this.messageEmitter.event;
  private readonly readyEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidBecomeReady = this.readyEmitter.event;

  constructor(private readonly ctx: ThreadsPanelContext) {
    super();
    this.channel = new HostChannel({ name: 'Threads', protocol: THREADS_PROTOCOL_VERSION, check: checkThreadsWebviewMessage, log: ctx.log });
    this.host = this.register(
      new PanelHost(
        ctx.extensionUri,
        // A restored panel lets an older one go without closing it, as this panel always did.
        { viewType: ThreadsPanel.viewType, tabTitle: 'Threads', pageTitle: 'Cortex Threads', bundle: 'threads', findWidget: false, icon: false, disposeReplaced: false },
        {
          receive: (data) => this.receiveMessage(data),
          attached: (panel) => this.channel.attach(panel.webview),
          hidden: () => this.channel.reset(),
          released: () => {
            this.channel.detach();
            this.stopArtifact();
          },
        },
      ),
    );
    this.register(
      ctx.onDidChangeArtifact((path) => {
        const entry = this.artifact;
        if (!entry || entry.path !== path) return;
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = setTimeout(() => void this.sendArtifact(entry), ARTIFACT_DEBOUNCE_MS);
      }),
    );
  }

  get isOpen(): boolean {
    return this.host.isOpen;
  }

  get isReady(): boolean {
    return this.channel.ready;
  }

  /** The thread whose artifact is watched. */
  get artifactThread(): string | undefined {
    return this.artifact?.thread;
  }

  /** Opens the panel (or brings it to the front), showing a template or a thread. */
  open(select?: { kind: SelectionKind; id: string }): void {
    if (select) this.pendingReveal = select;
    this.host.open();
    this.flushReveal(); // a page that is already listening shows it at once; a new one when it says ready
  }

  /** Posts the state when the page listens and it changed; re-reads the watched artifact's path. */
  update(): void {
    if (!this.channel.ready) return;
    this.post(false);
    if (this.artifact) {
      const thread = this.ctx.state().threads.find((t) => t.id === this.artifact!.thread);
      if ((thread?.artifactPath ?? null) !== this.artifact.path) this.watchArtifact(this.artifact.thread);
    }
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const msg = this.channel.receive(data);
    if (!msg) return;
    void Promise.resolve()
      .then(() => this.handle(msg))
      .catch((e: unknown) => this.ctx.log.error(`Threads: "${msg.type}" failed: ${String(e)}`));
  }

  private async handle(msg: ThreadsWebviewMessage): Promise<unknown> {
    switch (msg.type) {
      case 'ready':
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
        if (uri.scheme !== 'file') return vscode.env.openExternal(uri);
        // An agent wrote the artifact: a file it points at outside the team and the workspace opens only when the user says so.
        if (!this.isNearby(uri)) {
          const choice = await this.ctx.prompts.warn(
            `Cortex: the thread's artifact links to ${uri.fsPath}, outside the team folder and the workspace. Open it?`,
            OPEN_OUTSIDE_FILE,
          );
          if (choice !== OPEN_OUTSIDE_FILE) return;
        }
        return vscode.window.showTextDocument(uri, { preview: true });
      }
      case 'openTask': {
        const task = this.ctx.state().threads.find((t) => t.id === msg.thread)?.task;
        return task ? this.ctx.showTask(task) : undefined;
      }
      case 'refresh':
        return this.ctx.refresh();
    }
  }

  /** Inside the team folder or one of the workspace's folders ("..", once resolved, cannot climb out). */
  private isNearby(uri: vscode.Uri): boolean {
    const file = uri.with({ path: posix.normalize(uri.path) });
    const roots = [this.ctx.teamFolder(), ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri)];
    return roots.some((root) => root !== undefined && isWithin(file, root));
  }

  private flushReveal(): void {
    if (!this.channel.ready || !this.pendingReveal) return;
    const r = this.pendingReveal;
    this.pendingReveal = undefined;
    this.postMessage({ type: 'reveal', kind: r.kind, id: r.id });
    if (r.kind === 'thread') this.watchArtifact(r.id);
  }

  /** Posts the state unless the page has it (`force`: to a page that just said ready). */
  private post(force: boolean): void {
    void this.channel.postState(this.ctx.state(), force).then((posted) => posted && this.messageEmitter.fire(posted));
  }

  private postMessage(message: ThreadsHostMessage): void {
    void this.channel.post(message).then((delivered) => delivered && this.messageEmitter.fire(message));
  }

  /** Shows a thread's artifact and follows it: re-read and re-sent whenever the file changes. */
  private watchArtifact(thread: string): void {
    this.stopArtifact();
    const path = this.ctx.state().threads.find((t) => t.id === thread)?.artifactPath ?? null;
    const entry: NonNullable<ThreadsPanel['artifact']> = { thread, path, links: [], revision: 0 };
    this.artifact = entry;
    this.ctx.followArtifact(path);
    void this.sendArtifact(entry);
  }

  private stopArtifact(): void {
    if (!this.artifact) return;
    if (this.artifact.timer) clearTimeout(this.artifact.timer);
    this.artifact = undefined;
    this.ctx.followArtifact(null);
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
}

/** `file` is `root` or below it (same scheme and authority; paths compared normalised, case-insensitively on Windows). */
export function isWithin(file: vscode.Uri, root: vscode.Uri): boolean {
  if (file.scheme !== root.scheme || file.authority !== root.authority) return false;
  const fold = (p: string) => (process.platform === 'win32' ? p.toLowerCase() : p);
  const base = fold(posix.normalize(root.path)).replace(/\/+$/, '');
  const path = fold(posix.normalize(file.path));
  return path === base || path.startsWith(base + '/');
}
