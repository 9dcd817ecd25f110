import { CortexConflictError, CortexFileError, CortexInputError, CortexUnconfirmedError } from './errors';
import { FileOwnership, FileStat, OwnershipError, TeamFs, dirname } from '../fs/team-fs';
import { encodeText, hashBytes } from '../text/text';
import { Clock, systemClock } from './clock';
import { Doing, fileError, fileErrorMessage } from './file-errors';
import { Lock, acquireLock } from './lock';
import { TextOperation, WriteTracker } from './operation';
import { ProcessInfo, thisProcess } from './process-info';
import { SettleReport, SettleTracker } from './settle-watches';
import { EMPTY_HASH, Snapshot, UnsettledError, readOnce, readSettled, readStable, snapshotOf } from './settled-read';
import { sweepFolder } from './sweep';
import { tempPathFor } from './temp-names';

/**
 * The one door every write of a team file goes through. One call:
 *
 * 1. refuses a symbolic link (and a folder that resolves outside the team folder);
 * 2. takes the Cortex lock of the file (lock.ts), removes what killed writers left
 *    (sweep.ts), and notes the file's mode, owner, group and link count;
 * 3. reads the file as it is now (not in the moment an in-place writer has emptied
 *    it: settled-read.ts) and applies the operation to that text;
 * 4. writes the result to a temp file in the same folder with the same mode, owner and
 *    group and flushes it to disk; keeps a second name (a hard link) of the file it is
 *    about to replace; checks that the file still holds exactly the text the operation
 *    was applied to and renames the temp file over it, with nothing in between
 *    (`TeamFs.renameIf`); flushes the folder. When the file changed meanwhile, it goes
 *    back to 3 with the new text (a bounded number of times, else a
 *    `CortexConflictError`: nothing was written);
 * 5. still under the lock, reads back: the replaced file (an in-place writer that had
 *    it open may have written its edit there, which would be lost: it is put back,
 *    with the operation applied to it) and the path (an agent that read the file
 *    before step 4 may have written its stale text over ours: when the operation's
 *    effect is gone, `holds` says so, and the operation is applied again to the
 *    agent's text, keeping the agent's edit);
 * 6. with a settle window (`settleMs`), releases the lock and keeps watching both for
 *    that long after its last write, re-applying (under the lock again) as in 5
 *    whenever the effect is gone. It gives up after `settleLimitMs` with a
 *    `CortexUnconfirmedError` (the change was written but is not in the file now).
 *    With `background` (a process that stays running), it returns after 5 and the
 *    window goes on in the background, its end reported to the tracker.
 *
 * What is never done: writing a text made from an older read over a newer one (every
 * replace is checked against the bytes the operation was applied to), or removing an
 * agent's edit to make room for ours (a re-apply starts from the agent's text).
 *
 * Files with more than one hard link, and files whose owner this process cannot give
 * a replacement (a non-root writer of another user's file), are written in place
 * instead (the same inode, so links, owner and mode stay): not atomic, and a
 * concurrent in-place write can interleave; everything else is replaced atomically.
 */
