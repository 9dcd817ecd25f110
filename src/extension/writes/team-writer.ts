import * as vscode from 'vscode';
import { Disposable } from '../../base/disposable';
import { ACTIVITY_FILE, ActivityRecord, recordActivity } from '../../core/actions/activity';
import { EditOp, EditOptions, EditResult, editFile } from '../../core/edit/edit-file';
import { WriteJournal } from '../../core/edit/journal';
import { describeFailure } from '../../core/edit/file-errors';
import { CortexConflictError, CortexInputError } from '../../core/edit/errors';
import { Prompts } from '../ui/prompts';
import { TeamStore } from '../team/team-store';
import { WorkspaceTrust } from './trust';
import { VscodeTeamFs } from '../team/vscode-team-fs';

/**
 * The one door every write of the extension goes through (the board's moves, Dispatch
 * Task, Register Agent, protocol files, the worklog and mailbox, housekeeping, a new
 * team folder). In order:
 *
 * 1. Restricted Mode: an untrusted workspace writes nothing; the user is told why.
 * 2. Unsaved editors: a file open with unsaved changes is never written over; the
 *    write is refused with `UnsavedChangesError` before anything is written.
 * 3. The write itself: the caller's operation runs on the folder's `TeamFs` through
 *    the core's one writer (lock, fresh read, atomic and durable replace, read-back;
 *    a file that changed underneath is re-read, never overwritten).
 * 4. The event: a write that went through records what it did in the team's activity
 *    feed (`.cortex/activity.jsonl`, seed 001's envelope, `via: "dashboard"`), as the
 *    agents' writes through the CLI and MCP do. One place for every dashboard write.
 * 5. The store re-reads the files at once, whether or not the write succeeded, so
 *    every view shows what the files now say.
 * 6. Afterwards: a team-folder write of an operation with `holds` (dispatch, worklog
 *    and mailbox entries, message status, register) stays in the team's
 *    `WriteJournal` for `SETTLE_MS` after its last write. Whenever the store reads
 *    one of its files again (the watcher saw a change), the journal checks that the
 *    change is still there and, when an agent's stale whole-file write removed it,
 *    applies it again on the agent's text (the agent's edit stays). When it cannot,
 *    or is still being undone after 5 × `SETTLE_MS`, the user is told.
 */

/** How long the journal watches a write after its last write (ms): agents write back within a second or two of reading. */
export const SETTLE_MS = 2000;
export interface WriteTarget<T = unknown> {
  /** What the write does, completing "Cortex can't …" (Restricted Mode). */
  readonly what: string;
  /** The files it may change, relative to the folder. */
  readonly paths: readonly string[];
  /** The folder, when it is not the team folder (an agent's project, a new team folder). */
  readonly folder?: vscode.Uri;
  /** The team folder whose feed records the event, when it is not the one shown (a new team folder). */
  readonly feedFolder?: vscode.Uri;
  /**
   * The event(s) the write records in the team's activity feed, from what the operation
   * returned (nothing when it returns none: a write that changed nothing records nothing).
   */
  readonly event?: (result: T) => ActivityRecord | readonly ActivityRecord[] | undefined;
}

/** Where the writer reads the time for its events, and logs a feed it could not write. */
export interface WriterClock {
  date(): Date;
}

/** A file the write would change has unsaved changes in an editor: nothing was written. */
export class UnsavedChangesError extends CortexConflictError {
  constructor(path: string) {
    super(`${path} has unsaved changes in an editor. Save or revert them first; Cortex does not write over them.`, path);
    this.name = 'UnsavedChangesError';
  }
}

export class TeamWriter implements Disposable {
  private journal: { readonly fs: VscodeTeamFs; readonly journal: WriteJournal } | undefined;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listener: Disposable;

  constructor(
    private readonly trust: WorkspaceTrust,
    private readonly store: TeamStore,
    private readonly prompts: Prompts,
    private readonly clock: WriterClock,
    private readonly log?: { info(message: string): void; warn(message: string): void },
  ) {
    // Every file the store reads again may be one an agent rewrote over ours.
    this.listener = store.onDidReadFiles((read) => {
      const j = this.journal;
      if (!j || j.fs !== store.fs) return;
      void Promise.all(read.paths.map((p) => j.journal.fileChanged(p))).then(() => this.scheduleCheck());
    });
  }

  dispose(): void {
    this.listener.dispose();
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.journal?.journal.dispose();
    this.journal = undefined;
  }

  /**
   * Stops watching every write made so far (the integration suite, which rewrites its
   * fixture files between tests: within the window the journal would put the last
   * test's changes back, as it does after an agent's stale rewrite).
   */
  forgetPendingWrites(): void {
    this.journal?.journal.dispose();
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
  }

  /** What the journal did since the extension started: confirmed, re-applied, given up (for tests). */
  readonly journalCounts = { confirmed: 0, reapplied: 0, gaveUp: 0 };

  /** The operations written to the team folder and not yet confirmed (for tests and the log). */
  get pendingWrites(): number {
    return this.journal && this.journal.fs === this.store.fs ? this.journal.journal.pending().length : 0;
  }

  get trusted(): boolean {
    return this.trust.trusted;
  }

