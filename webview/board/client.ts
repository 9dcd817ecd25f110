import { DropPlan } from '../../src/views/board/common/drop';
import { LaneCards, applyPlan, moveStamp } from '../../src/views/board/common/optimistic';
import { BoardAgent, BoardCard, BoardHeader, BoardHostMessage, BoardStateMessage, CardDetail, ChangeDetail, ChangeDetailReply, ChangeSummary, DetailReply, DropTarget } from '../../src/views/board/common/messages';
import { PageRequests } from '../shared/page-requests';
import { BoardActions, warnBoardDropped } from './actions';
import { TaskRef } from '../../src/base/task-ref';

/**
 * The board's data on the page: the host's snapshot (patched lane by lane as
 * versions arrive) with the operations still in flight applied on top, so a drop
 * shows at once and the host's next snapshot takes over. Its requests (a card's
 * details, its changes) are paired with their replies by the shared `PageRequests`.
 * Components subscribe and read `view`; only `actions` posts.
 */
export interface BoardView {
  readonly header: BoardHeader | undefined;
  readonly agents: readonly BoardAgent[];
  /** Cards by agent slug, with the in-flight operations applied. */
  readonly cards: LaneCards;
  /** `slug\ntitle` of the cards an operation is still writing. */
  readonly pending: ReadonlySet<string>;
}

interface PendingOp {
  readonly op: number;
  readonly card: TaskRef;
  readonly plan: DropPlan;
  readonly now: string;
}

/** What the host asked the page to show. */
export type ShowRequest = { readonly kind: 'card'; readonly agent: string; readonly index: number; readonly title: string } | { readonly kind: 'toReview' };

/** Cards (`slug\nindex`) whose full text has every word of `text`. */
export interface TextMatches {
  readonly text: string;
  readonly keys: ReadonlySet<string>;
}

export function pendingKey(agent: string, title: string): string {
  return `${agent}\n${title}`;
}

const NO_CARDS: LaneCards = new Map();

export class BoardClient {
  private version = -1;
  private header: BoardHeader | undefined;
  private agents: readonly BoardAgent[] = [];
  private server: LaneCards = NO_CARDS;
  private ops: PendingOp[] = [];
  private nextOp = 1;
  private readonly requests: PageRequests<DetailReply | ChangeDetailReply>;
  private cached: BoardView | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly results = new Set<(op: number, ok: boolean, message: string | null) => void>();
  private readonly reveals = new Set<(agent: string) => void>();
  private readonly shows = new Set<(show: ShowRequest) => void>();
  /** Each card's changes summary, by `changeKey`. */
  private changeSummaries = new Map<string, ChangeSummary>();
  /** The cards the host found for the filter's text in their full description or summary. */
  private textMatches: TextMatches | undefined;
  private readonly extraListeners = new Set<() => void>();
  /** performance.now() when the first snapshot arrived (for the first-paint figure). */
  firstStateAt: number | undefined;

  constructor(
    private readonly actions: BoardActions,
    onDropped: (reason: string) => void = warnBoardDropped,
  ) {
    this.requests = new PageRequests(onDropped);
  }

  get view(): BoardView {
    if (!this.cached) {
      let cards = this.server;
      const pending = new Set<string>();
      for (const p of this.ops) {
        cards = applyPlan(cards, p.card, p.plan, p.now);
        pending.add(pendingKey(p.plan.kind === 'reassign' ? p.plan.to : p.card.agent, p.card.title));
      }
      this.cached = { header: this.header, agents: this.agents, cards, pending };
    }
    return this.cached;
  }

