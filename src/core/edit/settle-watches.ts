/**
 * Settle windows that go on after the write answered. A process that stays running
 * (the MCP server, which lives as long as the agent's session) gives the writer a
 * `SettleTracker` (`WriteOptions.background`): the writer then returns as soon as its
 * change is on disk and read back, and hands the rest of its settle window (watching
 * the file, re-applying the change when a stale whole-file writer removes it) to the
 * tracker. A process that exits right after the write (a CLI verb) has no tracker and
 * waits the window out before it answers.
 */

/** What a window that went on in the background did, when it ended with the change in place. */
export interface SettleReport {
  /** How many times the change was applied again after the write had answered. */
  readonly reapplied: number;
}

/** One write's settle window, still running. */
export interface Settling {
  /** The file (team-relative). */
  readonly path: string;
  /** What was written, for messages (the writer's `label`, else the path). */
  readonly label: string;
  /** Who the write was made for, when the tracker knows (the feed's actor). */
  readonly actor?: string;
  /** Resolves when the window passed with the change in place; rejects (a `CortexUnconfirmedError`) when it could not be kept. */
  readonly done: Promise<SettleReport>;
}

/** Where the writer hands a window it does not wait for. */
export interface SettleTracker {
  add(settling: Settling): void;
}

export interface SettleWatchesOptions {
  /** A window ended after the change had to be applied again (`reapplied` times). */
  readonly onReapplied?: (s: Settling, report: SettleReport) => void | Promise<void>;
  /** A window ended without the change: it was written and answered, and is gone now. */
  readonly onUnconfirmed?: (s: Settling, error: unknown) => void | Promise<void>;
}

/**
 * The settle windows of one long-running process: the ones still running, what their
 * ends are reported to, and a way to wait for all of them (before the process exits).
 */
export class SettleWatches implements SettleTracker {
  private readonly running = new Set<Promise<void>>();
  /** How many windows ended, by how: for tests and the log. */
  readonly counts = { settled: 0, reapplied: 0, unconfirmed: 0 };

  constructor(private readonly opts: SettleWatchesOptions = {}) {}

  add(s: Settling): void {
    const ended = s.done.then(
      async (report) => {
        this.counts.settled++;
        if (report.reapplied > 0) {
          this.counts.reapplied++;
          await this.opts.onReapplied?.(s, report);
        }
      },
      async (error: unknown) => {
        this.counts.unconfirmed++;
        await this.opts.onUnconfirmed?.(s, error);
      },
    );
    // A report that fails (the feed could not be written) must not end the process.
    const tracked = ended.catch(() => undefined);
    this.running.add(tracked);
    void tracked.then(() => this.running.delete(tracked));
  }

  /** How many windows are still running. */
  get pending(): number {
    return this.running.size;
  }

  /** Resolves when every window (including ones added meanwhile) has ended and been reported. */
  async drained(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
