import { CortexUnconfirmedError } from './errors';
import { TeamFs } from '../fs/team-fs';
import { Clock, systemClock } from './clock';
import { TextOperation, WriteTracker, WrittenText } from './operation';
import { UnsettledError, readSettled, snapshotOf } from './settled-read';
import { WriteOptions, WriteOutcome, writeOperation } from './writer';

/**
 * The operations a long-running process (the extension) wrote and has not yet
 * confirmed. A write returns once it is read back; an agent that read the file
 * before it may still write its stale text over it afterwards. The journal keeps
 * each operation for `settleMs` after its last write and, whenever its file changes,
 * checks the operation's effect (`holds`) and applies it again (through the writer,
 * on the file's new text, so the other program's edit stays) when it is gone.
 *
 * How to use it (the extension, from its file watcher):
 *
 *     const journal = new WriteJournal(fs, { settleMs: 2000, onGaveUp: (e, err) => warn(err) });
 *     const r = await journal.write('agents/ada/tasks.md', dispatchOperation(…), { label: 'dispatch "Fix login"' });
 *     watcher.onDidChange((uri) => journal.fileChanged(relative(uri)));
 *     setTimeout(() => journal.check(), journal.nextCheckIn());   // confirms what settled
 *
 * The journal has no timers of its own: `check()` looks at every file with pending
 * operations (call it when `nextCheckIn()` says, and for files a watcher may miss),
 * `fileChanged(path)` at one file. An operation is confirmed when `settleMs` passed
 * since its last write and the file has its effect; it gives up (`onGaveUp`, a
 * `CortexUnconfirmedError`) when it cannot be applied again, or when it is still
 * being undone `limitMs` after its first write. Work on one file is serialized.
 */
export interface JournalOptions {
  /** How long an operation is watched after its last write (ms). */
  readonly settleMs: number;
  /** How long re-applying may go on in all (ms). Default 5 × `settleMs`. */
  readonly limitMs?: number;
  readonly clock?: Clock;
  /** Options for the writer (lock wait, retries…). */
  readonly writer?: Omit<WriteOptions, 'settleMs' | 'settleLimitMs' | 'reapply' | 'clock' | 'ifMissing'>;
  /** An operation was confirmed. */
  readonly onConfirmed?: (entry: JournalEntry) => void;
  /** An operation could not be kept in its file (the error says why); it left the journal. */
  readonly onGaveUp?: (entry: JournalEntry, error: unknown) => void;
  /** An operation was applied again after another program's write removed it. */
  readonly onReapplied?: (entry: JournalEntry) => void;
}

export interface JournalEntry {
  readonly id: number;
  readonly path: string;
  /** What the operation does, for messages ("dispatch "Fix login" to ada"). */
  readonly label: string;
  /** Clock time of the first and the last write of the operation. */
  readonly firstWriteAt: number;
  readonly lastWriteAt: number;
  /** How many times it was applied again. */
  readonly reapplied: number;
}

interface Pending extends JournalEntry {
  readonly op: TextOperation<unknown>;
  readonly ifMissing: 'error' | 'create';
  lastWriteAt: number;
  reapplied: number;
}

export class WriteJournal implements WriteTracker {
  private readonly clock: Clock;
  private readonly limitMs: number;
  private readonly entries: Pending[] = [];
  /** Per file: the work queued on it (one at a time). */
  private readonly queues = new Map<string, Promise<void>>();
  private nextId = 1;

  constructor(
    private readonly fs: TeamFs,
    private readonly opts: JournalOptions,
  ) {
    this.clock = opts.clock ?? systemClock;
    this.limitMs = opts.limitMs ?? 5 * opts.settleMs;
  }

  /**
   * Writes `op` to `path` through the writer (read back at once) and keeps it in the
   * journal until it is confirmed. Errors of the write itself are thrown as the
   * writer throws them (nothing is kept then).
   */
  write<R>(path: string, op: TextOperation<R>, opts: { label?: string; ifMissing?: 'error' | 'create' } = {}): Promise<WriteOutcome<R>> {
    return this.queued(path, async () => {
      const r = await writeOperation(this.fs, path, op, { ...this.opts.writer, ifMissing: opts.ifMissing, clock: this.clock });
      if (r.changed) this.track(path, op as TextOperation<unknown>, r, opts.ifMissing ?? 'error', opts.label);
      return r;
    });
  }

