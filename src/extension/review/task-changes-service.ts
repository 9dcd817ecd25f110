import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Limiter } from '../../base/limiter';
import { instantOfWall, parseStamp } from '../../base/time';
import { Agent, Task } from '../../core/team/model';
import { ChangeSummary } from '../../core/review/change-summary';
import { FolderMissingError, GitNotFoundError } from '../../git/run-git';
import { ownsWorkingTree } from '../../core/review/working-tree';
import { CommitLog, ProjectRepo, TaskChanges, listCommits, openProjectRepo, taskChanges } from '../../git/task-changes';
import { WorkFolder, WorktreeOf, agentWorkFolder } from './work-folder';

/** A task's full changes, for the diff editor and the card's detail. */
export type TaskChangesResult =
  | { readonly kind: 'changes'; readonly repo: ProjectRepo; readonly folder: WorkFolder; readonly changes: TaskChanges; readonly summary: ChangeSummary }
  | { readonly kind: 'other'; readonly summary: Exclude<ChangeSummary, { kind: 'changes' }>; readonly folder: WorkFolder | null };

interface RepoState {
  readonly folder: WorkFolder;
  /** undefined: not in a repository; a string: why git could not tell. */
  repo: ProjectRepo | undefined | string;
  log: CommitLog | undefined;
  /** Seconds since the epoch the log starts at. */
  since: number;
  /** Bumped when HEAD or a ref moves: every result computed before is stale. */
  generation: number;
  watchers: vscode.Disposable[];
  opened: Promise<void> | undefined;
}

interface Cached {
  readonly result: TaskChangesResult;
  readonly generation: number;
  /** Date.now() when computed (a task in progress also changes without a commit). */
  readonly at: number;
}

/** Only tasks that were started can have changes. */
export function hasChangesToShow(task: Pick<Task, 'status'>): boolean {
  return task.status === 'in-progress' || task.status === 'done';
}

/** How long the uncommitted part of a task in progress is trusted before git is asked again. */
const WORKTREE_TTL_MS = 10_000;
/** How far before the earliest Started the commit log starts (the agent's zone may differ from this machine's). */
const SLACK_SECONDS = 2 * 86_400;

/**
 * What each task changed in its agent's project, computed on demand and cached: the
 * board asks for the cards it shows (and the detail for the card opened), never for
 * all of them; git runs once per repository for the commit log, then once or twice
 * per task. Results hold until the repository's HEAD or refs move (watched), and, for
 * a task in progress, for a few seconds (its working tree changes without a commit).
 */
