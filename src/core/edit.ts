import { randomBytes } from 'crypto';
import { CortexConflictError, CortexInputError } from './errors';
import { FileNotFoundError, TeamFs, basename, dirname, isCortexTempName, joinPath } from './fs/team-fs';
import { decodeText, encodeText, hashBytes, isLosslessUtf8 } from './text';

/**
 * The core's only way to change a file. Every write is an operation applied to the
 * text as it is on disk right now; the core never serializes a file from its model.
 *
 * `writeAtomic` puts new bytes in place through a temp file in the same folder and a
 * rename, so a crash leaves the old or the new file, never a torn one.
 *
 * `editFile` adds optimistic concurrency on top: read the bytes and their hash, apply
 * the operation, and just before writing read the file again; when it changed in the
 * meantime (an agent ticked, claimed a task, another tool wrote), the operation is
 * applied again to the new text, a bounded number of times, else the edit fails with
 * a `CortexConflictError` and nothing is overwritten.
 *
 * The gap between "read again" and "rename" is closed as far as a file system allows
 * when the adapter can make hard links (`TeamFs.link`, the CLI's Node adapter):
 *
 * 1. Cortex writers take a short-lived lock (`.<name>.cortex-lock.tmp`, created with
 *    `link`, which fails when the name exists), so two of our own processes never
 *    race each other's rename.
 * 2. The current file is hard-linked to a `.bak` temp name. That name now holds the
 *    very inode the rename is about to replace. Its content is checked against the
 *    text the operation was applied to (mismatch: apply again to what it holds).
 * 3. The new temp file is renamed over the file.
 * 4. The `.bak` name is read again. Agents write in place (open, truncate, write), so
 *    an agent that wrote between step 2 and step 3 wrote into the old inode, which
 *    the rename just detached from the file name: its edit is now only in the `.bak`.
 *    If the `.bak` differs from what was checked, the operation is applied again to
 *    that content (which holds the agent's edit) and the result replaces the file
 *    again, checked the same way against what we put there. Their edit is not lost.
 * 5. The `.bak` name is always removed.
 *
 * A writer that replaces the file by rename (not in place) between steps 2 and 3 is
 * the one case that cannot be detected; the window is a few microseconds. If the
 * in-place writer writes again after step 4 read its edit, before it could be put
 * back (it then worked from our text), the edit fails with a `CortexConflictError`
 * that says so: our change is in the file, their earlier edit may not be.
 *
 * In-place writes are not atomic, so every text the operation is applied to is read
 * "settled" (`readSettled`): two reads a moment apart must agree, and a file that
 * was emptied just now is read again for a while, because an empty read between a
 * writer's truncate and its write, taken for the content, would make the edit
 * replace the whole file with next to nothing.
 */

export interface EditOptions {
  /** How many times the operation is applied again after the file changed underneath. Default 8. */
  readonly retries?: number;
  /** What to do when the file does not exist: `error` (default, a `CortexInputError`) or `create` (the operation sees ''). */
  readonly ifMissing?: 'error' | 'create';
  /** How long to wait for another Cortex writer's lock before giving up (ms). Default 5000. */
  readonly lockTimeoutMs?: number;
  /** Base of the jittered wait after repeated collisions (ms). Default 2. */
  readonly backoffMs?: number;
}

export interface EditResult {
  /** False when the operation left the text as it was (nothing was written). */
  readonly changed: boolean;
  /** The text the operation was last applied to. */
  readonly before: string;
  /** The text now in the file (as written by this edit). */
  readonly after: string;
  /** How many times the operation ran. */
  readonly attempts: number;
}

/** A text transform applied to the file's current content; throws `CortexInputError` for bad input. */
export type EditOp = (text: string) => string;

/** A temp name next to `path` that scans and watchers skip (see `isCortexTempName`). */
export function tempPathFor(path: string, kind: 'tmp' | 'bak'): string {
  return joinPath(dirname(path), `.${basename(path)}.cortex-${randomBytes(6).toString('hex')}.${kind}`);
}

