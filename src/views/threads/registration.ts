import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { SelectionKind, ThreadsViewState } from './common/messages';
import { buildThreadsViewState } from './threads-view-state';
import { ThreadsPanel } from './threads-panel';
import { ThreadsStore } from '../../extension/threads-store';
import { OPEN_THREADS_COMMAND, ThreadsTree } from './threads-tree';

/**
 * The Threads part of the extension, wired in one place: the store of thread files
 * (with its Problems entries), the sidebar list, the panel and their commands.
 * Read-only: nothing here writes, so Restricted Mode needs no guard.
 */
export class ThreadsFeature extends DisposableBase {
  readonly store: ThreadsStore;
  readonly panel: ThreadsPanel;
  private readonly tree: ThreadsTree;
  private cached: ThreadsViewState | undefined;

  constructor(extensionUri: vscode.Uri, log: vscode.LogOutputChannel) {
    super();
    this.store = this.register(new ThreadsStore(log));
    this.tree = this.register(new ThreadsTree(() => this.state()));
    this.register(vscode.window.createTreeView('cortex.threadsList', { treeDataProvider: this.tree, showCollapseAll: false }));
    this.panel = this.register(
      new ThreadsPanel({
        extensionUri,
        log,
        state: () => this.state(),
        readText: (p) => this.store.readText(p),
        openTemplate: (name) => this.openTemplates(name),
        refresh: () => this.store.reload(true),
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
    this.register(vscode.commands.registerCommand(OPEN_THREADS_COMMAND, (arg?: unknown) => this.panel.open(selection(arg))));
    this.register(vscode.commands.registerCommand('cortex.refreshThreads', () => this.store.reload(true)));
    this.register(vscode.commands.registerCommand('cortex.openThreadTemplates', () => this.openTemplates(undefined)));
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

const SOURCES = { setting: 'setting', CORTEX_HOME: '$CORTEX_HOME', home: '~/.cortex', team: 'team folder' } as const;

function selection(arg: unknown): { kind: SelectionKind; id: string } | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { kind, id } = arg as { kind?: unknown; id?: unknown };
  return (kind === 'template' || kind === 'thread') && typeof id === 'string' ? { kind, id } : undefined;
}
