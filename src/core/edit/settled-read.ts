import { CortexConflictError, CortexInputError } from './errors';
import { FileNotFoundError, TeamFs } from '../fs/team-fs';
import { decodeText, hashBytes, isLosslessUtf8 } from '../text/text';
import { Clock } from './clock';

/**
 * Reading a file that other programs write in place (open with truncate, then
 * write): such a file is empty, or half written, for a moment. The text an operation
 * is applied to must not be an emptied file, or the edit would replace the whole file
 * with next to nothing; a half-written one is caught by the writer's check before it
 * replaces the file (the file must still hold exactly what was read).
 */

/** A file's content as read: its text and the hash of its bytes. */
export interface Snapshot {
  readonly exists: boolean;
  readonly text: string;
  readonly hash: string;
}

export const MISSING_HASH = 'missing';
export const EMPTY_HASH = hashBytes(new Uint8Array(0));

/** `readSettled` found no moment at which the file held still. */
export class UnsettledError extends CortexConflictError {}

/** The bytes of `path`, or undefined when it does not exist. */
export async function readOnce(fs: TeamFs, path: string): Promise<Uint8Array | undefined> {
  try {
    return await fs.readFile(path);
  } catch (e) {
    if (e instanceof FileNotFoundError) return undefined;
    throw e;
  }
}

export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * How long a recently modified file must stay empty before an empty read counts as
 * its content (ms). An agent's in-place write empties the file for a moment between
 * truncating and writing; on a busy machine a writer can be descheduled for a long
 * while between the two steps. Only a file emptied recently is suspect (see
 * `RECENT_MS`), and it must read empty for this whole time and keep its modification
 * time (each of a writer's truncations sets a new one).
 */
const EMPTY_PATIENCE_MS = 300;
/** An empty file last modified longer ago than this (ms) is simply empty. */
const RECENT_MS = 2000;
/** How many reads `readSettled` takes before it gives up on a file that keeps being emptied. */
const SETTLE_READS = 200;

/**
 * Reads `path` at a moment it is not empty for a writer between truncating and
 * writing: a file that was emptied a moment ago is read again until it has stayed
 * empty for a while. A non-empty read is taken as it is: should it be half of a
 * write in progress, the writer's check before replacing (the file must still hold
 * exactly what was read) and the watch of the replaced file afterwards catch it. A
 * file that keeps being emptied is an `UnsettledError` (a conflict: nothing was
 * written), never an empty read taken for its content.
 */
export async function readSettled(fs: TeamFs, path: string, clock: Clock): Promise<Uint8Array | undefined> {
  let emptySince = -1;
  let emptyMtime = -1;
  for (let i = 0; i < SETTLE_READS; i++) {
    const bytes = await readOnce(fs, path);
    if (bytes === undefined || bytes.length > 0) return bytes;
    const stat = await fs.stat(path);
    const recent = stat !== undefined && Math.abs(clock.now() - stat.mtimeMs) < RECENT_MS;
    if (!recent) return bytes;
    // A new modification time is another write: the file has been empty only since then.
    if (emptySince < 0 || stat.mtimeMs !== emptyMtime) {
      emptySince = clock.now();
      emptyMtime = stat.mtimeMs;
    }
    if (clock.now() - emptySince >= EMPTY_PATIENCE_MS) return bytes;
    await clock.sleep(2);
  }
  throw new UnsettledError(`${path} kept being emptied and rewritten while it was being read (${SETTLE_READS} reads); nothing was overwritten. Try again.`, path);
}

/** The text of `bytes`; a `CortexInputError` when they are not UTF-8 (such a file is never edited). */
export function snapshotOf(path: string, bytes: Uint8Array | undefined): Snapshot {
  if (bytes === undefined) return { exists: false, text: '', hash: MISSING_HASH };
  const text = decodeText(bytes);
  if (!isLosslessUtf8(bytes, text)) {
    throw new CortexInputError(`${path} is not valid UTF-8 text; it was left as it is (convert it to UTF-8 to edit it here).`);
  }
  return { exists: true, text, hash: hashBytes(bytes) };
}

/** Two reads this far apart (ms) must agree before `readStable` takes a text as written out. */
const STABLE_GAP_MS = 2;

/**
 * Reads a file someone is writing right now (the replaced file, after a late
 * in-place write was seen in it): like `readSettled`, and the content counts only
 * once two reads a moment apart agree, so that half of that write is not taken for
 * the file. `UnsettledError` when it never holds still.
 */
export async function readStable(fs: TeamFs, path: string, clock: Clock): Promise<Uint8Array | undefined> {
  let bytes = await readSettled(fs, path, clock);
  for (let i = 0; i < SETTLE_READS; i++) {
    await clock.sleep(STABLE_GAP_MS);
    const again = await readSettled(fs, path, clock);
    if (sameBytes(bytes, again)) return again;
    bytes = again;
  }
  throw new UnsettledError(`${path} kept changing while it was being read (${SETTLE_READS} reads); nothing was overwritten. Try again.`, path);
}
