import { parseDocument } from 'yaml';
import { Line, bomLength, splitLines } from './text';

/**
 * The one module that talks to the YAML library. Frontmatter is the `---` block at
 * the top of a note; a broken block is reported with its line and the rest of the
 * note still reads.
 */
export interface Frontmatter {
  /** Parsed mapping; `null` when there is no frontmatter or it is not valid YAML. */
  readonly data: Record<string, unknown> | null;
  /** Set when the block exists but cannot be read. */
  readonly error: { readonly line: number; readonly message: string } | null;
  /** Offset where the note's body starts (after the closing `---` line). */
  readonly bodyStart: number;
  /** The lines of the whole text (shared so callers do not split twice). */
  readonly lines: readonly Line[];
  /** Index into `lines` of the first body line. */
  readonly bodyLine: number;
  /** Lines of the frontmatter block between the fences (indexes into `lines`), when present. */
  readonly range: { readonly from: number; readonly to: number } | null;
}

export function readFrontmatter(text: string): Frontmatter {
  const lines = splitLines(text, bomLength(text));
  const none: Frontmatter = { data: null, error: null, bodyStart: bomLength(text), lines, bodyLine: 0, range: null };
  if (lines.length === 0 || text.slice(lines[0].start, lines[0].end).trimEnd() !== '---') return none;
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    const s = text.slice(lines[i].start, lines[i].end).trimEnd();
    if (s === '---' || s === '...') {
      close = i;
      break;
    }
  }
  if (close < 0) {
    return { ...none, error: { line: 1, message: 'The frontmatter starts with "---" but is never closed.' } };
  }
  const body = { bodyStart: lines[close].next, lines, bodyLine: close + 1, range: { from: 1, to: close } };
  const simple = simpleMapping(text, lines, 1, close);
  if (simple) return { ...body, data: simple, error: null };
  const yamlText = text.slice(lines[0].next, lines[close].start);
  const parsed = parseYaml(yamlText);
  if (parsed.error) {
    return { ...body, data: null, error: { line: parsed.error.line + 1, message: parsed.error.message } };
  }
  if (parsed.value === null || parsed.value === undefined) return { ...body, data: {}, error: null };
  if (typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    return { ...body, data: null, error: { line: 2, message: 'The frontmatter is not a list of "key: value" lines.' } };
  }
  return { ...body, data: parsed.value as Record<string, unknown>, error: null };
}

const SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*?))? *$/;
const PLAIN = /^[A-Za-z0-9_/~(\u00a1-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd](?:[A-Za-z0-9 _./~@()+,'=;\u00a1-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd-]|:(?! |$))*$/;
const QUOTED = /^(?:"([^"\\]*)"|'([^']*)')$/;
const NOT_A_STRING = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|0[xo].*|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)$/;

/**
 * The frontmatter every agent and project note has, plain `key: value` lines, read
 * without the YAML library (which costs ~50 µs a note: a 500-agent team notices).
 * Exactly what the library gives for such lines; `undefined` as soon as a line is
 * anything else (lists, comments, numbers other than small integers, escapes…), and
 * the library reads it.
 */
function simpleMapping(text: string, lines: readonly Line[], from: number, to: number): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (let i = from; i < to; i++) {
    const s = text.slice(lines[i].start, lines[i].end);
    if (/^ *$/.test(s)) continue;
    const m = SIMPLE_LINE.exec(s);
    if (!m || m[1] === '__proto__' || Object.prototype.hasOwnProperty.call(data, m[1])) return undefined;
    const v = m[2];
    if (v === undefined || v === '') {
      data[m[1]] = null;
      continue;
    }
    const q = QUOTED.exec(v);
    if (q) {
      data[m[1]] = q[1] ?? q[2];
      continue;
    }
    if (!PLAIN.test(v)) return undefined;
    if (NOT_A_STRING.test(v)) {
      if (!/^[0-9]{1,15}$/.test(v)) return undefined;
      data[m[1]] = Number(v);
      continue;
    }
    data[m[1]] = v;
  }
  return data;
}

/** Parses YAML text; on failure gives the 1-based line (within `text`) and a message. */
export function parseYaml(text: string): { value: unknown; error: { line: number; message: string } | null } {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const line = e.linePos?.[0]?.line ?? lineOf(text, e.pos[0]);
    return { value: null, error: { line, message: `Invalid YAML: ${e.message.split('\n')[0]}` } };
  }
  try {
    return { value: doc.toJS(), error: null };
  } catch (e) {
    // e.g. an alias to an anchor that does not exist: valid syntax, no value.
    return { value: null, error: { line: 1, message: `Invalid YAML: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` } };
  }
}

/** A YAML scalar for a `key: value` line (quoted when needed). */
export function yamlScalar(value: string): string {
  if (value === '') return '""';
  if (/^[\w./~][\w ./~@()-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|~)$/i.test(value) && !/^[\d.-]+$/.test(value) && !/\s$/.test(value)) {
    return value;
  }
  return JSON.stringify(value);
}

/** A frontmatter value as a string (numbers and dates become text); `null` when absent or empty. */
export function stringField(data: Record<string, unknown> | null, key: string): string | null {
  const v = data?.[key];
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
