import { formatStamp, wallMinutes } from '../../base/time';
import { Task } from './model';

/**
 * When each agent's ready tasks were dispatched, from the activity feed
 * (`.cortex/activity.jsonl`): an idle agent stops ticking, so right after a dispatch its
 * last tick is old although nothing is wrong yet; liveness needs the dispatch time to
 * say "waiting for pickup" instead of "down" (see `agentLiveness`).
 *
 * A task reaches an agent's queue through a `task.dispatched` event (Dispatch Task, the
 * board's Dispatch Again, `cortex-team dispatch`, the MCP `dispatch_task`) or a
 * `task.reassigned` one (the board, `cortex-team reassign`): `payload.agent` names the
 * agent whose queue it joined and `subject` the title. A task written into a file by
 * hand has no event, so it has no dispatch time.
 */

/** The latest dispatch of each title, by agent slug: wall-clock minutes of this machine. */
export type DispatchTimes = ReadonlyMap<string, ReadonlyMap<string, number>>;

const PICKUP_TYPES = ['"task.dispatched"', '"task.reassigned"'];

/**
 * Adds the dispatches in `text` (feed lines) to `into`; lines that are not such events,
 * or not JSON, are skipped (the feed's reader reports those).
 */
export function readDispatchTimes(text: string, into: Map<string, Map<string, number>> = new Map()): Map<string, Map<string, number>> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    // Only lines that can be a dispatch are parsed: a long feed is mostly other events.
    if (!PICKUP_TYPES.some((t) => line.includes(t))) continue;
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof e !== 'object' || e === null) continue;
    const { event_type, subject, timestamp, payload } = e as Record<string, unknown>;
    if (event_type !== 'task.dispatched' && event_type !== 'task.reassigned') continue;
    const agent = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).agent : undefined;
    if (typeof agent !== 'string' || typeof subject !== 'string' || typeof timestamp !== 'string') continue;
    const ms = Date.parse(timestamp);
    if (!Number.isFinite(ms)) continue;
    const at = wallMinutes(new Date(ms));
    let titles = into.get(agent);
    if (!titles) into.set(agent, (titles = new Map()));
    const known = titles.get(subject);
    if (known === undefined || at > known) titles.set(subject, at);
  }
  return into;
}

/**
 * When the agent's waiting work was dispatched: the oldest dispatch among its ready
 * tasks, as a protocol stamp, when every ready task has one; `null` when it has no
 * ready task, when one of them has no known dispatch (it may have waited for long), and
 * when it has a task in progress (it picked up work: it waits for nothing; and
 * `cortex-team status`, which keeps only the next ready task of such a file, gives the
 * same answer).
 */
export function readyDispatchedAt(tasks: readonly Pick<Task, 'title' | 'status'>[], times: ReadonlyMap<string, number> | undefined): string | null {
  let oldest: number | null = null;
  if (tasks.some((t) => t.status === 'in-progress')) return null;
  for (const t of tasks) {
    if (t.status !== 'ready') continue;
    const at = times?.get(t.title);
    if (at === undefined) return null;
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest === null ? null : formatStamp(oldest);
}