export interface WriteOptions {
  /** How many times the operation is applied again after the file changed underneath before giving up. Default 12. */
  readonly retries?: number;
  /** What to do when the file does not exist: `error` (default, a `CortexInputError`) or `create` (the operation sees ''). */
  readonly ifMissing?: 'error' | 'create';
  /** How long to wait for another Cortex writer's lock before giving up (ms). Default 5000. */
  readonly lockTimeoutMs?: number;
  /** Base of the jittered wait after repeated collisions (ms). Default 2. */
  readonly backoffMs?: number;
  /**
   * How long after its last write the writer keeps watching the file and re-applying
   * the operation when another program's stale write removed its effect (ms).
   * Default 0: only the read-back right after the write.
   */
  readonly settleMs?: number;
  /** How long re-applying may go on in all before the writer gives up (ms). Default 5 × `settleMs` (at least 1000). */
  readonly settleLimitMs?: number;
  /** How often the file is looked at during the settle window (ms). Default 5. */
  readonly pollMs?: number;
  /**
   * Answer once the change is on disk and read back, and watch the rest of the settle
   * window in the background: the window is handed to this tracker (which a process
   * that stays running keeps until it ends). Without it the write returns only after
   * the window (a process that exits after the write cannot watch).
   */
  readonly background?: SettleTracker;
  /**
   * The operation was written before (by this process) and is being put back: when
   * the file already has its effect nothing is written, and when it can no longer be
   * applied the error is a `CortexUnconfirmedError` (the journal's re-apply).
   */
  readonly reapply?: boolean;
  readonly clock?: Clock;
  /**
   * Keeps the operation, once written, for later re-applies (the extension's
   * `WriteJournal`); `label` names it in messages. Not used by re-applies.
   */
  readonly journal?: WriteTracker;
  readonly label?: string;
  /** This process, as recorded in lock and temp names (tests pretend to be other processes). */
  readonly who?: ProcessInfo;
}

export interface WriteOutcome<R> {
  /** False when the operation left the text as it was (nothing was written). */
  readonly changed: boolean;
  /** The text the operation was last applied to. */
  readonly before: string;
  /** The text this writer last put in the file. */
  readonly after: string;
  /** What the operation's last application returned. */
  readonly result: R;
  /** How many times the operation ran. */
  readonly attempts: number;
  /** How many times the effect was found gone after a write and applied again. */
  readonly reapplied: number;
  /** True when a settle window passed with the effect in place (false without a window, and when it goes on in the background). */
  readonly settled: boolean;
  /** The record of a dead writer's lock this write took over, if any. */
  readonly tookOverLock: string | null;
  /** When (clock time) this writer last wrote the file; 0 when it did not write. */
  readonly lastWriteAt: number;
}

/** The stat fields that change whenever a file is written or replaced. */
type StatKey = string;
function statKey(s: FileStat | undefined): StatKey {
  return s ? `${s.ino ?? ''}:${s.mtimeMs}:${s.size}` : 'missing';
}

/** Every how many polls the settle window reads the file even though its stat did not change (coarse clocks). */
const READ_EVERY = 10;

export async function writeOperation<R>(fs: TeamFs, path: string, op: TextOperation<R>, opts: WriteOptions = {}): Promise<WriteOutcome<R>> {
  const r = await new Writer(fs, path, op, opts).run();
  if (opts.journal && !opts.reapply && r.changed) opts.journal.track(path, op as TextOperation<unknown>, r, opts.ifMissing ?? 'error', opts.label);
  return r;
}

/** What the writer keeps of the file it replaced: a second name of it, to see late in-place writes. */
interface Replaced {
  readonly path: string;
  /** The hash its content had when it was replaced. */
  readonly hash: string;
  /** Its content was written by this writer (a late write into it was made from our text). */
  readonly ours: boolean;
  /** Looked at once since the replace (the first look reads it whatever its stat says). */
  checked: boolean;
  seen: StatKey;
}

class Writer<R> {
  private readonly clock: Clock;
  private readonly who: ProcessInfo;
  private readonly retries: number;
  private readonly create: boolean;
  private readonly settleMs: number;
  private readonly settleLimitMs: number;
  private readonly pollMs: number;
  private readonly lockTimeoutMs: number;
  private readonly backoffMs: number;
  private readonly reapplyOnly: boolean;
  private readonly background: SettleTracker | undefined;
  private readonly label: string;

  private lock: Lock | null = null;
  /** Inside `locked` (also on file systems without a lock). */
  private holding = false;
  private useLink = false;
  private inPlace = false;
  private keep: FileOwnership | undefined;
  private tookOver: string | null = null;
  private doing: Doing = 'reading';

