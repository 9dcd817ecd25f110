import { parseStamp } from '../../base/time';
import { TaskReference, namesTask } from './task-reference';

/**
 * Which commits of an agent's project belong to one of its tasks, and the range of
 * history a review shows for it. Pure: the git layer lists the commits, this decides.
 *
 * - **By reference.** When any commit names the task (a `Cortex-Task:` line, see
 *   task-reference.ts), exactly the commits that name it belong to it, wherever they
 *   are in the history reachable from HEAD and whenever they were made: a rebase, an
 *   amend or a merge of other people's work changes nothing.
 * - **By time**, otherwise: the commits on HEAD's first-parent line (so not the
 *   commits a merge brought in) authored between the task's Started and Completed
 *   (for a task in progress: from Started on), that are not merges and name no other
 *   task. Started and Completed are local wall-clock times without a zone, written by
 *   the agent; a commit's author time is read on the wall clock of its own zone (git
 *   keeps the author's offset), so both sides are the agent's clock and the machine
 *   the dashboard runs on does not matter. The author time survives a rebase (the
 *   committer time does not), so rebased work stays in its task. Completed names a
 *   minute: the whole of it counts.
 *
 * The range runs from the first parent of the oldest commit of the task (the empty
 * tree for a root commit) to the newest; in between, history the task did not make
 * (a merge) shows only in the files the task's own commits touched.
 */
export interface CommitRecord {
  readonly sha: string;
  /** Parent SHAs, the first parent first. */
  readonly parents: readonly string[];
  /** The author time: seconds since the epoch. */
  readonly authorSeconds: number;
  /** The author's zone: minutes east of UTC (`+0130` is 90). */
  readonly authorOffsetMinutes: number;
  readonly references: readonly TaskReference[];
}

export interface TaskWindow {
  readonly title: string;
  readonly status: string | null;
  readonly started: string | null;
  readonly completed: string | null;
}

/** git's empty tree: the base of a range that starts at a root commit. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export type Attribution = 'reference' | 'time';

export interface TaskCommits {
  /** The task's commits, newest first (the order they were listed in). */
  readonly commits: readonly CommitRecord[];
  readonly via: Attribution | null;
  /** The range a review shows: `base` (a commit or the empty tree) to `head` (the newest commit); null without commits. */
  readonly base: string | null;
  readonly head: string | null;
}

/** A commit's author time on its own wall clock, in wall-clock minutes (see base/time). */
export function authorWallMinutes(c: Pick<CommitRecord, 'authorSeconds' | 'authorOffsetMinutes'>): number {
  return Math.floor(c.authorSeconds / 60) + c.authorOffsetMinutes;
}

/**
 * The task's time window in wall-clock minutes: from Started to the end of the
 * Completed minute (open for a task in progress); null without a readable Started,
 * or for a done task without a readable Completed.
 */
export function taskWindow(task: TaskWindow): { readonly from: number; readonly to: number } | null {
  const from = parseStamp(task.started);
  if (from === null) return null;
  if (task.status === 'done') {
    const to = parseStamp(task.completed);
    if (to === null || to < from) return null;
    return { from, to };
  }
  if (task.status === 'in-progress') return { from, to: Infinity };
  return null;
}

/** The commits on the first-parent line from `head` (by SHA), as listed. */
export function firstParentLine(commits: readonly CommitRecord[], head: string): Set<string> {
  const bySha = new Map(commits.map((c) => [c.sha, c] as const));
  const line = new Set<string>();
  for (let c = bySha.get(head); c && !line.has(c.sha); c = c.parents.length > 0 ? bySha.get(c.parents[0]) : undefined) line.add(c.sha);
  return line;
}

/**
 * The commits of `task` (of agent `agent`) among `commits`, which are listed newest
 * first from `head` (git log's topological order).
 */
export function taskCommits(commits: readonly CommitRecord[], head: string | null, agent: string, task: TaskWindow): TaskCommits {
  const referenced = commits.filter((c) => c.references.some((r) => namesTask(r, agent, task.title)));
  if (referenced.length > 0) return withRange(referenced, 'reference');
  const window = taskWindow(task);
  if (!window || head === null) return withRange([], null);
  const line = firstParentLine(commits, head);
  const inWindow = commits.filter((c) => {
    if (!line.has(c.sha) || c.parents.length > 1 || c.references.length > 0) return false;
    const at = authorWallMinutes(c);
    return at >= window.from && at <= window.to;
  });
  return withRange(inWindow, inWindow.length > 0 ? 'time' : null);
}

function withRange(commits: readonly CommitRecord[], via: Attribution | null): TaskCommits {
  if (commits.length === 0) return { commits, via, base: null, head: null };
  const oldest = commits[commits.length - 1];
  return { commits, via, base: oldest.parents[0] ?? EMPTY_TREE, head: commits[0].sha };
}
