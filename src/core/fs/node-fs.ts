import * as fs from 'fs';
import * as nodePath from 'path';
import { DirEntry, FileNotFoundError, FileOwnership, FileStat, LinkStat, OwnershipError, TeamFs, dirname } from './team-fs';

/**
 * The team folder on the local disk, through Node's `fs` (the CLI and disk tests).
 *
 * Reading files and folders is asynchronous (a scan reads many files at once). The
 * calls of the write path (stat, link, temp file, rename, remove) are synchronous
 * behind their promises: from the moment the writer has read the file to the moment
 * it replaces it, no other work of this process runs, so the moment in which another
 * program's write makes the replace fail (and retry) is as short as it can be.
 */
export class NodeTeamFs implements TeamFs {
  constructor(readonly root: string) {}

  resolve(path: string): string {
    return path === '' ? this.root : nodePath.join(this.root, ...path.split('/'));
  }

  readFile(path: string): Promise<Uint8Array> {
    // The callback form: in Node 20 it costs the main thread far less than
    // fs.promises.readFile (one threadpool job, not open/stat/read/close round trips).
    return new Promise((resolve, reject) => {
      fs.readFile(this.resolve(path), (e, data) => {
        if (e) reject(isNotFound(e) ? new FileNotFoundError(path) : e);
        else resolve(data);
      });
    });
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    fs.mkdirSync(this.resolve(dirname(path)), { recursive: true });
    fs.writeFileSync(this.resolve(path), data);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const s = fs.statSync(this.resolve(path), { throwIfNoEntry: false });
    return s && toStat(s);
  }

  async lstat(path: string): Promise<LinkStat | undefined> {
    const s = fs.lstatSync(this.resolve(path), { throwIfNoEntry: false });
    return s && { ...toStat(s), symlink: s.isSymbolicLink() };
  }

  async realPath(path: string): Promise<string | null> {
    const root = fs.realpathSync(this.root);
    let p = this.resolve(path);
    // The nearest part of the path that exists decides where a new file would land.
    for (;;) {
      try {
        p = fs.realpathSync(p);
        break;
      } catch (e) {
        const up = nodePath.dirname(p);
        if (!isNotFound(e) || up === p) throw e;
        p = up;
      }
    }
    const rel = nodePath.relative(root, p);
    if (rel === '') return '';
    if (rel.startsWith('..') || nodePath.isAbsolute(rel)) return null;
    return rel.split(nodePath.sep).join('/');
  }

  async list(path: string): Promise<DirEntry[]> {
    try {
      const entries = await fs.promises.readdir(this.resolve(path), { withFileTypes: true });
      return entries
        .filter((e) => e.isFile() || e.isDirectory())
        .map((e) => ({ name: e.name, kind: e.isDirectory() ? ('directory' as const) : ('file' as const) }));
    } catch (e) {
      if (isNotFound(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw e;
    }
  }

  async rename(from: string, to: string): Promise<void> {
    fs.renameSync(this.resolve(from), this.resolve(to));
  }

  async remove(path: string): Promise<void> {
    fs.rmSync(this.resolve(path), { force: true });
  }

  async link(existing: string, newPath: string): Promise<void> {
    fs.linkSync(this.resolve(existing), this.resolve(newPath));
  }

  async renameIf(from: string, to: string, guard: string, check: (bytes: Uint8Array) => boolean): Promise<boolean> {
    let bytes: Uint8Array;
    try {
      bytes = fs.readFileSync(this.resolve(guard));
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
    if (!check(bytes)) return false;
    fs.renameSync(this.resolve(from), this.resolve(to));
    return true;
  }

  async writeNewFile(path: string, data: Uint8Array, like: FileOwnership = {}): Promise<void> {
    const abs = this.resolve(path);
    fs.mkdirSync(nodePath.dirname(abs), { recursive: true });
    const fd = fs.openSync(abs, 'wx', like.mode ?? 0o666);
    try {
      const st = fs.fstatSync(fd);
      const uid = like.uid ?? st.uid;
      const gid = like.gid ?? st.gid;
      if (uid !== st.uid || gid !== st.gid) {
        try {
          fs.fchownSync(fd, uid, gid);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'EPERM' || code === 'EINVAL') throw new OwnershipError(path);
          throw e;
        }
      }
      // After the chown (which clears set-id bits), and past the umask.
      if (like.mode !== undefined) fs.fchmodSync(fd, like.mode);
      writeAll(fd, data);
      fs.fsyncSync(fd);
    } catch (e) {
      fs.closeSync(fd);
      fs.rmSync(abs, { force: true });
      throw e;
    }
    fs.closeSync(fd);
  }

  async overwriteInPlace(path: string, data: Uint8Array): Promise<void> {
    const fd = fs.openSync(this.resolve(path), 'r+');
    try {
      // Write first, then cut: the file is never empty in between.
      writeAll(fd, data);
      fs.ftruncateSync(fd, data.length);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  async syncFolder(path: string): Promise<void> {
    let fd: number;
    try {
      fd = fs.openSync(this.resolve(path), 'r');
    } catch {
      return; // Folders cannot be opened on some systems: nothing to flush there.
    }
    try {
      fs.fsyncSync(fd);
    } catch (e) {
      // Some file systems do not flush folders: nothing more to do there.
      if (!['EINVAL', 'EISDIR', 'EPERM', 'EBADF', 'ENOTSUP'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    } finally {
      fs.closeSync(fd);
    }
  }
}

function writeAll(fd: number, data: Uint8Array): void {
  let done = 0;
  while (done < data.length) done += fs.writeSync(fd, data, done, data.length - done, done);
}

function toStat(s: fs.Stats): FileStat {
  return {
    kind: s.isDirectory() ? 'directory' : 'file',
    size: s.size,
    mtimeMs: s.mtimeMs,
    ino: s.ino,
    nlink: s.nlink,
    mode: s.mode & 0o7777,
    uid: s.uid,
    gid: s.gid,
  };
}

function isNotFound(e: unknown): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'ENOENT';
}
