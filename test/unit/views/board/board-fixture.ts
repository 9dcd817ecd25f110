// Builders for the task board's tests: cards and agents as the host sends them, and a
// whole state message from a small team of real files read by the real core.
import type { ThreadLink } from '../../../../src/core/threads/records';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { TeamIndex } from '../../../../src/core/team/team-index';
import { BoardModel, BoardSnapshot } from '../../../../src/views/board/board-view-state';
import { BoardAgent, BoardCard, BoardStateMessage } from '../../../../src/views/board/common/messages';
import { NOW, fixtureFiles } from '../../team-fixture';

export { NOW };

export function card(index: number, title: string, status: string | null, more: Partial<BoardCard> = {}): BoardCard {
  return { index, title, status, started: null, completed: null, text: `Do ${title.toLowerCase()}.`, summary: null, line: 1 + index * 5, review: null, thread: null, ...more };
}

export function agent(slug: string, cards: readonly BoardCard[], more: Partial<BoardAgent> = {}): BoardAgent {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (const c of cards) counts[c.status === 'ready' ? 0 : c.status === 'in-progress' ? 1 : c.status === 'done' ? 2 : 3]++;
  return { slug, name: slug.replace(/(^|-)(\w)/g, (_, s: string, c: string) => `${s ? ' ' : ''}${c.toUpperCase()}`), role: null, coordinator: false, liveness: 'alive', tickAgeMinutes: 3, projects: [], rev: 1, counts, run: null, ...more };
}

/** The lanes' cards by slug. */
export function lanes(...entries: Array<[string, readonly BoardCard[]]>): Map<string, readonly BoardCard[]> {
  return new Map(entries);
}

export async function snapshotOf(files: Record<string, string> = fixtureFiles(), trusted = true, threads?: ReadonlyMap<string, ThreadLink>): Promise<BoardSnapshot> {
  const team = await new TeamIndex(new MemoryTeamFs(files)).load();
  return new BoardModel().build({ status: 'ready', team, header: { name: 'larkspur', path: '~/larkspur' }, message: null, trusted, now: NOW, staleAfterMinutes: 30, threads });
}

/** A full state message with every lane's cards. */
export function fullMessage(s: BoardSnapshot, version = 1): BoardStateMessage {
  return { type: 'state', version, base: null, header: s.header, agents: s.agents, lanes: s.agents.map((a) => ({ slug: a.slug, cards: s.cards(a.slug) })) };
}
