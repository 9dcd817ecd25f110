import * as vscode from 'vscode';
import { Agent, Task } from '../../core/team/model';
import { DisposableBase } from '../../base/disposable';
import { channelOf, describeProfile } from '../../core/agents/launch-profile';
import { agentLiveness } from '../../core/team/liveness';
import type { AgentRunActions, AgentRunFacts, AgentRunSource } from '../../extension/agents/agent-runs';
import { reviewOf } from '../../core/review/review-line';
import { FOCUS_TEAM_VIEW_COMMAND, OPEN_THREADS_COMMAND, REVIEW_CHANGES_COMMAND } from '../../extension/commands/command-ids';
import { ThreadLink, ThreadRecord, threadsByTask } from '../../core/threads/records';
import type { TeamSnapshot } from '../../extension/team/live-team';
import { nothingToShow } from '../../extension/review/review-diffs';
import { type TaskChangesService, hasChangesToShow } from '../../extension/review/task-changes-service';
import { isAllowedLink, renderMarkdown } from '../shared/markdown';
import { HostChannel, RequestMessage } from '../shared/host-channel';
import { PanelHost } from '../shared/panel-host';
import { whenIdle } from '../../extension/tasks/task-ref';
import { TaskOutcome } from '../../extension/tasks/task-outcome';
import type { TaskService } from '../../extension/tasks/task-service';
import { planDrop } from './common/drop';
import { ReadonlyTeam, ViewPrompts } from '../shared/sources';
import { BoardModel, BoardSnapshot, CARDS_PER_MESSAGE, FIRST_MESSAGE_CARDS, lanesToSend } from './board-view-state';
import { BOARD_PROTOCOL_VERSION, BoardAgentRun, BoardHostMessage, BoardStateMessage, BoardWebviewMessage, CardChanges, CardDetail, ChangeDetail, ChangeDetailReply, DetailReply, changeKey, checkBoardWebviewMessage } from './common/messages';
import { filterWords } from './common/filter';
import { locateTask, TaskRef } from '../../base/task-ref';

/** What the board needs from the extension: the team, prompts, the task service (every card operation) and changes. */
export interface BoardDeps {
  readonly extensionUri: vscode.Uri;
  readonly team: ReadonlyTeam;
  readonly prompts: ViewPrompts;
  readonly log: vscode.LogOutputChannel;
  /** Every card operation: drops, reassign, dispatch again, accept, send back, edit, cancel, unclaim, undo. */
  readonly tasks: Pick<TaskService, 'drop' | 'reassignPick' | 'dispatchAgain' | 'accept' | 'sendBack' | 'edit' | 'cancel' | 'unclaim' | 'undo'>;
  /** Each task's changes in its agent's project (computed for the cards on screen). */
  readonly changes: Pick<TaskChangesService, 'summary' | 'request' | 'changes' | 'onDidChange'>;
  /** Running agents: the lane headers' Start, Show Terminal and Stop (absent: none shown). */
  readonly runs?: AgentRunSource;
  readonly runActions?: AgentRunActions;
  /** The thread records (a card shows the thread its task launched); absent: no chips. */
  readonly threads?: { readonly records: readonly ThreadRecord[]; readonly onDidChange: vscode.Event<void> };
}

/**
 * The task board: an editor-area webview panel, one per window, restored after a
 * reload (a panel serializer; the page keeps its filters and scroll position in its
 * own `setState`). Posts nothing until the page says `ready`, then a full snapshot,
 * then patches with only the lanes whose cards changed. Incoming messages are
 * validated; anything unknown or malformed is dropped and logged. Operations run one
 * at a time, in the order they arrived; each answers with a `result` once the board
 * shows what the file now says.
 */
export class BoardPanel extends DisposableBase {
  static readonly viewType = 'cortex.board';

  private readonly host: PanelHost;
  private readonly channel: HostChannel<BoardWebviewMessage>;
  /** The version of the last state posted (the board posts patches on a base version, so it counts itself). */
  private version = 0;
  /** What the page has: per-lane revisions, the header and lane list as JSON. */
  private sent: { revs: Map<string, number>; header: string; agents: string } | undefined;
  private snapshot: BoardSnapshot | undefined;
  private pendingReveal: string | undefined;
  /** Posts the lanes that did not fit into the last message. */
  private moreTimer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly model = new BoardModel();
  /** Threads by the task that launched them. */
  private threadLinks: ReadonlyMap<string, ThreadLink> | undefined;
  /** The team as its last change event had it. */
  private team: TeamSnapshot;

