import { Diagnostic, Task, TaskFile } from '../team/model';
import { Line, bomLength } from '../text/text';
import { exactStampAt, parseStamp } from '../../base/time';
import { TASK_ID_PREFIX, taskIdOf } from './task-id';
import { TASK_STATUSES, isOpenStatus, isTaskStatus } from '../../base/task-status';
import { Fence, closesFence, fenceOpenedBy } from './fence';

/**
 * Reads a Shuttle-format task file (agents/<slug>/tasks.md) tolerantly: whatever it
 * finds it reads, and every deviation from what real agents expect becomes a
 * diagnostic. Also returns where each task sits in the text, which the edit
 * operations use to change only the bytes they are about.
 */

/** Where a task sits in its file's text (offsets into the string). */
export interface TaskSpan {
  /** Start of the `## ` heading line. */
  readonly start: number;
  /** Start of the next task's heading, of the trailing last-tick lines, or the end of the text. */
  readonly end: number;
  /** End of the last non-blank line of the task (before trailing blank lines). */
  readonly contentEnd: number;
  readonly heading: Line;
  /** Metadata lines after the heading, by key as written (e.g. `Status`). */
  readonly fieldLines: ReadonlyArray<{ key: string; line: Line }>;
  /** The `### Summary` heading, when present. */
  readonly summaryHeading: Line | null;
}

export interface LocatedTask extends Task {
  readonly span: TaskSpan;
}

export interface ParsedTaskFile extends TaskFile {
  readonly tasks: readonly LocatedTask[];
  /** Where new tasks go: after the last task, before a trailing last-tick comment. */
  readonly appendAt: number;
  /** The trailing last-tick line, when the file ends with one. */
  readonly trailingTick: Line | null;
  /** Every last-tick line outside code fences, in file order (the protocol allows one). */
  readonly tickLines: readonly Line[];
}

const TICK = /^\s*<!--\s*cortex:last-tick\s*(.*?)\s*-->\s*$/;
const FIELD = /^([ \t]*)\*\*([^*\r\n]+?)\*\*(:?)([ \t]*)(.*)$/;
const SUMMARY = /^###\s+summary\s*$/i;

const NO_FIELD_LINES: Array<{ key: string; line: Line }> = [];

/** Shared by every task without extra fields (plain data, never mutated). */
const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});

type Report = (line: number, severity: Diagnostic['severity'], message: string) => void;

/**
 * Scratch arrays reused from one scan to the next (a scan is synchronous and keeps
 * none of them): a team scan then allocates no typed arrays per file. Arrays that
 * grew beyond `SCRATCH_KEEP` entries for one big file are not kept.
 */
const SCRATCH_KEEP = 1 << 16;
let scratchStart = new Int32Array(4096);
let scratchEnd = new Int32Array(4096);
let scratchFence = new Uint8Array(4096);

/** `scratchFence` cleared for `n` lines (or a fresh array for a very big file). */
function fenceFlags(n: number): Uint8Array {
  if (n > scratchFence.length) {
    const fresh = new Uint8Array(n);
    if (n <= SCRATCH_KEEP) scratchFence = fresh;
    return fresh;
  }
  scratchFence.fill(0, 0, n);
  return scratchFence;
}

/**
 * Line boundaries of a text in typed arrays: the same lines as `splitLines` (LF,
 * CRLF and a lone CR end a line) without an object per line, so that a 100k-task
 * team parses without drowning the garbage collector.
 */
class LineTable {
  count = 0;
  start: Int32Array;
  end: Int32Array;
  /** The text contains a CR: lines are not simply joined by `\n`. */
  readonly hasCr: boolean;
  /** The text contains U+2028 or U+2029 (which a regex `.` does not match). */
  readonly hasLineSeparators: boolean;

