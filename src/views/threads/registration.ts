import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import type { ThreadsStore } from '../../extension/team/threads-store';
import { Owner, ReadonlyTeam, ViewPrompts } from '../shared/sources';
import { SelectionKind, ThreadTaskView, ThreadsViewState } from './common/messages';
import { Team } from '../../core/team/model';
import { ThreadsPanel } from './threads-panel';
import { OPEN_THREADS_COMMAND, ThreadsTree } from './threads-tree';
import { buildThreadsViewState } from './threads-view-state';
import { BACKGROUND_STATUSES } from '../../core/agents/background-agents';
import { BackgroundStatusFilter, isBackgroundStatusFilter } from '../../core/agents/background-list';

export interface ThreadsDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  /** The thread files (templates, records, artifacts), found and watched. */
  readonly store: ThreadsStore;
  /** The team folder's `.cortex/` is one place the files are looked for. */
  readonly team: ReadonlyTeam;
  readonly prompts: ViewPrompts;
  /** Shows a task's card on the task board (a thread's task). */
  showTask(task: { readonly agent: string; readonly index: number; readonly title: string }): unknown;
  /** The extension's clock: elapsed times and the background agents' 24-hour expiry follow it. */
  readonly clock?: { date(): Date; readonly onDidTick: vscode.Event<number> };
}

/** The Threads list in the sidebar and the Threads panel, with their commands. */
export function registerThreads(owner: Owner, deps: ThreadsDeps): ThreadsViews {
  return owner.add(new ThreadsViews(deps));
}

/**
 * The Threads views wired to their store: the sidebar list, the panel and their
 * commands follow the store's change events. Read-only: nothing here writes, so
 * Restricted Mode needs no guard.
 */
export class ThreadsViews extends DisposableBase {
  readonly store: ThreadsStore;
  readonly panel: ThreadsPanel;
  private readonly tree: ThreadsTree;
  private readonly team: ReadonlyTeam;
  private cached: ThreadsViewState | undefined;
  private readonly prompts: ViewPrompts;
  /** The extension's clock, in epoch milliseconds (the real one where none is given). */
  private readonly now: () => number;

  constructor(deps: ThreadsDeps) {
    super();
    const { extensionUri, log } = deps;
    this.store = deps.store;
    this.team = deps.team;
    const clock = deps.clock;
    this.now = clock ? () => clock.date().getTime() : () => Date.now();
    this.tree = this.register(new ThreadsTree(() => this.state(), () => this.store.background, clock ? () => clock.date().getTime() : undefined));
    if (clock) this.register(clock.onDidTick(() => this.tree.refresh()));
    this.prompts = deps.prompts;
    this.register(vscode.window.createTreeView('cortex.threadsList', { treeDataProvider: this.tree, showCollapseAll: false }));
    this.panel = this.register(
      new ThreadsPanel({
        extensionUri,
        log,
        state: () => this.state(),
        readText: (p) => this.store.readText(p),
        followArtifact: (p) => this.store.followArtifact(p),
        onDidChangeArtifact: this.store.onDidChangeArtifact,
        openTemplate: (name) => this.openTemplates(name),
        refresh: () => this.store.reload(true),
        teamFolder: () => deps.team.current.location?.uri,
        prompts: deps.prompts,
        showTask: (task) => deps.showTask(task),
      }),
    );
    this.register(
      this.store.onDidChange(() => {
        this.cached = undefined;
        void vscode.commands.executeCommand('setContext', 'cortex.threadsFound', this.store.paths !== undefined);
        this.tree.refresh();
        this.panel.update();
      }),
    );
    // Look in ~/.cortex at once; the team folder's .cortex is added when the team is found.
    void this.store.reload(true);
    this.register(
      deps.team.onDidChange((e) => {
        if (e.reason === 'location' || e.reason === 'team') void this.store.setTeamDir(e.snapshot.location?.uri);
        // A thread shows its task as the team has it now.
        if (e.reason === 'team' && this.store.records.some((r) => r.scheduleTaskId !== null)) {
          this.cached = undefined;
          this.tree.refresh();
          this.panel.update();
        }
      }),
    );
    this.register(vscode.commands.registerCommand(OPEN_THREADS_COMMAND, (arg?: unknown) => this.panel.open(selection(arg))));
    this.register(vscode.commands.registerCommand('cortex.refreshThreads', () => this.store.reload(true)));
    this.register(vscode.commands.registerCommand('cortex.openThreadTemplates', () => this.openTemplates(undefined)));
    this.register(vscode.commands.registerCommand('cortex.filterBackgroundAgents', (arg?: unknown) => this.filterBackground(arg)));
    this.register(vscode.commands.registerCommand('cortex.toggleExpiredBackgroundAgents', (arg?: unknown) => this.showExpiredBackground(arg)));
  }