  /** Hashes of every text this writer put in the file. */
  private readonly ours = new Set<string>();
  /** The hash of what this writer last put in the file. */
  private lastHash: string | null = null;
  private replaced: Replaced | null = null;
  /** The stat of the path at the last look. */
  private seen: StatKey = 'missing';
  private result!: R;
  private before = '';
  private after = '';
  private attempts = 0;
  private reapplied = 0;
  private firstWriteAt = 0;
  private lastWriteAt = 0;
  /** Set when another program's edit, made while we replaced the file, could not be put back. */
  private lateEditLost = false;
  /** The operation's refusal of another program's text we put back. */
  private refused: unknown = null;

  constructor(
    private readonly fs: TeamFs,
    private readonly path: string,
    private readonly op: TextOperation<R>,
    opts: WriteOptions,
  ) {
    this.clock = opts.clock ?? systemClock;
    this.who = opts.who ?? thisProcess;
    this.retries = opts.retries ?? 12;
    this.create = (opts.ifMissing ?? 'error') === 'create';
    this.settleMs = Math.max(0, opts.settleMs ?? 0);
    this.settleLimitMs = opts.settleLimitMs ?? Math.max(1000, 5 * this.settleMs);
    this.pollMs = Math.max(1, opts.pollMs ?? 5);
    this.lockTimeoutMs = opts.lockTimeoutMs ?? 5000;
    this.backoffMs = opts.backoffMs ?? 2;
    this.reapplyOnly = opts.reapply ?? false;
    this.background = opts.background;
    this.label = opts.label ?? path;
  }

  async run(): Promise<WriteOutcome<R>> {
    let handedOn = false;
    try {
      const folder = dirname(this.path);
      if (!this.create && folder !== '' && !(await this.fs.stat(folder))) throw new CortexInputError(`${this.path} does not exist.`);
      await this.refuseLinks();
      // The read-back right after the write keeps the lock: another Cortex writer
      // replacing the file in between would make an in-place edit that landed on the
      // file we replaced impossible to put back.
      const first = await this.locked(async () => {
        const done = await this.applyAndReplace(this.reapplyOnly ? 'again' : 'first');
        if (done === 'written') await this.verifyAfterWrite();
        return done;
      });
      if (first !== 'written') return this.outcome(false, false);
      if (this.reapplyOnly) this.reapplied++;
      if (this.settleMs > 0 && this.background) {
        this.throwIfLost();
        const answered = this.outcome(true, false);
        handedOn = true;
        this.background.add({ path: this.path, label: this.label, done: this.settleInBackground(answered.reapplied) });
        return answered;
      }
      let settled = false;
      if (this.settleMs > 0) settled = await this.settle();
      this.throwIfLost();
      return this.outcome(true, settled);
    } catch (e) {
      throw this.explain(e);
    } finally {
      if (!handedOn) await this.dropReplaced();
    }
  }

  /** The rest of the window after the write answered: how many times it re-applied since. */
  private async settleInBackground(reappliedBefore: number): Promise<SettleReport> {
    try {
      await this.settle();
      this.throwIfLost();
      return { reapplied: this.reapplied - reappliedBefore };
    } catch (e) {
      throw this.explain(e);
    } finally {
      await this.dropReplaced();
    }
  }

  /** What the read-back found that makes the write unconfirmed (an edit it could not keep). */
  private throwIfLost(): void {
    if (this.refused) throw this.refused;
    if (this.lateEditLost) {
      throw new CortexUnconfirmedError(
        `${this.path}: written, but another program wrote to the file twice while it was being replaced; its earlier edit may be missing and may need to be made again.`,
        this.path,
      );
    }
  }

  private outcome(changed: boolean, settled: boolean): WriteOutcome<R> {
    return {
      changed,
      before: this.before,
      after: this.after,
      result: this.result,
      attempts: this.attempts,
      reapplied: this.reapplied,
      settled,
      tookOverLock: this.tookOver,
      lastWriteAt: this.lastWriteAt,
    };
  }