  private readonly postedEmitter = this.register(new vscode.EventEmitter<BoardStateMessage>());
  /** Fires with each state message posted to the page (tests wait on it). */
  readonly onDidPostState = this.postedEmitter.event;
  private readonly resultEmitter = this.register(new vscode.EventEmitter<{ op: number } & TaskOutcome>());
  /** Fires when an operation the page asked for has ended. */
  readonly onDidFinishOperation = this.resultEmitter.event;
  private readonly messageEmitter = this.register(new vscode.EventEmitter<BoardHostMessage>());
  /** Fires with every message the page received (state, results, details, reveals). */
  readonly onDidPostMessage = this.messageEmitter.event;
  private readonly readyEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidBecomeReady = this.readyEmitter.event;
  /** What the page is to show once it is listening: a card's details, the "To review" filter. */
  private pendingShow: BoardHostMessage | undefined;
  /** The cards on screen that may have changes, and the summaries posted for them (as JSON, by key). */
  private visible: TaskRef[] = [];
  private postedChanges = new Map<string, string>();
  /** Lowercased title, description and summary of each task, for the filter's full-text part. */
  private readonly lowered = new WeakMap<Task, string>();

  constructor(private readonly ctx: BoardDeps) {
    super();
    this.team = ctx.team.current;
    this.register(
      ctx.team.onDidChange((e) => {
        this.team = e.snapshot;
        if (e.reason !== 'files') this.update(); // files outside the team model change no card
      }),
    );
    this.register(ctx.changes.onDidChange(() => this.postChanges()));
    // A terminal started or stopped changes the lane header's buttons (a post sends only what changed).
    if (ctx.runs) this.register(ctx.runs.onDidChange(() => this.update()));
    if (ctx.threads) {
      const threads = ctx.threads;
      this.threadLinks = threadsByTask(threads.records);
      this.register(
        threads.onDidChange(() => {
          this.threadLinks = threadsByTask(threads.records);
          this.update();
        }),
      );
    }
    this.register({
      dispose: () => {
        if (this.moreTimer) clearTimeout(this.moreTimer);
      },
    });
    this.channel = new HostChannel({ name: 'Task board', protocol: BOARD_PROTOCOL_VERSION, check: checkBoardWebviewMessage, log: ctx.log, preview: true });
    this.host = this.register(
      new PanelHost(
        ctx.extensionUri,
        { viewType: BoardPanel.viewType, tabTitle: 'Task Board', pageTitle: 'Cortex Task Board', bundle: 'board', findWidget: true, icon: true, disposeReplaced: true },
        {
          receive: (data) => this.receiveMessage(data),
          attached: (panel) => {
            this.channel.attach(panel.webview);
            // Make the first message's cards while the page loads, so `ready` is answered at once.
            setTimeout(() => {
              if (this.host.panel !== panel) return;
              const s = this.currentSnapshot();
              lanesToSend(s.agents, s.cards, undefined, FIRST_MESSAGE_CARDS);
            }, 0);
          },
          // A discarded or closed page has none of the lanes: the next one gets them all.
          hidden: () => {
            this.channel.reset();
            this.sent = undefined;
          },
          released: () => {
            this.channel.detach();
            this.sent = undefined;
          },
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

  /** The snapshot last sent to the page (lanes and cards as the page has them, before its own optimistic changes). */
  get lastSnapshot(): BoardSnapshot | undefined {
    return this.snapshot;
  }

  /** Opens the board (or brings it to the front), optionally scrolled to an agent's lane. */
  open(agent?: string): void {
    if (agent) this.pendingReveal = agent;
    this.host.open();
    this.flushReveal(); // a page that is already listening scrolls at once; a new one when it says ready
  }

  /** Opens the board at a card, with its details (Search Team's result). */
  showCard(card: { agent: string; index: number; title: string }): void {
    this.pendingShow = { type: 'showCard', agent: card.agent, index: card.index, title: card.title };
    this.host.open();
    this.flushReveal();
  }

  /** Opens the board showing only the tasks to review. */
  showToReview(): void {
    this.pendingShow = { type: 'showToReview' };
    this.host.open();
    this.flushReveal();
  }

  /** Posts what changed since the last post, when the page is listening. */
  update(): void {
    if (this.channel.ready) this.post(false);
  }

  /** A message from the page: checked, then handled (also the test API's way in). */
  receiveMessage(data: unknown): void {
    const msg = this.channel.receive(data);
    if (!msg) return;
    try {
      const result = this.dispatch(msg);
      if (result instanceof Promise) result.catch((e: unknown) => this.ctx.log.error(`Task board: "${msg.type}" failed: ${String(e)}`));
    } catch (e) {
      this.ctx.log.error(`Task board: "${msg.type}" failed: ${String(e)}`);
    }
  }

  // ---- messages --------------------------------------------------------------------

  private dispatch(msg: BoardWebviewMessage): unknown {
    switch (msg.type) {
      case 'ready':
        this.post(true);
        this.readyEmitter.fire();
        this.flushReveal();
        return;
      case 'resync':
        this.post(true);
        return;
      case 'drop':
        return this.operation(msg.op, () => this.ctx.tasks.drop(msg.card, msg.target, planDrop));
      case 'reassign':
        return this.operation(msg.op, () => this.ctx.tasks.reassignPick(msg.card, planDrop));
      case 'dispatchAgain':
        return this.serialized(() => this.ctx.tasks.dispatchAgain(msg.card));
      case 'openTask':
        return this.openTask(msg.card);
      case 'detail':
        return this.reply<DetailReply>(msg, () => ({ type: 'detail', detail: this.detail(msg.card) }), { type: 'detail', detail: null });
      case 'openLink':
        return this.openLink(msg.card, msg.link);
      case 'openTeamView':
        return vscode.commands.executeCommand(FOCUS_TEAM_VIEW_COMMAND);
      case 'openThread':
        return vscode.commands.executeCommand(OPEN_THREADS_COMMAND, { kind: 'thread', id: msg.thread });
      case 'visible':
        this.visible = msg.cards.slice();
        return this.postChanges(true);
      case 'changeDetail':
        return this.reply<ChangeDetailReply>(msg, async () => ({ type: 'changeDetail', detail: await this.changeDetail(msg.card) }), { type: 'changeDetail', detail: null });
      case 'reviewChanges':
        return vscode.commands.executeCommand(REVIEW_CHANGES_COMMAND, { agent: msg.card.agent, index: msg.card.index, title: msg.card.title, status: msg.card.status });
      case 'accept':
        return this.operation(msg.op, () => this.ctx.tasks.accept(msg.card));
      case 'sendBack':
        return this.operation(msg.op, () => this.ctx.tasks.sendBack(msg.card, msg.comment));
      case 'editTask':
        return this.operation(msg.op, () => this.ctx.tasks.edit(msg.card, msg.expected, msg.title, msg.body));
      case 'cancelTask':
        return this.operation(msg.op, () => this.ctx.tasks.cancel(msg.card));
      case 'unclaim':
        return this.operation(msg.op, () => this.ctx.tasks.unclaim(msg.card));
      case 'undo':
        return this.operation(msg.op, () => this.ctx.tasks.undo());
      case 'filterText':
        return this.postMessage({ type: 'matches', text: msg.text, cards: this.textMatches(msg.text) });
      case 'startAgent':
        return this.ctx.runActions?.start(msg.agent);
      case 'stopAgent':
        return this.ctx.runActions?.stop(msg.agent);
      case 'showAgentTerminal':
        return this.ctx.runActions?.showTerminal(msg.agent);
      case 'openSession':
        return this.ctx.runActions?.openSession(msg.agent);
    }
  }

  /** Asks for the changes of the cards on screen, and posts the summaries known and not yet posted (`all`: every one known). */
  private postChanges(all = false): void {
    if (!this.channel.ready) return;
    if (all) this.postedChanges = new Map([...this.postedChanges].filter(([k]) => this.visible.some((c) => changeKey(c.agent, this.cardTimes(c)) === k)));
    const wanted: Array<{ agent: Agent; task: Task }> = [];
    const entries: CardChanges[] = [];
    for (const card of this.visible) {
      const found = this.find(card);
      if (!found || !hasChangesToShow(found.task)) continue;
      const summary = this.ctx.changes.summary(found.agent, found.task);
      if (!summary) {
        wanted.push(found);
        continue;
      }
      const key = changeKey(found.agent.slug, found.task);
      const json = JSON.stringify(summary);
      if (!all && this.postedChanges.get(key) === json) continue;
      this.postedChanges.set(key, json);
      entries.push({ key, summary });
    }
    if (wanted.length > 0) this.ctx.changes.request(wanted);
    if (entries.length > 0) this.postMessage({ type: 'changes', entries });
  }

  private cardTimes(card: TaskRef): { title: string; status: string | null; started: string | null; completed: string | null } {
    const found = this.find(card);
    return found ? found.task : { title: card.title, status: card.status, started: null, completed: null };
  }

  private async changeDetail(card: TaskRef): Promise<ChangeDetail | null> {
    const found = this.find(card);
    if (!found || !hasChangesToShow(found.task)) return null;
    const result = await this.ctx.changes.changes(found.agent, found.task);
    if (result.kind !== 'changes') return { summary: result.summary, files: [], commits: [], range: null, note: nothingToShow(result, found.task.title) };
    const c = result.changes;
    const short = (sha: string) => sha.slice(0, 8);
    return {
      summary: result.summary,
      files: c.files.map((f) => ({ path: f.path, oldPath: f.oldPath, status: f.status, added: f.added, removed: f.removed })),
      commits: c.commits.map((x) => ({ sha: short(x.sha), subject: x.subject })),
      range: c.files.length === 0 ? null : `${short(c.base)}..${c.head === null ? 'working tree' : short(c.head)}`,
      note: c.files.length === 0 ? nothingToShow(result, found.task.title) : null,
    };
  }

  /** Every card whose title, description, summary or agent has every word of `text` (the page filters titles and first lines itself). */
  private textMatches(text: string): Array<[string, number[]]> {
    const words = filterWords(text);
    if (words.length === 0) return [];
    const out: Array<[string, number[]]> = [];
    for (const agent of this.team.team?.agents ?? []) {
      const who = `${agent.name}\n${agent.slug}`.toLowerCase();
      const hits: number[] = [];
      agent.tasks.forEach((t, i) => {
        let low = this.lowered.get(t);
        if (low === undefined) {
          low = `${t.title}\n${t.body}\n${t.summary ?? ''}`.toLowerCase();
          this.lowered.set(t, low);
        }
        if (words.every((w) => low!.includes(w) || who.includes(w))) hits.push(i);
      });
      if (hits.length > 0) out.push([agent.slug, hits]);
    }
    return out;
  }

  /** Runs operations one at a time; answers each with its outcome once the board shows the files as they are. */
  private operation(op: number, run: () => Promise<TaskOutcome>): Promise<void> {
    return this.serialized(async () => {
      let outcome: TaskOutcome;
      try {
        outcome = await run();
      } catch (e) {
        this.ctx.log.error(`Task board: operation failed: ${String(e)}`);
        outcome = { ok: false, message: e instanceof Error ? e.message : String(e) };
      }
      await whenIdle(this.ctx.team, 3000);
      this.update();
      this.postMessage({ type: 'result', op, ok: outcome.ok, message: outcome.message });
      this.resultEmitter.fire({ op, ...outcome });
    });
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private flushReveal(): void {
    if (!this.channel.ready) return;
    if (this.pendingReveal) {
      const agent = this.pendingReveal;
      this.pendingReveal = undefined;
      this.postMessage({ type: 'reveal', agent });
    }
    if (this.pendingShow) {
      const show = this.pendingShow;
      this.pendingShow = undefined;
      this.postMessage(show);
    }
  }

  /**
   * Posts the state: everything (`full`, to a page that just said ready) or what
   * changed since the last post. Lanes whose cards the page lacks go a few thousand
   * cards at a time, so the first screen of a big team paints before the rest arrives.
   */
  private post(full: boolean): void {
    if (this.moreTimer) clearTimeout(this.moreTimer);
    this.moreTimer = undefined;
    const snapshot = this.currentSnapshot();
    const header = JSON.stringify(snapshot.header);
    const agents = JSON.stringify(snapshot.agents);
    const sent = full ? undefined : this.sent;
    const { lanes, revs, more } = lanesToSend(snapshot.agents, snapshot.cards, sent?.revs, sent ? CARDS_PER_MESSAGE : FIRST_MESSAGE_CARDS);
    if (sent && lanes.length === 0 && sent.header === header && sent.agents === agents) return;
    const base = sent ? this.version : null;
    this.version++;
    this.sent = { revs, header, agents };
    this.snapshot = snapshot;
    const message: BoardStateMessage = { type: 'state', version: this.version, base, header: snapshot.header, agents: snapshot.agents, lanes };
    const panel = this.host.panel;
    this.postMessage(message, () => {
      this.postedEmitter.fire(message);
      // The rest of the lanes once this one is through: queued all at once, the later
      // messages would hold up the first one on its way to the page.
      if (more && this.host.panel === panel && this.channel.ready) this.moreTimer = setTimeout(() => this.update(), 0);
    });
  }

  /** Answers a request of the page (a failure is logged and answered with no detail, which the page shows as such). */
  private reply<R extends DetailReply | ChangeDetailReply>(request: RequestMessage, make: () => Omit<R, 'request'> | Promise<Omit<R, 'request'>>, failed: Omit<R, 'request'>): Promise<void> {
    return this.channel.reply<R>(request, make, failed).then((posted) => {
      if (posted) this.messageEmitter.fire(posted);
    });
  }

  private postMessage(message: BoardHostMessage, delivered?: () => void): void {
    void this.channel.post(message).then((ok) => {
      if (!ok) return;
      this.messageEmitter.fire(message);
      delivered?.();
    });
  }

  private currentSnapshot(): BoardSnapshot {
    const t = this.team;
    return this.model.build({
      status: t.status,
      team: t.team,
      header: t.header && { name: t.header.name, path: t.header.path },
      message: t.message,
      trusted: t.trusted,
      now: t.now,
      staleAfterMinutes: t.staleAfterMinutes,
      run: this.ctx.runs && this.ctx.runActions ? (a) => laneRun(this.ctx.runs!.factsOf(a)) : undefined,
      heartbeatMinutes: t.heartbeatMinutes,
      threads: this.threadLinks,
    });
  }

  // ---- reading ---------------------------------------------------------------------

  private find(card: TaskRef): { agent: Agent; task: Task } | undefined {
    const agent = this.team.team?.agents.find((a) => a.slug === card.agent);
    if (!agent) return undefined;
    const i = locateTask(agent.tasks, card);
    return i < 0 ? undefined : { agent, task: agent.tasks[i] };
  }

  private detail(card: TaskRef): CardDetail | null {
    const found = this.find(card);
    if (!found) return null;
    const { agent, task } = found;
    const links: string[] = [];
    const body = renderMarkdown(task.body, links).nodes;
    const summary = task.summary !== null ? renderMarkdown(task.summary, links).nodes : null;
    const reworked = task.fields['Rework of'];
    const originalIndex = reworked === undefined ? -1 : agent.tasks.findIndex((t) => t !== task && t.title === reworked);
    const original = originalIndex >= 0 ? agent.tasks[originalIndex] : undefined;
    const t = this.team;
    return {
      agent: agent.slug,
      agentName: agent.name,
      index: agent.tasks.indexOf(task),
      title: task.title,
      status: task.status,
      started: task.started,
      completed: task.completed,
      line: task.line,
      fields: Object.entries(task.fields),
      body,
      summary,
      source: task.status === 'ready' && task.summary === null ? task.body : null,
      review: task.status === 'done' ? reviewOf(task) : null,
      reworkOf: original ? { index: originalIndex, title: original.title, status: original.status } : null,
      unclaimable: task.status === 'in-progress' && ['down', 'inactive'].includes(agentLiveness(agent, t.now, t.staleAfterMinutes)),
    };
  }

  private async openTask(card: TaskRef): Promise<void> {
    const agent = this.team.team?.agents.find((a) => a.slug === card.agent);
    const fs = this.team.fs;
    if (!agent || !fs) return;
    const found = this.find(card);
    const line = found ? found.task.line - 1 : 0;
    try {
      await vscode.window.showTextDocument(fs.uri(agent.tasksPath), {
        viewColumn: vscode.ViewColumn.Beside,
        preview: true,
        selection: new vscode.Range(line, 0, line, 0),
      });
    } catch (e) {
      void this.ctx.prompts.error(`Cortex: cannot open ${agent.tasksPath}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Opens link number `n` of the task (as the host renders it now): http(s) outside, file: in an editor. */
  private async openLink(card: TaskRef, n: number): Promise<void> {
    const found = this.find(card);
    const fs = this.team.fs;
    if (!found || !fs) return;
    const links: string[] = [];
    renderMarkdown(found.task.body, links);
    if (found.task.summary !== null) renderMarkdown(found.task.summary, links);
    const href = links[n];
    if (href === undefined || !isAllowedLink(href)) return;
    const uri = vscode.Uri.parse(href.trim());
    if (uri.scheme === 'http' || uri.scheme === 'https') {
      await vscode.env.openExternal(uri);
      return;
    }
    // A file link names a file on the machine that holds the team folder (which may be remote).
    const root = fs.root;
    const target = root.scheme === 'file' ? uri : root.with({ path: uri.path, query: '', fragment: '' });
    try {
      await vscode.commands.executeCommand('vscode.open', target, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    } catch (e) {
      void this.ctx.prompts.error(`Cortex: cannot open ${href}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/** The lane header's part of an agent's run facts. */
function laneRun(f: AgentRunFacts): BoardAgentRun {
  return { live: f.live, session: f.session, profile: f.profile ? describeProfile(f.profile) : null, channel: channelOf(f.profile) };
}
