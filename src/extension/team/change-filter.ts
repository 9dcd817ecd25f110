import { isCortexTempName } from '../../core/fs/team-fs';

/** Which watcher events the store cares about, and when a file looks mid-write. Pure. */

/** Paths the watcher reports that never concern the model: VCS internals, the core's temp files. */
export function isIgnored(path: string): boolean {
  return path.split('/').some((p) => p === '.git' || isCortexTempName(p));
}

/**
 * Right after a change, an empty file or one that stops mid-line is probably still
 * being written. (Either may also be final; the store then publishes it after one retry.)
 */
export function isSuspiciousContent(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return true;
  const last = bytes[bytes.length - 1];
  return last !== 10 && last !== 13;
}