/** The lock name Cortex writers use for `path`. */
export function lockPathFor(path: string): string {
  return joinPath(dirname(path), `.${basename(path)}.cortex-lock.tmp`);
}

/** Writes `bytes` to `path` through a temp file in the same folder and a rename; the temp file is removed on failure. */
export async function writeAtomic(fs: TeamFs, path: string, bytes: Uint8Array): Promise<void> {
  const tmp = tempPathFor(path, 'tmp');
  try {
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, path);
  } catch (e) {
    await fs.remove(tmp).catch(() => undefined);
    throw e;
  }
}

/**
 * Creates `path` with `bytes` only when nothing is there. Returns false (and writes
 * nothing) when the file exists. With `link` the check and the creation are one
 * atomic step; without it there is a short window between them.
 */
export async function createExclusive(fs: TeamFs, path: string, bytes: Uint8Array): Promise<boolean> {
  if (await fs.stat(path)) return false;
  const tmp = tempPathFor(path, 'tmp');
  try {
    await fs.writeFile(tmp, bytes);
    if (fs.link) {
      try {
        await fs.link(tmp, path);
        return true;
      } catch {
        if (await fs.stat(path)) return false;
        // No hard links on this file system: fall back to check-then-rename.
      }
    }
    if (await fs.stat(path)) return false;
    await fs.rename(tmp, path);
    return true;
  } finally {
    await fs.remove(tmp).catch(() => undefined);
  }
}

/** A file's text (see `decodeText`); `undefined` when missing; `CortexInputError` when it is not UTF-8. */
export async function readTextFile(fs: TeamFs, path: string): Promise<string | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (e) {
    if (e instanceof FileNotFoundError) return undefined;
    throw e;
  }
  return snapshotOf(path, bytes).text;
}

interface Snapshot {
  readonly exists: boolean;
  readonly text: string;
  readonly hash: string;
}

