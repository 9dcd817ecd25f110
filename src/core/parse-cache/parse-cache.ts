import { AgentNote, parseAgentNote } from '../parse/agent-note';
import { ParsedProjectNote, parseProjectNote } from '../parse/project-note';
import { readTaskFile } from '../parse/tasks';
import { TeamParsers } from '../team-parsers';
import { FileContent } from '../file-content';
import { StoredOpenWork, loadOpenWork, openWorkOf, storeOpenWork } from './open-work';

/**
 * What a team's files parsed to, kept between processes: each entry is keyed by the
 * file's path and the SHA-256 of its bytes (`FileContent.sha256`), so an entry is used only for the very bytes
 * it was parsed from (never for a file that merely has the same size and time: agents
 * rewrite whole files, often within the same clock tick). The whole cache is also bound
 * to the code that wrote it (`build`, a hash of the running bundle), so a new parser
 * never reads an old parser's results.
 *
 * The parsers it offers read task files as their open work only (`open-work.ts`): a team
 * read through them is what `cortex-team status` shows, not the whole team.
 */
export const PARSE_CACHE_FORMAT = 1;

type Kind = 'open-work' | 'agent-note' | 'project-note';

/** `[kind, sha-256 of the bytes, the parsed value as JSON data]`. */
type Entry = [Kind, string, unknown];

export class ParseCache {
  private readonly used = new Map<string, Entry>();
  private misses = 0;

  private constructor(
    private readonly build: string,
    private readonly stored: ReadonlyMap<string, Entry>,
  ) {}

  /** An empty cache for this build. */
  static empty(build: string): ParseCache {
    return new ParseCache(build, new Map());
  }

  /**
   * The cache a previous run serialized; an empty one when `text` is not a cache of
   * this format and this build (a torn or foreign file costs a full parse, nothing else).
   */
  static parse(text: string | null, build: string): ParseCache {
    if (text === null) return ParseCache.empty(build);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return ParseCache.empty(build);
    }
    if (!isRecord(data) || data.format !== PARSE_CACHE_FORMAT || data.build !== build || !isRecord(data.entries)) return ParseCache.empty(build);
    const stored = new Map<string, Entry>();
    for (const [key, entry] of Object.entries(data.entries)) {
      if (Array.isArray(entry) && entry.length === 3 && typeof entry[0] === 'string' && typeof entry[1] === 'string') stored.set(key, entry as Entry);
    }
    return new ParseCache(build, stored);
  }

  readonly parsers: TeamParsers = {
    taskFile: (content, path) =>
      loadOpenWork(this.entry('open-work', path, content, () => storeOpenWork(openWorkOf(readTaskFile(content.text, path)))) as StoredOpenWork),
    agentNote: (content, path, slug) => this.entry('agent-note', `${path} ${slug}`, content, () => parseAgentNote(content.text, path, slug)) as AgentNote,
    projectNote: (content, path, slug) => this.entry('project-note', `${path} ${slug}`, content, () => parseProjectNote(content.text, path, slug)) as ParsedProjectNote,
  };

  /** True when what `serialize` would write differs from what was read: a file parsed anew, or one no longer asked for. */
  get changed(): boolean {
    return this.misses > 0 || this.used.size !== this.stored.size;
  }

  /** The entries this run used (so files gone from the team leave the cache with them). */
  serialize(): string {
    const entries: Record<string, Entry> = {};
    for (const [key, entry] of this.used) entries[key] = entry;
    return JSON.stringify({ format: PARSE_CACHE_FORMAT, build: this.build, entries });
  }

  /**
   * The stored value for these bytes, else `parse()`'s, kept. A hit returns the stored
   * value as JSON gave it back, so a miss returns the same: its value as JSON would.
   */
  private entry(kind: Kind, key: string, content: FileContent, parse: () => unknown): unknown {
    const hash = content.sha256();
    const full = `${kind} ${key}`;
    const old = this.stored.get(full);
    if (old && old[0] === kind && old[1] === hash) {
      this.used.set(full, old);
      return old[2];
    }
    this.misses++;
    const value = JSON.parse(JSON.stringify(parse())) as unknown;
    this.used.set(full, [kind, hash, value]);
    return value;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
