import * as path from 'path';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { ACCEPT_REVIEWED_TASK_COMMAND, REVIEW_CHANGES_COMMAND, SEND_BACK_REVIEWED_TASK_COMMAND } from '../commands/command-ids';
import { LiveTeam } from '../team/live-team';
import { Prompts } from '../ui/prompts';
import type { TaskService } from '../tasks/task-service';
import { TaskOutcome } from '../tasks/task-outcome';
import { findTask } from '../tasks/task-ref';
import { GIT_CONTENT_SCHEME, GitContentProvider, gitContentUri } from './git-content';
import { TaskChangesResult, TaskChangesService } from './task-changes-service';
import { TaskRef } from '../../base/task-ref';

/** The context keys of the editor title's Accept and Send Back: a task's review diff is the active editor (and the task is done). */
export const REVIEW_DIFF_ACTIVE = 'cortex.reviewDiffActive';
export const REVIEW_DIFF_DONE = 'cortex.reviewDiffDone';

const TITLE_PREFIX = 'Review: ';
/** How many review diffs are remembered (for their title bar's Accept and Send Back). */
const KEPT_REVIEWS = 30;

/** What a Review Changes opened: the diff's title, the task, the files on each side. */
export interface OpenedReview {
  readonly title: string;
  readonly ref: TaskRef;
  readonly resources: ReadonlyArray<readonly [vscode.Uri, vscode.Uri | undefined, vscode.Uri | undefined]>;
}

/**
 * "Review Changes": a task's changes in VS Code's multi-file diff editor
 * (`vscode.changes`), from the first parent of the task's first commit to its last
 * commit, or to the working tree for a task in progress; files at a commit come from
 * git (git-content.ts). While such a diff is the active editor, its title bar offers
 * Accept and Send Back for the task (a done task). The tab is recognised by its title,
 * which is the one thing the extension API exposes of a multi-file diff tab.
 */
export class ReviewDiffs extends DisposableBase {
  /** Review diffs opened, by title, oldest first. */
  private readonly opened = new Map<string, OpenedReview>();
  private active: OpenedReview | undefined;
  /** The diff opened last (tests read it). */
  lastOpened: OpenedReview | undefined;

