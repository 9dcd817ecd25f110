import { promises as fsp, statSync, statfsSync } from 'fs';
import * as path from 'path';
import { FileStamp, ParseCache } from '../core/parse-cache/parse-cache';
import { hashBytes } from '../core/text/text';
import { CliIo } from './command';
import { homeDir } from './team-dir';
import { UsageError } from './args';

/**
 * Where `cortex-team status` keeps what each team's files parsed to (core/parse-cache),
 * so the next run parses only the files that changed (and, on a local Linux file system,
 * reads only those whose stamp it cannot trust): one file per team folder under
 * `$CORTEX_HOME/cache/status/` (else `~/.cortex/cache/status/`), readable by its owner
 * only (it holds task titles). `CORTEX_TEAM_CACHE=off` turns it off. The cache is only
 * ever an optimization: a cache that cannot be read or written costs a full parse.
 */
export interface StatusCache {
  readonly file: string;
  readonly cache: ParseCache;
}

/** `null` when the cache is off, or when this process is not a built CLI (`io.build` absent: nothing to bind the cache to). */
export async function openStatusCache(io: CliIo, teamDir: string): Promise<StatusCache | null> {
  const setting = io.env.CORTEX_TEAM_CACHE;
  if (setting !== undefined && setting !== '' && setting !== 'on' && setting !== 'off') {
    throw new UsageError(`CORTEX_TEAM_CACHE is "on" or "off", not "${setting}"`);
  }
  if (setting === 'off' || !io.build) return null;
  const build = io.build();
  if (build === null) return null;
  const cortexHome = io.env.CORTEX_HOME?.trim() || path.join(homeDir(io.env), '.cortex');
  const file = path.join(cortexHome, 'cache', 'status', `${hashBytes(Buffer.from(path.resolve(teamDir))).slice(0, 32)}.json`);
  let text: string | null = null;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch {
    // None yet, or unreadable: start empty.
  }
  return { file, cache: ParseCache.parse(text, build, { stat: fileStamps(teamDir), now: Date.now() }) };
}

/**
 * Local Linux file systems whose change times are the kernel's, to the nanosecond
 * (statfs magic numbers): ext2/3/4, XFS, Btrfs, ZFS, tmpfs, overlay, F2FS. Network file
 * systems are left out (a client may answer `stat` from its attribute cache for up to a
 * minute while the file has changed), and so are FAT and exFAT (coarse times).
 */
const LOCAL_FILE_SYSTEMS = new Set([0xef53, 0x58465342, 0x9123683e, 0x2fc12fc1, 0x01021994, 0x794c7630, 0xf2f52010]);

/**
 * Each file's stamp, where the cache may trust one (see core/parse-cache): on Linux, for
 * a team folder on a local file system, and only for files on the team folder's own
 * device (an agent folder linked from elsewhere is always read). Elsewhere (`undefined`)
 * every file is read and hashed.
 */
export function fileStamps(teamDir: string): ((p: string) => Promise<FileStamp | undefined>) | undefined {
  if (process.platform !== 'linux') return undefined;
  let dev: bigint;
  try {
    if (!LOCAL_FILE_SYSTEMS.has(Number(statfsSync(teamDir).type))) return undefined;
    dev = statSync(teamDir, { bigint: true }).dev;
  } catch {
    return undefined;
  }
  return async (p) => {
    const s = statSync(path.join(teamDir, ...p.split('/')), { bigint: true, throwIfNoEntry: false });
    if (!s || !s.isFile() || s.dev !== dev) return undefined;
    return { key: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, ctimeMs: Number(s.ctimeNs / 1_000_000n) };
  };
}

/** Writes the cache when this run changed it: a whole new file renamed over the old one, so a reader never sees half. */
export async function saveStatusCache(status: StatusCache): Promise<void> {
  if (!status.cache.changed) return;
  const dir = path.dirname(status.file);
  const temp = path.join(dir, `.${path.basename(status.file)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    await fsp.writeFile(temp, status.cache.serialize(), { mode: 0o600, flag: 'wx' });
    await fsp.rename(temp, status.file);
  } catch {
    // A cache that cannot be written (read-only home, a sandbox) only costs the next run a full parse.
    await fsp.rm(temp, { force: true }).catch(() => undefined);
  }
}
