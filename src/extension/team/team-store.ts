import * as vscode from 'vscode';
import { Team } from '../../core/team/model';
import { TeamIndex } from '../../core/team/team-index';
import { ACTIVITY_FILE } from '../../core/team/team-paths';
import { isIgnored, isSuspiciousContent } from './change-filter';
import { DisposableBase, toDisposable } from '../../base/disposable';
import { TeamLocation } from './team-locator';
import { VscodeTeamFs } from './vscode-team-fs';

/**
 * The live model of the team folder in the extension host: the core's `TeamIndex`
 * fed by file-system watchers. Only the files that changed are re-read; a burst of
 * events is gathered for `debounceMs`; a file that looks half-written right after a
 * change (empty, or cut off mid-line) is read again once after `retryMs` before
 * anything about it is published.
 */
export type StoreState = 'none' | 'loading' | 'loaded';

export interface StoreChange {
  readonly location: TeamLocation | undefined;
  readonly team: Team | undefined;
  /** Team-relative paths this change re-read; `undefined` for a full load or a new location. */
  readonly paths: readonly string[] | undefined;
}

/** A batch of files the store re-read, whether or not the team changed (WORKLOG.md and MAILBOX.md are outside the model). */
export interface FilesRead {
  readonly location: TeamLocation | undefined;
  /** Team-relative paths. */
  readonly paths: readonly string[];
  /** The team changed too (`onDidChange` fired for the same paths). */
  readonly teamChanged: boolean;
}

export interface StoreOptions {
  readonly debounceMs: number;
  readonly retryMs: number;
}

const DEFAULTS: StoreOptions = { debounceMs: 100, retryMs: 250 };

export class TeamStore extends DisposableBase {
  private currentLocation: TeamLocation | undefined;
  private currentFs: VscodeTeamFs | undefined;
  private index: TeamIndex | undefined;
  private currentTeam: Team | undefined;
  private loadFailure: string | undefined;
  /** Bumped on every location change, so late results of an old folder are dropped. */
  private generation = 0;
  private watchers: vscode.Disposable[] = [];

  private readonly pending = new Set<string>();
  private readonly held = new Set<string>();
  private readonly retried = new Set<string>();
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  private readonly changed = this.register(new vscode.EventEmitter<StoreChange>());
  /** Fires when the team (or its location) changed. */
  readonly onDidChange = this.changed.event;
  private readonly read = this.register(new vscode.EventEmitter<FilesRead>());
  /** Fires after every batch of changed files was read, team files or not. */
  readonly onDidReadFiles = this.read.event;

