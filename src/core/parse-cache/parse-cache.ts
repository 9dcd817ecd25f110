import { FileContent } from '../text/file-content';
import { AgentNote, parseAgentNote } from '../parse/agent-note';
import { ParsedProjectNote, parseProjectNote } from '../parse/project-note';
import { readTaskFile } from '../parse/tasks';
import { TeamParsers } from '../team/team-parsers';
import { StoredOpenWork, loadOpenWork, readyCountOf, storeOpenWork } from './open-work';

/**
 * What a team's files parsed to, kept between processes. Each entry is keyed by the
 * file's path and the SHA-256 of its bytes (`FileContent.sha256`), so a value is used
 * only for the very bytes it was parsed from. The whole cache is bound to the code that
 * wrote it (`build`, a hash of the running bundle), so a new parser never reads an old
 * parser's results.
 *
 * With a `stat` function the cache may also skip reading a file: when its stamp (device,
 * inode, size, modification and change times, to the nanosecond) is the one stored and
 * the entry is trusted. An entry is trusted only when the file's change time was at
 * least `marginMs` older than both this run's start and the newest change time seen in
 * the team (the team's own clock, which may be another machine's): any later write,
 * even one that keeps the size and sets the old modification time back, then gets
 * another change time (nothing but the kernel sets it), while a write in the same clock
 * tick as the one read is never taken on trust. Where that is not sure (file systems
 * whose change time is not the kernel's), the caller passes no `stat` and every file is
 * read and hashed.
 *
 * The parsers it offers read task files as their open work only (`open-work.ts`): a team
 * read through them is what `cortex-team status` shows, not the whole team; how many
 * tasks each file has ready is `readyCount` (the team keeps only the next one of a file
 * with work in progress).
 */
export const PARSE_CACHE_FORMAT = 3;

/** A file's stamp: `key` compares exactly; `ctimeMs` decides whether the entry may be trusted. */
export interface FileStamp {
  readonly key: string;
  readonly ctimeMs: number;
}

export interface ParseCacheOptions {
  /** The stamp of a team file (team-relative path), `undefined` when there is none. */
  readonly stat?: (path: string) => Promise<FileStamp | undefined>;
  /** When this run started (ms since the epoch, the clock the change times are in). */
  readonly now?: number;
  /** How much older than the newest change a trusted one must be (default 2 s: coarser than any file system's clock). */
  readonly marginMs?: number;
}

type Kind = 'open-work' | 'agent-note' | 'project-note';

/** One file: what it was parsed as, from which bytes, to what, and the stamp it had before it was read. */
interface Entry {
  readonly kind: Kind;
  readonly slug: string;
  readonly hash: string;
  readonly value: unknown;
  readonly unreadable: string | null;
  readonly stamp: FileStamp | null;
  readonly trusted: boolean;
}

/** As stored: `[kind, slug, sha-256, value, unreadable, stamp key, ctimeMs, trusted]`. */
type StoredEntry = [Kind, string, string, unknown, string | null, string | null, number, 0 | 1];

export class ParseCache {
  private readonly used = new Map<string, Entry>();
  /** The stamps taken before reading, by path (the entries of this run record them). */
  private readonly stamps = new Map<string, FileStamp>();
  /** How many tasks are ready in each task file read this run. */
  private readonly readyCounts = new Map<string, number>();
  private misses = 0;

  private constructor(
    private readonly build: string,
    private readonly stored: ReadonlyMap<string, Entry>,
    private readonly options: ParseCacheOptions,
  ) {}

  /** An empty cache for this build. */
  static empty(build: string, options: ParseCacheOptions = {}): ParseCache {
    return new ParseCache(build, new Map(), options);
  }

  /**
   * The cache a previous run serialized; an empty one when `text` is not a cache of
   * this format and this build (a torn or foreign file costs a full parse, nothing else).
   */
  static parse(text: string | null, build: string, options: ParseCacheOptions = {}): ParseCache {
    const data = parseJson(text);
    if (!isRecord(data) || data.format !== PARSE_CACHE_FORMAT || data.build !== build || !isRecord(data.entries)) return ParseCache.empty(build, options);
    const stored = new Map<string, Entry>();
    for (const [path, e] of Object.entries(data.entries)) {
      if (!Array.isArray(e) || e.length !== 8 || typeof e[1] !== 'string' || typeof e[2] !== 'string') continue;
      const [kind, slug, hash, value, unreadable, key, ctimeMs, trusted] = e as StoredEntry;
      const stamp = typeof key === 'string' && typeof ctimeMs === 'number' ? { key, ctimeMs } : null;
      stored.set(path, { kind, slug, hash, value, unreadable: typeof unreadable === 'string' ? unreadable : null, stamp, trusted: trusted === 1 && stamp !== null });
    }
    return new ParseCache(build, stored, options);
  }

