/**
 * Turns the parsed team into what the board shows: one lane per agent (coordinator
 * first, then by name) with liveness worked out here, and each agent's cards. Cards
 * are derived once per parsed task list and kept while that list is unchanged, so a
 * store update that re-read one tasks.md rebuilds one lane. Pure (no `vscode`).
 */
import { isCoordinator } from '../../core/team/coordinator';
import { agentLiveness, tickAgeMinutes } from '../../core/team/liveness';
import { Agent, Task, Team } from '../../core/team/model';
import { isToReview, reviewOf } from '../../core/review/review-line';
import { ThreadLink } from '../../core/threads/records';
import { BoardAgent, BoardAgentRun, BoardCard, BoardHeader, BoardLaneCards, BoardStatus } from './common/messages';

export interface BoardModelInput {
  readonly status: BoardStatus;
  readonly team: Team | undefined;
  readonly header: BoardHeader['team'];
  readonly message: string | null;
  readonly trusted: boolean;
  /** Wall-clock minutes. */
  readonly now: number;
  readonly staleAfterMinutes: number;
  /** The lane header's run buttons per agent (absent: the dashboard does not run agents). */
  readonly run?: (agent: Agent) => BoardAgentRun | null;
  /** The pickup window (see `agentLiveness`); default half the stale threshold. */
  readonly heartbeatMinutes?: number;
  /** The threads by the task that launched them (`threadsByTask`); absent: none. */
  readonly threads?: ReadonlyMap<string, ThreadLink>;
}

export interface BoardSnapshot {
  readonly header: BoardHeader;
  readonly agents: readonly BoardAgent[];
  /** An agent's cards (the same array as long as its tasks did not change); made when first asked for. */
  cards(slug: string): readonly BoardCard[];
}

/** A card shows at most two lines of text (about 100 characters); the rest is in the detail panel. */
const TEXT_MAX = 120;
const SUMMARY_MAX = 140;

const BLOCK_START = /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>|`{3,}|~{3,}|\|)/;

/**
 * The body's first line as a card shows it: its first paragraph (a hard-wrapped
 * paragraph reads as one line) as plain text, without list, quote and heading
 * markers or emphasis marks; a code fence at the start is skipped.
 */
export function firstLine(body: string): string {
  const lines = body.split(/\r?\n/);
  let i = 0;
  while (i < lines.length && (lines[i].trim() === '' || /^(`{3,}|~{3,})/.test(lines[i].trim()))) i++;
  if (i >= lines.length) return '';
  const parts = [lines[i].trim()];
  for (let j = i + 1; j < lines.length && parts.join(' ').length < TEXT_MAX; j++) {
    const t = lines[j].trim();
    if (t === '' || BLOCK_START.test(t)) break;
    parts.push(t);
  }
  return plain(parts.join(' '), TEXT_MAX);
}

