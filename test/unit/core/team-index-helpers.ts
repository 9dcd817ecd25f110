import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { MemoryTeamFs } from '../../../src/core/fs/memory-fs';
import { DirEntry, FileStat, TeamFs } from '../../../src/core/fs/team-fs';

/** The repository's test/fixtures/teams (tests run from out/test/unit/core/read). */
export const FIXTURE_TEAMS = path.resolve(__dirname, '../../../../test/fixtures/teams');

/** Every file under a folder on disk, as team-relative paths with `/`. */
export function filesUnder(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const p = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...filesUnder(root, p));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** A MemoryTeamFs holding the same bytes as a folder on disk. */
export function memoryCopy(root: string): MemoryTeamFs {
  const mem = new MemoryTeamFs();
  for (const f of filesUnder(root)) mem.put(f, new Uint8Array(fs.readFileSync(path.join(root, ...f.split('/')))));
  return mem;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Counts the calls a TeamFs receives (a pass-through decorator over a real one). */
export class CountingFs implements TeamFs {
  readonly calls = { readFile: 0, writeFile: 0, stat: 0, list: 0, rename: 0, remove: 0 };
  readonly read: string[] = [];

  constructor(private readonly inner: TeamFs) {}

  reset(): void {
    for (const k of Object.keys(this.calls) as (keyof CountingFs['calls'])[]) this.calls[k] = 0;
    this.read.length = 0;
  }

  readFile(p: string): Promise<Uint8Array> {
    this.calls.readFile++;
    this.read.push(p);
    return this.inner.readFile(p);
  }
  writeFile(p: string, data: Uint8Array): Promise<void> {
    this.calls.writeFile++;
    return this.inner.writeFile(p, data);
  }
  stat(p: string): Promise<FileStat | undefined> {
    this.calls.stat++;
    return this.inner.stat(p);
  }
  list(p: string): Promise<DirEntry[]> {
    this.calls.list++;
    return this.inner.list(p);
  }
  rename(from: string, to: string): Promise<void> {
    this.calls.rename++;
    return this.inner.rename(from, to);
  }
  remove(p: string): Promise<void> {
    this.calls.remove++;
    return this.inner.remove(p);
  }
}