const MISSING_HASH = 'missing';
const EMPTY_HASH = hashBytes(new Uint8Array(0));

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readOnce(fs: TeamFs, path: string): Promise<Uint8Array | undefined> {
  try {
    return await fs.readFile(path);
  } catch (e) {
    if (e instanceof FileNotFoundError) return undefined;
    throw e;
  }
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * How long a recently modified file must stay empty before an empty read counts as
 * its content (ms). An agent's in-place write empties the file for a moment between
 * truncating and writing; taking such a moment for the file's content would make an
 * edit of "nothing" replace the whole file. On a busy machine a writer can be
 * descheduled for a long while between the two steps. Only a file emptied recently
 * is suspect (see `RECENT_MS`), and the file must read empty for this whole time:
 * a writer that keeps rewriting the file empties it again and again, but only for
 * moments, and must never be caught in one of them: on a loaded machine one short
 * sleep can outlast this whole time, so the file must also keep its modification
 * time (each of the writer's truncations sets a new one).
 */
const EMPTY_PATIENCE_MS = 300;
/** An empty file last modified longer ago than this (ms) is simply empty. */
const RECENT_MS = 2000;
/** Two reads this far apart (ms) must agree before a text counts as written out. */
const SETTLE_MS = 2;
/** How many reads `readSettled` takes before it gives up on a file that never holds still. */
const SETTLE_READS = 200;

/** `readSettled` found no moment at which the file held still. */
class UnsettledError extends CortexConflictError {}

/**
 * Reads a file the way a text to edit must be read when other programs write it in
 * place (open with truncate, then write): a file that was emptied a moment ago is
 * read again until it has stayed empty for a while, in case its writer is between
 * the two steps, and the content counts only once two reads a moment apart agree,
 * so a half-written file is not taken for the file. A file that never holds still
 * long enough is an `UnsettledError` (a conflict: nothing was written), never its
 * latest, possibly torn or emptied, read.
 */
async function readSettled(fs: TeamFs, path: string): Promise<Uint8Array | undefined> {
  let emptySince = -1;
  let emptyMtime = -1;
  let bytes = await readOnce(fs, path);
  for (let i = 0; i < SETTLE_READS; i++) {
    if (bytes === undefined) return undefined;
    if (bytes.length === 0) {
      const stat = await fs.stat(path);
      const recent = stat !== undefined && Math.abs(Date.now() - stat.mtimeMs) < RECENT_MS;
      // A new modification time is another write: the file has been empty only since then.
      if (recent && (emptySince < 0 || stat.mtimeMs !== emptyMtime)) {
        emptySince = Date.now();
        emptyMtime = stat.mtimeMs;
      }
      if (recent && Date.now() - emptySince < EMPTY_PATIENCE_MS) {
        await sleep(2);
        bytes = await readOnce(fs, path);
        if (bytes === undefined || bytes.length > 0) emptySince = -1;
        continue;
      }
    }
    await sleep(SETTLE_MS);
    const again = await readOnce(fs, path);
    if (sameBytes(bytes, again)) return again;
    if (again === undefined || again.length > 0) emptySince = -1;
    bytes = again;
  }
  throw new UnsettledError(`${path} kept changing while it was being read (${SETTLE_READS} reads); nothing was overwritten. Try again.`, path);
}

function snapshotOf(path: string, bytes: Uint8Array | undefined): Snapshot {
  if (bytes === undefined) return { exists: false, text: '', hash: MISSING_HASH };
  const text = decodeText(bytes);
  if (!isLosslessUtf8(bytes, text)) {
    throw new CortexInputError(`${path} is not valid UTF-8 text; it was left as it is (convert it to UTF-8 to edit it here).`);
  }
  return { exists: true, text, hash: hashBytes(bytes) };
}

type Outcome =
  | { readonly kind: 'done' }
  /** The file is not what the operation was applied to: apply again to `snap`. */
  | { readonly kind: 'changed'; readonly snap: Snapshot }
  /** Our bytes are in place, but someone wrote to the replaced file in between: apply again to `snap`, replacing `expected`. */
  | { readonly kind: 'lost'; readonly snap: Snapshot; readonly expected: string };

/**
 * Applies `op` to the current text of `path` and writes the result (see the module
 * comment for how concurrent writers are handled). Nothing is written when the text
 * is unchanged or when `op` throws.
 */
export async function editFile(fs: TeamFs, path: string, op: EditOp, opts: EditOptions = {}): Promise<EditResult> {
  const retries = opts.retries ?? 8;
  const backoff = opts.backoffMs ?? 2;
  const create = (opts.ifMissing ?? 'error') === 'create';
  const folder = dirname(path);
  if (!create && folder !== '' && !(await fs.stat(folder))) throw new CortexInputError(`${path} does not exist.`);
  const lock = fs.link ? await acquireLock(fs, path, opts.lockTimeoutMs ?? 5000) : null;
  const useLink = lock !== null && lock.linked;
  try {
    let snap = snapshotOf(path, await readSettled(fs, path));
    // The hash the file must have when we replace it: normally that of the text the op
    // is applied to; after a lost in-place write, that of the bytes we put there.
    let expected = snap.hash;
    let recovering = false;
    // Set when the text being restored was written over our own bytes: the other
    // writer read our change and built on it (an agent claimed the task we dispatched).
    let theirsBuiltOnOurs = false;
    for (let attempt = 1; ; attempt++) {
      if (!snap.exists && !create && !recovering) throw new CortexInputError(`${path} does not exist.`);
      let next: string;
      let refused: unknown = null;
      try {
        next = op(snap.text);
      } catch (e) {
        if (!recovering) throw e;
        // The other writer's edit (now only in the replaced file) makes the operation
        // invalid: put their text back. When that text was made from ours, our change
        // took effect and they acted on it; else report why ours was not applied.
        next = snap.text;
        refused = theirsBuiltOnOurs ? null : e;
      }
      if (next === snap.text && !recovering) return { changed: false, before: snap.text, after: snap.text, attempts: attempt };
      const bytes = encodeText(next);
      let outcome: Outcome;
      try {
        outcome = await replace(fs, path, snap.exists || recovering, expected, bytes, useLink);
      } catch (e) {
        // While restoring, our earlier bytes are in the file: "nothing was overwritten" would be untrue.
        if (recovering && e instanceof UnsettledError) throw keptWriting(path);
        throw e;
      }
      if (outcome.kind === 'done') {
        await sweepLeftovers(fs, path);
        if (refused) throw refused;
        return { changed: true, before: snap.text, after: next, attempts: attempt };
      }
      if (outcome.kind === 'lost') {
        // Our bytes are in the file but an in-place edit went to the replaced inode.
        if (attempt > retries + 5) throw keptWriting(path);
        // While recovering, the replaced file held the bytes we had put there.
        theirsBuiltOnOurs = recovering;
        snap = outcome.snap;
        expected = outcome.expected;
        recovering = true;
        continue;
      }
      if (recovering && outcome.snap.hash === expected && attempt <= retries + 5) continue; // still ours: try the restore again
      if (recovering) {
        // The file moved on from what we put there before the other writer's edit
        // could be restored: our change is in the file, theirs may not be.
        throw new CortexConflictError(
          `${path}: written, but another program changed the file twice while it was being replaced; its earlier edit may need to be made again.`,
          path,
        );
      }
      if (attempt > retries) {
        throw new CortexConflictError(
          `${path} kept changing while it was being edited (${attempt} attempts); nothing was overwritten. Try again.`,
          path,
        );
      }
      // The text just read is the freshest there is: apply the operation to it at once
      // (a writer that just wrote is least likely to write again right now). Only
      // after repeated collisions wait a little, with jitter.
      if (attempt >= 3) await sleep(Math.random() * backoff * 2 ** Math.min(attempt - 3, 4));
      snap = outcome.snap;
      expected = snap.hash;
    }
  } finally {
    await lock?.release();
  }
}

function keptWriting(path: string): CortexConflictError {
  return new CortexConflictError(
    `${path}: written, but another program kept writing to the file while it was replaced; its latest edit may need to be made again.`,
    path,
  );
}

/** Puts `bytes` at `path` if the file still hashes to `expected` (see the module comment). */
async function replace(
  fs: TeamFs,
  path: string,
  exists: boolean,
  expected: string,
  bytes: Uint8Array,
  useLink: boolean,
): Promise<Outcome> {
  /** The file is not what we expected: what it settles to is the text to apply the operation to. */
  const changed = async (from: string): Promise<Outcome> => ({ kind: 'changed', snap: snapshotOf(path, await readSettled(fs, from)) });
  if (!exists) {
    if (await createExclusive(fs, path, bytes)) return { kind: 'done' };
    return await changed(path);
  }
  const tmp = tempPathFor(path, 'tmp');
  try {
    await fs.writeFile(tmp, bytes);
    if (!useLink || !fs.link) {
      const current = await readOnce(fs, path);
      if (current === undefined || hashBytes(current) !== expected) return await changed(path);
      await fs.rename(tmp, path);
      return { kind: 'done' };
    }
    const bak = tempPathFor(path, 'bak');
    try {
      try {
        await fs.link(path, bak);
      } catch {
        // The file was being replaced that very moment (a rename leaves the old inode
        // unlinkable), or it is gone: look again.
        return await changed(path);
      }
      const current = await readOnce(fs, bak);
      if (current === undefined || hashBytes(current) !== expected) return await changed(bak);
      await fs.rename(tmp, path);
      // An in-place writer that opened the file before the rename truncated it then:
      // the old inode no longer holds what we checked. (When it was empty already,
      // `readSettled` waits for such a writer if the file was touched just now.)
      const old = await readOnce(fs, bak);
      if (old !== undefined && hashBytes(old) === expected && expected !== EMPTY_HASH) return { kind: 'done' };
      let settled: Snapshot;
      try {
        settled = snapshotOf(path, await readSettled(fs, bak));
      } catch (e) {
        // Our bytes are in place; the replaced file never held still to be read back.
        if (e instanceof UnsettledError) throw keptWriting(path);
        throw e;
      }
      if (settled.hash === expected) return { kind: 'done' };
      return { kind: 'lost', snap: settled, expected: hashBytes(bytes) };
    } finally {
      await fs.remove(bak).catch(() => undefined);
    }
  } finally {
    await fs.remove(tmp).catch(() => undefined);
  }
}

/** Temp files of `path` older than this (ms) are leftovers of a killed process. */
const LEFTOVER_MS = 10 * 60_000;

/**
 * Removes temp files a killed writer left next to `path` (its own `.tmp`/`.bak`
 * names, not the lock, which has its own rule). Best effort, after a successful edit.
 */
export async function sweepLeftovers(fs: TeamFs, path: string, olderThanMs = LEFTOVER_MS): Promise<string[]> {
  const removed: string[] = [];
  try {
    const prefix = `.${basename(path)}.cortex-`;
    const lock = basename(lockPathFor(path));
    for (const e of await fs.list(dirname(path))) {
      if (e.kind !== 'file' || !e.name.startsWith(prefix) || e.name === lock || !isCortexTempName(e.name)) continue;
      const p = joinPath(dirname(path), e.name);
      const stat = await fs.stat(p);
      if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
        await fs.remove(p);
        removed.push(p);
      }
    }
  } catch {
    // Sweeping is a courtesy: never fail an edit over it.
  }
  return removed;
}

/** How old a lock may get before it is taken for the leftover of a killed process (ms). */
const STALE_LOCK_MS = 10_000;

interface Lock {
  /** False when the file system refused to make the link (no hard links there): no lock, no link checks. */
  readonly linked: boolean;
  release(): Promise<void>;
}

async function acquireLock(fs: TeamFs, path: string, timeoutMs: number): Promise<Lock> {
  const link = fs.link!.bind(fs);
  const lock = lockPathFor(path);
  const token = encodeText(`${process.pid} ${randomBytes(6).toString('hex')}\n`);
  const tmp = tempPathFor(lock, 'tmp');
  await fs.writeFile(tmp, token);
  const deadline = Date.now() + timeoutMs;
  try {
    for (let wait = 1; ; wait = Math.min(wait * 2, 8)) {
      try {
        await link(tmp, lock);
        break;
      } catch (e) {
        const held = await fs.stat(lock);
        if (!held) {
          // Released in between: try again. Any other failure with nothing in the way
          // means this file system has no hard links: no lock, no link checks.
          if ((e as { code?: string }).code === 'EEXIST') continue;
          return { linked: false, release: async () => undefined };
        }
        if (Date.now() - held.mtimeMs > STALE_LOCK_MS) {
          await fs.remove(lock);
          continue;
        }
        if (Date.now() > deadline) {
          throw new CortexConflictError(
            `${path} is being edited by another cortex-team process (lock ${basename(lock)}); nothing was written. Try again.`,
            path,
          );
        }
        await sleep(wait + Math.random() * wait);
      }
    }
  } finally {
    await fs.remove(tmp).catch(() => undefined);
  }
  return {
    linked: true,
    release: async () => {
      // Remove the lock only if it is still ours.
      try {
        const held = await fs.readFile(lock);
        if (hashBytes(held) === hashBytes(token)) await fs.remove(lock);
      } catch {
        // already gone
      }
    },
  };
}