  constructor(
    readonly text: string,
    from: number,
  ) {
    const n = text.length;
    this.start = scratchStart;
    this.end = scratchEnd;
    this.hasCr = text.indexOf('\r', from) >= 0;
    this.hasLineSeparators = text.indexOf('\u2028') >= 0 || text.indexOf('\u2029') >= 0;
    let pos = from;
    if (!this.hasCr) {
      while (pos < n) {
        const nl = text.indexOf('\n', pos);
        if (nl < 0) {
          this.push(pos, n);
          break;
        }
        this.push(pos, nl);
        pos = nl + 1;
      }
      return;
    }
    while (pos < n) {
      let i = pos;
      let c = 0;
      while (i < n) {
        c = text.charCodeAt(i);
        if (c === 10 || c === 13) break;
        i++;
      }
      this.push(pos, i);
      if (i >= n) break;
      pos = c === 13 && text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
    }
  }

  private push(start: number, end: number): void {
    if (this.count === this.start.length) {
      const s = new Int32Array(this.count * 2);
      s.set(this.start);
      this.start = s;
      const e = new Int32Array(this.count * 2);
      e.set(this.end);
      this.end = e;
      if (s.length <= SCRATCH_KEEP) {
        scratchStart = s;
        scratchEnd = e;
      }
    }
    this.start[this.count] = start;
    this.end[this.count] = end;
    this.count++;
  }

  /** Offset after line `i`'s line break. */
  next(i: number): number {
    return i + 1 < this.count ? this.start[i + 1] : this.text.length;
  }

  line(i: number): Line {
    return { start: this.start[i], end: this.end[i], next: this.next(i) };
  }

  slice(i: number): string {
    return this.text.slice(this.start[i], this.end[i]);
  }

  isBlank(i: number): boolean {
    const text = this.text;
    for (let j = this.start[i], e = this.end[i]; j < e; j++) {
      const c = text.charCodeAt(j);
      if (c !== 32 && c !== 9) return false;
    }
    return true;
  }
}

/** The fence line `i` opens (parse/fence.ts reads it), with a quick no for a line that starts with neither a backtick nor a tilde. */
function fenceOpenAt(lines: LineTable, i: number): Fence | null {
  const text = lines.text;
  let j = lines.start[i];
  while (text.charCodeAt(j) === 32 && j < lines.end[i]) j++;
  const c = text.charCodeAt(j);
  if (c !== 96 && c !== 126) return null;
  return fenceOpenedBy(lines.slice(i));
}

/** Line `i` closes `fence` (parse/fence.ts), with a quick no for an empty line or one that starts with another character. */
function closesFenceAt(lines: LineTable, i: number, fence: Fence): boolean {
  const c = lines.text.charCodeAt(lines.start[i]);
  if (lines.start[i] === lines.end[i] || (c !== fence.char.charCodeAt(0) && c !== 32 && c !== 9 && c !== 11 && c !== 12 && c < 0x80)) return false;
  return closesFence(lines.slice(i), fence);
}

/** `## title` at column 1 (not `###`). */
function isTaskHeading(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start) !== 35 || text.charCodeAt(start + 1) !== 35 || start + 1 >= end) return false;
  if (end === start + 2) return true;
  const c = text.charCodeAt(start + 2);
  return c === 32 || c === 9;
}

/** The level of a heading at column 1 (`#`…`######` then a space, a tab or the end), else 0. */
function headingLevel(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && text.charCodeAt(i) === 35) i++;
  const level = i - start;
  if (level === 0 || level > 6) return 0;
  if (i < end && text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) return 0;
  return level;
}