  /** OS errors as sentences; after a write, any failure to confirm is "written, but…". */
  private explain(e: unknown): unknown {
    const err = fileError(e, this.path, this.doing);
    if (this.lastHash === null && !this.reapplyOnly) return err;
    if (err instanceof CortexFileError || err instanceof CortexConflictError) {
      return new CortexUnconfirmedError(`${this.path} was written, but could not be confirmed: ${(err as Error).message}`, this.path);
    }
    return err;
  }

  // ---- files as they are ------------------------------------------------------

  /** A symbolic link is never written through; nor a folder that resolves outside the team folder. */
  private async refuseLinks(): Promise<void> {
    const fs = this.fs;
    if (fs.lstat) {
      const l = await fs.lstat(this.path);
      if (l?.symlink) {
        throw new CortexFileError(
          `${this.path} is a symbolic link; Cortex Team does not write through links (a link can point outside the team folder, and replacing the file would replace the link). Put the file itself there, or edit the file it points to; nothing was changed.`,
          this.path,
          'ELINK',
        );
      }
      if (l?.kind === 'directory') throw new CortexFileError(fileErrorMessage('EISDIR', this.path, 'writing'), this.path, 'EISDIR');
    }
    if (fs.realPath && dirname(this.path) !== '') {
      const real = await fs.realPath(dirname(this.path));
      if (real === null) {
        throw new CortexFileError(
          `The folder of ${this.path} is a symbolic link to a place outside the team folder; Cortex Team writes only inside the team folder. Replace the link with a real folder; nothing was changed.`,
          this.path,
          'ELINK',
        );
      }
    }
  }

  /** Mode, owner, group and link count of the file now (under the lock). */
  private async inspect(): Promise<void> {
    const fs = this.fs;
    const stat = fs.lstat ? await fs.lstat(this.path) : undefined;
    if (stat?.symlink) await this.refuseLinks();
    if (stat && stat.mode !== undefined) {
      this.keep = { mode: stat.mode, uid: stat.uid, gid: stat.gid };
      // Replacing a file with several names would leave the other names on the old content.
      if ((stat.nlink ?? 1) > 1 && fs.overwriteInPlace) this.inPlace = true;
    } else if (!stat && fs.lstat) {
      // A new file gets its folder's owner and group (when this process may give it).
      const folder = await fs.lstat(dirname(this.path));
      this.keep = folder && folder.uid !== undefined ? { uid: folder.uid, gid: folder.gid } : undefined;
    }
  }

  // ---- the lock ---------------------------------------------------------------

  /** Runs `fn` holding the lock (re-entrant: a re-apply from a locked read-back keeps it). */
  private async locked<T>(fn: () => Promise<T>): Promise<T> {
    if (this.holding) return fn();
    this.doing = 'locking';
    if (this.fs.link) {
      this.lock = await acquireLock(this.fs, this.path, { timeoutMs: this.lockTimeoutMs, clock: this.clock, who: this.who });
      this.tookOver ??= this.lock.tookOver;
    }
    this.useLink = this.lock !== null && this.lock.linked;
    this.holding = true;
    try {
      await sweepFolder(this.fs, this.path, { clock: this.clock, who: this.who });
      this.doing = 'reading';
      await this.inspect();
      return await fn();
    } finally {
      this.holding = false;
      await this.lock?.release();
      this.lock = null;
    }
  }

  // ---- apply and replace ------------------------------------------------------

  private async look(from = this.path): Promise<Snapshot> {
    this.doing = 'reading';
    const stat = from === this.path ? await this.fs.stat(this.path) : undefined;
    const snap = snapshotOf(this.path, await readSettled(this.fs, from, this.clock));
    if (from === this.path) this.seen = statKey(stat);
    return snap;
  }

