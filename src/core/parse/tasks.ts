import { Diagnostic, Task, TaskFile, isTaskStatus } from '../model';
import { Line, bomLength, splitLines } from '../text';
import { parseStamp } from '../time';

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
}

const TICK = /^\s*<!--\s*cortex:last-tick\s*(.*?)\s*-->\s*$/;
const FIELD = /^([ \t]*)\*\*([^*\r\n]+?)\*\*(:?)([ \t]*)(.*)$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

interface FenceState {
  char: string;
  len: number;
}

function fenceOpen(text: string, line: Line): FenceState | null {
  const c = text.charCodeAt(line.start + (text.charCodeAt(line.start) === 32 ? countSpaces(text, line) : 0));
  if (c !== 96 && c !== 126) return null;
  const m = FENCE.exec(text.slice(line.start, line.end));
  return m ? { char: m[1][0], len: m[1].length } : null;
}

function countSpaces(text: string, line: Line): number {
  let i = line.start;
  while (i < line.end && text.charCodeAt(i) === 32) i++;
  return i - line.start;
}

function closesFence(text: string, line: Line, fence: FenceState): boolean {
  const s = text.slice(line.start, line.end).trim();
  if (s.length < fence.len) return false;
  for (let i = 0; i < s.length; i++) if (s[i] !== fence.char) return false;
  return true;
}