  constructor(
    private readonly team: Pick<LiveTeam, 'current' | 'whenIdle'>,
    private readonly changes: TaskChangesService,
    private readonly tasks: Pick<TaskService, 'accept' | 'sendBack'>,
    private readonly prompts: Pick<Prompts, 'info' | 'warn' | 'error'>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(GIT_CONTENT_SCHEME, new GitContentProvider()));
    this.register(vscode.commands.registerCommand(REVIEW_CHANGES_COMMAND, (arg: unknown) => (isRef(arg) ? this.open(arg) : undefined)));
    this.register(vscode.commands.registerCommand(ACCEPT_REVIEWED_TASK_COMMAND, (arg: unknown) => this.accept(isRef(arg) ? arg : undefined)));
    this.register(vscode.commands.registerCommand(SEND_BACK_REVIEWED_TASK_COMMAND, (arg: unknown) => this.sendBack(isRef(arg) ? arg : undefined)));
    this.register(vscode.window.tabGroups.onDidChangeTabs(() => this.trackActive()));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(() => this.trackActive()));
    this.trackActive();
  }

  /** The task whose review diff is the active editor. */
  get activeReview(): OpenedReview | undefined {
    return this.active;
  }

  /** Opens the task's changes; says why when there is nothing to show. Resolves with what was opened. */
  async open(ref: TaskRef): Promise<OpenedReview | undefined> {
    await this.team.whenIdle();
    const found = findTask(this.team.current.team, ref);
    if (typeof found === 'string') {
      void this.prompts.warn(`Cortex: ${found}`);
      return undefined;
    }
    const { agent, task } = found;
    const result = await this.changes.changes(agent, task);
    if (result.kind !== 'changes' || result.changes.files.length === 0) {
      void this.prompts.info(`Cortex: ${nothingToShow(result, task.title)}`);
      return undefined;
    }
    const { repo, changes } = result;
    const fileUri = (p: string) => vscode.Uri.file(path.join(repo.root, p));
    const resources = changes.files.map((f) => {
      const left = f.status === 'added' ? undefined : gitContentUri(repo.root, changes.base, f.oldPath ?? f.path);
      const right = f.status === 'deleted' ? undefined : changes.head === null ? fileUri(f.path) : gitContentUri(repo.root, changes.head, f.path);
      return [fileUri(f.path), left, right] as const;
    });
    const title = `${TITLE_PREFIX}${task.title} (${agent.name})`;
    const review: OpenedReview = { title, ref: { agent: agent.slug, index: found.index, title: task.title, status: task.status }, resources };
    // Kept by title, the latest few: a tab that closes may be reopened with the same title
    // (and the workbench closes the old tab while the new one opens), so none is forgotten on close.
    this.opened.delete(title);
    this.opened.set(title, review);
    if (this.opened.size > KEPT_REVIEWS) this.opened.delete(this.opened.keys().next().value!);
    this.lastOpened = review;
    this.log.info(`Review: ${title}: ${changes.files.length} files, ${changes.base.slice(0, 8)}..${changes.head?.slice(0, 8) ?? 'working tree'}`);
    await vscode.commands.executeCommand('vscode.changes', title, resources);
    this.trackActive();
    return review;
  }

  /** Accept from the diff's title bar (the active review's task) or for a given task. */
  accept(ref: TaskRef | undefined): Promise<TaskOutcome> {
    const target = ref ?? this.active?.ref;
    if (!target) return this.noReview();
    return this.tasks.accept(target);
  }

  sendBack(ref: TaskRef | undefined): Promise<TaskOutcome> {
    const target = ref ?? this.active?.ref;
    if (!target) return this.noReview();
    return this.tasks.sendBack(target);
  }

  private async noReview(): Promise<TaskOutcome> {
    void this.prompts.info('Cortex: open a task\'s changes first (Review Changes on a card of the task board).');
    return { ok: false, message: null };
  }

  private trackActive(): void {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const review = tab ? this.opened.get(titleOfTab(tab.label, this.opened.keys()) ?? '') : undefined;
    if (review === this.active) return;
    this.active = review;
    void vscode.commands.executeCommand('setContext', REVIEW_DIFF_ACTIVE, !!review);
    void vscode.commands.executeCommand('setContext', REVIEW_DIFF_DONE, review?.ref.status === 'done');
  }
}

/**
 * The review title a tab's label shows: the workbench labels a multi-file diff with its
 * title and the number of files ("Review: X (Ada) (3 files)"). The longest title that
 * matches wins, so one task's title that begins another's is not mistaken for it.
 */
export function titleOfTab(label: string, titles: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const t of titles) {
    if (label !== t && !(label.startsWith(`${t} (`) && /^ \(\d+ files?\)$/.test(label.slice(t.length)))) continue;
    if (!best || t.length > best.length) best = t;
  }
  return best;
}

function isRef(v: unknown): v is TaskRef {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.agent === 'string' && typeof r.index === 'number' && typeof r.title === 'string' && (typeof r.status === 'string' || r.status === null);
}

/** Why a task's review has nothing to open. */
export function nothingToShow(result: TaskChangesResult, title: string): string {
  const s = result.summary;
  switch (s.kind) {
    case 'noProject':
      return `the agent's note names no project folder on this machine, so the changes of "${title}" cannot be shown.`;
    case 'noRepository':
      return `the project folder ${result.folder?.path ?? ''} is not a git repository, so the changes of "${title}" cannot be shown.`;
    case 'unavailable':
      return `the changes of "${title}" cannot be read: ${s.reason}.`;
    default:
      return `no commits or uncommitted changes were found for "${title}" (no commit names it with a Cortex-Task line, and none was made between its Started and Completed times).`;
  }
}