  /** What the Background agents group of the Threads list shows now (filtered by status, the expired hidden). */
  backgroundListing(): ReturnType<ThreadsTree['backgroundListing']> & { readonly filter: BackgroundStatusFilter; readonly showExpired: boolean } {
    return { ...this.tree.backgroundListing(), filter: this.tree.backgroundFilter, showExpired: this.tree.showExpiredBackground };
  }

  /** Show Expired Background Agents: `show` given (true/false), else toggled. Returns whether they are shown now. */
  showExpiredBackground(show?: unknown): boolean {
    this.tree.showExpiredBackground = typeof show === 'boolean' ? show : !this.tree.showExpiredBackground;
    this.tree.refresh();
    return this.tree.showExpiredBackground;
  }

  /** Filter Background Agents by Status: `status` given (a status or `all`), else asked. Returns the filter now set. */
  async filterBackground(status?: unknown): Promise<BackgroundStatusFilter | undefined> {
    let chosen: unknown = status;
    if (chosen === undefined) {
      const items = (['all', ...BACKGROUND_STATUSES] as const).map((s) => ({ label: s, picked: s === this.tree.backgroundFilter }));
      chosen = (await this.prompts.pick(items, { title: 'Show background agents with status', placeHolder: `now: ${this.tree.backgroundFilter}` }))?.label;
      if (chosen === undefined) return undefined;
    }
    if (!isBackgroundStatusFilter(chosen)) {
      void this.prompts.error(`Not a background agent status: ${String(chosen)} (one of all, ${BACKGROUND_STATUSES.join(', ')}). The filter was not changed.`);
      return undefined;
    }
    this.tree.backgroundFilter = chosen;
    this.tree.refresh();
    return chosen;
  }

  /** What the panel and the list show now. */
  state(): ThreadsViewState {
    const s = this.store;
    this.cached ??= buildThreadsViewState({
      status: s.state,
      files: s.paths ? { templates: s.paths.templatesFile, threads: s.paths.threadsFile, source: SOURCES[s.paths.source] } : null,
      messages: s.messages,
      check: s.check,
      threads: s.records,
      dataRoot: s.paths?.root ?? null,
      taskOf: (id) => taskWithId(this.team.current.team, id),
      prompts: s.prompts,
      missingPluginPaths: s.missingPluginPaths,
      now: this.now(),
    });
    return this.cached;
  }

  private async openTemplates(name: string | undefined): Promise<void> {
    const paths = this.store.paths;
    if (!paths) {
      void vscode.window.showInformationMessage('No thread-templates.json was found: see the cortex.threadTemplatesFile setting.');
      return;
    }
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(paths.templatesFile));
    const template = name ? this.store.check?.config?.templates.find((t) => t.name === name) : undefined;
    const at = template ? doc.positionAt(template.at.offset) : new vscode.Position(0, 0);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(at, at), preview: false });
  }
}

/** The team's task carrying the id marker `id`, as a thread shows it. */
function taskWithId(team: Team | undefined, id: string): ThreadTaskView | null {
  for (const a of team?.agents ?? []) {
    const index = a.tasks.findIndex((t) => t.id === id);
    if (index >= 0) return { agent: a.slug, agentName: a.name, index, title: a.tasks[index].title, status: a.tasks[index].status };
  }
  return null;
}

const SOURCES = { setting: 'setting', CORTEX_HOME: '$CORTEX_HOME', home: '~/.cortex', team: 'team folder' } as const;

function selection(arg: unknown): { kind: SelectionKind; id: string } | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { kind, id } = arg as { kind?: unknown; id?: unknown };
  return (kind === 'template' || kind === 'thread') && typeof id === 'string' ? { kind, id } : undefined;
}