  /** Operations sent and not answered yet. */
  get inFlight(): number {
    return this.ops.length;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onResult(listener: (op: number, ok: boolean, message: string | null) => void): () => void {
    this.results.add(listener);
    return () => this.results.delete(listener);
  }

  onReveal(listener: (agent: string) => void): () => void {
    this.reveals.add(listener);
    return () => this.reveals.delete(listener);
  }

  /** The host asks to show a card's details, or the cards to review. */
  onShow(listener: (show: ShowRequest) => void): () => void {
    this.shows.add(listener);
    return () => this.shows.delete(listener);
  }

  /** Changes summaries and text matches (kept apart from the view, so they repaint only what shows them). */
  onExtras(listener: () => void): () => void {
    this.extraListeners.add(listener);
    return () => this.extraListeners.delete(listener);
  }

  get changes(): ReadonlyMap<string, ChangeSummary> {
    return this.changeSummaries;
  }

  get matches(): TextMatches | undefined {
    return this.textMatches;
  }

  /** An operation on one card that writes (accept, send back, edit, cancel, unclaim) or the undo: its number, for the result. */
  operation(send: (op: number) => void): number {
    const op = this.nextOp++;
    send(op);
    return op;
  }

  requestChangeDetail(card: TaskRef, reply: (detail: ChangeDetail | null) => void): void {
    this.requests.ask(
      'changeDetail',
      (request) => this.actions.changeDetail(request, card),
      (m) => reply(m.detail),
    );
  }

  receive(message: BoardHostMessage): void {
    switch (message.type) {
      case 'state':
        this.applyState(message);
        return;
      case 'result': {
        const before = this.ops.length;
        this.ops = this.ops.filter((p) => p.op !== message.op);
        if (this.ops.length !== before) this.changed();
        for (const l of this.results) l(message.op, message.ok, message.message);
        return;
      }
      case 'detail':
      case 'changeDetail':
        this.requests.answer(message);
        return;
      case 'reveal':
        for (const l of this.reveals) l(message.agent);
        return;
      case 'showCard':
        for (const l of this.shows) l({ kind: 'card', agent: message.agent, index: message.index, title: message.title });
        return;
      case 'showToReview':
        for (const l of this.shows) l({ kind: 'toReview' });
        return;
      case 'changes': {
        const next = new Map(this.changeSummaries);
        for (const e of message.entries) next.set(e.key, e.summary);
        this.changeSummaries = next;
        for (const l of this.extraListeners) l();
        return;
      }
      case 'matches': {
        const keys = new Set<string>();
        for (const [slug, indexes] of message.cards) for (const i of indexes) keys.add(`${slug}\n${i}`);
        this.textMatches = { text: message.text, keys };
        for (const l of this.extraListeners) l();
        return;
      }
    }
  }

  /**
   * Sends what a drop means (see `planDrop`) and shows its effect at once. Returns the
   * operation's number, or `undefined` when there is nothing to send.
   */
  drop(card: TaskRef & { readonly status: string | null }, target: DropTarget, plan: DropPlan): number | undefined {
    if (plan.kind === 'none' || plan.kind === 'invalid') return undefined;
    const op = this.nextOp++;
    if (plan.kind !== 'refuse-done') {
      const now = moveStamp(this.header?.now ?? 0);
      this.ops.push({ op, card, plan, now });
      this.changed();
    }
    this.actions.drop(op, card, target);
    return op;
  }

  /** "Reassign to…", the agent picked on the host side. */
  reassign(card: TaskRef): number {
    const op = this.nextOp++;
    this.actions.reassign(op, card);
    return op;
  }

  requestDetail(card: TaskRef, reply: (detail: CardDetail | null) => void): void {
    this.requests.ask(
      'detail',
      (request) => this.actions.detail(request, card),
      (m) => reply(m.detail),
    );
  }

  private applyState(m: BoardStateMessage): void {
    if (m.base === null) {
      const cards = new Map<string, readonly BoardCard[]>();
      for (const lane of m.lanes) cards.set(lane.slug, lane.cards);
      this.server = cards;
    } else {
      if (m.base !== this.version) {
        // A version went missing (the page was reloaded meanwhile): start over.
        this.actions.resync();
        return;
      }
      const cards = new Map<string, readonly BoardCard[]>();
      const changed = new Map(m.lanes.map((l) => [l.slug, l.cards] as const));
      for (const a of m.agents) {
        const c = changed.get(a.slug) ?? this.server.get(a.slug);
        if (c) cards.set(a.slug, c);
      }
      this.server = cards;
    }
    this.version = m.version;
    this.header = m.header;
    this.agents = m.agents;
    this.firstStateAt ??= performance.now();
    this.changed();
  }

  private changed(): void {
    this.cached = undefined;
    for (const l of this.listeners) l();
  }
}
