import { Diagnostic, TaskFile } from '../team/model';

/**
 * The open work of a task file as `cortex-team status` needs it, bounded by what its
 * table prints rather than by the file's history or its queue: how many tasks are
 * ready, the tasks in progress (titles, lines, starts: the table lists them, liveness
 * reads their starts), the next task (the first ready one), the last tick and every
 * diagnostic. Done tasks and bodies are left out, and so are the ready tasks after the
 * next one, except while no task is in progress: then liveness may need each ready
 * task's title (an agent "waits for pickup" when every ready task was dispatched
 * recently, looked up by title in the activity feed; see core/team/pickup.ts), so they are
 * all kept. A few hundred bytes per file, whatever the length of its queue while it
 * has work in progress.
 */
export function openWorkOf(file: TaskFile): TaskFile {
  return loadOpenWork(storeOpenWork(file));
}

function openTask(status: 'ready' | 'in-progress', title: string, line: number, started: string | null) {
  return { title, status, started, completed: null, summary: null, body: '', fields: {}, line, id: null };
}

/**
 * As stored: the ready count, the ready tasks kept (`[title, line]`, in file order),
 * the tasks in progress with their starts; `loadOpenWork` lays them out in file order.
 */
export interface StoredOpenWork {
  readonly ready: number;
  readonly readyKept: ReadonlyArray<readonly [title: string, line: number]>;
  readonly inProgress: ReadonlyArray<readonly [title: string, line: number, started: string | null]>;
  readonly lastTick: string | null;
  readonly lastTickLine: number | null;
  readonly diagnostics: readonly Diagnostic[];
}

/** What of a parsed task file is kept (see `openWorkOf`). */
export function storeOpenWork(file: TaskFile): StoredOpenWork {
  const ready: Array<[string, number]> = [];
  const inProgress: Array<[string, number, string | null]> = [];
  for (const t of file.tasks) {
    if (t.status === 'in-progress') inProgress.push([t.title, t.line, t.started]);
    else if (t.status === 'ready') ready.push([t.title, t.line]);
  }
  const readyKept = inProgress.length === 0 ? ready : ready.slice(0, 1);
  return { ready: ready.length, readyKept, inProgress, lastTick: file.lastTick, lastTickLine: file.lastTickLine, diagnostics: file.diagnostics };
}

/** The task file as status reads it: the tasks in progress and the ready tasks kept, in file order. */
export function loadOpenWork(stored: StoredOpenWork): TaskFile {
  const { readyKept: ready, inProgress } = stored;
  const tasks = [];
  let r = 0;
  let p = 0;
  while (r < ready.length || p < inProgress.length) {
    if (p >= inProgress.length || (r < ready.length && ready[r][1] < inProgress[p][1])) {
      tasks.push(openTask('ready', ready[r][0], ready[r][1], null));
      r++;
    } else {
      const [title, line, started] = inProgress[p++];
      tasks.push(openTask('in-progress', title, line, started));
    }
  }
  return { tasks, lastTick: stored.lastTick, lastTickLine: stored.lastTickLine, diagnostics: stored.diagnostics };
}

/** How many tasks are ready in the stored open work (`loadOpenWork` may keep fewer of them). */
export function readyCountOf(stored: StoredOpenWork): number {
  return stored.ready;
}