export class TaskChangesService extends DisposableBase {
  private readonly repos = new Map<string, RepoState>();
  /** An agent's work folder, by slug and `project:` as written. */
  private readonly folders = new Map<string, Promise<WorkFolder | null>>();
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<TaskChangesResult>>();
  private readonly limiter = new Limiter(2);
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when results were computed or became stale (debounced). */
  readonly onDidChange = this.changed.event;
  private fireTimer: ReturnType<typeof setTimeout> | undefined;
  private pending = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly log: vscode.LogOutputChannel,
    /** Whether git can read the team's agents' folders (a local team folder). */
    private readonly local: () => boolean,
    private readonly worktreeOf?: WorktreeOf,
  ) {
    super();
    this.register({
      dispose: () => {
        if (this.fireTimer) clearTimeout(this.fireTimer);
        for (const r of this.repos.values()) r.watchers.forEach((w) => w.dispose());
        this.repos.clear();
      },
    });
  }

  /** The summary computed last for the task, while it is still valid; undefined: not (yet) known. */
  summary(agent: Agent, task: Task): ChangeSummary | undefined {
    const c = this.cache.get(taskKey(agent, task));
    return c && this.fresh(c, task) ? c.result.summary : undefined;
  }

  /** Computes (in the background) what is not known yet for these tasks; `onDidChange` fires as results come. */
  request(items: ReadonlyArray<{ readonly agent: Agent; readonly task: Task }>): void {
    for (const { agent, task } of items) {
      if (!hasChangesToShow(task) || this.summary(agent, task) !== undefined) continue;
      void this.changes(agent, task).catch((e: unknown) => this.log.warn(`Changes of "${task.title}": ${String(e)}`));
    }
  }

  /** The task's changes (cached while valid). */
  changes(agent: Agent, task: Task): Promise<TaskChangesResult> {
    const key = taskKey(agent, task);
    const cached = this.cache.get(key);
    if (cached && this.fresh(cached, task)) return Promise.resolve(cached.result);
    const running = this.inFlight.get(key);
    if (running) return running;
    this.pending++;
    const work = this.limiter
      .run(() => this.compute(agent, task))
      .then((c) => {
        this.cache.set(key, c);
        this.fireSoon();
        return c.result;
      })
      .finally(() => {
        this.inFlight.delete(key);
        if (--this.pending === 0) for (const w of this.idleWaiters.splice(0)) w();
      });
    this.inFlight.set(key, work);
    return work;
  }

  /** Forgets everything (a refresh). */
  clear(): void {
    this.cache.clear();
    this.folders.clear();
    for (const r of this.repos.values()) {
      r.generation++;
      r.log = undefined;
    }
    this.fireSoon();
  }

  /** Resolves once nothing is being computed (for tests). */
  whenIdle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private fresh(c: Cached, task: Task): boolean {
    if (c.result.kind !== 'changes') {
      const r = c.result.folder ? this.repos.get(c.result.folder.path) : undefined;
      return !r || r.generation === c.generation;
    }
    const r = this.repos.get(c.result.folder.path);
    if (!r || r.generation !== c.generation) return false;
    // A result that read the working tree (head null) goes stale with it.
    return c.result.changes.head !== null || Date.now() - c.at < WORKTREE_TTL_MS;
  }

  private async compute(agent: Agent, task: Task): Promise<Cached> {
    const at = Date.now();
    if (!this.local()) return { result: { kind: 'other', folder: null, summary: { kind: 'unavailable', reason: 'the team folder is not on this machine' } }, generation: 0, at };
    const folder = await this.folderOf(agent);
    if (!folder) return { result: { kind: 'other', folder: null, summary: { kind: 'noProject' } }, generation: 0, at };
    const state = await this.repoOf(folder);
    const generation = state.generation;
    if (state.repo === undefined) return { result: { kind: 'other', folder, summary: { kind: 'noRepository' } }, generation, at };
    if (typeof state.repo === 'string') return { result: { kind: 'other', folder, summary: { kind: 'unavailable', reason: state.repo } }, generation, at };
    const repo = state.repo;
    try {
      const log = await this.logOf(state, repo, task);
      let changes = await taskChanges(repo, log, agent.slug, task, task.status === 'in-progress');
      // A done task with nothing committed: its work may still be in the working tree.
      if (task.status === 'done' && changes.commits.length === 0 && ownsWorkingTree(agent.tasks, task)) changes = await taskChanges(repo, log, agent.slug, task, true);
      const summary: ChangeSummary =
        changes.files.length === 0 && changes.commits.length === 0
          ? { kind: 'none' }
          : { kind: 'changes', files: changes.files.length, added: changes.added, removed: changes.removed, commits: changes.commits.length, uncommitted: changes.uncommitted, via: changes.via };
      return { result: { kind: 'changes', repo, folder, changes, summary }, generation, at };
    } catch (e) {
      const reason = gitProblem(e);
      return { result: { kind: 'other', folder, summary: { kind: 'unavailable', reason } }, generation, at };
    }
  }

  private folderOf(agent: Agent): Promise<WorkFolder | null> {
    const key = `${agent.slug}\n${agent.project ?? ''}`;
    let f = this.folders.get(key);
    if (!f) {
      f = agentWorkFolder(agent, this.worktreeOf);
      this.folders.set(key, f);
    }
    return f;
  }

  private async repoOf(folder: WorkFolder): Promise<RepoState> {
    let state = this.repos.get(folder.path);
    if (!state) {
      state = { folder, repo: undefined, log: undefined, since: Infinity, generation: 0, watchers: [], opened: undefined };
      this.repos.set(folder.path, state);
    }
    const s = state;
    s.opened ??= this.open(s);
    await s.opened;
    return s;
  }

  /** Finds the repository (again, after HEAD moved) and watches its HEAD and refs. */
  private async open(s: RepoState): Promise<void> {
    try {
      s.repo = await openProjectRepo(s.folder.path);
    } catch (e) {
      s.repo = gitProblem(e);
    }
    if (s.watchers.length > 0 || typeof s.repo !== 'object') return;
    const stale = () => {
      s.generation++;
      s.log = undefined;
      s.opened = undefined; // HEAD may now be another commit
      this.fireSoon();
    };
    const watch = (base: string, glob: string) => {
      try {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(base), glob));
        w.onDidChange(stale);
        w.onDidCreate(stale);
        w.onDidDelete(stale);
        s.watchers.push(w);
      } catch (e) {
        this.log.warn(`Cannot watch ${base}: ${String(e)}`);
      }
    };
    watch(s.repo.commonDir, '{HEAD,packed-refs,refs/**}');
    if (s.repo.gitDir !== s.repo.commonDir) watch(s.repo.gitDir, 'HEAD');
  }

  /** The commit log, listed again when it does not reach back to this task's Started. */
  private async logOf(s: RepoState, repo: ProjectRepo, task: Task): Promise<CommitLog> {
    const started = parseStamp(task.started);
    const need = started === null ? Math.floor(Date.now() / 1000) - 30 * 86_400 : Math.floor(instantOfWall(started) / 1000) - SLACK_SECONDS;
    if (!s.log || need < s.since) {
      const since = Math.min(need, s.since);
      s.log = await listCommits(repo, since);
      s.since = since;
    }
    return s.log;
  }

  private fireSoon(): void {
    if (this.fireTimer) return;
    this.fireTimer = setTimeout(() => {
      this.fireTimer = undefined;
      this.changed.fire();
    }, 100);
  }
}

export function taskKey(agent: Pick<Agent, 'slug'>, task: Pick<Task, 'title' | 'status' | 'started' | 'completed'>): string {
  return `${agent.slug}\n${task.title}\n${task.status ?? ''}\n${task.started ?? ''}\n${task.completed ?? ''}`;
}

/** Why git could not read a project: git missing, the folder missing (4 of the example's 6 agents), or git's own words. */
function gitProblem(e: unknown): string {
  if (e instanceof FolderMissingError) return `the agent's project folder ${e.folder} does not exist`;
  if (e instanceof GitNotFoundError) return 'git is not installed (or not on PATH)';
  return e instanceof Error ? e.message : String(e);
}