  /**
   * Applies the operation to the file's current text and replaces the file (under
   * the lock). `first`: the first write (the operation's refusals are the caller's
   * input errors). `again`: the effect was found gone; apply to the current text
   * unless it holds again by now.
   */
  private async applyAndReplace(why: 'first' | 'again'): Promise<'written' | 'unchanged' | 'held'> {
    let snap = await this.look();
    for (let attempt = 1; ; attempt++) {
      if (why === 'again' && (snap.hash === this.lastHash || this.op.holds?.(snap.text))) {
        if (this.lastHash === null) this.before = this.after = snap.text;
        return 'held';
      }
      if (!snap.exists && !this.create) {
        if (why === 'first') throw new CortexInputError(`${this.path} does not exist.`);
        throw new CortexUnconfirmedError(`${this.path} was written, but then removed by another program; the change is not there now.`, this.path);
      }
      let next: string;
      try {
        const applied = this.op.apply(snap.text, { exists: snap.exists });
        next = applied.text;
        this.result = applied.result;
      } catch (e) {
        if (why === 'first') throw e;
        throw this.cannotReapply(e);
      }
      this.attempts++;
      this.before = snap.text;
      if (next === snap.text && snap.exists) {
        this.after = snap.text;
        return why === 'first' ? 'unchanged' : 'held';
      }
      const outcome = await this.replace(snap, snap.hash, encodeText(next));
      if (outcome === 'done') {
        this.after = next;
        return 'written';
      }
      if (attempt > this.retries) {
        if (this.lastHash === null) {
          throw new CortexConflictError(`${this.path} kept changing while it was being edited (${attempt} attempts); nothing was overwritten. Try again.`, this.path);
        }
        throw new CortexUnconfirmedError(`${this.path} was written, but another program kept changing the file while the change was being put back (${attempt} attempts); check the file.`, this.path);
      }
      // The text just read is the freshest there is: apply the operation to it at once.
      // Only after repeated collisions wait a little, with jitter.
      if (attempt >= 3) await this.clock.sleep(Math.random() * this.backoffMs * 2 ** Math.min(attempt - 3, 4));
      snap = outcome;
    }
  }

  private cannotReapply(e: unknown): unknown {
    if (!(e instanceof CortexInputError)) return e;
    return new CortexUnconfirmedError(
      `${this.path} was written, but another program then changed the file so that the change is gone and can no longer be made: ${e.message}`,
      this.path,
    );
  }

  /**
   * Puts `bytes` at the path if the file still hashes to `expected`; else returns
   * what the file holds now (nothing written). On success, a second name of the
   * replaced file is kept in `this.replaced` (with hard links).
   */
  private async replace(current: Snapshot, expected: string, bytes: Uint8Array): Promise<'done' | Snapshot> {
    const fs = this.fs;
    this.doing = 'writing';
    if (!current.exists) return this.createNew(bytes);
    if (this.inPlace) return this.overwrite(expected, bytes);
    // Changed since it was read (a new modification time, size or inode): do not even
    // write the temp file, read again.
    if (this.seen !== 'unknown' && statKey(await fs.stat(this.path)) !== this.seen) return await this.look();
    const tmp = tempPathFor(this.path, 'tmp', this.who);
    try {
      try {
        await this.writeTemp(tmp, bytes);
      } catch (e) {
        if (!(e instanceof OwnershipError)) throw e;
        // Only an in-place write keeps another user's file theirs.
        this.inPlace = fs.overwriteInPlace !== undefined;
        if (!this.inPlace) throw e;
        return this.overwrite(expected, bytes);
      }
      const tmpStat = await fs.stat(tmp);
      if (!this.useLink || !fs.link) {
        if (fs.renameIf) {
          if (!(await fs.renameIf(tmp, this.path, this.path, (now) => hashBytes(now) === expected))) return await this.look();
        } else {
          const now = await readOnce(fs, this.path);
          if (now === undefined || hashBytes(now) !== expected) return await this.look();
          await fs.rename(tmp, this.path);
        }
        await fs.syncFolder?.(dirname(this.path));
        this.wrote(bytes, tmpStat);
        return 'done';
      }
      const bak = tempPathFor(this.path, 'bak', this.who);
      try {
        await fs.link(this.path, bak);
      } catch {
        // The file was being replaced that very moment, or it is gone: look again.
        return await this.look();
      }
      let keepBak = false;
      try {
        const bakStat = await fs.stat(bak);
        if (fs.renameIf) {
          // The check reads the path itself, not the second name: a program that
          // renamed its own file in after the link is seen, not replaced.
          if (!(await fs.renameIf(tmp, this.path, this.path, (held) => hashBytes(held) === expected))) return await this.look();
        } else {
          const held = await readOnce(fs, bak);
          if (held === undefined || hashBytes(held) !== expected) return await this.look(bak);
          await fs.rename(tmp, this.path);
        }
        await fs.syncFolder?.(dirname(this.path));
        this.wrote(bytes, tmpStat);
        await this.dropReplaced();
        this.replaced = { path: bak, hash: expected, ours: this.ours.has(expected), checked: false, seen: statKey(bakStat) };
        keepBak = true;
        return 'done';
      } finally {
        if (!keepBak) await fs.remove(bak).catch(() => undefined);
      }
    } finally {
      await fs.remove(tmp).catch(() => undefined);
    }
  }

