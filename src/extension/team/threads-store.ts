import * as os from 'os';
import * as vscode from 'vscode';
import { LocateInputs, ThreadPaths, locateThreadFiles } from '../../core/threads/locate';
import { ThreadRecord, readThreadRecords } from '../../core/threads/records';
import { PromptFiles, TemplateFinding, TemplatesCheck, checkThreadTemplates } from '../../core/threads/template-checks';
import { PROMPT_FOLDERS } from '../../core/threads/templates';
import { ResolvedPrompt, resolvePrompt } from '../../core/threads/prompt-templates';
import { pluginDirLocations } from '../../core/threads/plugin-dirs';
import { BACKGROUND_AGENTS_FILE, BackgroundAgent, readBackgroundAgents } from '../../core/agents/background-agents';
import { nextTurn } from '../next-turn';
import { DisposableBase, toDisposable } from '../../base/disposable';

/** How long to wait after a change on disk before reading again (agents write in bursts). */
const RELOAD_DEBOUNCE_MS = 120;

/**
 * The thread system's files, live: finds thread-templates.json and threads.json (see
 * core/threads/locate), reads them through `vscode.workspace.fs` (they may be outside
 * the workspace, in ~/.cortex), checks the templates and puts the findings in the
 * Problems panel at their line and column (its own collection), and reads everything
 * again when a watcher sees one of the files or a prompt file change. An open editor on
 * the templates file is checked as you type.
 */
export class ThreadsStore extends DisposableBase {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the templates, the thread records or where they are found changed. */
  readonly onDidChange = this.changed.event;
  private readonly artifactChanged = this.register(new vscode.EventEmitter<string>());
  /** Fires with the path of the followed artifact.md when it is created, changed or deleted. */
  readonly onDidChangeArtifact = this.artifactChanged.event;
  private artifactWatch: vscode.Disposable[] = [];
  private readonly diagnostics = this.register(vscode.languages.createDiagnosticCollection('cortex-threads'));
  private watchers: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private editTimer: ReturnType<typeof setTimeout> | undefined;
  private loading: Promise<void> | undefined;
  private again = false;
  private teamDir: string | undefined;
  private promptFiles: PromptFiles = null;

