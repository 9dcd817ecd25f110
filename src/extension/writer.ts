import * as vscode from 'vscode';
import { EditOp, EditResult, editFile } from '../core/edit';
import { CortexConflictError, CortexInputError } from '../core/errors';
import { Prompts } from './prompts';
import { TeamStore } from './team-store';
import { WorkspaceTrust } from './trust';
import { VscodeTeamFs } from './vscode-team-fs';

/**
 * The one door every write of the extension goes through (the board's moves, Dispatch
 * Task, Register Agent, protocol files, the worklog and mailbox, housekeeping, a new
 * team folder). In order:
 *
 * 1. Restricted Mode: an untrusted workspace writes nothing; the user is told why.
 * 2. Unsaved editors: a file open with unsaved changes is never written over; the
 *    write is refused with `UnsavedChangesError` before anything is written.
 * 3. The write itself: the caller's operation runs on the folder's `TeamFs`; a single
 *    file goes through the core's conflict-safe `editFile` (lock, fresh read, atomic
 *    write, read-back; a file that changed underneath is re-read, never overwritten).
 * 4. The store re-reads the files at once, whether or not the write succeeded, so
 *    every view shows what the files now say.
 */
export interface WriteTarget {
  /** What the write does, completing "Cortex can't …" (Restricted Mode). */
  readonly what: string;
  /** The files it may change, relative to the folder. */
  readonly paths: readonly string[];
  /** The folder, when it is not the team folder (an agent's project, a new team folder). */
  readonly folder?: vscode.Uri;
}

/** A file the write would change has unsaved changes in an editor: nothing was written. */
export class UnsavedChangesError extends CortexConflictError {
  constructor(path: string) {
    super(`${path} has unsaved changes in an editor. Save or revert them first; Cortex does not write over them.`, path);
    this.name = 'UnsavedChangesError';
  }
}

export class TeamWriter {
  constructor(
    private readonly trust: WorkspaceTrust,
    private readonly store: TeamStore,
    private readonly prompts: Prompts,
  ) {}

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
  async write<T>(target: WriteTarget, op: (fs: VscodeTeamFs) => Promise<T>): Promise<T | undefined> {
    if (!this.trusted) {
      void this.explain(target.what);
      return undefined;
    }
    const fs = this.fsFor(target.folder);
    this.checkUnsaved(target.paths, target.folder);
    try {
      return await op(fs);
    } finally {
      if (this.isTeamFolder(fs)) this.store.notifyChanged(target.paths);
    }
  }

  /** One file through the core's conflict-safe edit (`op` gets the text as it is on disk now). */
  edit(target: Omit<WriteTarget, 'paths'> & { readonly path: string }, op: EditOp): Promise<EditResult | undefined> {
    return this.write({ what: target.what, paths: [target.path], folder: target.folder }, (fs) => editFile(fs, target.path, op));
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
