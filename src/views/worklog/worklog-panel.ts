import * as vscode from 'vscode';
import { ACTIVITY_FILE, ActivityFeed, parseActivity } from '../../core/actions/activity';
import { readTextFile } from '../../core/edit/edit-file';
import { MAILBOX_FILE, Mailbox, parseMailbox } from '../../core/mailbox/parse';
import { CHARTER_FILES, worklogEvents } from '../../core/worklog/events';
import { WORKLOG_FILE, Worklog, parseWorklog } from '../../core/worklog/parse';
import { DisposableBase } from '../../base/disposable';
import type { TeamChange, TeamSnapshot } from '../../extension/team/live-team';
import { HostChannel } from '../shared/host-channel';
import { PanelHost } from '../shared/panel-host';
import { ReadonlyTeam } from '../shared/sources';
import { WORKLOG_PROTOCOL_VERSION, WorklogHostMessage, WorklogTab, WorklogViewState, WorklogWebviewMessage, checkWorklogWebviewMessage } from './common/messages';
import { buildWorklogViewState } from './worklog-view-state';

/** The commands the host runs for the panel's buttons (Append Entry, Update Status, Compose, a message's status); the page's `WorklogActions` (webview/worklog/actions.ts) is what its components call. */
export interface WorklogPanelCommands {
  append(): unknown;
  updateStatus(): unknown;
  compose(to: string | undefined): unknown;
  setStatus(id: string, status: string, expected: string): unknown;
  /** Escalates an overdue P0/P1 message to WORKLOG.md. */
  escalate(id: string): unknown;
}

export interface WorklogDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly team: ReadonlyTeam;
  readonly commands: WorklogPanelCommands;
}

/**
 * "Cortex: Open Worklog": an editor-area panel with three tabs, the WORKLOG timeline,
 * the MAILBOX, and the Activity feed (`.cortex/activity.jsonl`: every write agents make
 * through the MCP server or the CLI verbs, and every write the dashboard makes). The
 * team model does not hold these files, so the panel reads them itself, whenever the
 * team's change event says the store re-read one of them (an agent's append, the
 * extension's own write; the store watches the feed too, for its dispatch times) or
 * another folder is shown. One panel per window.
 */
export class WorklogPanel extends DisposableBase {
  static readonly viewType = 'cortex.worklog';
  private readonly host: PanelHost;
  private readonly channel: HostChannel<WorklogWebviewMessage, WorklogViewState>;
  /** The team as its last change event had it. */
  private team: TeamSnapshot;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private worklog: Worklog | null = null;
  private charter: { readonly file: string; readonly text: string } | null = null;
  private mailbox: Mailbox | null = null;
  private activity: ActivityFeed | null = null;
  private readonly postedEmitter = this.register(new vscode.EventEmitter<WorklogViewState>());
  /** Fires with each state posted to the page (tests wait on it). */
  readonly onDidPostState = this.postedEmitter.event;
  private lastState: WorklogViewState | undefined;
  /** A tab, or an entry or message on it, to show once the page has the state. */
  private pendingReveal: { tab: WorklogTab; id: string | null } | undefined;

  constructor(private readonly ctx: WorklogDeps) {
    super();
    this.team = ctx.team.current;
    this.channel = new HostChannel({ name: 'Worklog', protocol: WORKLOG_PROTOCOL_VERSION, check: checkWorklogWebviewMessage, log: ctx.log });
    this.host = this.register(
      new PanelHost(
        ctx.extensionUri,
        { viewType: WorklogPanel.viewType, tabTitle: 'Worklog', pageTitle: 'Cortex Worklog', bundle: 'worklog', findWidget: true, icon: true, disposeReplaced: true },
        {
          receive: (d) => this.receiveMessage(d),
          attached: (panel) => this.attached(panel),
          hidden: () => this.channel.reset(),
          released: () => this.release(),
        },
      ),
    );
    this.register(
      ctx.team.onDidChange((e) => {
        this.team = e.snapshot;
        if (this.host.panel && concernsPanel(e)) this.refresh();
      }),
    );
  }

  get isReady(): boolean {
    return this.channel.ready;
  }

  get lastPostedState(): WorklogViewState | undefined {
    return this.lastState;
  }

  /** Opens the panel; on `tab` when given ("Open Mailbox" from the escalation offer). */
  open(tab?: WorklogTab): void {
    if (tab) this.reveal(tab, null);
    else this.host.open();
  }

  /** Opens the panel on `tab`, at an entry (by event id) or a message (by MSG id) when `id` is given. */
  reveal(tab: WorklogTab, id: string | null): void {
    this.pendingReveal = { tab, id };
    this.host.open();
    this.flushReveal();
  }

