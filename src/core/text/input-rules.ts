import { CortexInputError } from '../edit/errors';
import { Fence, closesFence, fenceOpenedBy } from '../parse/fence';
import { escapeHidden } from '../../base/hidden-chars';

/**
 * The one set of rules for text people (and scripts) hand to a write: task titles,
 * bodies and summaries, agent names and the slugs made from them, one-line values
 * (role, capability, actor, subject). Every operation and the CLI check input here,
 * so that nothing a person types can become structure in a file agents read:
 *
 * - no control characters (tab and line breaks only where text has lines) and no
 *   bidirectional overrides or isolates (U+202A–U+202E, U+2066–U+2069: they make
 *   text display in another order than agents read it);
 * - nothing the task-file grammar reads: a status line, a last-tick comment, a `## `
 *   heading (a new task), a code fence left open, the hidden task-id marker;
 *   in a title also a leading `#` and HTML comment delimiters;
 * - bounded lengths, so a pasted log cannot make a heading of 100 KB.
 *
 * Each refusal is a `CortexInputError` that says what is wrong and where.
 */

export const LIMITS = {
  /** Characters in a task title. */
  title: 200,
  /** Characters in an agent's display name. */
  name: 80,
  /** Characters in a slug (a folder name). */
  slug: 64,
  /** Characters in a one-line value (role, capability, subject…). */
  line: 300,
  /** Characters in a path (an agent's project folder). */
  path: 4096,
  /** Characters in a body, summary or message. */
  text: 65_536,
} as const;

/** C0 and C1 control characters and DEL, except tab, LF and CR. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Bidirectional embeddings, overrides and isolates ("Trojan Source"). */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** Anything that ends a line for some reader: CR, LF, NEL, VT, FF, U+2028/9. */
const LINE_BREAK = /[\r\n\u000B\u000C\u0085\u2028\u2029]/;

const STATUS_LIKE = /^\s*\*\*\s*status\s*:?\s*\*\*/i;
const STATUS_ANYWHERE = /\*\*\s*status\s*:?\s*\*\*/i;
const TICK_LIKE = /<!--\s*[\w-]+:last-tick\b/i;
/** The hidden marker that gives a dispatched task its identity (see ops/task-id.ts). */
const ID_MARKER_LIKE = /<!--\s*cortex-team:/i;

const CHAR_NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'backspace',
  0x09: 'tab',
  0x0b: 'vertical tab',
  0x0c: 'form feed',
  0x1b: 'ESC, which starts terminal escape codes',
  0x7f: 'DEL',
  0x85: 'next line',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
};

/** "U+001B (ESC, which starts terminal escape codes)". */
export function describeChar(c: string): string {
  const cp = c.codePointAt(0)!;
  const name = CHAR_NAMES[cp] ?? (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? 'a control character' : 'a formatting character');
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')} (${name})`;
}

/** The first control or bidi-override character (tab, LF, CR allowed when `lines`), or null. */
function forbiddenChar(text: string, lines: boolean): { char: string; index: number } | null {
  const re = lines ? new RegExp(`${CONTROL.source}|${BIDI.source}`, 'u') : new RegExp(`${CONTROL.source}|${BIDI.source}|[\\t\\r\\n]`, 'u');
  const m = re.exec(text);
  return m ? { char: m[0], index: m.index } : null;
}

function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function checkChars(text: string, what: string, lines: boolean): void {
  const bad = forbiddenChar(text, lines);
  if (bad) {
    const line = lines ? ` on line ${text.slice(0, bad.index).split(/\r\n|\r|\n/).length}` : '';
    throw new CortexInputError(`The ${what} contains ${describeChar(bad.char)}${line}; control and text-direction characters are not allowed (they display differently from what agents read).`);
  }
}

function checkLength(text: string, what: string, max: number, hint = ''): void {
  // Cheap bound first: UTF-16 length ≥ characters.
  if (text.length > max && charCount(text) > max) {
    throw new CortexInputError(`The ${what} is ${charCount(text).toLocaleString('en-US')} characters long; at most ${max.toLocaleString('en-US')} are allowed${hint}.`);
  }
}

/**
 * A one-line value (a role, a capability, an actor, a subject, a project path):
 * trimmed, no line breaks, no control or direction characters, at most `max`
 * characters. Empty is refused unless `allowEmpty`.
 */
