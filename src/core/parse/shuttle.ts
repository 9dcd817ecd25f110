import { isTaskStatus } from '../../base/task-status';
import { parseStamp } from '../../base/time';
import { readTaskFile } from './tasks';

/**
 * An external task runner's file: `.shuttle.md` in an agent's project folder (the
 * Shuttle protocol's default name). It has the same task format as a Cortex task
 * file (`## title`, `**Status:** ready|in-progress|done`, optional Started and
 * Completed) and ends with `<!-- shuttle:last-tick … -->`. The dashboard only reads
 * it, to show the runner's progress on the agent's row; the runner owns the file.
 *
 * Tolerant like the task reader it builds on: a file that is empty, has no tasks or
 * is malformed yields counts of what could be read, never an exception.
 */
export const SHUTTLE_FILE = '.shuttle.md';

export interface ShuttleProgress {
  /** Every task (`## ` heading) in the file. */
  readonly total: number;
  readonly done: number;
  readonly inProgress: number;
  readonly ready: number;
  /** The task being worked on (the first in progress), else the next one to be picked up (the first ready); `null` when neither. */
  readonly current: ShuttleCurrent | null;
  /** The runner's last tick as written, whatever its prefix; `null` when there is none. */
  readonly lastTick: string | null;
}

export interface ShuttleCurrent {
  readonly title: string;
  readonly status: 'in-progress' | 'ready';
  /** `**Started:**` as written (in-progress tasks). */
  readonly started: string | null;
}

const TICK = /^[ \t]*<!--[ \t]*([A-Za-z][\w-]*):last-tick[ \t]+(.*?)[ \t]*-->[ \t]*$/gm;

export function readShuttleFile(text: string, file: string = SHUTTLE_FILE): ShuttleProgress {
  const { tasks } = readTaskFile(text, file);
  let done = 0;
  let inProgress = 0;
  let ready = 0;
  let working: ShuttleCurrent | null = null;
  let next: ShuttleCurrent | null = null;
  for (const t of tasks) {
    if (!isTaskStatus(t.status)) continue;
    if (t.status === 'done') done++;
    else if (t.status === 'in-progress') {
      inProgress++;
      working ??= { title: t.title, status: 'in-progress', started: t.started };
    } else {
      ready++;
      next ??= { title: t.title, status: 'ready', started: null };
    }
  }
  return { total: tasks.length, done, inProgress, ready, current: working ?? next, lastTick: lastTick(text) };
}

/** The last `<!-- <prefix>:last-tick … -->` comment's time; a readable one wins over a later unreadable one. */
function lastTick(text: string): string | null {
  let found: string | null = null;
  let readable = false;
  for (const m of text.matchAll(TICK)) {
    const ok = parseStamp(m[2]) !== null;
    if (ok || !readable) {
      found = m[2];
      readable = ok;
    }
  }
  return found;
}
