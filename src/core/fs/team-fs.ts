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
