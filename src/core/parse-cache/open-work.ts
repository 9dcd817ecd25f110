import { Diagnostic, TaskFile } from '../model';

/**
 * The open work of a task file: what `cortex-team status` shows of it (the ready and
 * in-progress tasks with their titles and lines, when work in progress started, the last tick, every
 * diagnostic), without the done tasks and without bodies. A few hundred bytes where
 * the file holds hundreds of kilobytes of history, so a cache of it loads fast.
 */
export function openWorkOf(file: TaskFile): TaskFile {
  const tasks = [];
  for (const t of file.tasks) {
    if (t.status === 'ready') tasks.push(openTask('ready', t.title, t.line, null));
    else if (t.status === 'in-progress') tasks.push(openTask('in-progress', t.title, t.line, t.started));
  }
  return { tasks, lastTick: file.lastTick, lastTickLine: file.lastTickLine, diagnostics: file.diagnostics };
}

function openTask(status: 'ready' | 'in-progress', title: string, line: number, started: string | null) {
  return { title, status, started, completed: null, summary: null, body: '', fields: {}, line, id: null };
}

/**
 * As stored: the ready tasks' titles and lines in two flat lists (most open tasks are
 * ready, and flat lists are what JSON reads fastest), the tasks in progress with their
 * starts; `loadOpenWork` lays them out in file order again.
 */
export interface StoredOpenWork {
  readonly ready: readonly string[];
  readonly readyLines: readonly number[];
  readonly inProgress: ReadonlyArray<readonly [title: string, line: number, started: string | null]>;
  readonly lastTick: string | null;
  readonly lastTickLine: number | null;
  readonly diagnostics: readonly Diagnostic[];
}

/** `file` as `openWorkOf` made it. */
export function storeOpenWork(file: TaskFile): StoredOpenWork {
  const ready: string[] = [];
  const readyLines: number[] = [];
  const inProgress: Array<[string, number, string | null]> = [];
  for (const t of file.tasks) {
    if (t.status === 'in-progress') inProgress.push([t.title, t.line, t.started]);
    else {
      ready.push(t.title);
      readyLines.push(t.line);
    }
  }
  return { ready, readyLines, inProgress, lastTick: file.lastTick, lastTickLine: file.lastTickLine, diagnostics: file.diagnostics };
}

export function loadOpenWork(stored: StoredOpenWork): TaskFile {
  const { ready, readyLines, inProgress } = stored;
  const tasks = [];
  let r = 0;
  let p = 0;
  while (r < ready.length || p < inProgress.length) {
    if (p >= inProgress.length || (r < ready.length && readyLines[r] < inProgress[p][1])) {
      tasks.push(openTask('ready', ready[r], readyLines[r], null));
      r++;
    } else {
      const [title, line, started] = inProgress[p++];
      tasks.push(openTask('in-progress', title, line, started));
    }
  }
  return { tasks, lastTick: stored.lastTick, lastTickLine: stored.lastTickLine, diagnostics: stored.diagnostics };
}
