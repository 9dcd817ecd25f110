import * as os from 'os';
import * as vscode from 'vscode';
import { branchStatus, findTeamRepo, operationInProgress, unmergedPaths } from '../../git/repo';
import { GitNotFoundError } from '../../git/run-git';
import { RemoteFailure, SyncResult, continueSync, publishBranch, syncMessage, syncTeam } from '../../git/sync';
import { errorMessage } from '../commands/agent-picks';
import { Services } from '../services';
import { DisposableBase, toDisposable } from '../../base/disposable';
import { SyncBarState, SyncStatusBar } from './sync-status-bar';

export const SYNC_COMMANDS = {
  syncTeam: 'cortex.syncTeam',
  continueSync: 'cortex.continueSync',
} as const;

/**
 * One team across machines, with git as the engine: "Cortex: Sync Team" commits the
 * team folder's own changes ("cortex: sync team from <hostname>"), pulls with rebase
 * (unrelated dirty files autostashed) and pushes. A conflict stops the rebase as git
 * leaves it; the conflicted files open and "Continue Sync" carries on once they are
 * resolved. The status bar shows ahead/behind; an optional timer syncs on its own.
 */
export class TeamSync extends DisposableBase {
  readonly bar: SyncStatusBar;
  private running: Promise<SyncResult | undefined> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private interval: ReturnType<typeof setInterval> | undefined;
  private fetchWatcher: vscode.FileSystemWatcher | undefined;
  private watchedGitDir: string | undefined;
  private lastAutoFailure: string | undefined;
  private conflictShown = false;

  constructor(
    private readonly c: Services,
    private readonly hostname: () => string = () => os.hostname(),
  ) {
    super();
    this.bar = this.register(new SyncStatusBar(SYNC_COMMANDS.syncTeam, SYNC_COMMANDS.continueSync));
    this.register(vscode.commands.registerCommand(SYNC_COMMANDS.syncTeam, () => this.sync()));
    this.register(vscode.commands.registerCommand(SYNC_COMMANDS.continueSync, () => this.continue()));
    this.register(c.store.onDidChange(() => this.scheduleRefresh()));
    this.register(vscode.window.onDidChangeWindowState((s) => s.focused && this.scheduleRefresh(0)));
    this.register(
      c.settings.onDidChange((e) => {
        if (e.affectsConfiguration('cortex.sync.intervalMinutes')) this.resetInterval();
      }),
    );
    this.register(
      toDisposable(() => {
        if (this.refreshTimer) clearTimeout(this.refreshTimer);
        if (this.interval) clearInterval(this.interval);
        this.fetchWatcher?.dispose();
      }),
    );
    this.resetInterval();
    this.scheduleRefresh(0);
  }

  /** "Cortex: Sync Team". */
  sync(auto = false): Promise<SyncResult | undefined> {
    return this.exclusive(auto, 'sync the team', (dir) => syncTeam(dir, { message: syncMessage(this.hostname()) }));
  }

  /** "Cortex: Continue Sync": after the conflicts were resolved. */
  continue(): Promise<SyncResult | undefined> {
    return this.exclusive(false, 'continue the sync', (dir) => continueSync(dir));
  }

  /** Resolves once the sync now running (whose message offered a next step) has finished. */
  private async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Pushes the branch to `remote` and tracks it there (offered when a sync finds no upstream). */
  publish(remote: string): Promise<SyncResult | undefined> {
    return this.exclusive(false, 'sync the team', (dir) => publishBranch(dir, remote, { message: syncMessage(this.hostname()) }));
  }