  readonly parsers: TeamParsers = {
    taskFile: (content, path) => {
      const stored = this.entry('open-work', path, '', content, () => storeOpenWork(readTaskFile(content.text, path))) as StoredOpenWork;
      this.readyCounts.set(path, readyCountOf(stored));
      return loadOpenWork(stored);
    },
    agentNote: (content, path, slug) => this.entry('agent-note', path, slug, content, () => parseAgentNote(content.text, path, slug)) as AgentNote,
    projectNote: (content, path, slug) => this.entry('project-note', path, slug, content, () => parseProjectNote(content.text, path, slug)) as ParsedProjectNote,
    known: (path) => this.known(path),
  };

  /** How many tasks are ready in the task file at `path`, as read this run (undefined when it was not read through these parsers). */
  readyCount(path: string): number | undefined {
    return this.readyCounts.get(path);
  }

  /** True when what `serialize` would write differs from what was read. */
  get changed(): boolean {
    if (this.misses > 0 || this.used.size !== this.stored.size) return true;
    const limit = this.trustLimit();
    for (const [path, e] of this.used) {
      const old = this.stored.get(path);
      if (!old || old.stamp?.key !== e.stamp?.key || old.trusted !== trusts(e.stamp, limit)) return true;
    }
    return false;
  }

  /** The entries this run used (so files gone from the team leave the cache with them), each trusted or not as of now. */
  serialize(): string {
    const limit = this.trustLimit();
    const entries: Record<string, StoredEntry> = {};
    for (const [path, e] of this.used) {
      entries[path] = [e.kind, e.slug, e.hash, e.value, e.unreadable, e.stamp?.key ?? null, e.stamp?.ctimeMs ?? 0, trusts(e.stamp, limit) ? 1 : 0];
    }
    return JSON.stringify({ format: PARSE_CACHE_FORMAT, build: this.build, entries });
  }

  /** The file's content by its hash alone, when its stamp is the trusted one stored; else `null` (read it). */
  private async known(path: string): Promise<FileContent | null> {
    const stat = this.options.stat;
    if (!stat) return null;
    const stamp = await stat(path);
    if (!stamp) return null;
    this.stamps.set(path, stamp);
    const old = this.stored.get(path);
    return old && old.trusted && old.stamp?.key === stamp.key ? FileContent.known(old.hash, old.unreadable ?? undefined) : null;
  }

  /**
   * The stored value for these bytes, else `parse()`'s, kept. A hit returns the stored
   * value as JSON gave it back, so a miss returns the same: its value as JSON would.
   */
  private entry(kind: Kind, path: string, slug: string, content: FileContent, parse: () => unknown): unknown {
    const hash = content.sha256();
    const stamp = this.stamps.get(path) ?? null;
    const unreadable = content.unreadable ?? null;
    const old = this.stored.get(path);
    if (old && old.kind === kind && old.slug === slug && old.hash === hash) {
      this.used.set(path, { ...old, unreadable, stamp, trusted: false });
      return old.value;
    }
    this.misses++;
    const value = JSON.parse(JSON.stringify(parse())) as unknown;
    this.used.set(path, { kind, slug, hash, value, unreadable, stamp, trusted: false });
    return value;
  }

  /** Change times before this are trusted: `marginMs` before both this run's start and the newest change seen. */
  private trustLimit(): number {
    let newest = -Infinity;
    for (const s of this.stamps.values()) newest = Math.max(newest, s.ctimeMs);
    return Math.min(this.options.now ?? -Infinity, newest) - (this.options.marginMs ?? 2000);
  }
}

function trusts(stamp: FileStamp | null, limit: number): boolean {
  return stamp !== null && stamp.ctimeMs < limit;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