  /**
   * Keeps an operation written elsewhere (a core operation given this journal as
   * `WriteOptions.journal`) until it is confirmed, as `write` does (one without `holds`
   * cannot be checked and is not kept). An earlier operation
   * on the file whose effect this write took away (it held in the text this one was
   * applied to, and not in the text written) is let go: the later write is the newer
   * wish (a card dragged back), not another program's stale text to undo. One whose
   * effect was already gone stays, to be put back.
   */
  track(path: string, op: TextOperation<unknown>, written: WrittenText, ifMissing: 'error' | 'create', label?: string): void {
    for (const e of this.entries.filter((x) => x.path === path)) if (e.op.holds!(written.before) && !e.op.holds!(written.after)) this.remove(e);
    if (!op.holds) return;
    const at = written.lastWriteAt;
    this.entries.push({ id: this.nextId++, path, label: label ?? path, op, ifMissing, firstWriteAt: at, lastWriteAt: at, reapplied: 0 });
  }

  /** The operations not yet confirmed, oldest first. */
  pending(): readonly JournalEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  /** Milliseconds until the next operation can be confirmed (call `check()` then); undefined when nothing is pending. */
  nextCheckIn(): number | undefined {
    if (this.entries.length === 0) return undefined;
    const due = Math.min(...this.entries.map((e) => e.lastWriteAt + this.opts.settleMs));
    return Math.max(0, due - this.clock.now());
  }

  /** The file at `path` changed: re-applies its pending operations whose effect is gone, confirms those that settled. */
  fileChanged(path: string): Promise<void> {
    if (!this.entries.some((e) => e.path === path)) return Promise.resolve();
    return this.queued(path, () => this.checkFile(path));
  }

  /** Looks at every file with pending operations (what `fileChanged` does for one). */
  async check(): Promise<void> {
    const paths = [...new Set(this.entries.map((e) => e.path))];
    await Promise.all(paths.map((p) => this.fileChanged(p)));
  }

  /**
   * Checks every `pollMs` until nothing is pending (for a caller without a watcher,
   * and for tests): resolves when every operation was confirmed or gave up.
   */
  async settled(pollMs = 10): Promise<void> {
    while (this.entries.length > 0) {
      await this.clock.sleep(Math.min(pollMs, this.nextCheckIn() ?? pollMs) || pollMs);
      await this.check();
    }
  }

  /**
   * Forgets the pending operations on these files: the person undid what was written
   * there, so an effect that is gone is no longer to be put back.
   */
  forget(paths: readonly string[]): void {
    for (let i = this.entries.length - 1; i >= 0; i--) if (paths.includes(this.entries[i].path)) this.entries.splice(i, 1);
  }

  /** Forgets every pending operation (the process is going away). */
  dispose(): void {
    this.entries.length = 0;
  }

  private queued<T>(path: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(path) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(path, tail);
    void tail.then(() => {
      if (this.queues.get(path) === tail) this.queues.delete(path);
    });
    return run;
  }

  private async checkFile(path: string): Promise<void> {
    let text: string | null | undefined;
    for (const entry of this.entries.filter((e) => e.path === path)) {
      try {
        if (text === undefined) {
          try {
            const bytes = await readSettled(this.fs, path, this.clock);
            text = bytes === undefined ? null : snapshotOf(path, bytes).text;
          } catch (e) {
            if (e instanceof UnsettledError) return; // being written right now: the next change or check looks again
            throw e;
          }
        }
        if (text !== null && entry.op.holds!(text)) {
          if (this.clock.now() - entry.lastWriteAt >= this.opts.settleMs) {
            this.remove(entry);
            this.opts.onConfirmed?.(entry);
          }
          continue;
        }
        // Forgotten while the file was read (the process is going away, a test reset the
        // file): what is gone is no longer ours to put back.
        if (!this.entries.includes(entry)) continue;
        const now = this.clock.now();
        if (now - entry.firstWriteAt > this.limitMs) {
          throw new CortexUnconfirmedError(
            `${path}: ${entry.label} was written, but another program kept undoing it for ${Math.round((now - entry.firstWriteAt) / 1000)} s; check the file.`,
            path,
          );
        }
        const r = await writeOperation(this.fs, path, entry.op, { ...this.opts.writer, ifMissing: entry.ifMissing, clock: this.clock, reapply: true });
        if (r.changed) {
          entry.lastWriteAt = r.lastWriteAt;
          entry.reapplied++;
          this.opts.onReapplied?.(entry);
        }
        text = undefined; // read again for the next operation
      } catch (e) {
        this.remove(entry);
        this.opts.onGaveUp?.(entry, e);
      }
    }
  }

  private remove(entry: Pending): void {
    const i = this.entries.indexOf(entry);
    if (i >= 0) this.entries.splice(i, 1);
  }
}