  /** Re-reads ahead/behind now (tests, and after writes). */
  async refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const run = async () => {
      try {
        do {
          this.refreshAgain = false;
          const state = await this.readState();
          // A sync that started meanwhile owns the item until it ends (and refreshes then).
          if (!this.running) this.bar.update(state);
        } while (this.refreshAgain && !this.isDisposed);
      } catch (e) {
        this.c.log.warn(`Team sync status: ${errorMessage(e)}`);
        if (!this.running) this.bar.update({ kind: 'hidden' });
      }
    };
    // Cleared in a later turn, so it is never left set by a run that finished at once.
    const p = run().finally(() => {
      if (this.refreshing === p) this.refreshing = undefined;
    });
    this.refreshing = p;
    return p;
  }

  private scheduleRefresh(delayMs = 500): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      void this.refresh();
    }, delayMs);
  }

  private teamDir(): string | undefined {
    const uri = this.c.store.location?.uri;
    return uri?.scheme === 'file' ? uri.fsPath : undefined;
  }

  private async readState(): Promise<SyncBarState> {
    const dir = this.teamDir();
    const repo = dir ? await findTeamRepo(dir) : undefined;
    this.watchFetches(repo?.gitDir);
    if (!repo) return { kind: 'hidden' };
    const operation = operationInProgress(repo);
    if (operation) return { kind: 'stopped', operation, conflicts: (await unmergedPaths(repo)).length };
    const status = await branchStatus(repo);
    if (status.remotes.length === 0 || !status.branch) return { kind: 'hidden' };
    return { kind: 'status', status, lastFailure: this.lastAutoFailure };
  }

  /** Fetches (the built-in git extension's autofetch, a terminal) move FETCH_HEAD: refresh then. */
  private watchFetches(gitDir: string | undefined): void {
    if (gitDir === this.watchedGitDir) return;
    this.fetchWatcher?.dispose();
    this.fetchWatcher = undefined;
    this.watchedGitDir = gitDir;
    if (!gitDir) return;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(gitDir), '{FETCH_HEAD,HEAD,ORIG_HEAD}'));
    const on = () => this.scheduleRefresh();
    w.onDidChange(on);
    w.onDidCreate(on);
    w.onDidDelete(on);
    this.fetchWatcher = w;
  }

  private resetInterval(): void {
    if (this.interval) clearInterval(this.interval);
    this.interval = undefined;
    const minutes = this.c.settings.current.syncIntervalMinutes;
    if (minutes > 0) this.interval = setInterval(() => void this.autoSync(), Math.max(1, minutes) * 60_000);
  }

  /** The periodic sync: skipped while a sync runs, a conflict waits, the repository is mid-rebase/merge, or in Restricted Mode. */
  async autoSync(): Promise<SyncResult | undefined> {
    const dir = this.teamDir();
    if (!dir || this.running || !this.c.writer.trusted) return undefined;
    const repo = await findTeamRepo(dir).catch(() => undefined);
    if (!repo || operationInProgress(repo)) return undefined;
    const status = await branchStatus(repo).catch(() => undefined);
    if (!status?.upstream) return undefined;
    return this.sync(true);
  }

  private async exclusive(auto: boolean, what: string, run: (dir: string) => Promise<SyncResult>): Promise<SyncResult | undefined> {
    if (this.running) {
      if (!auto) void this.c.prompts.info('Cortex: a team sync is already running.');
      return undefined;
    }
    const go = async (): Promise<SyncResult | undefined> => {
      if (!this.c.store.location) {
        void this.c.prompts.info('Cortex: no team folder is open.');
        return undefined;
      }
      const dir = this.teamDir();
      if (!dir) {
        void this.c.prompts.warn('Cortex: sync works on a team folder on this machine\'s file system, through git; this one is not.');
        return undefined;
      }
      await this.c.store.whenIdle();
      this.bar.update({ kind: 'running' });
      let result: SyncResult;
      try {
        result = await run(dir);
      } catch (e) {
        const text = e instanceof GitNotFoundError ? 'git is not installed or not on PATH: install git to sync the team.' : errorMessage(e);
        this.c.log.error(`Team sync failed: ${e instanceof Error && e.stack ? e.stack : text}`);
        if (!auto) void this.c.prompts.error(`Cortex: the sync failed: ${text}`);
        return undefined;
      }
      this.c.log.info(`Team sync${auto ? ' (automatic)' : ''}: ${JSON.stringify(result)}`);
      await this.report(dir, result, auto);
      return result;
    };
    const p = auto ? go() : this.c.writer.whenTrusted(what, go).then((r) => r ?? undefined);
    this.running = p;
    try {
      return await p;
    } finally {
      this.running = undefined;
      void this.refresh();
    }
  }

  /** Says how a sync ended (an automatic one only when something needs the user). */
  private async report(dir: string, r: SyncResult, auto: boolean): Promise<void> {
    const p = this.c.prompts;
    if (r.kind !== 'failed') this.lastAutoFailure = undefined;
    if (r.kind !== 'conflict' && r.kind !== 'busy') this.conflictShown = false;
    switch (r.kind) {
      case 'synced':
        if (!auto) this.reportSynced(r);
        return;
      case 'conflict':
      case 'busy':
        return this.reportStopped(dir, r, auto);
      case 'not-repo':
        if (!auto) void p.info('Cortex: the team folder is not in a git repository, so there is nothing to sync. To share it across machines, make it a git repository with a remote (git init, git remote add origin <url>), then sync.');
        return;
      case 'detached':
        if (!auto) void p.warn('Cortex: the team folder\'s repository has no branch checked out (detached HEAD); check out a branch, then sync. Nothing was changed.');
        return;
      case 'no-upstream':
        if (!auto) this.reportNoUpstream(r);
        return;
      case 'failed':
        return this.reportFailed(r, auto);
    }
  }

  private reportSynced(r: Extract<SyncResult, { kind: 'synced' }>): void {
    const p = this.c.prompts;
    const parts = [
      r.committed.length ? `committed ${r.committed.length} team ${r.committed.length === 1 ? 'file' : 'files'}` : '',
      r.pulled ? `pulled ${r.pulled} ${r.pulled === 1 ? 'commit' : 'commits'}` : '',
      r.pushed ? `pushed ${r.pushed} ${r.pushed === 1 ? 'commit' : 'commits'}` : '',
    ].filter((s) => s !== '');
    const stash = r.autostashKept ? ' Your other uncommitted changes could not be put back cleanly: they are kept in `git stash list`.' : '';
    const fn = r.autostashKept ? p.warn.bind(p) : p.info.bind(p);
    void fn(`Cortex: the team is in sync with ${r.upstream}${parts.length ? `: ${parts.join(', ')}` : ' (nothing to commit, pull or push)'}.${stash}`);
  }

  /** A conflict (or a rebase or merge already under way): the files open, and Continue Sync is offered. */
  private async reportStopped(dir: string, r: Extract<SyncResult, { kind: 'conflict' | 'busy' }>, auto: boolean): Promise<void> {
    const p = this.c.prompts;
    const files = r.conflicts;
    if (auto && this.conflictShown) return;
    this.conflictShown = true;
    if (r.kind === 'busy' && r.operation !== 'rebase') {
      void p.warn(`Cortex: the team folder's repository is in the middle of a ${r.operation}; finish it in Source Control or a terminal, then sync again. Nothing was changed.`);
      return;
    }
    const list = files.length ? files.join(', ') : 'none left';
    const upstream = r.kind === 'conflict' ? r.upstream : 'the upstream';
    const open = 'Open Conflicts';
    const cont = 'Continue Sync';
    const scm = 'Show Source Control';
    if (!auto && files.length) await this.openConflicts(dir, files);
    // Not awaited: the sync is over (stopped); the message may stay up as long as it likes.
    void p.warn(
      `Cortex: the sync stopped: this machine and ${upstream} changed the same lines (conflicted: ${list}). Nothing was dropped: each file holds both versions between <<<<<<< and >>>>>>> lines. Edit them to keep what both sides need, save, then Continue Sync. (To give up for now: \`git rebase --abort\` puts everything back as it was before the sync.)`,
      ...(files.length ? [open] : []),
      cont,
      scm,
    ).then(async (choice) => {
      if (choice === open) await this.openConflicts(dir, files);
      else if (choice === cont) {
        await this.idle();
        await vscode.commands.executeCommand(SYNC_COMMANDS.continueSync);
      }
      else if (choice === scm) await vscode.commands.executeCommand('workbench.view.scm');
    });
  }

  /** No upstream: offers to push the branch and track it. */
  private reportNoUpstream(r: Extract<SyncResult, { kind: 'no-upstream' }>): void {
    const p = this.c.prompts;
    const committed = r.committed.length ? ` Committed ${r.committed.length} team ${r.committed.length === 1 ? 'file' : 'files'} locally.` : '';
    if (r.remotes.length === 0) {
      void p.warn(`Cortex: branch ${r.branch} has no remote to sync with.${committed} Add one (git remote add origin <url>), then sync again.`);
      return;
    }
    const remote = r.remotes.includes('origin') ? 'origin' : r.remotes[0];
    const publish = `Push and Track ${remote}/${r.branch}`;
    void p.warn(`Cortex: branch ${r.branch} has no upstream, so there is nowhere to pull from or push to.${committed} Push it to ${remote} and track ${remote}/${r.branch}?`, publish).then(async (choice) => {
      if (choice !== publish) return;
      await this.idle();
      await this.publish(remote);
    });
  }

  /** A failed step; an automatic sync says so once until it succeeds again. */
  private reportFailed(r: Extract<SyncResult, { kind: 'failed' }>, auto: boolean): void {
    const p = this.c.prompts;
    const why = failureText(r.failure, r.step);
    const kept = r.committed.length ? ` The team's changes are committed locally (${r.committed.join(', ')}); nothing was lost.` : ' Nothing was lost.';
    const text = `Cortex: the sync could not ${r.step === 'commit' ? 'commit' : r.step === 'push' ? 'push' : r.step === 'continue' ? 'continue the rebase' : 'pull'}: ${why}${kept}\n${r.message}`;
    if (auto) {
      const first = this.lastAutoFailure === undefined;
      this.lastAutoFailure = why;
      if (first) void p.warn(text);
      return;
    }
    const log = 'Show Log';
    void p.error(text, log).then((choice) => choice === log && this.c.log.show(true));
  }

  private async openConflicts(dir: string, files: readonly string[]): Promise<void> {
    const repo = await findTeamRepo(dir);
    if (!repo) return;
    for (const f of files) {
      try {
        await vscode.window.showTextDocument(vscode.Uri.joinPath(vscode.Uri.file(repo.root), ...f.split('/')), { preview: false });
      } catch (e) {
        this.c.log.warn(`Cannot open ${f}: ${errorMessage(e)}`);
      }
    }
  }
}

function failureText(failure: RemoteFailure, step: string): string {
  switch (failure) {
    case 'offline':
      return 'the remote cannot be reached (offline, or the address is wrong). Sync again when it can be.';
    case 'auth':
      return 'git was refused by the remote (sign-in or permissions). Sign in to the remote in a terminal or Source Control (git never asks here), then sync again.';
    case 'rejected':
      return 'the remote has new commits since the pull. Sync again.';
    default:
      return step === 'commit' ? 'git could not commit the team folder\'s changes.' : 'git reported an error.';
  }
}