function tickValue(lines: LineTable, i: number): string | null {
  // Cheap pre-check before the regex: ticks start with "<!--".
  const text = lines.text;
  let j = lines.start[i];
  const e = lines.end[i];
  while (j < e && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
  if (text.charCodeAt(j) !== 60 || j >= e) return null;
  const m = TICK.exec(lines.slice(i));
  return m ? m[1] : null;
}

interface FieldMatch {
  /** The text between the `**`s, as written. */
  readonly rawKey: string;
  /** A `:` right after the closing `**`. */
  readonly colonAfter: boolean;
  readonly value: string;
}

/**
 * `**Key:** value` (also `**Key**: value`, indented): exactly what `FIELD` matches,
 * without slicing the line for a regex in the common case.
 */
function matchField(lines: LineTable, i: number): FieldMatch | null {
  const text = lines.text;
  const e = lines.end[i];
  let p = lines.start[i];
  while (p < e && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  if (p + 1 >= e || text.charCodeAt(p) !== 42 || text.charCodeAt(p + 1) !== 42) return null;
  const q = text.indexOf('*', p + 2);
  // The key is at least one character with no `*`, closed by `**`.
  if (q < 0 || q + 1 >= e || q === p + 2 || text.charCodeAt(q + 1) !== 42) return null;
  const colonAfter = q + 2 < e && text.charCodeAt(q + 2) === 58;
  const rest = text.slice(colonAfter ? q + 3 : q + 2, e);
  // The regex's `.` does not match U+2028/U+2029: such a line is no field.
  if (rest.indexOf('\u2028') >= 0 || rest.indexOf('\u2029') >= 0) return null;
  return { rawKey: text.slice(p + 2, q), colonAfter, value: rest.trim() };
}

const COMMON_FIELDS = [
  { prefix: '**Status:**', key: 'Status', lower: 'status' },
  { prefix: '**Started:**', key: 'Started', lower: 'started' },
  { prefix: '**Completed:**', key: 'Completed', lower: 'completed' },
];
/**
 * Reused result of `commonField` (read at once by the caller). `stamp`: the value is
 * a readable exact-form time; `canonical`: the line is the exact status line agents
 * see (`**Status:** ready`, then only spaces and tabs).
 */
const common = { key: '', lower: '', value: '', stamp: false, canonical: false };

/**
 * Exact-form stamps already read, by wall-clock minutes (which give back the very
 * same 16 characters): the tasks of a team share a few thousand distinct times, and
 * a scan then keeps one string per time instead of one per task.
 */
const STAMP_SLOTS = 8192;
const stampKeys = new Float64Array(STAMP_SLOTS).fill(NaN);
const stampStrings: string[] = new Array<string>(STAMP_SLOTS).fill('');

/** `text.startsWith(word, at)` without the call (`at` ≥ 0). */
function hasAt(text: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(at + k) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * The fields every task has, as agents write them (`**Status:** `, `**Started:** `,
 * `**Completed:** ` at column 1, ASCII value): the same key and value `matchField`
 * and `fieldKey` give, with no intermediate strings. `null`: use the general path.
 */
function commonField(lines: LineTable, i: number): typeof common | null {
  const text = lines.text;
  const s = lines.start[i];
  const e = lines.end[i];
  if (text.charCodeAt(s) !== 42 || text.charCodeAt(s + 1) !== 42) return null;
  const c = text.charCodeAt(s + 2);
  // "**Status", "**Started" (told apart by their fourth letter), "**Completed".
  const f = c === 83 ? (text.charCodeAt(s + 5) === 116 ? COMMON_FIELDS[0] : COMMON_FIELDS[1]) : c === 67 ? COMMON_FIELDS[2] : null;
  if (!f || !hasAt(text, s, f.prefix)) return null;
  let vs = s + f.prefix.length;
  if (text.charCodeAt(vs) === 58) return null; // `**Status:**:` reads differently
  if (lines.hasLineSeparators) return null; // U+2028/U+2029 end a regex `.`: the general path decides
  let ve = e;
  while (vs < ve && isAsciiTrimmed(text.charCodeAt(vs))) vs++;
  while (ve > vs && isAsciiTrimmed(text.charCodeAt(ve - 1))) ve--;
  // Non-ASCII at either end may be Unicode white space, which trim() removes.
  if (vs < ve && (text.charCodeAt(vs) >= 0x80 || text.charCodeAt(ve - 1) >= 0x80)) return null;
  common.key = f.key;
  common.lower = f.lower;
  let value: string | null = null;
  common.canonical = false;
  if (f === COMMON_FIELDS[0]) {
    // The three statuses as constants: no string per task.
    const n = ve - vs;
    const w = n === 5 ? TASK_STATUSES[0] : n === 11 ? TASK_STATUSES[1] : n === 4 ? TASK_STATUSES[2] : null;
    if (w !== null && hasAt(text, vs, w)) {
      value = w;
      // One space after `**Status:**`, then the word, then only spaces and tabs.
      let canonical = vs === s + f.prefix.length + 1 && text.charCodeAt(vs - 1) === 32;
      for (let j = ve; canonical && j < e; j++) {
        const c = text.charCodeAt(j);
        if (c !== 32 && c !== 9) canonical = false;
      }
      common.canonical = canonical;
    }
  }
  common.stamp = false;
  if (f !== COMMON_FIELDS[0] && ve - vs === 16) {
    const minutes = exactStampAt(text, vs);
    if (typeof minutes === 'number') {
      // Direct-mapped: a slot holds the last time that fell into it.
      const slot = minutes & (STAMP_SLOTS - 1);
      if (stampKeys[slot] === minutes) value = stampStrings[slot];
      else {
        value = text.slice(vs, ve);
        stampKeys[slot] = minutes;
        stampStrings[slot] = value;
      }
      common.stamp = true;
    }
  }
  common.value = value ?? text.slice(vs, ve);
  return common;
}

/** ASCII characters `String.prototype.trim` removes. */
function isAsciiTrimmed(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function fieldKey(rawKey: string): string {
  let k = rawKey.trim();
  if (k.endsWith(':')) k = k.slice(0, -1);
  return k.trim();
}

interface Scan<T extends Task> {
  readonly tasks: T[];
  readonly lastTick: string | null;
  readonly lastTickLine: number | null;
  readonly diagnostics: Diagnostic[];
  readonly appendAt: number;
  readonly trailingTick: Line | null;
  readonly tickLines: readonly Line[];
}

export function parseTaskFile(text: string, file: string): ParsedTaskFile {
  return scanTaskFile<LocatedTask>(text, file, true);
}

/**
 * The same reading as `parseTaskFile` without the locations (what the team index
 * keeps): the tasks come out as plain `Task`s, with no copy.
 */
export function readTaskFile(text: string, file: string): TaskFile {
  const { tasks, lastTick, lastTickLine, diagnostics } = scanTaskFile<Task>(text, file, false);
  return { tasks, lastTick, lastTickLine, diagnostics };
}

function scanTaskFile<T extends Task>(text: string, file: string, locate: boolean): Scan<T> {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (line, severity, message) => diagnostics.push({ file, line, severity, message });
  const lines = new LineTable(text, bomLength(text));
  const n = lines.count;
  const { headings, ticks, inFence } = classifyLines(lines, report);
  const { trailingFrom, trailingTick, lastTick, lastTickLine } = readTicks(lines, ticks, report);
  const appendAt = trailingFrom < n ? lines.start[trailingFrom] : text.length;
  reportStrayStatus(lines, inFence, Math.min(headings.length ? headings[0] : n, trailingFrom), report);

  const tasks: T[] = [];
  for (let h = 0; h < headings.length; h++) {
    const first = headings[h];
    if (first >= trailingFrom) break;
    const stop = Math.min(h + 1 < headings.length ? headings[h + 1] : n, trailingFrom);
    tasks.push(readTask(lines, inFence, first, stop, report, locate) as T);
  }
  queueDiagnostics(tasks, report);
  return { tasks, lastTick, lastTickLine, diagnostics, appendAt, trailingTick, tickLines: ticks.map((t) => lines.line(t.index)) };
}

interface TickLine {
  readonly index: number;
  readonly value: string;
}

/** Pass 1: which lines are in code fences, which are task headings, which are last-tick comments. */
function classifyLines(lines: LineTable, report: Report): { headings: number[]; ticks: TickLine[]; inFence: Uint8Array } {
  const text = lines.text;
  const n = lines.count;
  const starts = lines.start;
  const headings: number[] = [];
  const ticks: TickLine[] = [];
  const inFence = fenceFlags(n);
  let fence: Fence | null = null;
  for (let i = 0; i < n; i++) {
    if (fence) {
      inFence[i] = 1;
      if (closesFenceAt(lines, i, fence)) fence = null;
      continue;
    }
    const c = text.charCodeAt(starts[i]);
    if (c === 35) {
      if (isTaskHeading(text, starts[i], lines.end[i])) headings.push(i);
      continue;
    }
    if (c === 32 || c === 96 || c === 126) {
      const open = fenceOpenAt(lines, i);
      if (open) {
        fence = open;
        inFence[i] = 1;
        continue;
      }
    }
    if (c === 32 || c === 9 || c === 60) {
      const tick = tickValue(lines, i);
      if (tick !== null) ticks.push({ index: i, value: tick });
    }
  }
  if (fence) report(n, 'warning', 'A code fence is never closed; the rest of the file is read as its content.');
  return { headings, ticks, inFence };
}

/**
 * The heartbeat: the last tick comment counts; the trailing tick region (tick lines
 * followed only by blank lines or other ticks) is where agents replace it, and where
 * a dispatch appends before.
 */
function readTicks(lines: LineTable, ticks: readonly TickLine[], report: Report): { trailingFrom: number; trailingTick: Line | null; lastTick: string | null; lastTickLine: number | null } {
  const n = lines.count;
  let lastContent = n - 1;
  while (lastContent >= 0 && lines.isBlank(lastContent)) lastContent--;
  let trailingFrom = n;
  const isTick = (i: number) => {
    for (let k = ticks.length - 1; k >= 0 && ticks[k].index >= i; k--) if (ticks[k].index === i) return true;
    return false;
  };
  for (let i = lastContent; i >= 0 && (isTick(i) || lines.isBlank(i)); i--) {
    if (isTick(i)) trailingFrom = i;
  }
  const trailingTick = trailingFrom < n ? lines.line(ticks[ticks.length - 1].index) : null;
  if (ticks.length === 0) return { trailingFrom, trailingTick, lastTick: null, lastTickLine: null };

  const last = ticks[ticks.length - 1];
  const lastTickLine = last.index + 1;
  for (const t of ticks.slice(0, -1)) {
    report(t.index + 1, 'warning', `More than one last-tick comment; the last one (line ${lastTickLine}) counts. Agents replace a single comment at the end of the file.`);
  }
  if (last.index < trailingFrom) report(lastTickLine, 'warning', 'The last-tick comment is not at the end of the file, where agents write it.');
  if (parseStamp(last.value) === null) report(lastTickLine, 'warning', `Unreadable last-tick time "${last.value}"; expected YYYY-MM-DDTHH:MM.`);
  return { trailingFrom, trailingTick, lastTick: last.value, lastTickLine };
}

/** Status lines before the first task (`before`: its heading's line index) are invisible to agents. */
function reportStrayStatus(lines: LineTable, inFence: Uint8Array, before: number, report: Report): void {
  const text = lines.text;
  for (let i = 0; i < before; i++) {
    if (inFence[i]) continue;
    let j = lines.start[i];
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
    if (text.charCodeAt(j) !== 42) continue;
    const m = FIELD.exec(lines.slice(i));
    if (m && fieldKey(m[2]).toLowerCase() === 'status') {
      report(i + 1, 'warning', 'A status line before the first "## " task heading belongs to no task.');
    }
  }
}

/** One task: its heading's line `first` up to the line `stop` (the next heading or the trailing ticks). */
function readTask(lines: LineTable, inFence: Uint8Array, first: number, stop: number, report: Report, locate: boolean): Task | LocatedTask {
  const text = lines.text;
  const lineNo = first + 1;
  let ts = lines.start[first] + 2;
  while (ts < lines.end[first] && (text.charCodeAt(ts) === 32 || text.charCodeAt(ts) === 9)) ts++;
  const title = text.slice(ts, lines.end[first]).trim();
  if (title === '') report(lineNo, 'error', 'A task heading "##" has no title; the title is how agents and tools name the task.');

  const meta = readFields(lines, inFence, first, stop, title, report, locate);
  const { status, started, completed } = meta;
  if (status === null) report(lineNo, 'error', `"${title}" has no "**Status:** ready|in-progress|done" line; agents cannot see it.`);
  const id = readIdMarker(lines, inFence, first, stop, title, report);
  const sections = readSections(lines, inFence, meta.bodyStart, stop);
  let { body, summary } = sections;
  if (id !== null) {
    body = withoutIdLines(body);
    if (summary !== null) summary = withoutIdLines(summary);
  }
  lifecycleDiagnostics(lineNo, title, status, started, completed, sections.summaryHeading >= 0, report);
  const fields = meta.fields ?? NO_FIELDS;
  if (!locate) return { title, status, started, completed, summary, body, fields, line: lineNo, id };

  let last = stop - 1;
  while (last > first && lines.isBlank(last)) last--;
  const span: TaskSpan = {
    start: lines.start[first],
    end: stop < lines.count ? lines.start[stop] : text.length,
    contentEnd: lines.end[last],
    heading: lines.line(first),
    fieldLines: meta.fieldLines,
    summaryHeading: sections.summaryHeading >= 0 ? lines.line(sections.summaryHeading) : null,
  };
  return { title, status, started, completed, summary, body, fields, line: lineNo, span, id };
}

interface TaskFields {
  readonly status: string | null;
  readonly started: string | null;
  readonly completed: string | null;
  /** The fields other than those three; `null` when there are none. */
  readonly fields: Record<string, string> | null;
  readonly fieldLines: Array<{ key: string; line: Line }>;
  /** The first line after the metadata. */
  readonly bodyStart: number;
}

/** The metadata: consecutive `**Key:** value` lines after the heading (blank lines only before the first). */
function readFields(lines: LineTable, inFence: Uint8Array, first: number, stop: number, title: string, report: Report, locate: boolean): TaskFields {
  const text = lines.text;
  const fieldLines: Array<{ key: string; line: Line }> = locate ? [] : NO_FIELD_LINES;
  let fieldCount = 0;
  let fields: Record<string, string> | null = null;
  let status: string | null = null;
  let started: string | null = null;
  let completed: string | null = null;
  let i = first + 1;
  for (; i < stop; i++) {
    if (lines.isBlank(i)) {
      if (fieldCount === 0) continue;
      break;
    }
    if (inFence[i]) break;
    // The id marker is invisible to the grammar: metadata may go on after it.
    if (text.charCodeAt(lines.start[i]) === 60 && taskIdOf(lines.slice(i)) !== null) continue;
    let key: string;
    let value: string;
    const fast = commonField(lines, i);
    if (fast) {
      key = fast.key;
      value = fast.value;
    } else {
      const m = matchField(lines, i);
      if (!m || (!m.colonAfter && !m.rawKey.trimEnd().endsWith(':'))) break;
      key = fieldKey(m.rawKey);
      value = m.value;
    }
    fieldCount++;
    if (locate) fieldLines.push({ key, line: lines.line(i) });
    const lower = fast ? fast.lower : key.toLowerCase();
    if (lower === 'status') {
      if (status !== null) {
        report(i + 1, 'warning', `"${title}" has a second status line; the first one counts.`);
        continue;
      }
      status = readStatus(lines, i, value, title, fieldCount === 1, report, fast !== null && fast.canonical);
    } else if (lower === 'started' || lower === 'completed') {
      if (!(fast && fast.stamp) && parseStamp(value) === null) {
        report(i + 1, 'warning', `Unreadable ${lower} time "${value}" in "${title}"; expected YYYY-MM-DDTHH:MM.`);
      }
      if (lower === 'started') started = value;
      else completed = value;
    } else {
      (fields ??= {})[key] = value;
    }
  }
  return { status, started, completed, fields, fieldLines, bodyStart: i };
}

/** The id marker: its own line, column 1, outside code fences; the first one counts. */
function readIdMarker(lines: LineTable, inFence: Uint8Array, first: number, stop: number, title: string, report: Report): string | null {
  let id: string | null = null;
  let idLine = -1;
  for (let j = first + 1; j < stop; j++) {
    if (inFence[j] || lines.text.charCodeAt(lines.start[j]) !== 60) continue;
    const found = taskIdOf(lines.slice(j));
    if (found === null) continue;
    if (id === null) {
      id = found;
      idLine = j;
    } else report(j + 1, 'warning', `"${title}" has a second "${TASK_ID_PREFIX}…" marker; the first one (line ${idLine + 1}) counts.`);
  }
  return id;
}

/** The body and the `### Summary` section (up to the next heading of level 1-3); sections after the summary belong to the body. */
function readSections(lines: LineTable, inFence: Uint8Array, bodyStart: number, stop: number): { body: string; summary: string | null; summaryHeading: number } {
  const text = lines.text;
  let summaryHeading = -1;
  let summaryFrom = -1;
  let summaryTo = stop;
  for (let j = bodyStart; j < stop; j++) {
    const s = lines.start[j];
    if (text.charCodeAt(s) !== 35 || inFence[j]) continue;
    const level = headingLevel(text, s, lines.end[j]);
    if (level === 0) continue;
    if (summaryFrom >= 0 && level <= 3) {
      summaryTo = j;
      break;
    }
    if (level === 3 && summaryHeading < 0 && isSummaryHeading(lines, j)) {
      summaryHeading = j;
      summaryFrom = j + 1;
    }
  }
  let body = joinTrimmed(lines, bodyStart, summaryFrom >= 0 ? summaryFrom - 1 : stop);
  if (summaryFrom < 0) return { body, summary: null, summaryHeading };
  const summary = joinTrimmed(lines, summaryFrom, summaryTo);
  const after = summaryTo < stop ? joinTrimmed(lines, summaryTo, stop) : '';
  if (after !== '') body = body === '' ? after : `${body}\n\n${after}`;
  return { body, summary, summaryHeading };
}

/**
 * The lifecycle as agents write it (interop notes): claimed = in-progress + Started,
 * finished = done + Completed + a Summary.
 */
function lifecycleDiagnostics(lineNo: number, title: string, status: string | null, started: string | null, completed: string | null, hasSummary: boolean, report: Report): void {
  if (status === 'done' && completed === null) {
    report(lineNo, 'warning', `"${title}" is done but has no **Completed:** time; housekeeping never prunes it.`);
  }
  // Info, not a warning: many done tasks in the wild lack one, and none is wrong for it.
  if (status === 'done' && !hasSummary) {
    report(lineNo, 'info', `"${title}" is done but has no "### Summary"; agents append one when they finish a task.`);
  }
  if (status === 'ready' && started !== null) {
    report(lineNo, 'warning', `"${title}" is ready but has a **Started:** time; a claimed task is in-progress (set its status, or remove the Started line if it was put back).`);
  }
  if (status === 'in-progress' && started === null) {
    report(lineNo, 'warning', `"${title}" is in progress but has no **Started:** time; agents write one when they claim a task.`);
  }
}

/** `text` without its id marker lines (and the blank lines they leave at either end). */
function withoutIdLines(text: string): string {
  if (text.indexOf(TASK_ID_PREFIX) < 0) return text;
  const kept = text.split('\n').filter((l) => taskIdOf(l) === null);
  return kept.join('\n').replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, '');
}

/**
 * Mistakes across a queue: two tasks in progress at once, two open (ready or
 * in-progress) tasks with one title (done tasks may share a title: a recurring task).
 */
function queueDiagnostics(tasks: readonly Task[], report: Report): void {
  let working: Task | null = null;
  const open = new Map<string, Task>();
  for (const t of tasks) {
    if (t.status === 'in-progress') {
      if (working) report(t.line, 'warning', `"${t.title}" is in progress while "${working.title}" (line ${working.line}) is too; agents work on one task at a time.`);
      else working = t;
    }
    if (t.title === '' || !isOpenStatus(t.status)) continue;
    const same = open.get(t.title);
    if (same) report(t.line, 'warning', `Another open task is also titled "${t.title}" (line ${same.line}); agents tell tasks apart by title.`);
    else open.set(t.title, t);
  }
}

function isSummaryHeading(lines: LineTable, j: number): boolean {
  const s = lines.start[j];
  if (lines.end[j] - s === 11 && hasAt(lines.text, s, '### Summary')) return true;
  return SUMMARY.test(lines.slice(j));
}

const CANONICAL_STATUS: Record<string, string> = {
  ready: '**Status:** ready',
  'in-progress': '**Status:** in-progress',
  done: '**Status:** done',
};

/** `canonicalLine`: the caller already knows the line is the exact canonical one. */
function readStatus(lines: LineTable, i: number, value: string, title: string, isFirstField: boolean, report: Report, canonicalLine: boolean): string {
  const lineNo = i + 1;
  const normalized = value === 'ready' || value === 'done' || value === 'in-progress' ? value : value.toLowerCase().replace(/[\s_]+/g, '-');
  if (!isTaskStatus(normalized)) {
    report(lineNo, 'warning', `"${title}" has an unknown status "${value}"; agents know ready, in-progress and done.`);
    return value;
  }
  const canonical = CANONICAL_STATUS[normalized];
  if (!canonicalLine && !isCanonicalLine(lines, i, canonical)) {
    const severity = normalized === 'done' ? 'warning' : 'error';
    report(lineNo, severity, `Status of "${title}" is written "${lines.slice(i).trimEnd()}"; agents only see the exact form "${canonical}" at the start of the line.`);
  } else if (!isFirstField) {
    report(lineNo, 'info', `The status of "${title}" is not the first line after its heading, where the protocol puts it.`);
  }
  return normalized;
}

/** The line is `canonical`, possibly followed by spaces and tabs. */
function isCanonicalLine(lines: LineTable, i: number, canonical: string): boolean {
  const text = lines.text;
  const s = lines.start[i];
  const e = lines.end[i];
  if (e - s < canonical.length || !hasAt(text, s, canonical)) return false;
  for (let j = s + canonical.length; j < e; j++) {
    const c = text.charCodeAt(j);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Lines [from, to) joined with `\n`, without leading and trailing blank lines. */
function joinTrimmed(lines: LineTable, from: number, to: number): string {
  while (from < to && lines.isBlank(from)) from++;
  while (to > from && lines.isBlank(to - 1)) to--;
  if (from >= to) return '';
  // Without CRs the lines are already joined by single `\n`s in the text.
  if (!lines.hasCr) return lines.text.slice(lines.start[from], lines.end[to - 1]);
  const parts: string[] = [];
  for (let i = from; i < to; i++) parts.push(lines.slice(i));
  return parts.join('\n');
}

/** Drops the location data: what the rest of the world sees of a task. */
export function toTask(t: LocatedTask): Task {
  return {
    title: t.title,
    status: t.status,
    started: t.started,
    completed: t.completed,
    summary: t.summary,
    body: t.body,
    fields: t.fields,
    line: t.line,
    id: t.id,
  };
}
