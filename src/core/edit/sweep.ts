import { TeamFs, dirname, isCortexTempName, joinPath } from '../fs/team-fs';
import { Clock } from './clock';
import { ProcessInfo } from './process-info';
import { isLockName, tempOwner } from './temp-names';

/** Temp files whose writer cannot be identified are taken for leftovers after this long (ms). */
export const LEFTOVER_MS = 10 * 60_000;

export interface SweepOptions {
  readonly clock: Clock;
  readonly who: ProcessInfo;
  readonly olderThanMs?: number;
}

/**
 * Removes the temp files killed writers left in the folder of `path` (any file's,
 * not only this one's): at once when the name records a process of this host that is
 * no longer running, else (another host, an older version's name such as
 * `..tasks.md.cortex-lock.tmp.cortex-….tmp`) once older than `LEFTOVER_MS`. Locks
 * have their own rule (lock.ts). Best effort: never fails a write. Returns what it removed.
 */
export async function sweepFolder(fs: TeamFs, path: string, opts: SweepOptions): Promise<string[]> {
  const removed: string[] = [];
  const olderThan = opts.olderThanMs ?? LEFTOVER_MS;
  try {
    const folder = dirname(path);
    for (const e of await fs.list(folder)) {
      if (e.kind !== 'file' || !isCortexTempName(e.name) || isLockName(e.name)) continue;
      const p = joinPath(folder, e.name);
      const owner = tempOwner(e.name);
      let leftover: boolean;
      if (owner && owner.host === opts.who.host) leftover = owner.pid !== opts.who.pid && !opts.who.isAlive(owner.pid);
      else {
        const stat = await fs.stat(p);
        leftover = stat !== undefined && opts.clock.now() - stat.mtimeMs > olderThan;
      }
      if (leftover) {
        await fs.remove(p);
        removed.push(p);
      }
    }
  } catch {
    // Sweeping is a courtesy: never fail an edit over it.
  }
  return removed;
}
