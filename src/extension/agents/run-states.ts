import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { RUN_STATE_DIR, RunState, parseRunState, runStatePath, slugOfRunStatePath } from '../../core/agents/run-state';
import { readTextFile } from '../../core/edit';
import { LiveTeam } from '../live-team';
import { VscodeTeamFs } from '../vscode-team-fs';

/**
 * The agents' turn states as their CLIs' hooks record them (`.cortex/run/<slug>.json`
 * in the team folder, see core/agents/run-state.ts): read when the team folder is
 * opened and again whenever a state file changes. A file that cannot be read as a
 * state (half-written, edited by hand) keeps the last state read.
 */
export class RunStates extends DisposableBase {
  private states = new Map<string, RunState>();
  private fs: VscodeTeamFs | undefined;
  private watcher: vscode.FileSystemWatcher | undefined;
  private generation = 0;
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly changed = this.register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with the slugs whose state changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    team: LiveTeam,
  ) {
    super();
    this.register({ dispose: () => this.watcher?.dispose() });
    this.register(team.onDidChange((e) => this.open(e.snapshot.fs)));
    this.open(team.place.fs);
  }

  stateOf(slug: string): RunState | undefined {
    return this.states.get(slug);
  }

  get all(): ReadonlyMap<string, RunState> {
    return this.states;
  }

  /** Resolves once no read is under way (tests). */
  whenIdle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private open(fs: VscodeTeamFs | undefined): void {
    if (fs && this.fs && fs.root.toString() === this.fs.root.toString()) return;
    this.watcher?.dispose();
    this.watcher = undefined;
    this.fs = fs;
    const gen = ++this.generation;
    const had = [...this.states.keys()];
    this.states = new Map();
    if (had.length) this.changed.fire(had);
    if (!fs) return;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(fs.root, `${RUN_STATE_DIR}/*.json`));
    const again = (uri: vscode.Uri) => {
      const slug = slugOfRunStatePath(fs.relative(uri) ?? '');
      if (slug) void this.read(gen, fs, [slug]);
    };
    w.onDidCreate(again);
    w.onDidChange(again);
    w.onDidDelete(again);
    this.watcher = w;
    void this.track(async () => {
      const slugs = (await fs.list(RUN_STATE_DIR)).filter((e) => e.kind === 'file').map((e) => slugOfRunStatePath(`${RUN_STATE_DIR}/${e.name}`)).filter((s): s is string => !!s);
      await this.read(gen, fs, slugs);
    });
  }

  /** Reads the state files of `slugs` again. */
  refresh(slugs: readonly string[]): Promise<void> {
    const fs = this.fs;
    return fs ? this.read(this.generation, fs, slugs) : Promise.resolve();
  }

  private read(gen: number, fs: VscodeTeamFs, slugs: readonly string[]): Promise<void> {
    return this.track(async () => {
      const changed: string[] = [];
      for (const slug of slugs) {
        let text: string | undefined;
        try {
          text = await readTextFile(fs, runStatePath(slug));
        } catch (e) {
          this.log.warn(`Cannot read ${runStatePath(slug)}: ${String(e)}`);
          continue;
        }
        if (gen !== this.generation) return;
        const state = text === undefined ? undefined : parseRunState(text, slug);
        if (text !== undefined && !state) {
          this.log.warn(`${runStatePath(slug)} is not a turn state; keeping the last one read.`);
          continue;
        }
        const old = this.states.get(slug);
        if (JSON.stringify(old) === JSON.stringify(state)) continue;
        if (state) this.states.set(slug, state);
        else this.states.delete(slug);
        changed.push(slug);
      }
      if (changed.length) this.changed.fire(changed);
    });
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