/** A summary as one line of plain text. */
export function oneLine(text: string): string {
  return plain(
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !/^(`{3,}|~{3,})/.test(l))
      .map((l) => l.replace(/^(#{1,6}\s+|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)/, ''))
      .join(' '),
    SUMMARY_MAX,
  );
}

function plain(line: string, max: number): string {
  const s = line
    .replace(/^(#{1,6}\s+|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)/, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function toCard(task: Task, index: number, threads?: ReadonlyMap<string, ThreadLink>): BoardCard {
  const thread = task.id !== null ? threads?.get(task.id) : undefined;
  return {
    index,
    title: task.title,
    status: task.status,
    started: task.started,
    completed: task.completed,
    text: firstLine(task.body),
    summary: task.summary !== null && task.summary.trim() !== '' ? oneLine(task.summary) : null,
    line: task.line,
    review: task.status === 'done' ? (reviewOf(task)?.verdict ?? null) : null,
    thread: thread ? { id: thread.id, status: thread.status } : null,
  };
}

export function compareLanes(a: Agent, b: Agent): number {
  const ca = isCoordinator(a) ? 0 : 1;
  const cb = isCoordinator(b) ? 0 : 1;
  return ca - cb || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** About how many cards one state message carries (a lane is never split). */
export const CARDS_PER_MESSAGE = 4000;
/** The first message is small: the lane list and the cards of the first screens. */
export const FIRST_MESSAGE_CARDS = 1000;

/**
 * Which lanes' cards the next state message carries, given the revisions the page
 * has (`sent`; `undefined`: nothing). A lane the page has in an older version is
 * always sent; lanes it never had fill up to `budget` cards (at least one lane), the
 * rest wait for the next message (`more`). `revs` is what the page has afterwards.
 */
export function lanesToSend(
  agents: readonly BoardAgent[],
  cardsOf: (slug: string) => readonly BoardCard[],
  sent: ReadonlyMap<string, number> | undefined,
  budget: number = CARDS_PER_MESSAGE,
): { lanes: BoardLaneCards[]; revs: Map<string, number>; more: boolean } {
  const lanes: BoardLaneCards[] = [];
  const revs = new Map<string, number>();
  let more = false;
  for (const a of agents) {
    const had = sent?.get(a.slug);
    if (had === a.rev) {
      revs.set(a.slug, a.rev);
    } else if (had !== undefined || budget > 0 || lanes.length === 0) {
      const cards = cardsOf(a.slug);
      lanes.push({ slug: a.slug, cards });
      budget -= Math.max(1, cards.length);
      revs.set(a.slug, a.rev);
    } else {
      more = true;
    }
  }
  return { lanes, revs, more };
}

/** Cards per column (ready, in progress, done, other). */
export function columnCounts(tasks: readonly Task[]): [number, number, number, number] {
  const n: [number, number, number, number] = [0, 0, 0, 0];
  for (const t of tasks) n[t.status === 'ready' ? 0 : t.status === 'in-progress' ? 1 : t.status === 'done' ? 2 : 3]++;
  return n;
}

interface Lane {
  readonly rev: number;
  readonly counts: [number, number, number, number];
  /** Done tasks without a review. */
  readonly toReview: number;
  /** The lane's thread links as text (a change rebuilds its cards and bumps `rev`). */
  readonly links: string;
  cards: readonly BoardCard[] | undefined;
}

export class BoardModel {
  private readonly lanes = new WeakMap<readonly Task[], Lane>();
  private nextRev = 1;

  build(input: BoardModelInput): BoardSnapshot {
    const team = input.team;
    const agents: BoardAgent[] = [];
    const tasksOf = new Map<string, readonly Task[]>();
    const projects = new Set<string>();
    let toReview = 0;
    for (const p of team?.projects ?? []) projects.add(p.slug);
    const threads = input.threads;
    for (const a of (team?.agents ?? []).slice().sort(compareLanes)) {
      const lane = this.lane(a.tasks, threads);
      toReview += lane.toReview;
      for (const p of a.projects) projects.add(p);
      tasksOf.set(a.slug, a.tasks);
      agents.push({
        slug: a.slug,
        name: a.name,
        role: a.role,
        coordinator: isCoordinator(a),
        liveness: agentLiveness(a, input.now, input.staleAfterMinutes, input.heartbeatMinutes),
        tickAgeMinutes: tickAgeMinutes(a, input.now),
        projects: a.projects,
        rev: lane.rev,
        counts: lane.counts,
        run: input.run?.(a) ?? null,
      });
    }
    return {
      header: {
        status: input.status,
        team: input.header,
        message: input.message,
        trusted: input.trusted,
        now: input.now,
        projects: [...projects].sort(),
        toReview,
      },
      agents,
      cards: (slug) => {
        const tasks = tasksOf.get(slug);
        if (!tasks) return [];
        const lane = this.lane(tasks, threads);
        return (lane.cards ??= tasks.map((t, i) => toCard(t, i, threads)));
      },
    };
  }

  private lane(tasks: readonly Task[], threads: ReadonlyMap<string, ThreadLink> | undefined): Lane {
    let lane = this.lanes.get(tasks);
    const links = laneLinks(tasks, threads);
    if (!lane || lane.links !== links) {
      let toReview = 0;
      for (const t of tasks) if (isToReview(t)) toReview++;
      lane = { rev: this.nextRev++, counts: columnCounts(tasks), toReview, links, cards: undefined };
      this.lanes.set(tasks, lane);
    }
    return lane;
  }
}

/** The lane's tasks' threads as one string ('' without threads: no work for a team that has none). */
function laneLinks(tasks: readonly Task[], threads: ReadonlyMap<string, ThreadLink> | undefined): string {
  if (!threads || threads.size === 0) return '';
  let out = '';
  for (const t of tasks) {
    const link = t.id !== null ? threads.get(t.id) : undefined;
    if (link) out += `${t.id}:${link.id}:${link.status};`;
  }
  return out;
}