function isBlank(text: string, line: Line): boolean {
  for (let i = line.start; i < line.end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** `## title` at column 1 (not `###`). */
function isTaskHeading(text: string, line: Line): boolean {
  return (
    text.charCodeAt(line.start) === 35 &&
    text.charCodeAt(line.start + 1) === 35 &&
    (line.end === line.start + 2 || text.charCodeAt(line.start + 2) === 32 || text.charCodeAt(line.start + 2) === 9)
  );
}

/** A heading of level 1 to 3 (`#`, `##`, `###` at column 1). */
function headingLevel(text: string, line: Line): number {
  let i = line.start;
  while (i < line.end && text.charCodeAt(i) === 35) i++;
  const level = i - line.start;
  if (level === 0 || level > 6) return 0;
  if (i < line.end && text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) return 0;
  return level;
}

function isTickLine(text: string, line: Line): RegExpExecArray | null {
  // Cheap pre-check before the regex: ticks start with "<!--".
  let i = line.start;
  while (i < line.end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (text.charCodeAt(i) !== 60) return null;
  return TICK.exec(text.slice(line.start, line.end));
}

export function parseTaskFile(text: string, file: string): ParsedTaskFile {
  const diagnostics: Diagnostic[] = [];
  const report = (line: number, severity: Diagnostic['severity'], message: string) =>
    diagnostics.push({ file, line, severity, message });

  const lines = splitLines(text, bomLength(text));
  // Pass 1: classify lines (fences, headings, ticks).
  const headings: number[] = [];
  const ticks: Array<{ index: number; value: string }> = [];
  const inFence: boolean[] = new Array(lines.length);
  let fence: FenceState | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      inFence[i] = true;
      if (closesFence(text, line, fence)) fence = null;
      continue;
    }
    inFence[i] = false;
    const c = text.charCodeAt(line.start);
    if (c === 35) {
      if (isTaskHeading(text, line)) headings.push(i);
      continue;
    }
    const open = fenceOpen(text, line);
    if (open) {
      fence = open;
      inFence[i] = true;
      continue;
    }
    const tick = isTickLine(text, line);
    if (tick) ticks.push({ index: i, value: tick[1] });
  }
  if (fence) report(lines.length, 'warning', 'A code fence is never closed; the rest of the file is read as its content.');

  // The trailing tick region: tick lines followed only by blank lines or other ticks.
  let lastContent = lines.length - 1;
  while (lastContent >= 0 && isBlank(text, lines[lastContent])) lastContent--;
  let trailingFrom = lines.length;
  const tickIndexes = new Set(ticks.map((t) => t.index));
  for (let i = lastContent; i >= 0 && (tickIndexes.has(i) || isBlank(text, lines[i])); i--) {
    if (tickIndexes.has(i)) trailingFrom = i;
  }
  const trailingTick = trailingFrom < lines.length ? lines[ticks[ticks.length - 1].index] : null;

  let lastTick: string | null = null;
  let lastTickLine: number | null = null;
  if (ticks.length > 0) {
    const last = ticks[ticks.length - 1];
    lastTick = last.value;
    lastTickLine = last.index + 1;
    if (ticks.length > 1) {
      for (const t of ticks.slice(0, -1)) {
        report(t.index + 1, 'warning', `More than one last-tick comment; the last one (line ${lastTickLine}) counts. Agents replace a single comment at the end of the file.`);
      }
    }
    if (last.index < trailingFrom) {
      report(lastTickLine, 'warning', 'The last-tick comment is not at the end of the file, where agents write it.');
    }
    if (parseStamp(lastTick) === null) {
      report(lastTickLine, 'warning', `Unreadable last-tick time "${lastTick}"; expected YYYY-MM-DDTHH:MM.`);
    }
  }

  const appendAt = trailingFrom < lines.length ? lines[trailingFrom].start : text.length;

  // Status lines before the first task are invisible to agents.
  const firstHeading = headings.length ? headings[0] : lines.length;
  for (let i = 0; i < Math.min(firstHeading, trailingFrom); i++) {
    if (inFence[i]) continue;
    const m = FIELD.exec(text.slice(lines[i].start, lines[i].end));
    if (m && fieldKey(m).toLowerCase() === 'status') {
      report(i + 1, 'warning', 'A status line before the first "## " task heading belongs to no task.');
    }
  }

  const tasks: LocatedTask[] = [];
  for (let h = 0; h < headings.length; h++) {
    const first = headings[h];
    if (first >= trailingFrom) break;
    const stop = Math.min(h + 1 < headings.length ? headings[h + 1] : lines.length, trailingFrom);
    tasks.push(readTask(text, lines, inFence, first, stop, report));
  }

  return { tasks, lastTick, lastTickLine, diagnostics, appendAt, trailingTick };
}

function fieldKey(m: RegExpExecArray): string {
  return m[2].trim().replace(/:$/, '').trim();
}

function readTask(
  text: string,
  lines: Line[],
  inFence: boolean[],
  first: number,
  stop: number,
  report: (line: number, severity: Diagnostic['severity'], message: string) => void,
): LocatedTask {
  const heading = lines[first];
  const lineNo = first + 1;
  const title = text.slice(heading.start + 2, heading.end).trim();
  if (title === '') report(lineNo, 'error', 'A task heading "##" has no title; the title is how agents and tools name the task.');

  // Metadata: consecutive `**Key:** value` lines after the heading (blank lines only before the first).
  const fieldLines: Array<{ key: string; line: Line }> = [];
  const fields: Record<string, string> = {};
  let status: string | null = null;
  let started: string | null = null;
  let completed: string | null = null;
  let i = first + 1;
  for (; i < stop; i++) {
    const line = lines[i];
    if (isBlank(text, line)) {
      if (fieldLines.length === 0) continue;
      break;
    }
    if (inFence[i]) break;
    const m = FIELD.exec(text.slice(line.start, line.end));
    if (!m || (m[3] === '' && !m[2].trimEnd().endsWith(':'))) break;
    const key = fieldKey(m);
    const value = m[5].trim();
    fieldLines.push({ key, line });
    const lower = key.toLowerCase();
    if (lower === 'status') {
      if (status !== null) {
        report(i + 1, 'warning', `"${title}" has a second status line; the first one counts.`);
        continue;
      }
      status = readStatus(text.slice(line.start, line.end), value, i + 1, title, fieldLines.length === 1, report);
    } else if (lower === 'started' || lower === 'completed') {
      if (parseStamp(value) === null) {
        report(i + 1, 'warning', `Unreadable ${lower} time "${value}" in "${title}"; expected YYYY-MM-DDTHH:MM.`);
      }
      if (lower === 'started') started = value;
      else completed = value;
    } else {
      fields[key] = value;
    }
  }
  if (status === null) {
    report(lineNo, 'error', `"${title}" has no "**Status:** ready|in-progress|done" line; agents cannot see it.`);
  }
  const bodyStart = i;

  // Summary: the `### Summary` section, up to the next heading of level 1-3.
  let summaryHeading: Line | null = null;
  let summaryFrom = -1;
  let summaryTo = stop;
  for (let j = bodyStart; j < stop; j++) {
    if (inFence[j]) continue;
    const level = headingLevel(text, lines[j]);
    if (level === 0) continue;
    if (summaryFrom >= 0 && level <= 3) {
      summaryTo = j;
      break;
    }
    if (level === 3 && summaryHeading === null && /^###\s+summary\s*$/i.test(text.slice(lines[j].start, lines[j].end))) {
      summaryHeading = lines[j];
      summaryFrom = j + 1;
    }
  }
  const body = joinTrimmed(text, lines, bodyStart, summaryFrom >= 0 ? summaryFrom - 1 : stop);
  let summary: string | null = null;
  if (summaryFrom >= 0) summary = joinTrimmed(text, lines, summaryFrom, summaryTo);
  if (status === 'done' && completed === null) {
    report(lineNo, 'warning', `"${title}" is done but has no **Completed:** time; housekeeping never prunes it.`);
  }

  let last = stop - 1;
  while (last > first && isBlank(text, lines[last])) last--;
  const span: TaskSpan = {
    start: heading.start,
    end: stop < lines.length ? lines[stop].start : text.length,
    contentEnd: lines[last].end,
    heading,
    fieldLines,
    summaryHeading,
  };
  return { title, status, started, completed, summary, body, fields, line: lineNo, span };
}

function readStatus(
  lineText: string,
  value: string,
  lineNo: number,
  title: string,
  isFirstField: boolean,
  report: (line: number, severity: Diagnostic['severity'], message: string) => void,
): string {
  const normalized = value.toLowerCase().replace(/[\s_]+/g, '-');
  if (!isTaskStatus(normalized)) {
    report(lineNo, 'warning', `"${title}" has an unknown status "${value}"; agents know ready, in-progress and done.`);
    return value;
  }
  const canonical = `**Status:** ${normalized}`;
  if (lineText.replace(/[ \t]+$/, '') !== canonical) {
    const severity = normalized === 'done' ? 'warning' : 'error';
    report(lineNo, severity, `Status of "${title}" is written "${lineText.trim()}"; agents only see the exact form "${canonical}" at the start of the line.`);
  } else if (!isFirstField) {
    report(lineNo, 'info', `The status of "${title}" is not the first line after its heading, where the protocol puts it.`);
  }
  return normalized;
}

/** Lines [from, to) joined with `\n`, without leading and trailing blank lines. */
function joinTrimmed(text: string, lines: Line[], from: number, to: number): string {
  while (from < to && isBlank(text, lines[from])) from++;
  while (to > from && isBlank(text, lines[to - 1])) to--;
  if (from >= to) return '';
  const parts: string[] = [];
  for (let i = from; i < to; i++) parts.push(text.slice(lines[i].start, lines[i].end));
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
  };
}
