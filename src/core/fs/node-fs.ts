import { promises as fsp, readFile as readFileCb } from 'fs';
import * as nodePath from 'path';
import { DirEntry, FileNotFoundError, FileStat, TeamFs, dirname } from './team-fs';

/** The team folder on the local disk, through Node's `fs` (the CLI and disk tests). */
export class NodeTeamFs implements TeamFs {
  constructor(readonly root: string) {}

  resolve(path: string): string {
    return path === '' ? this.root : nodePath.join(this.root, ...path.split('/'));
  }

  readFile(path: string): Promise<Uint8Array> {
    // The callback form: in Node 20 it costs the main thread far less than
    // fs.promises.readFile (one threadpool job, not open/stat/read/close round trips).
    return new Promise((resolve, reject) => {
      readFileCb(this.resolve(path), (e, data) => {
        if (e) reject(isNotFound(e) ? new FileNotFoundError(path) : e);
        else resolve(data);
      });
    });
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    await fsp.mkdir(this.resolve(dirname(path)), { recursive: true });
    await fsp.writeFile(this.resolve(path), data);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    try {
      const s = await fsp.stat(this.resolve(path));
      return { kind: s.isDirectory() ? 'directory' : 'file', size: s.size, mtimeMs: s.mtimeMs };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  async list(path: string): Promise<DirEntry[]> {
    try {
      const entries = await fsp.readdir(this.resolve(path), { withFileTypes: true });
      return entries
        .filter((e) => e.isFile() || e.isDirectory())
        .map((e) => ({ name: e.name, kind: e.isDirectory() ? ('directory' as const) : ('file' as const) }));
    } catch (e) {
      if (isNotFound(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw e;
    }
  }

  async rename(from: string, to: string): Promise<void> {
    await fsp.rename(this.resolve(from), this.resolve(to));
  }

  async remove(path: string): Promise<void> {
    await fsp.rm(this.resolve(path), { force: true });
  }

  async link(existing: string, newPath: string): Promise<void> {
    await fsp.link(this.resolve(existing), this.resolve(newPath));
  }
}

function isNotFound(e: unknown): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'ENOENT';
}
