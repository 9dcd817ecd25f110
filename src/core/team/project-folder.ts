import { expandHome } from '../parse/config';

/**
 * Where an agent's project folder is on this machine, from its note's `project:` as
 * written: `~` is the user's home, an absolute path stays as it is. A relative path
 * (or nothing) names no folder: the protocol stores absolute paths, and guessing what
 * a relative one is relative to would show another folder's files.
 */
export function projectFolderPath(written: string | null, home: string): string | null {
  const text = written?.trim() ?? '';
  if (text === '') return null;
  const path = expandHome(text, home);
  return isAbsolutePath(path) ? path : null;
}

/** `/…`, a Windows drive path or a UNC path: what names a folder on its own (Register Agent, Generate Protocol File and the runner monitor ask this). */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}
