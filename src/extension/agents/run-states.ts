import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { RUN_STATE_DIR, RunState, parseRunState, runStateFileOf } from '../../core/agents/run-state';
import { readTextFile } from '../../core/edit/edit-file';
import { LiveTeam } from '../team/live-team';
import { VscodeTeamFs } from '../team/vscode-team-fs';

/**
 * The agents' sessions' turn states as their CLIs' hooks record them
 * (`.cortex/run/<slug>/<session>.json` in the team folder, see
 * core/agents/run-state.ts): read when the team folder is opened and again whenever a
 * state file changes. A file that cannot be read as a state (half-written, edited by
 * hand) keeps the last state read. Session files not written for a week are removed
 * when the folder is opened (the folder is ours alone).
 */
const FORGET_AFTER_MS = 7 * 24 * 60 * 60_000;

/**
 * How often the folders of the agents running here are looked at besides the watchers:
 * a file watcher can miss every file of a folder made just before (seen in code-server:
 * `.cortex/run/` and an agent's folder made together at its first Start, the agent's
 * reports never read and its row "Starting" for good). A look is a listing and a stat
 * per session file; only a file whose size or time changed is read.
 */
const POLL_MS = 2000;

export class RunStates extends DisposableBase {
  /** Slug → file name → state. */
  private states = new Map<string, Map<string, RunState>>();
  private fs: VscodeTeamFs | undefined;
  private watcher: vscode.FileSystemWatcher | undefined;
  /** Slug → a watcher of that agent's own folder (`watchAgent`). */
  private agentWatchers = new Map<string, vscode.FileSystemWatcher>();
  private generation = 0;
  /** Team-relative path → size and mtime when last read by a poll. */
  private readonly seen = new Map<string, string>();
  /** The look under way or last made (looks run one after another). */
  private polling: Promise<void> | undefined;
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly changed = this.register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with the slugs whose state changed. */
  readonly onDidChange = this.changed.event;

  /** `polled`: the agents whose folders are also looked at every `pollMs` (those running here). */
  constructor(
    private readonly log: vscode.LogOutputChannel,
    team: LiveTeam,
    private readonly polled: () => readonly string[] = () => [],
    pollMs = POLL_MS,
  ) {
    super();
    const timer = setInterval(() => void (this.polling ?? this.poll()), pollMs);
    this.register({ dispose: () => clearInterval(timer) });
    this.register({ dispose: () => this.watcher?.dispose() });
    this.register({ dispose: () => this.disposeAgentWatchers() });
    this.register(team.onDidChange((e) => this.open(e.snapshot.fs)));
    this.open(team.place.fs);
  }

  /** Every session's state of the agent, newest first. */
  sessionsOf(slug: string): readonly RunState[] {
    return [...(this.states.get(slug)?.values() ?? [])].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  }

  /** The newest report of any session of the agent. */
  latestOf(slug: string): RunState | undefined {
    return this.sessionsOf(slug)[0];
  }

  /** The newest report of the sessions run in the dashboard's terminal `run` (CORTEX_RUN_ID). */
  ofRun(slug: string, run: string): RunState | undefined {
    return this.sessionsOf(slug).find((s) => s.run === run);
  }

  /** The agents with any session state. */
  get slugs(): readonly string[] {
    return [...this.states.keys()];
  }