  private async writeTemp(tmp: string, bytes: Uint8Array): Promise<void> {
    if (this.fs.writeNewFile) await this.fs.writeNewFile(tmp, bytes, this.keep);
    else await this.fs.writeFile(tmp, bytes);
  }

  /** A file that is not there yet: created only if nothing is there (atomically with links). */
  private async createNew(bytes: Uint8Array): Promise<'done' | Snapshot> {
    const fs = this.fs;
    const tmp = tempPathFor(this.path, 'tmp', this.who);
    try {
      try {
        await this.writeTemp(tmp, bytes);
      } catch (e) {
        if (!(e instanceof OwnershipError)) throw e;
        this.keep = undefined; // the folder's owner cannot be given: the file stays ours
        await this.writeTemp(tmp, bytes);
      }
      const tmpStat = await fs.stat(tmp);
      if (this.useLink && fs.link) {
        try {
          await fs.link(tmp, this.path);
        } catch (e) {
          if (await fs.stat(this.path)) return await this.look();
          throw e;
        }
      } else {
        if (await fs.stat(this.path)) return await this.look();
        await fs.rename(tmp, this.path);
      }
      await fs.syncFolder?.(dirname(this.path));
      this.wrote(bytes, tmpStat);
      return 'done';
    } finally {
      await fs.remove(tmp).catch(() => undefined);
    }
  }

  /** The in-place write (several hard links, or an owner we cannot give): checked just before. */
  private async overwrite(expected: string, bytes: Uint8Array): Promise<'done' | Snapshot> {
    const now = await readOnce(this.fs, this.path);
    if (now === undefined || hashBytes(now) !== expected) return await this.look();
    await this.fs.overwriteInPlace!(this.path, bytes);
    this.wrote(bytes, undefined);
    return 'done';
  }

  private wrote(bytes: Uint8Array, stat: FileStat | undefined): void {
    const hash = hashBytes(bytes);
    this.lastHash = hash;
    this.ours.add(hash);
    this.seen = stat ? statKey(stat) : 'unknown';
    this.lastWriteAt = this.clock.now();
    if (this.firstWriteAt === 0) this.firstWriteAt = this.lastWriteAt;
  }

  private async dropReplaced(): Promise<void> {
    const r = this.replaced;
    this.replaced = null;
    if (r) await this.fs.remove(r.path).catch(() => undefined);
  }

  // ---- read-back --------------------------------------------------------------

  /** Right after a write: read back until nothing needs doing, a bounded number of rounds. */
  private async verifyAfterWrite(): Promise<void> {
    for (let round = 0; ; round++) {
      let acted: boolean;
      try {
        acted = await this.verify(true);
      } catch (e) {
        // Being written right now: the settle window looks again.
        if (e instanceof UnsettledError && this.settleMs > 0) return;
        throw e;
      }
      if (!acted) return;
      if (round >= this.retries) {
        throw new CortexUnconfirmedError(`${this.path} was written, but another program kept undoing the change (${round + 1} times); check the file.`, this.path);
      }
    }
  }

