import { randomBytes } from 'crypto';
import { CortexConflictError } from './errors';
import { TeamFs, basename } from '../fs/team-fs';
import { decodeText, encodeText } from '../text/text';
import { Clock } from './clock';
import { ProcessInfo } from './process-info';
import { lockPathFor, tempPathFor } from './temp-names';

/**
 * The lock Cortex writers take turns with on one file: `.<name>.cortex-lock.tmp`,
 * made with a hard link from a temp file (a link fails when the name exists, so
 * exactly one writer gets it). It holds "<pid> <host> <nonce>".
 *
 * The lock is a courtesy among our own processes, not what keeps agents' edits safe
 * (agents never take it; see writer.ts): it is held only while a writer reads,
 * replaces and reads back, never during the settle window.
 *
 * A lock whose process is gone (same host, pid not running) is taken over at once; a
 * lock from another host, or in an older version's format, once it is older than
 * `STALE_LOCK_MS`. Taking over renames the lock away first and checks that what it
 * renamed is the dead holder's, so two writers taking over at once do not both win.
 */
export const STALE_LOCK_MS = 10_000;

export interface Lock {
  /** False when the file system refused to make the link (no hard links there): no lock, and no link checks. */
  readonly linked: boolean;
  /** Set when a dead writer's lock was taken over: its record. */
  readonly tookOver: string | null;
  release(): Promise<void>;
}

export interface LockOptions {
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly who: ProcessInfo;
}

interface Holder {
  readonly pid: number;
  readonly host: string | null;
}

function parseHolder(text: string): Holder | null {
  const parts = text.trim().split(/\s+/);
  const pid = Number(parts[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, host: parts.length >= 3 && /^[0-9a-f]{6}$/.test(parts[1]) ? parts[1] : null };
}

async function readLock(fs: TeamFs, lock: string): Promise<{ text: string; mtimeMs: number } | undefined> {
  const stat = await fs.stat(lock);
  if (!stat) return undefined;
  try {
    return { text: decodeText(await fs.readFile(lock)), mtimeMs: stat.mtimeMs };
  } catch {
    return undefined; // released in between
  }
}

export async function acquireLock(fs: TeamFs, path: string, opts: LockOptions): Promise<Lock> {
  const link = fs.link!.bind(fs);
  const lock = lockPathFor(path);
  const tokenText = `${opts.who.pid} ${opts.who.host} ${randomBytes(6).toString('hex')}\n`;
  const token = encodeText(tokenText);
  const tmp = tempPathFor(path, 'tmp', opts.who);
  await fs.writeFile(tmp, token);
  const deadline = opts.clock.now() + opts.timeoutMs;
  let tookOver: string | null = null;
  try {
    for (let wait = 1; ; wait = Math.min(wait * 2, 8)) {
      try {
        await link(tmp, lock);
        break;
      } catch (e) {
        const held = await readLock(fs, lock);
        if (!held) {
          // Released in between: try again. Any other failure with nothing in the way
          // means this file system has no hard links: no lock, no link checks.
          if ((e as { code?: string }).code === 'EEXIST') continue;
          return { linked: false, tookOver: null, release: async () => undefined };
        }
        const holder = parseHolder(held.text);
        const dead =
          holder !== null && holder.host === opts.who.host
            ? holder.pid !== opts.who.pid && !opts.who.isAlive(holder.pid)
            : opts.clock.now() - held.mtimeMs > STALE_LOCK_MS;
        if (dead) {
          if (await takeOver(fs, path, lock, held.text, opts)) tookOver = held.text.trim();
          continue;
        }
        if (opts.clock.now() >= deadline) {
          throw new CortexConflictError(
            `${path} is being edited by another cortex-team process (${holder ? `process ${holder.pid}` : 'unknown process'}, lock ${basename(lock)}); nothing was written. Try again.`,
            path,
          );
        }
        await opts.clock.sleep(wait + Math.random() * wait);
      }
    }
  } finally {
    await fs.remove(tmp).catch(() => undefined);
  }
  return {
    linked: true,
    tookOver,
    release: async () => {
      // Remove the lock only if it is still ours.
      try {
        if (decodeText(await fs.readFile(lock)) === tokenText) await fs.remove(lock);
      } catch {
        // already gone
      }
    },
  };
}

/** Moves a dead holder's lock out of the way; true when what was moved was that lock. */
async function takeOver(fs: TeamFs, path: string, lock: string, deadText: string, opts: LockOptions): Promise<boolean> {
  // Named after the file, not the lock: one dot, the same pattern the sweep knows.
  const aside = tempPathFor(path, 'tmp', opts.who);
  try {
    await fs.rename(lock, aside);
  } catch {
    return false; // someone else moved it first
  }
  let moved = '';
  try {
    moved = decodeText(await fs.readFile(aside));
  } catch {
    // unreadable: treat as someone else's
  }
  if (moved !== deadText && fs.link) {
    // A live writer took the lock between our look and our rename: give it back.
    await fs.link(aside, lock).catch(() => undefined);
  }
  await fs.remove(aside).catch(() => undefined);
  return moved === deadText;
}
