import { CortexFileError, FailureKind, failureKind } from './errors';

/**
 * Operating-system errors as sentences: which file, what happened, what to do. The
 * writer turns every error of the file system into a `CortexFileError` through
 * `fileError`, so that nobody sees a bare `EACCES: permission denied, open '…'`.
 */

/** The system's error code of `e` (`EACCES`…), or undefined when it has none. */
export function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** What the writer was doing, as a verb phrase: "writing", "reading", "creating". */
export type Doing = 'reading' | 'writing' | 'creating' | 'locking' | 'listing';

/** The sentence for an error code `code` met while `doing` `file`. */
export function fileErrorMessage(code: string, file: string, doing: Doing, detail?: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `Permission denied ${doing} ${file}: check that you may ${doing === 'reading' || doing === 'listing' ? 'read' : 'write'} it and its folder (ls -l shows owner and mode); nothing was changed.`;
    case 'EISDIR':
      return `${file} is a folder where a file should be: rename or remove that folder, then try again; nothing was changed.`;
    case 'ENOTDIR':
      return `A part of the path ${file} is a file where a folder should be: check the folders above it; nothing was changed.`;
    case 'ENAMETOOLONG':
      return `The path ${file} is too long for the file system: use a shorter name (or a team folder with a shorter path); nothing was changed.`;
    case 'ENOSPC':
      return `The disk that holds ${file} is full: free some space and try again; nothing was changed.`;
    case 'EDQUOT':
      return `Your disk quota is used up, so ${file} cannot be written: free some space and try again; nothing was changed.`;
    case 'EROFS':
      return `${file} is on a read-only file system: it cannot be written here (remount it read-write, or work on a writable copy); nothing was changed.`;
    case 'EMFILE':
    case 'ENFILE':
      return `Too many files are open to ${doing === 'reading' ? 'read' : 'write'} ${file}: close some programs (or raise "ulimit -n") and try again; nothing was changed.`;
    case 'EIO':
      return `The disk reported an input/output error ${doing} ${file}: check the disk or the network share; nothing was changed.`;
    case 'ELOOP':
      return `${file} goes through a loop of symbolic links: fix the links; nothing was changed.`;
    case 'EBUSY':
    case 'ETXTBSY':
      return `${file} is busy (in use by the system): try again in a moment; nothing was changed.`;
    case 'EXDEV':
      return `${file} could not be replaced because its temp file ended up on another file system: check for a mount point inside the team folder; nothing was changed.`;
    case 'ENOENT':
      return `A folder on the way to ${file} disappeared while ${doing} it: check that the team folder is still there, then try again.`;
    case 'ESTALE':
      return `${file} is on a network share that lost track of it (stale file handle): remount the share and try again; nothing was changed.`;
    default:
      return `${file}: the system refused ${doing} it (${code}${detail ? `: ${detail}` : ''}); nothing was changed.`;
  }
}

/**
 * `e` as a `CortexFileError` naming `file` when it is an operating-system error;
 * anything else (our own errors included) is returned as it is.
 */
export function fileError(e: unknown, file: string, doing: Doing): unknown {
  const code = errorCode(e);
  if (code === undefined || e instanceof CortexFileError) return e;
  const detail = e instanceof Error ? e.message.replace(/^[A-Z0-9]+:\s*/, '').replace(/,\s*\w+\s+'.*'$/, '') : undefined;
  return new CortexFileError(fileErrorMessage(code, file, doing, detail), file, code);
}

/**
 * A failure as the doors report it: its kind (see `failureKind`) and one sentence. An
 * operating-system error from outside the writer (a read) becomes a file error whose
 * sentence names the file.
 */
export function describeFailure(e: unknown): { readonly kind: FailureKind; readonly message: string } {
  const kind = failureKind(e);
  if (kind !== 'other') return { kind, message: (e as Error).message };
  const code = errorCode(e);
  if (code !== undefined) {
    const file = (e as { path?: unknown }).path;
    return { kind: 'file', message: fileErrorMessage(code, typeof file === 'string' ? file : 'a file of the team folder', 'reading') };
  }
  return { kind, message: e instanceof Error ? e.message : String(e) };
}
