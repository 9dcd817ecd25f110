/**
 * The only way the core touches files. Paths are relative to the team folder and
 * always use `/` ("agents/ada/tasks.md"; "" is the team folder itself), so the core
 * cannot even name a file outside the folder it was given.
 *
 * Adapters: `NodeTeamFs` (CLI, tests on disk), `MemoryTeamFs` (fast tests) and the
 * extension's `vscode.workspace.fs` adapter.
 */
export type FileKind = 'file' | 'directory';

export interface FileStat {
  readonly kind: FileKind;
  readonly size: number;
  readonly mtimeMs: number;
  /**
   * Local file systems only (the Node adapter): what the writer needs to keep a file
   * as it was (permission bits, owner, group, hard links) and to notice that it was
   * replaced (inode). Absent where the adapter cannot tell.
   */
  readonly ino?: number;
  readonly nlink?: number;
  /** Permission bits, with the set-id and sticky bits (`mode & 0o7777`). */
  readonly mode?: number;
  readonly uid?: number;
  readonly gid?: number;
}

/** What `lstat` says: a `FileStat` of the link itself when `symlink`. */
export interface LinkStat extends FileStat {
  readonly symlink: boolean;
}

/** The permission bits and owner a new file should get (see `TeamFs.writeNewFile`). */
export interface FileOwnership {
  readonly mode?: number;
  readonly uid?: number;
  readonly gid?: number;
}

/** `writeNewFile` could not give the file the owner or group it was asked for (only root may give files away). */
export class OwnershipError extends Error {
  constructor(readonly path: string) {
    super(`${path}: cannot set the owner or group`);
    this.name = 'OwnershipError';
  }
}

export interface DirEntry {
  readonly name: string;
  readonly kind: FileKind;
}

export interface TeamFs {
  /** Throws `FileNotFoundError` when the file does not exist. */
  readFile(path: string): Promise<Uint8Array>;
  /** Creates missing parent folders. Not atomic on its own: see `writeAtomic`. */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** `undefined` when nothing is there. */
  stat(path: string): Promise<FileStat | undefined>;
  /** Entries of a folder; an empty list when the folder does not exist. */
  list(path: string): Promise<DirEntry[]>;
  /** Replaces `to` when it exists (atomic on one file system). */
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; no error when it is already gone. */
  remove(path: string): Promise<void>;
  /**
   * Optional: a second name for the same file (a hard link). Lets the editor check,
   * after replacing a file, that nobody wrote to the old one in between.
   */
  link?(existing: string, newPath: string): Promise<void>;

  // What the writer uses on local file systems to keep a file as it was and make a
  // write durable. Each is optional: without it the writer does without (see edit.ts).

  /** Optional: like `stat`, but a symbolic link is reported (`symlink: true`), not followed. */
  lstat?(path: string): Promise<LinkStat | undefined>;
  /**
   * Optional: the team-relative path of `path` (or of its nearest existing folder)
   * with every symbolic link resolved; `null` when that lies outside the team folder.
   */
  realPath?(path: string): Promise<string | null>;
  /**
   * Optional: creates `path`, which must not exist (exclusive), with `data` and the
   * given permission bits, owner and group, and flushes it to disk before returning.
   * Throws `OwnershipError` (and leaves nothing behind) when the owner or group
   * cannot be set.
   */
  writeNewFile?(path: string, data: Uint8Array, like?: FileOwnership): Promise<void>;
  /**
   * Optional: overwrites an existing file in place (the same inode, so hard links,
   * owner and mode stay) and flushes it to disk. Not atomic: for files the writer
   * cannot replace without breaking something.
   */
  overwriteInPlace?(path: string, data: Uint8Array): Promise<void>;
  /**
   * Optional: renames `from` over `to` only when the content of `guard` passes
   * `check`, as one uninterrupted step of the adapter (no other task of this process
   * runs in between), so that the moment in which another program could write the
   * file between the check and the rename is as short as the system allows. False
   * (nothing renamed) when the check fails.
   */
  renameIf?(from: string, to: string, guard: string, check: (bytes: Uint8Array) => boolean): Promise<boolean>;
  /** Optional: flushes a folder's entries to disk, after a rename or a link in it. */
  syncFolder?(path: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`${path} does not exist`);
    this.name = 'FileNotFoundError';
  }
}

/** Joins team-relative path segments with `/`, ignoring empty ones. */
export function joinPath(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('/');
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Names the core uses for its own short-lived files; watchers and scans skip them. */
export function isCortexTempName(name: string): boolean {
  return name.startsWith('.') && name.includes('.cortex-') && (name.endsWith('.tmp') || name.endsWith('.bak'));
}
