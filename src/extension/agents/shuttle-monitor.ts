import * as os from 'os';
import * as vscode from 'vscode';
import { Agent } from '../../core/team/model';
import { SHUTTLE_FILE, ShuttleProgress, readShuttleFile } from '../../core/parse/shuttle';
import { projectFolderPath } from '../../core/team/project-folder';
import { decodeText } from '../../core/text/text';
import { DisposableBase } from '../../base/disposable';
import { LiveTeam } from '../team/live-team';

/**
 * Progress of the external task runners (Shuttle) in the agents' project folders,
 * read only. Each project folder named by an agent note gets one watcher on its
 * `.shuttle.md` (the folder is usually outside the team folder and the workspace);
 * watchers of folders no agent names any more are disposed when the agents change.
 * A missing or unreadable file shows nothing and reports nothing.
 */
interface Watched {
  readonly uri: vscode.Uri;
  readonly watcher: vscode.Disposable;
  progress: ShuttleProgress | null;
  /** Bumped on each read, so a slow earlier read cannot overwrite a later one. */
  reads: number;
}

export class ShuttleMonitor extends DisposableBase {
  /** By project folder Uri (string). */
  private readonly folders = new Map<string, Watched>();
  /** Agent slug → project folder key. */
  private byAgent = new Map<string, string>();
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when an agent's runner progress appears, changes or goes. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    team: LiveTeam,
    private readonly home: () => string = () => os.homedir(),
  ) {
    super();
    this.register({ dispose: () => this.clear() });
    // The agents (and the project folders they name) change with the team.
    this.register(team.onDidChange((e) => (e.reason === 'location' || e.reason === 'team') && this.track(e.snapshot.team?.agents, e.snapshot.location?.uri)));
  }

  /** The runner progress shown on an agent's row, when its project folder has a `.shuttle.md`. */
  progressOf(slug: string): ShuttleProgress | null {
    const key = this.byAgent.get(slug);
    return key === undefined ? null : (this.folders.get(key)?.progress ?? null);
  }

  /** Watches the project folders the agents name now (`root`: the team folder, for its scheme). */
  track(agents: readonly Agent[] | undefined, root: vscode.Uri | undefined): void {
    if (this.isDisposed) return;
    const byAgent = new Map<string, string>();
    const wanted = new Map<string, vscode.Uri>();
    if (agents && root) {
      for (const a of agents) {
        const path = projectFolderPath(a.project, this.home());
        if (path === null) continue;
        const uri = root.scheme === 'file' ? vscode.Uri.file(path) : root.with({ path });
        const key = uri.toString();
        byAgent.set(a.slug, key);
        wanted.set(key, uri);
      }
    }
    let changed = !sameMap(byAgent, this.byAgent);
    this.byAgent = byAgent;
    for (const [key, w] of this.folders) {
      if (wanted.has(key)) continue;
      w.watcher.dispose();
      this.folders.delete(key);
      if (w.progress) changed = true;
    }
    for (const [key, uri] of wanted) {
      if (this.folders.has(key)) continue;
      const entry: Watched = { uri, watcher: this.watch(key, uri), progress: null, reads: 0 };
      this.folders.set(key, entry);
      void this.read(key);
    }
    if (changed) this.changed.fire();
  }

  /** Resolves once no read is under way (for tests). */
  whenIdle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private watch(key: string, folder: vscode.Uri): vscode.Disposable {
    try {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, SHUTTLE_FILE));
      const again = () => void this.read(key);
      w.onDidCreate(again);
      w.onDidChange(again);
      w.onDidDelete(again);
      return w;
    } catch (e) {
      this.log.warn(`Cannot watch ${folder.toString(true)}/${SHUTTLE_FILE}: ${String(e)}`);
      return { dispose: () => undefined };
    }
  }

  private async read(key: string): Promise<void> {
    const entry = this.folders.get(key);
    if (!entry) return;
    const ticket = ++entry.reads;
    this.pending++;
    try {
      let progress: ShuttleProgress | null = null;
      try {
        const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(entry.uri, SHUTTLE_FILE));
        progress = readShuttleFile(decodeText(bytes));
      } catch {
        progress = null; // no runner in this folder (or not readable): nothing to show
      }
      if (this.folders.get(key) !== entry || ticket !== entry.reads) return;
      if (JSON.stringify(progress) === JSON.stringify(entry.progress)) return;
      entry.progress = progress;
      this.changed.fire();
    } finally {
      this.pending--;
      if (this.pending === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private clear(): void {
    for (const w of this.folders.values()) w.watcher.dispose();
    this.folders.clear();
    this.byAgent.clear();
  }
}

function sameMap(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
