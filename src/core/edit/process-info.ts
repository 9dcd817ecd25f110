import { createHash } from 'crypto';
import { hostname } from 'os';

/**
 * Who a writer is, as recorded in its lock and temp-file names, and whether the
 * process behind such a record is still alive: a lock or temp file of a process that
 * is gone (killed mid-write) is taken over or removed at once.
 *
 * The host is part of the record because team folders can be shared (a network
 * share, a container's bind mount): a process id means something only on its host.
 * Records from another host are judged by age instead.
 */
export interface ProcessInfo {
  readonly pid: number;
  /** A short tag of the host name (6 hex digits). */
  readonly host: string;
  /** Whether process `pid` on this host is alive. */
  isAlive(pid: number): boolean;
}

export function hostTag(name: string = hostname()): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 6);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const thisProcess: ProcessInfo = { pid: process.pid, host: hostTag(), isAlive };