  /**
   * Runs `work` (a command that ends in writes) only in a trusted workspace; otherwise
   * says why and returns `undefined` without asking a single question.
   */
  async whenTrusted<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    if (!this.trusted) {
      void this.explain(what);
      return undefined;
    }
    return work();
  }

  /**
   * An undo is about to take back what was written to `paths`: the journal stops
   * putting those writes back (it would redo what the person undid).
   */
  forgetPending(paths: readonly string[]): void {
    this.journal?.journal.forget(paths);
  }

  /**
   * Throws `UnsavedChangesError` when one of `paths` has unsaved changes in an editor
   * (a command that asks questions first checks early; `write` checks again).
   */
  checkUnsaved(paths: readonly string[], folder?: vscode.Uri): void {
    const fs = this.fsFor(folder);
    const wanted = new Map(paths.map((p) => [fs.uri(p).toString(), p]));
    const dirty = vscode.workspace.textDocuments.find((d) => d.isDirty && wanted.has(d.uri.toString()));
    if (dirty) throw new UnsavedChangesError(wanted.get(dirty.uri.toString()) ?? dirty.uri.path);
  }

  /**
   * The door: trust, unsaved editors, then `op` on the folder, then the store re-reads
   * `paths` (team folder only). `undefined` when Restricted Mode refused (the user was
   * told); `op`'s errors are the caller's to word.
   */
  async write<T>(target: WriteTarget<T>, op: (fs: VscodeTeamFs, edit: EditOptions) => Promise<T>): Promise<T | undefined> {
    if (!this.trusted) {
      void this.explain(target.what);
      return undefined;
    }
    const fs = this.fsFor(target.folder);
    this.checkUnsaved(target.paths, target.folder);
    const team = this.isTeamFolder(fs);
    // Core operations given these options hand what they wrote to the team's journal.
    const edit: EditOptions = team ? { journal: this.journalFor(fs), label: `the change (${target.what})` } : {};
    let recorded = false;
    try {
      const result = await op(fs, edit);
      recorded = await this.record(target, result);
      return result;
    } finally {
      const paths = [...(team ? target.paths : []), ...(recorded && !target.feedFolder ? [ACTIVITY_FILE] : [])];
      if (paths.length > 0) this.store.notifyChanged(paths);
      if (team) this.scheduleCheck();
    }
  }

  /** One file through the core's conflict-safe edit (`op` gets the text as it is on disk now). */
  edit(target: Omit<WriteTarget<EditResult>, 'paths'> & { readonly path: string }, op: EditOp): Promise<EditResult | undefined> {
    return this.write({ what: target.what, paths: [target.path], folder: target.folder, event: target.event }, (fs, edit) => editFile(fs, target.path, op, edit));
  }

  /**
   * The write's events in the team folder's feed. The write itself happened: a feed
   * that cannot be written is logged, never an error for the user.
   */
  private async record<T>(target: WriteTarget<T>, result: T): Promise<boolean> {
    const team = target.feedFolder ? new VscodeTeamFs(target.feedFolder) : this.store.fs;
    if (!target.event || result === undefined || !team) return false;
    const made = target.event(result);
    const records = made === undefined ? [] : Array.isArray(made) ? (made as readonly ActivityRecord[]) : [made as ActivityRecord];
    if (records.length === 0) return false;
    const at = this.clock.date();
    try {
      for (const r of records) await recordActivity(team, r, at, 'dashboard');
      return true;
    } catch (e) {
      this.log?.warn(`Not recorded in ${ACTIVITY_FILE} (${records.map((r) => r.type).join(', ')}): ${e instanceof Error ? e.message : String(e)}`);
      return true;
    }
  }

  private journalFor(fs: VscodeTeamFs): WriteJournal {
    if (this.journal?.fs === fs) return this.journal.journal;
    this.journal?.journal.dispose();
    const journal = new WriteJournal(fs, {
      settleMs: SETTLE_MS,
      onConfirmed: () => this.journalCounts.confirmed++,
      onReapplied: (e) => {
        this.journalCounts.reapplied++;
        this.log?.info(`${e.path}: another program's write removed ${e.label}; applied it again on its text (${e.reapplied}×).`);
        this.store.notifyChanged([e.path]);
      },
      onGaveUp: (e, error) => {
        this.journalCounts.gaveUp++;
        const message = describeFailure(error).message;
        this.log?.warn(message);
        void this.prompts.warn(`Cortex: ${message}`);
      },
    });
    this.journal = { fs, journal };
    return journal;
  }

  /** Confirms what settled when the next operation's window ends (the watcher covers changes before that). */
  private scheduleCheck(): void {
    const j = this.journal;
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
    const due = j?.journal.nextCheckIn();
    if (!j || due === undefined) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = undefined;
      void j.journal.check().then(() => this.scheduleCheck());
    }, due + 10);
  }

  private fsFor(folder: vscode.Uri | undefined): VscodeTeamFs {
    if (folder) return new VscodeTeamFs(folder);
    const fs = this.store.fs;
    if (!fs) throw new CortexInputError('The team folder is no longer open.');
    return fs;
  }

  private isTeamFolder(fs: VscodeTeamFs): boolean {
    const team = this.store.fs;
    return !!team && (fs === team || fs.root.toString() === team.root.toString());
  }

  private async explain(what: string): Promise<void> {
    const manage = 'Manage Workspace Trust';
    const choice = await this.prompts.warn(`Cortex can't ${what} in Restricted Mode: it only reads the team folder until you trust this workspace.`, manage);
    if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  }
}
