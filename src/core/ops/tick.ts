import { EditOptions } from '../edit/edit-file';
import { TextOperation } from '../edit/operation';
import { writeOperation } from '../edit/writer';
import { parseStamp } from '../../base/time';
import { TeamFs } from '../fs/team-fs';
import { parseTaskFile } from '../parse/tasks';
import { Line, detectEol } from '../text/text';
import { checkStamp, separatorBefore } from './shared';
import { isOpenStatus } from '../../base/task-status';

/**
 * tick: the heartbeat. The file's trailing `<!-- cortex:last-tick … -->` line gets
 * the new time (only that line's bytes change); a file without one gets it as its
 * last line, after a blank line. At most one tick per file, at its end (the Shuttle
 * rule): other tick lines (a second one, one left mid-file) are taken out, so the
 * file ends with the one comment.
 *
 * Idle ticks are suppressed, as agents do: a file with no `ready` or `in-progress`
 * task is left alone, so the coordinator reads the silence as idle, not as down.
 */
export interface TickResult {
  readonly text: string;
  /** False when nothing was written: the agent is idle, or the tick already says `now`. */
  readonly written: boolean;
  readonly idle: boolean;
  /** The tick before this one (`null`: none). */
  readonly previous: string | null;
}

export function tickComment(now: string): string {
  return `<!-- cortex:last-tick ${now} -->`;
}

export function tickText(text: string, file: string, now: string): TickResult {
  checkStamp(now, 'The time');
  const parsed = parseTaskFile(text, file);
  const previous = parsed.lastTick;
  const idle = !parsed.tasks.some((t) => isOpenStatus(t.status));
  if (idle) return { text, written: false, idle, previous };
  const comment = tickComment(now);
  const line = parsed.trailingTick;
  if (line && parsed.tickLines.length === 1) {
    if (text.slice(line.start, line.end) === comment) return { text, written: false, idle, previous };
    return { text: text.slice(0, line.start) + comment + text.slice(line.end), written: true, idle, previous };
  }
  return { text: mergedTicks(text, parsed.tickLines, line ? parsed.appendAt : null, comment), written: true, idle, previous };
}

/**
 * The text with every tick line taken out and `comment` at the end: in place of the
 * trailing tick region (from `trailingFrom` to the last tick's line break, when the
 * file ends with ticks), else appended after a blank line.
 */
function mergedTicks(text: string, ticks: readonly Line[], trailingFrom: number | null, comment: string): string {
  let out = text;
  const last = ticks[ticks.length - 1];
  if (trailingFrom !== null && last) out = out.slice(0, trailingFrom) + comment + out.slice(last.end);
  // Backwards, so earlier offsets stay right.
  for (let i = ticks.length - 1; i >= 0; i--) {
    if (trailingFrom !== null && ticks[i].start >= trailingFrom) continue;
    out = out.slice(0, ticks[i].start) + out.slice(ticks[i].next);
  }
  if (trailingFrom !== null) return out;
  const eol = detectEol(out);
  return out + separatorBefore(out, out.length, eol) + comment + eol;
}

/**
 * Tick as an operation for the writer. Holds while the file's last tick is this one or
 * a later one (the agent ticked again), or while the agent is idle (nothing to tick):
 * a stale write that brought back an older tick gets this one again.
 */
export function tickOperation(file: string, now: string): TextOperation<TickResult> {
  const at = parseStamp(checkStamp(now, 'The time'))!;
  return {
    apply: (text) => {
      const result = tickText(text, file, now);
      return { text: result.text, result };
    },
    holds: (text) => {
      const parsed = parseTaskFile(text, file);
      if (!parsed.tasks.some((t) => isOpenStatus(t.status))) return true;
      const last = parsed.trailingTick && parsed.lastTick !== null ? parseStamp(parsed.lastTick) : null;
      return last !== null && last >= at;
    },
  };
}

export async function tickTasks(fs: TeamFs, path: string, now: string, opts: EditOptions = {}): Promise<TickResult> {
  return (await writeOperation(fs, path, tickOperation(path, now), opts)).result;
}