  private options: StoreOptions;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    options: Partial<StoreOptions> = {},
  ) {
    super();
    this.options = { ...DEFAULTS, ...options };
    this.register(
      toDisposable(() => {
        this.clearTimers();
        this.disposeWatchers();
        this.resolveIdle();
      }),
    );
  }

  get location(): TeamLocation | undefined {
    return this.currentLocation;
  }

  get team(): Team | undefined {
    return this.currentTeam;
  }

  get fs(): VscodeTeamFs | undefined {
    return this.currentFs;
  }

  /** Why the last full load failed, when it did. */
  get failure(): string | undefined {
    return this.loadFailure;
  }

  get state(): StoreState {
    if (!this.currentLocation) return 'none';
    return this.currentTeam ? 'loaded' : 'loading';
  }

  /** Shows another team folder (or none): new watchers, a full scan. */
  async setLocation(location: TeamLocation | undefined): Promise<void> {
    if (this.isDisposed) return;
    const same = location && this.currentLocation && location.uri.toString() === this.currentLocation.uri.toString();
    if (same) {
      this.currentLocation = location;
      return this.refresh();
    }
    this.generation++;
    this.clearTimers();
    this.disposeWatchers();
    this.pending.clear();
    this.held.clear();
    this.retried.clear();
    this.currentLocation = location;
    this.currentTeam = undefined;
    this.loadFailure = undefined;
    this.currentFs = location ? new VscodeTeamFs(location.uri) : undefined;
    this.index = this.currentFs ? new TeamIndex(this.currentFs) : undefined;
    this.changed.fire({ location, team: undefined, paths: undefined });
    if (!location) return;
    this.watch(location.uri);
    await this.refresh();
  }

  /** Reads the whole folder again. */
  async refresh(): Promise<void> {
    const index = this.index;
    if (!index || this.isDisposed) return;
    const generation = this.generation;
    this.pending.clear();
    this.held.clear();
    this.retried.clear();
    this.clearTimers();
    await this.track(async () => {
      const started = Date.now();
      try {
        const team = await index.load();
        if (generation !== this.generation) return;
        this.loadFailure = undefined;
        this.log.info(`Loaded ${this.currentLocation?.uri.toString(true)}: ${team.agents.length} agents, ${team.projects.length} projects, ${team.diagnostics.length} diagnostics in ${Date.now() - started} ms`);
        this.publish(team, undefined, true);
      } catch (e) {
        if (generation !== this.generation) return;
        this.loadFailure = message(e);
        this.log.error(`Cannot read the team folder: ${this.loadFailure}`);
        this.publish(this.currentTeam ?? emptyTeam(), undefined, true);
      }
    });
  }

  /**
   * Team-relative paths that changed on disk (what the watchers report). Exposed so
   * that writes made by the extension itself are reflected at once.
   */
  notifyChanged(paths: readonly string[]): void {
    for (const p of paths) if (!isIgnored(p)) this.pending.add(p);
    if (this.pending.size > 0) this.schedule();
  }

  /**
   * Test hook: other delays from the next change on, so a test can make a burst or a
   * half-written file fall inside the window for certain instead of racing a timer.
   */
  setTimings(options: Partial<StoreOptions>): void {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Resolves once no change is waiting, held or being read (for tests and commands). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  // ---- watching --------------------------------------------------------------

  private watch(root: vscode.Uri): void {
    const onEvent = (uri: vscode.Uri) => {
      const rel = this.currentFs?.relative(uri);
      if (rel !== undefined) this.notifyChanged([rel]);
    };
    // Markdown anywhere (notes, task files, projects, templates), plus the folders
    // whose appearance or removal adds or removes an agent or a project, plus the
    // activity feed (its dispatch times decide "waiting for pickup").
    for (const glob of ['**/*.md', '{agents,agents/*,projects,templates}', ACTIVITY_FILE]) {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, glob));
      w.onDidCreate(onEvent);
      w.onDidChange(onEvent);
      w.onDidDelete(onEvent);
      this.watchers.push(w);
    }
  }

  private disposeWatchers(): void {
    for (const w of this.watchers.splice(0)) w.dispose();
  }

  // ---- the update cycle ------------------------------------------------------

  private schedule(): void {
    if (this.debounceTimer) return;
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      void this.flush();
    }, this.options.debounceMs);
  }

  private async flush(): Promise<void> {
    const index = this.index;
    const fs = this.currentFs;
    if (!index || !fs || this.pending.size === 0) return this.checkIdle();
    const generation = this.generation;
    const paths = [...this.pending];
    this.pending.clear();
    await this.track(async () => {
      // A file caught mid-write is held back and read once more a moment later.
      const ready: string[] = [];
      for (const path of paths) {
        if (!this.retried.has(path) && path.toLowerCase().endsWith('.md') && (await looksHalfWritten(fs, path))) {
          this.retried.add(path);
          this.held.add(path);
        } else {
          this.retried.delete(path);
          ready.push(path);
        }
      }
      if (generation !== this.generation) return;
      if (this.held.size > 0) this.scheduleRetry();
      if (ready.length === 0) return;
      try {
        const before = this.currentTeam;
        const team = await index.update(ready);
        if (generation !== this.generation) return;
        if (team !== before) this.publish(team, ready, false);
        this.read.fire({ location: this.currentLocation, paths: ready, teamChanged: team !== before });
      } catch (e) {
        if (generation !== this.generation) return;
        this.log.error(`Cannot re-read ${ready.join(', ')}: ${message(e)}`);
      }
    });
    // Events that arrived while reading wait for their own debounce.
    if (this.pending.size > 0) this.schedule();
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      for (const p of this.held) this.pending.add(p);
      this.held.clear();
      void this.flush();
    }, this.options.retryMs);
  }

  private publish(team: Team, paths: readonly string[] | undefined, force: boolean): void {
    if (!force && team === this.currentTeam) return;
    this.currentTeam = team;
    this.changed.fire({ location: this.currentLocation, team, paths });
  }

  private async track(work: () => Promise<void>): Promise<void> {
    this.inFlight++;
    try {
      await work();
    } finally {
      this.inFlight--;
      this.checkIdle();
    }
  }

  private isIdle(): boolean {
    return this.inFlight === 0 && !this.debounceTimer && !this.retryTimer && this.pending.size === 0 && this.held.size === 0;
  }

  private checkIdle(): void {
    if (this.isIdle()) this.resolveIdle();
  }

  private resolveIdle(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private clearTimers(): void {
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.debounceTimer = this.retryTimer = undefined;
  }
}

async function looksHalfWritten(fs: VscodeTeamFs, path: string): Promise<boolean> {
  try {
    return isSuspiciousContent(await fs.readFile(path));
  } catch {
    return false; // gone or unreadable: the index reports it as it is
  }
}

function emptyTeam(): Team {
  return { agents: [], projects: [], templates: { agent: null, project: null }, diagnostics: [] };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