export function checkOneLine(value: string, what: string, max: number = LIMITS.line, opts: { allowEmpty?: boolean } = {}): string {
  if (LINE_BREAK.test(value)) throw new CortexInputError(`The ${what} must be a single line.`);
  const v = value.trim();
  if (v === '' && !opts.allowEmpty) throw new CortexInputError(`The ${what} must not be empty.`);
  checkChars(v, what, false);
  checkLength(v, what, max);
  return v;
}

/**
 * A task title: one line, at most `LIMITS.title` characters, and nothing the task
 * grammar or a markdown reader would take for structure: a leading `#` (the heading
 * would be read at another level), a status line (`**Status:** …`), an HTML comment
 * (where agents keep their heartbeat). Returns the trimmed title.
 */
export function checkTitle(title: string): string {
  if (LINE_BREAK.test(title)) throw new CortexInputError('A task title must be a single line.');
  const t = title.trim();
  if (t === '') throw new CortexInputError('A task title must not be empty.');
  checkChars(t, 'task title', false);
  checkLength(t, 'task title', LIMITS.title, ' (put the details in the body)');
  if (t.startsWith('#')) throw new CortexInputError('A task title must not start with "#": the task heading would be read as another heading level.');
  if (STATUS_ANYWHERE.test(t)) throw new CortexInputError('A task title must not contain "**Status:**": agents and tools would read it as the task\'s status.');
  if (t.includes('<!--') || t.includes('-->')) throw new CortexInputError('A task title must not contain "<!--" or "-->": agents keep hidden markers such as their heartbeat in HTML comments.');
  return t;
}

/**
 * Multi-line text added to a task file (a task body, a summary): at most
 * `LIMITS.text` characters, no control or direction characters, and nothing agents
 * or the parser would read as structure: a `## ` heading at column 1 outside a code
 * fence (a new task), a status line (agents grep them anywhere), a last-tick comment,
 * a task-id marker, an HTML comment or a code fence left open (each would swallow
 * what follows). `what` names the text in the message.
 */
export function checkUserText(text: string, what: string, opts: { allowStatus?: boolean } = {}): void {
  checkLength(text, what, LIMITS.text);
  checkChars(text, what, true);
  const fence = walkLines(text, (line, i, fenced) => {
    const where = `line ${i + 1} of the ${what}`;
    if (TICK_LIKE.test(line)) throw new CortexInputError(`The ${what} contains a last-tick comment (${where}); agents would take it for their heartbeat.`);
    if (ID_MARKER_LIKE.test(line)) throw new CortexInputError(`The ${what} contains a "<!-- cortex-team:" marker (${where}); that comment is how Cortex Team recognises its tasks.`);
    if (!opts.allowStatus && STATUS_LIKE.test(line)) {
      throw new CortexInputError(`The ${what} contains a status line (${where}); agents would read it as a task's status.`);
    }
    if (!fenced && isHeading2(line)) {
      throw new CortexInputError(`The ${what} has a "## " heading at the start of ${where}; agents would read it as a new task (indent it or use "###").`);
    }
  });
  if (fence) throw new CortexInputError(`The ${what} opens a code fence (${fence.char.repeat(fence.len)}) that it never closes; it would swallow the tasks after it.`);
  const open = text.lastIndexOf('<!--');
  if (open >= 0 && text.indexOf('-->', open + 4) < 0) {
    throw new CortexInputError(`The ${what} opens an HTML comment ("<!--") that it never closes; it would hide the rest of the file in rendered markdown.`);
  }
}

/** A task's `### Summary`: not empty, and the rules of `checkUserText`. */
export function checkSummary(summary: string): void {
  if (summary.trim() === '') throw new CortexInputError('The summary is empty: say in a few lines what was done and where.');
  checkUserText(summary, 'summary');
}

/**
 * Multi-line text for WORKLOG.md or MAILBOX.md (an entry's body, a message): the
 * same length and character rules, and no `#`/`##` heading (it would end the entry
 * and read as another one) nor a code fence left open.
 */
export function checkBlockText(text: string, what: string): void {
  checkLength(text, what, LIMITS.text);
  checkChars(text, what, true);
  const fence = walkLines(text, (line, i, fenced) => {
    if (!fenced && /^#{1,2}(?:[ \t]|$)/.test(line)) {
      throw new CortexInputError(`The ${what} has a "${line.startsWith('##') ? '##' : '#'}" heading on its line ${i + 1}; it would be read as a new block (use "###" or indent it).`);
    }
  });
  if (fence) throw new CortexInputError(`The ${what} opens a code fence (${fence.char.repeat(fence.len)}) it never closes; it would swallow everything after it.`);
}

