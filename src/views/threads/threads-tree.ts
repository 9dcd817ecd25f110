import * as vscode from 'vscode';
import { OPEN_THREADS_COMMAND } from '../../extension/command-ids';
import { oneLine } from '../../base/one-line';
import { SelectionKind, ThreadView, ThreadsViewState } from './common/messages';

export { OPEN_THREADS_COMMAND };

type Node = { kind: 'group'; group: 'templates' | 'threads' } | { kind: 'template'; name: string } | { kind: 'thread'; id: string } | { kind: 'message'; text: string };

const STATUS_ICONS: Readonly<Record<ThreadView['status'], [string, string | undefined]>> = {
  running: ['sync~spin', 'charts.blue'],
  waiting: ['watch', 'charts.yellow'],
  completed: ['pass', 'testing.iconPassed'],
  failed: ['error', 'errorForeground'],
  cancelled: ['circle-slash', 'disabledForeground'],
  aborted: ['stop-circle', 'errorForeground'],
  other: ['question', undefined],
};

/**
 * The sidebar's "Threads" list (a native tree: keyboard and screen readers for free):
 * the templates and the thread records with their status. Selecting one opens the
 * Threads panel on it.
 */
export class ThreadsTree implements vscode.TreeDataProvider<Node> {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly state: () => ThreadsViewState) {}

  refresh(): void {
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
  }

  getChildren(node?: Node): Node[] {
    const s = this.state();
    if (!node) {
      if (s.status === 'none') return [{ kind: 'message', text: 'No thread-templates.json or threads.json found' }];
      if (s.status === 'loading') return [{ kind: 'message', text: 'Loading…' }];
      return [{ kind: 'group', group: 'templates' }, { kind: 'group', group: 'threads' }];
    }
    if (node.kind !== 'group') return [];
    if (node.group === 'templates') return s.templates.map((t) => ({ kind: 'template', name: t.name }));
    return s.threads.map((t) => ({ kind: 'thread', id: t.id }));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    const s = this.state();
    switch (node.kind) {
      case 'message':
        return new vscode.TreeItem(node.text);
      case 'group': {
        const count = node.group === 'templates' ? s.templates.length : s.threads.length;
        const item = new vscode.TreeItem(node.group === 'templates' ? 'Templates' : 'Threads', vscode.TreeItemCollapsibleState.Expanded);
        item.id = `group:${node.group}`;
        item.description = String(count);
        if (node.group === 'templates' && s.problems > 0) item.description += ` · ${s.problems} problem${s.problems === 1 ? '' : 's'}`;
        return item;
      }
      case 'template': {
        const t = s.templates.find((x) => x.name === node.name);
        const item = new vscode.TreeItem(node.name);
        item.id = `template:${node.name}`;
        item.contextValue = 'cortexTemplate';
        item.iconPath = new vscode.ThemeIcon(t && t.problems > 0 ? 'warning' : 'type-hierarchy', t && t.problems > 0 ? new vscode.ThemeColor('problemsWarningIcon.foreground') : undefined);
        item.description = t ? `${t.agents.length} agents${t.problems > 0 ? ` · ${t.problems} problem${t.problems === 1 ? '' : 's'}` : ''}` : '';
        item.tooltip = t?.description ?? undefined;
        item.command = openCommand('template', node.name);
        return item;
      }
      case 'thread': {
        const t = s.threads.find((x) => x.id === node.id);
        const item = new vscode.TreeItem(t?.userMessage ? oneLine(t.userMessage, 60) : node.id);
        item.id = `thread:${node.id}`;
        if (t) {
          // The actions its state allows (Add Agent: completed or waiting; Cancel: running or waiting).
          item.contextValue = `cortexThread-${t.status}`;
          const [icon, colour] = STATUS_ICONS[t.status];
          item.iconPath = new vscode.ThemeIcon(icon, colour ? new vscode.ThemeColor(colour) : undefined);
          const where = t.activeAgent ? ` · ${t.activeAgent}${t.activeStage ? `:${t.activeStage}` : ''}` : '';
          item.description = `${t.rawStatus} · ${t.templateName ?? 'ad hoc'}${t.status === 'running' || t.status === 'waiting' ? where : ''}`;
          item.tooltip = new vscode.MarkdownString().appendText(`${node.id} — ${t.rawStatus}${t.abortReason ? `: ${t.abortReason}` : ''}`);
          item.accessibilityInformation = { label: `Thread ${node.id}, ${t.rawStatus}, ${t.userMessage ?? ''}` };
        }
        item.command = openCommand('thread', node.id);
        return item;
      }
    }
  }
}

function openCommand(kind: SelectionKind, id: string): vscode.Command {
  return { command: OPEN_THREADS_COMMAND, title: 'Show in the Threads panel', arguments: [{ kind, id }] };
}