  paths: ThreadPaths | undefined;
  check: TemplatesCheck | null = null;
  records: readonly ThreadRecord[] = [];
  /** Background agents (seed 003), from `background-agents.json` beside threads.json. */
  background: readonly BackgroundAgent[] = [];
  /** The agents' plugin folders (resolved against the Cortex home) that are not there. */
  missingPluginPaths: ReadonlySet<string> = new Set();
  /** The agents' `file:` prompt files put together (`extends`, `@fill`), by `<folder>/<name>`. */
  prompts: ReadonlyMap<string, ResolvedPrompt> = new Map();
  /** Why something is not shown (a file that cannot be read, bad JSON in threads.json). */
  messages: string[] = [];
  state: 'loading' | 'none' | 'ready' = 'loading';

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(toDisposable(() => this.releaseWatchers()));
    this.register(toDisposable(() => this.followArtifact(null)));
    this.register(toDisposable(() => [this.timer, this.editTimer].forEach((t) => t && clearTimeout(t))));
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('cortex.threadTemplatesFile') || e.affectsConfiguration('cortex.threadsFile')) void this.reload(true);
      }),
    );
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.onEdited(e.document)));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.isTemplatesFile(d.uri) && this.publish(this.check?.findings ?? [])));
  }

  /** Watches one thread's artifact.md (the one the panel shows; agents append to it as they work); `null` stops. */
  followArtifact(path: string | null): void {
    this.artifactWatch.splice(0).forEach((d) => d.dispose());
    if (!path || this.isDisposed) return;
    const slash = path.lastIndexOf('/');
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.slice(0, Math.max(1, slash))), path.slice(slash + 1)));
    const fire = () => this.artifactChanged.fire(path);
    this.artifactWatch.push(w, w.onDidChange(fire), w.onDidCreate(fire), w.onDidDelete(fire));
  }

  /** The team folder changed (its `.cortex/` is the last place looked in). */
  setTeamDir(uri: vscode.Uri | undefined): Promise<void> {
    const dir = uri?.scheme === 'file' ? uri.fsPath : undefined;
    if (dir === this.teamDir && this.state !== 'loading') return Promise.resolve();
    this.teamDir = dir;
    return this.reload(true);
  }

  /** Reads everything again (`relocate`: look for the files again first). Calls while one runs are coalesced. */
  reload(relocate = false): Promise<void> {
    if (relocate) this.paths = undefined;
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        await nextTurn(); // after activation (loading is set at once: whenIdle waits for this)
        do {
          this.again = false;
          await this.load();
        } while (this.again && !this.isDisposed);
      } catch (e) {
        this.log.error(`Threads: cannot read the thread files: ${String(e)}`);
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /** Resolves when no read is running or scheduled. */
  async whenIdle(): Promise<void> {
    while (this.loading || this.timer) {
      if (this.loading) await this.loading;
      else await new Promise((r) => setTimeout(r, RELOAD_DEBOUNCE_MS));
    }
  }

  uri(path: string): vscode.Uri {
    return vscode.Uri.file(path);
  }

  private async load(): Promise<void> {
    if (!this.paths) {
      const settings = vscode.workspace.getConfiguration('cortex');
      const inputs: LocateInputs = {
        cortexHome: process.env.CORTEX_HOME,
        homeDir: os.homedir(),
        teamDir: this.teamDir,
        templatesSetting: expandHome(settings.get<string>('threadTemplatesFile', '').trim()),
        threadsSetting: expandHome(settings.get<string>('threadsFile', '').trim()),
        exists: async (p) => (await this.stat(p)) !== undefined,
      };
      this.paths = await locateThreadFiles(inputs);
      this.watch(this.paths);
      this.log.info(this.paths ? `Threads: ${this.paths.templatesFile} and ${this.paths.threadsFile} (${this.paths.source})` : 'Threads: no thread-templates.json or threads.json found');
    }
    const paths = this.paths;
    const messages: string[] = [];
    if (!paths) {
      this.check = null;
      this.records = [];
      this.background = [];
      this.messages = [];
      this.state = 'none';
      this.publish([]);
      this.changed.fire();
      return;
    }
    const [templatesText, threadsText, promptFiles] = await Promise.all([this.readText(paths.templatesFile), this.readText(paths.threadsFile), this.listPrompts(paths.promptsDir)]);
    this.promptFiles = promptFiles;
    this.check = templatesText === undefined ? null : checkThreadTemplates(templatesText, promptFiles);
    this.prompts = await this.resolvePrompts(paths.promptsDir);
    this.missingPluginPaths = await this.missingPlugins(paths.root);
    if (templatesText === undefined) messages.push(`No thread templates: ${paths.templatesFile} does not exist.`);
    let records: readonly ThreadRecord[] = [];
    if (threadsText === undefined) messages.push(`No thread records yet: ${paths.threadsFile} does not exist.`);
    else {
      const read = readThreadRecords(threadsText);
      if (read.ok) {
        records = read.threads;
        if (read.skipped > 0) messages.push(`${read.skipped} entr${read.skipped === 1 ? 'y' : 'ies'} in threads.json could not be read as thread records.`);
      } else messages.push(read.message);
    }
    this.records = records;
    this.background = await this.readBackground(backgroundFile(paths.threadsFile), messages);
    this.messages = messages;
    this.state = 'ready';
    const open = vscode.workspace.textDocuments.find((d) => this.isTemplatesFile(d.uri) && d.isDirty);
    this.publish(open ? checkThreadTemplates(open.getText(), promptFiles).findings : this.check?.findings ?? []);
    this.changed.fire();
  }

  private async readBackground(file: string, messages: string[]): Promise<readonly BackgroundAgent[]> {
    const text = await this.readText(file);
    if (text === undefined) return [];
    const read = readBackgroundAgents(text);
    if (read.ok) return read.agents;
    messages.push(read.message);
    return [];
  }

  /** The agents' `pluginDirs` that are not folders under (or at, when absolute) the Cortex home: looked for, never made. */
  private async missingPlugins(cortexHome: string): Promise<Set<string>> {
    const out = new Set<string>();
    for (const p of pluginDirLocations(this.check?.config?.agents ?? [], cortexHome)) {
      const stat = await this.stat(p);
      if (stat === undefined || (stat.type & vscode.FileType.Directory) === 0) out.add(p);
    }
    return out;
  }

  /** Each `file:` reference of the agents, read with the files it extends (in its own prompts folder). */
  private async resolvePrompts(promptsDir: string): Promise<Map<string, ResolvedPrompt>> {
    const out = new Map<string, ResolvedPrompt>();
    for (const ref of this.check?.config?.agents.flatMap((a) => a.fileRefs) ?? []) {
      const key = `${ref.folder}/${ref.name}`;
      if (out.has(key) || ref.name.includes('..')) continue;
      const resolved = await resolvePrompt(ref.name, (name) => (name.includes('..') ? Promise.resolve(undefined) : this.readText(`${promptsDir}/${ref.folder}/${name}`)));
      if (resolved) out.set(key, resolved);
    }
    return out;
  }

  private isTemplatesFile(uri: vscode.Uri): boolean {
    return this.paths !== undefined && uri.scheme === 'file' && uri.fsPath === this.uri(this.paths.templatesFile).fsPath;
  }

  /** An edit in an editor on the templates file: check its text as it is now. */
  private onEdited(doc: vscode.TextDocument): void {
    if (!this.isTemplatesFile(doc.uri)) return;
    if (this.editTimer) clearTimeout(this.editTimer);
    this.editTimer = setTimeout(() => {
      this.editTimer = undefined;
      if (!doc.isClosed) this.publish(checkThreadTemplates(doc.getText(), this.promptFiles).findings);
    }, 200);
  }

  private publish(findings: readonly TemplateFinding[]): void {
    this.diagnostics.clear();
    if (!this.paths || findings.length === 0) return;
    this.diagnostics.set(
      this.uri(this.paths.templatesFile),
      findings.map((f) => {
        const d = new vscode.Diagnostic(
          new vscode.Range(f.line, f.column, f.endLine, f.endColumn),
          f.message,
          f.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        );
        d.source = 'Cortex Threads';
        return d;
      }),
    );
  }

  private watch(paths: ThreadPaths | undefined): void {
    this.releaseWatchers();
    const candidates = paths
      ? [paths]
      : // Nothing found yet: watch where the files would appear.
        [];
    const patterns: vscode.RelativePattern[] = [];
    for (const p of candidates) {
      patterns.push(new vscode.RelativePattern(this.uri(parentOf(p.templatesFile)), baseOf(p.templatesFile)));
      patterns.push(new vscode.RelativePattern(this.uri(parentOf(p.threadsFile)), `{${baseOf(p.threadsFile)},${BACKGROUND_AGENTS_FILE}}`));
      patterns.push(new vscode.RelativePattern(this.uri(p.promptsDir), '**/*'));
    }
    if (!paths && this.teamDir) patterns.push(new vscode.RelativePattern(this.uri(this.teamDir), '.cortex/{config/thread-templates.json,data/threads.json}'));
    for (const pattern of patterns) {
      const w = vscode.workspace.createFileSystemWatcher(pattern);
      const schedule = () => this.schedule(!paths);
      this.watchers.push(w, w.onDidChange(schedule), w.onDidCreate(schedule), w.onDidDelete(schedule));
    }
  }

  private schedule(relocate: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.reload(relocate);
    }, RELOAD_DEBOUNCE_MS);
  }

  private releaseWatchers(): void {
    this.watchers.splice(0).forEach((d) => d.dispose());
  }

  private async stat(path: string): Promise<vscode.FileStat | undefined> {
    try {
      return await vscode.workspace.fs.stat(this.uri(path));
    } catch {
      return undefined;
    }
  }

  /** The file's text, `undefined` when it does not exist. */
  async readText(path: string): Promise<string | undefined> {
    try {
      return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(this.uri(path)));
    } catch (e) {
      if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return undefined;
      if ((await this.stat(path)) === undefined) return undefined;
      throw e;
    }
  }

  private async listPrompts(promptsDir: string): Promise<PromptFiles> {
    const out: Record<string, Set<string>> = {};
    for (const folder of Object.values(PROMPT_FOLDERS)) {
      try {
        const entries = await vscode.workspace.fs.readDirectory(this.uri(`${promptsDir}/${folder}`));
        out[folder] = new Set(entries.filter(([, type]) => (type & vscode.FileType.File) !== 0).map(([name]) => name));
      } catch {
        out[folder] = new Set();
      }
    }
    return out as unknown as PromptFiles;
  }
}

/** Where the background agents' records are: beside threads.json. */
export function backgroundFile(threadsFile: string): string {
  return `${parentOf(threadsFile)}/${BACKGROUND_AGENTS_FILE}`;
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? os.homedir() + p.slice(1) : p;
}

function parentOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

function baseOf(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}
