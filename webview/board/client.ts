import { DraggedCard, DropPlan } from '../../src/views/board/common/drop';
import { LaneCards, applyPlan, moveStamp } from '../../src/views/board/common/optimistic';
import { BoardAgent, BoardCard, BoardHeader, BoardHostMessage, BoardStateMessage, CardDetail, CardRef, DropTarget } from '../../src/views/board/common/messages';
import { BoardActions } from './actions';

/**
 * The board's data on the page: the host's snapshot (patched lane by lane as
 * versions arrive) with the operations still in flight applied on top, so a drop
 * shows at once and the host's next snapshot takes over. Also pairs requests with
 * their replies. Components subscribe and read `view`; only `actions` posts.
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
  readonly card: DraggedCard;
  readonly plan: DropPlan;
  readonly now: string;
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
  private nextRequest = 1;
  private cached: BoardView | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly details = new Map<number, (detail: CardDetail | null) => void>();
  private readonly results = new Set<(op: number, ok: boolean, message: string | null) => void>();
  private readonly reveals = new Set<(agent: string) => void>();
  /** performance.now() when the first snapshot arrived (for the first-paint figure). */
  firstStateAt: number | undefined;

  constructor(private readonly actions: BoardActions) {}

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
      case 'detail': {
        const reply = this.details.get(message.request);
        this.details.delete(message.request);
        reply?.(message.detail);
        return;
      }
      case 'reveal':
        for (const l of this.reveals) l(message.agent);
        return;
    }
  }

  /**
   * Sends what a drop means (see `planDrop`) and shows its effect at once. Returns the
   * operation's number, or `undefined` when there is nothing to send.
   */
  drop(card: DraggedCard & { readonly status: string | null }, target: DropTarget, plan: DropPlan): number | undefined {
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
  reassign(card: CardRef): number {
    const op = this.nextOp++;
    this.actions.reassign(op, card);
    return op;
  }

  requestDetail(card: CardRef, reply: (detail: CardDetail | null) => void): void {
    const request = this.nextRequest++;
    this.details.set(request, reply);
    this.actions.detail(request, card);
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