  /** Resolves once no read is under way (tests). */
  whenIdle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private open(fs: VscodeTeamFs | undefined): void {
    if (fs && this.fs && fs.root.toString() === this.fs.root.toString()) return;
    this.watcher?.dispose();
    this.watcher = undefined;
    this.disposeAgentWatchers();
    this.seen.clear();
    this.fs = fs;
    const gen = ++this.generation;
    const had = [...this.states.keys()];
    this.states = new Map();
    if (had.length) this.changed.fire(had);
    if (!fs) return;
    // Every path under .cortex/run/: a new agent's folder comes with its first file, which a
    // watcher of `*/*.json` alone can miss (the folder did not exist when it was set up).
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(fs.root, `${RUN_STATE_DIR}/**`));
    const again = (uri: vscode.Uri) => {
      const path = fs.relative(uri) ?? '';
      if (runStateFileOf(path)) void this.read(gen, fs, [path]);
      else if (/^\.cortex\/run\/[^/.][^/]*$/.test(path)) void this.readFolder(gen, fs, path.slice(RUN_STATE_DIR.length + 1));
    };
    w.onDidCreate(again);
    w.onDidChange(again);
    w.onDidDelete(again);
    this.watcher = w;
    void this.track(async () => {
      for (const dir of (await fs.list(RUN_STATE_DIR)).filter((e) => e.kind === 'directory')) await this.readFolder(gen, fs, dir.name);
      await this.forgetOld(gen, fs);
    });
  }

  /**
   * Also watches the agent's own folder, created first, before a terminal of it starts
   * writing there: the watcher of the whole run folder can miss every file of a folder
   * created after it started (seen on a loaded machine: a started agent's reports never
   * read, its row "Starting" for good). Then reads what the folder holds.
   */
  async watchAgent(slug: string): Promise<void> {
    const fs = this.fs;
    if (!fs || this.agentWatchers.has(slug)) return;
    const dir = vscode.Uri.joinPath(fs.root, RUN_STATE_DIR, slug);
    try {
      await vscode.workspace.fs.createDirectory(dir);
    } catch (e) {
      this.log.warn(`Cannot create ${RUN_STATE_DIR}/${slug}: ${String(e)}`);
      return;
    }
    if (fs !== this.fs || this.agentWatchers.has(slug)) return;
    const gen = this.generation;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir, '*.json'));
    const again = (uri: vscode.Uri) => {
      const path = fs.relative(uri) ?? '';
      if (runStateFileOf(path)) void this.read(gen, fs, [path]);
    };
    w.onDidCreate(again);
    w.onDidChange(again);
    w.onDidDelete(again);
    this.agentWatchers.set(slug, w);
    await this.readFolder(gen, fs, slug);
  }

  private disposeAgentWatchers(): void {
    for (const w of this.agentWatchers.values()) w.dispose();
    this.agentWatchers.clear();
  }

  /** Looks at the folders of the agents running here; reads the session files that changed since the last look. */
  poll(): Promise<void> {
    const look = (this.polling ?? Promise.resolve()).then(() => this.look());
    this.polling = look;
    void look.finally(() => {
      if (this.polling === look) this.polling = undefined;
    });
    return look;
  }

  private async look(): Promise<void> {
    const fs = this.fs;
    if (!fs) return;
    const gen = this.generation;
    for (const slug of this.polled()) {
      await this.track(async () => {
        const dir = `${RUN_STATE_DIR}/${slug}`;
        const changed: string[] = [];
        const here = new Set<string>();
        for (const e of await fs.list(dir)) {
          const path = `${dir}/${e.name}`;
          if (e.kind !== 'file' || !runStateFileOf(path)) continue;
          here.add(path);
          const stat = await fs.stat(path);
          const mark = stat ? `${stat.size}:${stat.mtimeMs}` : '';
          if (this.seen.get(path) === mark) continue;
          this.seen.set(path, mark);
          changed.push(path);
        }
        for (const name of this.states.get(slug)?.keys() ?? []) {
          if (here.has(`${dir}/${name}`)) continue;
          this.seen.delete(`${dir}/${name}`);
          changed.push(`${dir}/${name}`);
        }
        if (changed.length && gen === this.generation) await this.read(gen, fs, changed);
      });
    }
  }

  /** Reads the state files of `slugs` again. */
  async refresh(slugs: readonly string[]): Promise<void> {
    const fs = this.fs;
    if (fs) for (const slug of slugs) await this.readFolder(this.generation, fs, slug);
  }

  /** Reads every session file of an agent's folder, and forgets the ones gone. */
  private readFolder(gen: number, fs: VscodeTeamFs, slug: string): Promise<void> {
    return this.track(async () => {
      const dir = `${RUN_STATE_DIR}/${slug}`;
      const paths = (await fs.list(dir)).filter((e) => e.kind === 'file' && runStateFileOf(`${dir}/${e.name}`)).map((e) => `${dir}/${e.name}`);
      const known = [...(this.states.get(slug)?.keys() ?? [])].map((name) => `${dir}/${name}`);
      await this.read(gen, fs, [...new Set([...paths, ...known])]);
    });
  }

  private read(gen: number, fs: VscodeTeamFs, paths: readonly string[]): Promise<void> {
    return this.track(async () => {
      const changed = new Set<string>();
      for (const path of paths) {
        const file = runStateFileOf(path)!;
        let text: string | undefined;
        try {
          text = await readTextFile(fs, path);
        } catch (e) {
          this.log.warn(`Cannot read ${path}: ${String(e)}`);
          continue;
        }
        if (gen !== this.generation) return;
        const state = text === undefined ? undefined : parseRunState(text, file.slug);
        if (text !== undefined && !state) {
          this.log.warn(`${path} is not a turn state; keeping the last one read.`);
          continue;
        }
        const sessions = this.states.get(file.slug) ?? new Map<string, RunState>();
        if (JSON.stringify(sessions.get(file.name)) === JSON.stringify(state)) continue;
        if (state) sessions.set(file.name, state);
        else sessions.delete(file.name);
        if (sessions.size) this.states.set(file.slug, sessions);
        else this.states.delete(file.slug);
        changed.add(file.slug);
      }
      if (changed.size) this.changed.fire([...changed]);
    });
  }

  /** Removes session files no hook wrote for a week (each run of a CLI in a project leaves one), by the disk's clock. */
  private async forgetOld(gen: number, fs: VscodeTeamFs): Promise<void> {
    const before = Date.now() - FORGET_AFTER_MS;
    for (const [slug, sessions] of this.states) {
      for (const name of sessions.keys()) {
        const path = `${RUN_STATE_DIR}/${slug}/${name}`;
        const stat = gen === this.generation ? await fs.stat(path).catch(() => undefined) : undefined;
        if (!stat || stat.mtimeMs >= before) continue;
        await fs.remove(path).catch((e: unknown) => this.log.warn(`Cannot remove ${path}: ${String(e)}`));
      }
    }
  }
  private async track(work: () => Promise<void>): Promise<void> {
    this.pending++;
    try {
      await work();
    } catch (e) {
      this.log.warn(`Reading the agents' turn states failed: ${String(e)}`);
    } finally {
      this.pending--;
      if (this.pending === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }
}
