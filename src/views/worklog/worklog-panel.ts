import * as vscode from 'vscode';
import { readTextFile } from '../../core/edit';
import { MAILBOX_FILE, Mailbox, parseMailbox } from '../../core/mailbox/parse';
import { worklogEvents } from '../../core/worklog/events';
import { WORKLOG_FILE, Worklog, parseWorklog } from '../../core/worklog/parse';
import { DisposableBase } from '../../base/disposable';
import { TeamStore } from '../../extension/team-store';
import { PanelHost } from '../shared/panel-host';
import { WORKLOG_PROTOCOL_VERSION, WorklogViewState, WorklogWebviewMessage, checkWorklogWebviewMessage } from './common/messages';
import { buildWorklogViewState } from './worklog-view-state';

/** What the panel asks of the extension: the commands behind its buttons. */
export interface WorklogPanelContext {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly store: TeamStore;
  trusted(): boolean;
  appendEntry(): unknown;
  updateStatus(): unknown;
  compose(to: string | undefined): unknown;
  setStatus(id: string, status: string, expected: string): unknown;
  open(path: string, line: number): unknown;
}

/**
 * "Cortex: Open Worklog": an editor-area panel with two tabs, the WORKLOG timeline
 * and the MAILBOX. It reads both files itself (the team store watches markdown but
 * keeps only the agents' model), with its own watcher on the two names, so an
 * agent's append shows up at once. One panel per window.
 */
export class WorklogPanel extends DisposableBase {
  static readonly viewType = 'cortex.worklog';
  private readonly host: PanelHost;
  private watcher: vscode.FileSystemWatcher | undefined;
  private watchedRoot: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private worklog: Worklog | null = null;
  private mailbox: Mailbox | null = null;
  private readonly postedEmitter = this.register(new vscode.EventEmitter<WorklogViewState>());
  /** Fires with each state posted to the page (tests wait on it). */
  readonly onDidPostState = this.postedEmitter.event;
  private lastState: WorklogViewState | undefined;

  constructor(private readonly ctx: WorklogPanelContext) {
    super();
    this.host = this.register(
      new PanelHost(
        ctx.extensionUri,
        { viewType: WorklogPanel.viewType, tabTitle: 'Worklog', pageTitle: 'Cortex Worklog', bundle: 'worklog', findWidget: true, icon: true, disposeReplaced: true },
        {
          receive: (d) => this.receiveMessage(d),
          attached: () => this.rewatch(),
          released: () => this.release(),
        },
      ),
    );
    this.register(ctx.store.onDidChange(() => this.rewatch()));
  }

  get isReady(): boolean {
    return this.host.ready;
  }

  get lastPostedState(): WorklogViewState | undefined {
    return this.lastState;
  }

  open(): void {
    this.host.open();
  }

  /** Reads both files again and posts (also after the extension's own writes). */
  refresh(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.load();
    }, 60);
  }

  /** The entry with this event id, read from the file as it is now. */
  async entryLine(id: string): Promise<number | undefined> {
    await this.readFiles();
    const e = this.worklog ? worklogEvents(this.worklog, null).find((x) => x.event_id === id) : undefined;
    return e?.payload.line;
  }

  receiveMessage(data: unknown): void {
    const checked = checkWorklogWebviewMessage(data);
    if (!checked.ok) {
      this.ctx.log.warn(`Worklog: dropped a message (${checked.error})`);
      return;
    }
    const msg = checked.value;
    if (msg.type !== 'ready' && !this.host.ready) return;
    Promise.resolve(this.handle(msg)).catch((e: unknown) => this.ctx.log.error(`Worklog: "${msg.type}" failed: ${String(e)}`));
  }

  private async handle(msg: WorklogWebviewMessage): Promise<unknown> {
    switch (msg.type) {
      case 'ready':
        if (msg.protocol !== WORKLOG_PROTOCOL_VERSION) this.ctx.log.warn(`Worklog: the page speaks protocol ${msg.protocol}`);
        this.host.ready = true;
        return this.load();
      case 'openEntry': {
        const line = await this.entryLine(msg.id);
        return this.ctx.open(WORKLOG_FILE, line ?? 1);
      }
      case 'openMessage': {
        await this.readFiles();
        const m = this.mailbox?.messages.find((x) => x.id === msg.id);
        return this.ctx.open(MAILBOX_FILE, m?.line ?? 1);
      }
      case 'setStatus':
        return this.ctx.setStatus(msg.id, msg.status, msg.expected);
      case 'appendEntry':
        return this.ctx.appendEntry();
      case 'updateStatus':
        return this.ctx.updateStatus();
      case 'compose':
        return this.ctx.compose(msg.to ?? undefined);
    }
  }

  /** The panel is gone: stop watching the files. */
  private release(): void {
    this.watcher?.dispose();
    this.watcher = undefined;
    this.watchedRoot = undefined;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Watches WORKLOG.md and MAILBOX.md of the team shown now (only while the panel is open). */
  private rewatch(): void {
    const root = this.ctx.store.location?.uri;
    if (!this.host.panel) return;
    if (root?.toString() !== this.watchedRoot) {
      this.watcher?.dispose();
      this.watcher = undefined;
      this.watchedRoot = root?.toString();
      if (root) {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, `{${WORKLOG_FILE},${MAILBOX_FILE}}`));
        w.onDidCreate(() => this.refresh());
        w.onDidChange(() => this.refresh());
        w.onDidDelete(() => this.refresh());
        this.watcher = w;
      }
    }
    this.refresh();
  }

  private async readFiles(): Promise<void> {
    const fs = this.ctx.store.fs;
    if (!fs) {
      this.worklog = this.mailbox = null;
      return;
    }
    const read = async (p: string) => {
      try {
        return await readTextFile(fs, p);
      } catch (e) {
        this.ctx.log.warn(`Worklog: cannot read ${p}: ${String(e)}`);
        return undefined;
      }
    };
    const [w, m] = await Promise.all([read(WORKLOG_FILE), read(MAILBOX_FILE)]);
    this.worklog = w === undefined ? null : parseWorklog(w);
    this.mailbox = m === undefined ? null : parseMailbox(m);
  }

  private async load(): Promise<void> {
    await this.readFiles();
    if (!this.host.panel || !this.host.ready) return;
    const state = buildWorklogViewState({ hasTeam: !!this.ctx.store.location, trusted: this.ctx.trusted(), worklog: this.worklog, mailbox: this.mailbox });
    this.lastState = state;
    void this.host.panel.webview.postMessage({ type: 'state', state });
    this.postedEmitter.fire(state);
  }
}
