/**
 * Seed 002's startup cleanup, said of a record before the server does it: threads older
 * than 7 days are removed, auto records without a workspace after 24 hours. The age is
 * taken from when the thread was created (`createdAt`, else `startedAt` as read). The
 * dashboard only says so; it removes nothing. Pure: the time is given. Also seed 002's
 * "on server startup, any threads left in running status are marked as failed": a
 * running thread nobody has updated for a day is said to be possibly stale.
 */
import { ThreadRecord, threadKind } from './records';

const HOUR_MS = 60 * 60 * 1000;
export const THREAD_MAX_AGE_MS = 7 * 24 * HOUR_MS;
export const AUTO_THREAD_MAX_AGE_MS = 24 * HOUR_MS;
/** How long a running thread may go without an update before it is said to be possibly stale. */
export const RUNNING_QUIET_MS = 24 * HOUR_MS;

/** Why the server's next start removes this thread, or `null` when it keeps it (or its age is not known). */
export function cleanupDue(record: Pick<ThreadRecord, 'createdAt' | 'templateName' | 'workspacePath'>, now: number): string | null {
  const created = record.createdAt !== null ? Date.parse(record.createdAt) : NaN;
  if (!Number.isFinite(created)) return null;
  const age = now - created;
  if (threadKind(record.templateName) === 'auto' && record.workspacePath === null && age > AUTO_THREAD_MAX_AGE_MS) {
    return 'an auto thread without a workspace, older than 24 hours: the thread server removes it when it next starts';
  }
  if (age > THREAD_MAX_AGE_MS) return 'older than 7 days: the thread server removes it when it next starts';
  return null;
}

/**
 * What the server's next start does to a `running` thread that has not been updated for
 * more than a day (`updatedAt`): no file says whether its server still runs, so the
 * dashboard says what happens if it stopped, and changes nothing. `null` for any other
 * thread, or when the time is not known.
 */
export function staleRunning(record: Pick<ThreadRecord, 'status' | 'updatedAt'>, now: number): string | null {
  if (record.status !== 'running' || record.updatedAt === null) return null;
  const updated = Date.parse(record.updatedAt);
  if (!Number.isFinite(updated) || now - updated <= RUNNING_QUIET_MS) return null;
  return 'possibly stale: running, but not updated for more than 24 hours; if its thread server has stopped, the server marks it failed when it next starts';
}
