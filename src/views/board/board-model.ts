/**
 * Turns the parsed team into what the board shows: one lane per agent (coordinator
 * first, then by name) with liveness worked out here, and each agent's cards. Cards
 * are derived once per parsed task list and kept while that list is unchanged, so a
 * store update that re-read one tasks.md rebuilds one lane. Pure (no `vscode`).
 */
import { agentLiveness, tickAgeMinutes } from '../../core/liveness';
import { Agent, Task, Team } from '../../core/model';
import { COORDINATOR_SLUG } from '../team/team-view-model';
import { BoardAgent, BoardCard, BoardHeader, BoardStatus } from './protocol';

export interface BoardModelInput {
  readonly status: BoardStatus;
  readonly team: Team | undefined;
  readonly header: BoardHeader['team'];
  readonly message: string | null;
  readonly trusted: boolean;
  /** Wall-clock minutes. */
  readonly now: number;
  readonly staleAfterMinutes: number;
}

export interface BoardSnapshot {
  readonly header: BoardHeader;
  readonly agents: readonly BoardAgent[];
  /** Cards by agent slug (the same array for a lane as long as its tasks did not change). */
  readonly cards: ReadonlyMap<string, readonly BoardCard[]>;
}

const TEXT_MAX = 240;
const SUMMARY_MAX = 400;

/** The first non-blank line of a body as plain text: list, quote and heading markers and emphasis marks dropped. */
export function firstLine(body: string): string {
  let start = 0;
  for (;;) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    const line = body.slice(start, end).trim();
    if (line !== '' && !/^(`{3,}|~{3,})/.test(line)) return plain(line, TEXT_MAX);
    if (end >= body.length) return '';
    start = end + 1;
  }
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

export function toCard(task: Task, index: number): BoardCard {
  return {
    index,
    title: task.title,
    status: task.status,
    started: task.started,
    completed: task.completed,
    text: firstLine(task.body),
    summary: task.summary !== null && task.summary.trim() !== '' ? oneLine(task.summary) : null,
    line: task.line,
  };
}

export function compareLanes(a: Agent, b: Agent): number {
  const ca = a.slug === COORDINATOR_SLUG ? 0 : 1;
  const cb = b.slug === COORDINATOR_SLUG ? 0 : 1;
  return ca - cb || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

export class BoardModel {
  private readonly cards = new WeakMap<readonly Task[], { readonly rev: number; readonly cards: readonly BoardCard[] }>();
  private nextRev = 1;

  build(input: BoardModelInput): BoardSnapshot {
    const team = input.team;
    const agents: BoardAgent[] = [];
    const cards = new Map<string, readonly BoardCard[]>();
    const projects = new Set<string>();
    for (const p of team?.projects ?? []) projects.add(p.slug);
    for (const a of (team?.agents ?? []).slice().sort(compareLanes)) {
      const lane = this.laneCards(a.tasks);
      for (const p of a.projects) projects.add(p);
      cards.set(a.slug, lane.cards);
      agents.push({
        slug: a.slug,
        name: a.name,
        role: a.role,
        coordinator: a.slug === COORDINATOR_SLUG,
        liveness: agentLiveness(a, input.now, input.staleAfterMinutes),
        tickAgeMinutes: tickAgeMinutes(a, input.now),
        projects: a.projects,
        rev: lane.rev,
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
      },
      agents,
      cards,
    };
  }

  private laneCards(tasks: readonly Task[]): { rev: number; cards: readonly BoardCard[] } {
    let lane = this.cards.get(tasks);
    if (!lane) {
      lane = { rev: this.nextRev++, cards: tasks.map(toCard) };
      this.cards.set(tasks, lane);
    }
    return lane;
  }
}