  private flushReveal(): void {
    const r = this.pendingReveal;
    if (!r || !this.channel.ready || !this.host.panel || !this.lastState) return;
    this.pendingReveal = undefined;
    void this.channel.post({ type: 'reveal', tab: r.tab, id: r.id } satisfies WorklogHostMessage);
  }

  /** The page is ready: its header and a loading state at once, then the files read and posted. */
  private attached(panel: vscode.WebviewPanel): void {
    this.channel.attach(panel.webview);
    const team = this.team.header ? { name: this.team.header.name, path: this.team.header.path } : null;
    void this.channel.post({ type: 'loading', team } satisfies WorklogHostMessage);
    this.refresh();
  }

  /** Reads both files again and posts. */
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
    const msg = this.channel.receive(data);
    if (!msg) return;
    Promise.resolve(this.handle(msg)).catch((e: unknown) => this.ctx.log.error(`Worklog: "${msg.type}" failed: ${String(e)}`));
  }

  private async handle(msg: WorklogWebviewMessage): Promise<unknown> {
    switch (msg.type) {
      case 'ready':
        return this.load();
      case 'openEntry': {
        const line = await this.entryLine(msg.id);
        return this.openAt(WORKLOG_FILE, line ?? 1);
      }
      case 'openMessage': {
        await this.readFiles();
        const m = this.mailbox?.messages.find((x) => x.id === msg.id);
        return this.openAt(MAILBOX_FILE, m?.line ?? 1);
      }
      case 'openActivity': {
        // The page names the event; the file is the one the event (as read here) says it wrote.
        await this.readFiles();
        const e = this.activity?.events.find((x) => x.event_id === msg.id);
        const line = typeof e?.payload.line === 'number' ? e.payload.line : 1;
        return e && isTeamPath(e.payload.file) ? this.openAt(e.payload.file, line) : undefined;
      }
      case 'setStatus':
        return this.ctx.commands.setStatus(msg.id, msg.status, msg.expected);
      case 'appendEntry':
        return this.ctx.commands.append();
      case 'updateStatus':
        return this.ctx.commands.updateStatus();
      case 'compose':
        return this.ctx.commands.compose(msg.to ?? undefined);
      case 'escalate':
        return this.ctx.commands.escalate(msg.id);
    }
  }

  /** The panel is gone: nothing waits to be read. */
  private release(): void {
    this.channel.detach();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async openAt(path: string, line: number): Promise<void> {
    const fs = this.team.fs;
    if (!fs) return;
    await vscode.window.showTextDocument(fs.uri(path), { preview: true, selection: new vscode.Range(line - 1, 0, line - 1, 0) });
  }

  private async readFiles(): Promise<void> {
    const fs = this.team.fs;
    if (!fs) {
      this.worklog = this.mailbox = this.activity = this.charter = null;
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
    const [w, m, a] = await Promise.all([read(WORKLOG_FILE), read(MAILBOX_FILE), read(ACTIVITY_FILE)]);
    // Document 001's session charter: the first of its usual names found.
    this.charter = null;
    for (const file of CHARTER_FILES) {
      const text = await read(file);
      if (text === undefined) continue;
      this.charter = { file, text };
      break;
    }
    this.worklog = w === undefined ? null : parseWorklog(w);
    this.mailbox = m === undefined ? null : parseMailbox(m);
    this.activity = a === undefined ? null : parseActivity(a);
  }

  private async load(): Promise<void> {
    await this.readFiles();
    if (!this.host.panel || !this.channel.ready) return;
    const state = buildWorklogViewState({ hasTeam: !!this.team.location, team: this.team.header && { name: this.team.header.name, path: this.team.header.path }, trusted: this.team.trusted, worklog: this.worklog, mailbox: this.mailbox, now: this.team.now, activity: this.activity, charter: this.charter });
    this.lastState = state;
    // Numbered by the channel: a page drops a state older than the one it shows. Posted after every read, changed or not.
    void this.channel.postState(state, true);
    this.postedEmitter.fire(state);
    this.flushReveal();
  }
}

/**
 * Changes the panel shows: another folder, trust, the minute (messages turn overdue), or
 * WORKLOG.md, MAILBOX.md or the activity feed re-read (or everything): the store watches
 * all three, and the dashboard's writer names the feed when it recorded an event.
 */
function concernsPanel(e: TeamChange): boolean {
  if (e.reason === 'location' || e.reason === 'trust' || e.reason === 'clock') return true;
  if (e.reason !== 'team' && e.reason !== 'files') return false;
  return !e.paths || e.paths.some((p) => p === WORKLOG_FILE || p === MAILBOX_FILE || p === ACTIVITY_FILE || CHARTER_FILES.includes(p));
}

/** A team-relative path that stays inside the folder (the feed is a file anyone can write). */
function isTeamPath(p: string): boolean {
  return p !== '' && !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split(/[\\/]/).includes('..');
}