/** Calls `visit` for every line, saying whether it is inside a code fence; returns the fence left open at the end, if any. */
function walkLines(text: string, visit: (line: string, index: number, fenced: boolean) => void): Fence | null {
  let fence: Fence | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      visit(line, i, true);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    visit(line, i, false);
    fence = fenceOpenedBy(line);
  }
  return fence;
}

function isHeading2(line: string): boolean {
  return line.startsWith('##') && (line.length === 2 || line[2] === ' ' || line[2] === '\t');
}

/**
 * The slug of an agent name, by the Cortex protocol's rule (and the plugin's /register):
 * lowercase, spaces to hyphens, everything but a-z, 0-9 and "-" dropped. Letters with
 * accents are dropped like any other character ("José Dev" → `jos-dev`): folding them
 * to a base letter would give `jose-dev`, and an agent registered here and one the
 * plugin registers would land in two folders. One addition: hyphens left at either end
 * by dropped characters are trimmed, since a folder starting with "-" reads as an option
 * on a command line (`otherSlugSpellings` gives the untrimmed form, so a folder the
 * plugin made that way is still found).
 */
export function slugify(name: string): string {
  return protocolSlug(name).replace(/^-+|-+$/g, '');
}

function protocolSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** Letters that do not decompose into a base letter and marks. */
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't' };

/**
 * The other folder names a name may already have in a team, most likely first: the one
 * earlier versions of this product gave it (accents folded to their base letter,
 * "José Dev" → `jose-dev`) and the plugin's untrimmed one ("Agent 🚀" → `agent-`).
 * Registering finds an agent under these instead of making a second folder for it.
 * Never contains `slugify(name)` itself, nor an empty or letterless slug.
 */
export function otherSlugSpellings(name: string): string[] {
  const folded = name
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøđðłþıħŧ]/g, (c) => FOLD[c])
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/^-+|-+$/g, '');
  const own = slugify(name);
  const out: string[] = [];
  for (const s of [folded, protocolSlug(name)]) {
    if (s !== own && /[a-z0-9]/.test(s) && !out.includes(s)) out.push(s);
  }
  return out;
}

/** Why a name's slug lost characters, for a hint beside it; undefined when only spaces and case changed. */
export function slugNote(name: string): string | undefined {
  const kept = name.trim().toLowerCase().replace(/ /g, '-');
  if (kept === slugify(name)) return undefined;
  // A letter outside a-z (é, ß, Ж) is the case users ask about.
  return /\p{L}/u.test(name.replace(/[A-Za-z]/g, ''))
    ? 'letters outside a-z (accented ones too) are dropped, as the Cortex protocol derives slugs, so every tool on the team finds the same folder'
    : 'characters other than a-z, 0-9 and "-" are dropped, as the Cortex protocol derives slugs';
}

/**
 * An agent's display name: one line of at most `LIMITS.name` characters whose slug
 * keeps at least one letter or digit and fits `LIMITS.slug`. Returns the trimmed name
 * and its slug.
 */
export function checkAgentName(name: string): { name: string; slug: string } {
  const n = checkOneLine(name, 'name', LIMITS.name);
  const slug = slugify(n);
  if (!/[a-z0-9]/.test(slug)) {
    throw new CortexInputError(`"${visible(n)}" gives an empty slug; a name needs letters a-z or digits (accented letters are dropped, as the Cortex protocol derives slugs: "José" → "jos").`);
  }
  if (slug.length > LIMITS.slug) throw new CortexInputError(`The name gives a slug of ${slug.length} characters; at most ${LIMITS.slug} are allowed (it becomes a folder name).`);
  return { name: n, slug };
}

/**
 * Text made safe to show (in a message, on a terminal): control and direction
 * characters become visible `\uXXXX` escapes (base/hidden-chars.ts, the pages' escape
 * too), and text longer than `max` characters is cut with "…". Line breaks (LF, CRLF)
 * and tabs are kept only when `keepLines`.
 */
export function visible(text: string, max = 80, keepLines = false): string {
  let out = escapeHidden(text, keepLines);
  if (max > 0 && out.length > max) {
    const cut = [...out].slice(0, max).join('');
    if (cut.length < out.length) out = `${cut}…`;
  }
  return out;
}