  /** Watches the file for `settleMs` after the last write; true when the window passed with the effect in place. */
  private async settle(): Promise<boolean> {
    for (let poll = 1; ; poll++) {
      await this.clock.sleep(this.pollMs);
      let acted: boolean;
      try {
        acted = await this.verify(poll % READ_EVERY === 0);
      } catch (e) {
        if (e instanceof UnsettledError) continue; // it is being written right now: look again
        throw e;
      }
      const now = this.clock.now();
      if (!acted && now - this.lastWriteAt >= this.settleMs) {
        // One last full look before the window closes.
        if (!(await this.verify(true))) return true;
      }
      if (now - this.firstWriteAt > this.settleLimitMs) {
        throw new CortexUnconfirmedError(
          `${this.path} was written, but another program kept undoing the change for ${Math.round((now - this.firstWriteAt) / 1000)} s (it wrote back text it had read before); check the file.`,
          this.path,
        );
      }
    }
  }

  /**
   * One look after a write: a late write into the replaced file is put back; when the
   * path lost the operation's effect, the operation is applied again. `full` reads
   * the files even when their stat did not change. True when it wrote something.
   */
  private async verify(full: boolean): Promise<boolean> {
    const r = this.replaced;
    if (r) {
      const stat = await this.fs.stat(r.path);
      if (full || !r.checked || statKey(stat) !== r.seen) {
        const firstLook = !r.checked;
        r.checked = true;
        r.seen = statKey(stat);
        const held = await readOnce(this.fs, r.path);
        // An empty file may be an in-place writer between truncating and writing: read it settled.
        const same = held !== undefined && hashBytes(held) === r.hash && !(r.hash === EMPTY_HASH && firstLook);
        if (!same) {
          const late = snapshotOf(this.path, await readStable(this.fs, r.path, this.clock));
          if (late.exists && late.hash !== r.hash) return this.putBack(late, r);
        }
      }
    }
    const stat = await this.fs.stat(this.path);
    if (!full && statKey(stat) === this.seen) return false;
    const snap = await this.look();
    if (snap.hash === this.lastHash || !this.op.holds || this.op.holds(snap.text)) return false;
    // Another program wrote text without our change (made from what it read before it).
    const done = await this.locked(() => this.applyAndReplace('again'));
    if (done === 'written') this.reapplied++;
    return done === 'written';
  }

  /**
   * Someone wrote `late` into the file we replaced (they had it open): their edit is
   * not in the file. If the path still holds our bytes, it gets their text with the
   * operation applied (their text as it is when it already has the effect, or was
   * made from ours); else it has moved on and their edit could not be put back.
   */
  private async putBack(late: Snapshot, r: Replaced): Promise<boolean> {
    return this.locked(async () => {
      const expected = this.lastHash!;
      const stat = await this.fs.stat(this.path);
      const now = await readOnce(this.fs, this.path);
      this.seen = statKey(stat);
      if (now === undefined || hashBytes(now) !== expected) {
        this.lateEditLost = true;
        await this.dropReplaced();
        return false;
      }
      let next = late.text;
      if (!(r.ours || (this.op.holds?.(late.text) ?? false))) {
        try {
          const applied = this.op.apply(late.text, { exists: true });
          next = applied.text;
          this.result = applied.result;
          this.attempts++;
        } catch (e) {
          // Their edit makes the operation invalid: their text goes back, without ours.
          this.refused = e;
        }
      }
      const outcome = await this.replace({ exists: true, text: '', hash: expected }, expected, encodeText(next));
      if (outcome !== 'done') {
        this.lateEditLost = true;
        await this.dropReplaced();
        return false;
      }
      this.before = late.text;
      this.after = next;
      return true;
    });
  }
}
