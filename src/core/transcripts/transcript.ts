/**
 * What the dashboard reads from an agent CLI's own session log, whatever the CLI:
 * the actions it took (prompts, replies, tool calls, files edited, commands run) and
 * the tokens each model request used. One parser per format (Claude Code, Codex,
 * Gemini CLI) turns its lines into these; every parser is tolerant: a line it cannot
 * read is counted and skipped, a line of a type it does not know is counted by type,
 * a last line cut short (the CLI is writing it) is left for the next read.
 */

/** Tokens of one or more model requests, as they are priced. */
export interface TokenUsage {
  /** Input tokens read at the full price (not from a cache). */
  readonly input: number;
  /** Output tokens, reasoning or thinking included. */
  readonly output: number;
  /** Input tokens read from the prompt cache. */
  readonly cacheRead: number;
  /** Input tokens written to the prompt cache. */
  readonly cacheWrite: number;
}

export const NO_USAGE: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite };
}

export function totalTokens(u: TokenUsage): number {
  return u.input + u.output + u.cacheRead + u.cacheWrite;
}

/** One model request's tokens. */
export interface UsageRecord {
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly model: string | null;
  readonly usage: TokenUsage;
}

export type ActionKind = 'prompt' | 'reply' | 'tool' | 'edit' | 'command' | 'question';

/** Something the agent (or its person) did, for the activity line and the transcript view. */
export interface TranscriptAction {
  readonly at: number;
  readonly kind: ActionKind;
  /** One line: the prompt's start, the reply's start, "Edit src/app.ts", "npm test". */
  readonly text: string;
  /** The tool's name, for tool calls, edits and commands. */
  readonly tool?: string;
  /** The file an edit or read touched. */
  readonly file?: string;
  /** The full text (prompts and replies), for the transcript view. */
  readonly detail?: string;
}

export interface Transcript {
  readonly format: TranscriptFormat;
  readonly session: string | null;
  /** The folder the session ran in, when the log says. */
  readonly cwd: string | null;
  /** The model of the latest request. */
  readonly model: string | null;
  readonly actions: readonly TranscriptAction[];
  readonly usage: readonly UsageRecord[];
  /** Lines that were not JSON (or not an object). */
  readonly unreadable: number;
  /** Lines of types the parser does not know, by type. */
  readonly unknown: Readonly<Record<string, number>>;
}

export type TranscriptFormat = 'claude-code' | 'codex' | 'gemini';

/**
 * A parser fed a log's complete lines as they are appended (a file is read once and
 * then only its new lines); `transcript()` is what it has seen so far.
 */
export interface TranscriptReader {
  /** Complete lines (without their line breaks). */
  addLines(lines: readonly string[]): void;
  transcript(): Transcript;
}

/** Splits appended text into complete lines and the unfinished rest (a line the CLI is still writing). */
export function completeLines(text: string): { lines: string[]; rest: string } {
  const end = text.lastIndexOf('\n');
  if (end < 0) return { lines: [], rest: text };
  const lines = text.slice(0, end).split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  return { lines: lines.filter((l) => l.trim() !== ''), rest: text.slice(end + 1) };
}

/** A line as a JSON object, else `undefined`. */
export function jsonObject(line: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(line);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

/** An ISO time to milliseconds; `undefined` when it is none. */
export function instant(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The first line of a text, cut to `max` characters. */
export function oneLine(text: string, max = 160): string {
  const first = text.trim().split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const s = first.trim().replace(/\s+/g, ' ');
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** Hands each line that is a JSON object to `add`; counts the others as unreadable. */
export function readJsonLines(lines: readonly string[], counts: LineCounts, add: (o: Record<string, unknown>) => void): void {
  for (const line of lines) {
    const o = jsonObject(line);
    if (o) add(o);
    else counts.unreadable++;
  }
}

/** Counts lines the reader skipped, for its `transcript()`. */
export class LineCounts {
  unreadable = 0;
  readonly unknown: Record<string, number> = {};
  unknownType(type: string): void {
    this.unknown[type] = (this.unknown[type] ?? 0) + 1;
  }
}
