import * as vscode from 'vscode';
import { TeamHistory } from '../../core/insights/figures';
import { PriceTable } from '../../core/transcripts/cost';
import { UsageRecord } from '../../core/transcripts/transcript';
import { DisposableBase } from '../../base/disposable';
import type { TeamSnapshot } from '../../extension/team/live-team';
import { readTaskHistory } from '../../git/task-history';
import { HostChannel } from '../shared/host-channel';
import { PanelHost } from '../shared/panel-host';
import { ReadonlyTeam } from '../shared/sources';
import { buildInsightsState } from './insights-view-state';
import { HistoryStatus, INSIGHTS_PROTOCOL_VERSION, InsightsState, InsightsWebviewMessage, checkInsightsWebviewMessage } from './common/messages';

/** The agents' model requests from their session logs (the usage service the Team view's rows read). */
export interface InsightsUsageSource {
  recordsOf(slug: string): readonly UsageRecord[];
  readonly prices: PriceTable;
  readonly onDidChange: vscode.Event<void>;
}

/** What the panel needs from the extension: the team (with the clock and the settings), and the agents' usage. */
export interface InsightsDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly team: ReadonlyTeam;
  readonly usage?: InsightsUsageSource;
}

interface HistoryEntry {
  /** The team folder it was read for. */
  readonly key: string;
  readonly status: HistoryStatus;
  readonly detail: string | null;
  readonly readAt: number | null;
  readonly data: TeamHistory | null;
}

/** Team changes arrive in bursts (an agent's edit, a tick): recompute once they settle. */
const DEBOUNCE_MS = 250;

/**
 * The Team Insights panel: an editor-area webview, one per window, restored after a
 * reload. The figures are recomputed from the live team when it changes (debounced)
 * and posted whole; the git history of the task files is read when the panel opens
 * for a team folder and again on the page's Refresh, never on every change (it
 * spawns git). Its HostChannel posts nothing until the page says `ready`, checks
 * incoming messages and drops (and logs) anything else.
 */
export class InsightsPanel extends DisposableBase {
  static readonly viewType = 'cortex.insights';

  private readonly host: PanelHost;
  private readonly channel: HostChannel<InsightsWebviewMessage, InsightsState>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private history: HistoryEntry | undefined;
  private reading: Promise<void> | undefined;
  private lastState: InsightsState | undefined;
  /** The team as its last change event had it. */
  private team: TeamSnapshot;

  private readonly postedEmitter = this.register(new vscode.EventEmitter<InsightsState>());
  /** Fires with each state posted to the page (tests wait on it). */
  readonly onDidPostState = this.postedEmitter.event;
  private readonly readyEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidBecomeReady = this.readyEmitter.event;

  constructor(private readonly ctx: InsightsDeps) {
    super();
    this.team = ctx.team.current;
    this.register(
      ctx.team.onDidChange((e) => {
        this.team = e.snapshot;
        if (e.reason !== 'files') this.update(); // WORKLOG.md and MAILBOX.md are not in the figures
      }),
    );
    if (ctx.usage) this.register(ctx.usage.onDidChange(() => this.update()));
    this.register({
      dispose: () => {
        if (this.timer) clearTimeout(this.timer);
      },
    });
    this.channel = new HostChannel({ name: 'Team insights', protocol: INSIGHTS_PROTOCOL_VERSION, check: checkInsightsWebviewMessage, log: ctx.log });
    this.host = this.register(
      new PanelHost(
        ctx.extensionUri,
        { viewType: InsightsPanel.viewType, tabTitle: 'Team Insights', pageTitle: 'Cortex Team Insights', bundle: 'insights', findWidget: true, icon: true, disposeReplaced: true },
        {
          receive: (data) => this.receiveMessage(data),
          attached: (panel) => {
            this.channel.attach(panel.webview);
            void this.ensureHistory();
          },
          hidden: () => this.channel.reset(),
          released: () => this.channel.detach(),
        },
      ),
    );
  }

  get isOpen(): boolean {
    return this.host.isOpen;
  }

  get isReady(): boolean {
    return this.channel.ready;
  }

  /** The state last posted to the page. */
  get lastPostedState(): InsightsState | undefined {
    return this.lastState;
  }

  open(): void {
    this.host.open();
  }

  /** The team or the clock changed: recompute shortly, when the page listens. */
  update(): void {
    if (!this.host.panel) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.post();
      void this.ensureHistory(); // another team folder: read its history

    }, DEBOUNCE_MS);
  }

  /** Reads the git history again and posts the result (the page's Refresh). */
  refreshHistory(): Promise<void> {
    this.history = undefined;
    return this.ensureHistory();
  }

  /** What the page shows now (also without a page). */
  currentState(): InsightsState {
    const t = this.team;
    const key = t.location?.uri.toString();
    const h = this.history && this.history.key === key ? this.history : undefined;
    return buildInsightsState({
      status: t.status,
      team: t.team,
      header: t.header && { name: t.header.name, path: t.header.path },
      message: t.message,
      now: t.now,
      staleAfterMinutes: t.staleAfterMinutes,
      heartbeatMinutes: t.heartbeatMinutes,
      history: h ?? { status: 'reading', detail: null, readAt: null, data: null },
      usage: this.ctx.usage,
    });
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const msg = this.channel.receive(data);
    if (msg) this.handle(msg);
  }

  private handle(msg: InsightsWebviewMessage): void {
    switch (msg.type) {
      case 'ready':
        this.post();
        this.readyEmitter.fire();
        // A team folder shown since the history was read: read it for this one.
        void this.ensureHistory();
        return;
      case 'refresh':
        void this.refreshHistory();
        return;
    }
  }

  /** Reads the history of the team folder shown now, unless it was read already; one read at a time. */
  private ensureHistory(): Promise<void> {
    const location = this.team.location;
    const key = location?.uri.toString();
    if (!location || !key || this.history?.key === key) return this.reading ?? Promise.resolve();
    if (this.reading) return this.reading.then(() => this.ensureHistory());
    const now = this.team.now;
    this.reading = (async () => {
      try {
        this.postIfReady();
        let entry: HistoryEntry;
        if (location.uri.scheme !== 'file') {
          entry = { key, status: 'notLocal', detail: null, readAt: now, data: null };
        } else {
          const started = Date.now();
          const r = await readTaskHistory(location.uri.fsPath, { now });
          entry =
            r.kind === 'history'
              ? { key, status: 'read', detail: null, readAt: now, data: r.history }
              : r.kind === 'notRepository'
                ? { key, status: 'notRepository', detail: null, readAt: now, data: null }
                : { key, status: 'unavailable', detail: r.reason, readAt: now, data: null };
          this.ctx.log.info(
            `Team insights: git history ${entry.status}${r.kind === 'history' ? ` (${r.history.snapshots.length} snapshots, ${r.history.commits} commits)` : r.kind === 'unavailable' ? `: ${r.reason}` : ''} in ${Date.now() - started} ms`,
          );
        }
        if (this.team.location?.uri.toString() === key) this.history = entry;
      } finally {
        this.reading = undefined;
      }
      this.postIfReady();
    })();
    return this.reading;
  }

  private postIfReady(): void {
    if (this.channel.ready) this.post();
  }

  /** Posts the whole state, also when unchanged (a Refresh shows its new read time). */
  private post(): void {
    if (!this.host.panel || !this.channel.ready) return;
    void this.channel.postState(this.currentState(), true).then((posted) => {
      if (!posted) return;
      this.lastState = posted.state;
      this.postedEmitter.fire(posted.state);
    });
  }
}
