import { DirEntry, FileNotFoundError, FileStat, TeamFs, basename, dirname } from './team-fs';

/** An in-memory team folder for fast tests; behaves like a POSIX folder tree. */
export class MemoryTeamFs implements TeamFs {
  private readonly files = new Map<string, { data: Uint8Array; mtimeMs: number }>();
  private readonly dirs = new Set<string>(['']);
  private clock = 1;

  constructor(initial: Record<string, string | Uint8Array> = {}) {
    for (const [path, content] of Object.entries(initial)) {
      this.put(path, typeof content === 'string' ? new TextEncoder().encode(content) : content);
    }
  }

  /** Synchronous helpers for tests. */
  put(path: string, data: Uint8Array | string): void {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    this.mkdirs(dirname(path));
    this.files.set(path, { data: bytes, mtimeMs: this.clock++ });
  }

  get(path: string): string | undefined {
    const f = this.files.get(path);
    return f && new TextDecoder('utf-8', { ignoreBOM: true }).decode(f.data);
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  async readFile(path: string): Promise<Uint8Array> {
    const f = this.files.get(path);
    if (!f) throw new FileNotFoundError(path);
    return f.data.slice();
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    this.put(path, data.slice());
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const f = this.files.get(path);
    if (f) return { kind: 'file', size: f.data.length, mtimeMs: f.mtimeMs };
    return this.dirs.has(path) ? { kind: 'directory', size: 0, mtimeMs: 0 } : undefined;
  }

  async list(path: string): Promise<DirEntry[]> {
    const out: DirEntry[] = [];
    for (const d of this.dirs) if (d !== '' && dirname(d) === path) out.push({ name: basename(d), kind: 'directory' });
    for (const f of this.files.keys()) if (dirname(f) === path) out.push({ name: basename(f), kind: 'file' });
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  async rename(from: string, to: string): Promise<void> {
    const f = this.files.get(from);
    if (!f) throw new FileNotFoundError(from);
    this.files.delete(from);
    this.mkdirs(dirname(to));
    this.files.set(to, { data: f.data, mtimeMs: this.clock++ });
  }

  async remove(path: string): Promise<void> {
    this.files.delete(path);
  }

  private mkdirs(dir: string): void {
    while (dir !== '' && !this.dirs.has(dir)) {
      this.dirs.add(dir);
      dir = dirname(dir);
    }
  }
}
