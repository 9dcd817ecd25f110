import { randomBytes } from 'crypto';
import { basename, dirname, joinPath } from '../fs/team-fs';
import { ProcessInfo, thisProcess } from './process-info';

/**
 * The names of the writer's own short-lived files, next to the file they are about:
 *
 *     .tasks.md.cortex-<host>-<pid>-<random>.tmp   new content on its way in
 *     .tasks.md.cortex-<host>-<pid>-<random>.bak   a second name of the file being replaced
 *     .tasks.md.cortex-lock.tmp                    the lock Cortex writers take turns with
 *
 * They start with a dot and match `isCortexTempName`, so scans and watchers skip them.
 * The host and process id let the next writer remove what a killed one left at once.
 */
export type TempKind = 'tmp' | 'bak';

/** A fresh temp name next to `path`, recording the writing process. */
export function tempPathFor(path: string, kind: TempKind, who: ProcessInfo = thisProcess): string {
  return joinPath(dirname(path), `.${basename(path)}.cortex-${who.host}-${who.pid}-${randomBytes(5).toString('hex')}.${kind}`);
}

/** The lock name Cortex writers use for `path` (the same name older versions use). */
export function lockPathFor(path: string): string {
  return joinPath(dirname(path), `.${basename(path)}.cortex-lock.tmp`);
}

/** True for a lock name (of any file). */
export function isLockName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.cortex-lock.tmp');
}

const TEMP = /^\.(.+)\.cortex-([0-9a-f]{6})-(\d+)-[0-9a-f]+\.(tmp|bak)$/;

/** The process a temp name records, or null for other names (and for older versions' temp names). */
export function tempOwner(name: string): { target: string; host: string; pid: number } | null {
  const m = TEMP.exec(name);
  return m ? { target: m[1], host: m[2], pid: Number(m[3]) } : null;
}
