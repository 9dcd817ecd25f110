import * as vscode from 'vscode';
import { OPEN_THREADS_COMMAND } from '../../extension/commands/command-ids';
import { BackgroundAgent, backgroundElapsedMinutes } from '../../core/agents/background-agents';
import { BackgroundListing, BackgroundStatusFilter, isBackgroundExpired, listBackgroundAgents } from '../../core/agents/background-list';
import { formatDuration } from '../../core/reports/format';
import { oneLine } from '../../base/one-line';
import { SelectionKind, ThreadView, ThreadsViewState, threadStateText, threadTemplateText } from './common/messages';

export { OPEN_THREADS_COMMAND };

type Group = 'templates' | 'threads' | 'background';
type Node = { kind: 'group'; group: Group } | { kind: 'template'; name: string } | { kind: 'thread'; id: string } | { kind: 'background'; id: string } | { kind: 'message'; text: string };

const BACKGROUND_ICONS: Readonly<Record<string, [string, string | undefined]>> = {
  running: ['sync~spin', 'charts.blue'],
  done: ['pass', 'testing.iconPassed'],
  failed: ['error', 'errorForeground'],
  cancelled: ['circle-slash', 'disabledForeground'],
  timeout: ['watch', 'errorForeground'],
};

const STATUS_ICONS: Readonly<Record<ThreadView['status'], [string, string | undefined]>> = {
  pickup: ['inbox', 'charts.purple'],
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

  constructor(
    private readonly state: () => ThreadsViewState,
    /** Background agents (seed 003), shown as a third group when there are any. */
    private readonly background: () => readonly BackgroundAgent[] = () => [],
    /** The extension's clock (elapsed times, the 24-hour expiry), in epoch milliseconds. */
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The status the Background agents group is filtered by (Filter Background Agents by Status). */
  backgroundFilter: BackgroundStatusFilter = 'all';

  /** Show Expired Background Agents: the records the manager would prune are listed too, marked expired. */
  showExpiredBackground = false;

  /** What the Background agents group shows now: filtered by status, the expired hidden (unless shown). */
  backgroundListing(): BackgroundListing {
    return listBackgroundAgents(this.background(), this.backgroundFilter, this.now(), this.showExpiredBackground);
  }

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
      const groups: Node[] = [{ kind: 'group', group: 'templates' }, { kind: 'group', group: 'threads' }];
      return this.background().length > 0 ? [...groups, { kind: 'group', group: 'background' }] : groups;
    }
    if (node.kind !== 'group') return [];
    if (node.group === 'templates') return s.templates.map((t) => ({ kind: 'template', name: t.name }));
    if (node.group === 'background') return this.backgroundChildren();
    return s.threads.map((t) => ({ kind: 'thread', id: t.id }));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    const s = this.state();
    switch (node.kind) {
      case 'message':
        return new vscode.TreeItem(node.text);
      case 'background':
        return backgroundItem(this.background().find((a) => a.id === node.id), node.id, this.now());
      case 'group': {
        if (node.group === 'background') return this.backgroundGroup();
        const count = node.group === 'templates' ? s.templates.length : s.threads.length;
        const item = new vscode.TreeItem(GROUP_LABELS[node.group], vscode.TreeItemCollapsibleState.Expanded);
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
          // The actions seed 002 allows its state (Add Agent: completed or waiting; Cancel: running, awaiting pickup included).
          item.contextValue = `cortexThread-${t.status}`;
          const [icon, colour] = STATUS_ICONS[t.status];
          item.iconPath = new vscode.ThemeIcon(icon, colour ? new vscode.ThemeColor(colour) : undefined);
          const where = t.activeAgent ? ` · ${t.activeAgent}${t.activeStage ? `:${t.activeStage}` : ''}` : '';
          const state = threadStateText(t);
          item.description = `${state} · ${threadTemplateText(t)}${t.status === 'running' || t.status === 'waiting' || t.status === 'pickup' ? where : ''}`;
          item.tooltip = new vscode.MarkdownString().appendText(`${node.id} — ${state}${t.abortReason ? `: ${t.abortReason}` : ''}`);
          item.accessibilityInformation = { label: `Thread ${node.id}, ${state}, ${t.userMessage ?? ''}` };
        }
        item.command = openCommand('thread', node.id);
        return item;
      }
    }
  }

  private backgroundChildren(): Node[] {
    const l = this.backgroundListing();
    if (l.shown.length > 0) return l.shown.map((a) => ({ kind: 'background', id: a.id }));
    const which = this.backgroundFilter === 'all' ? '' : ` ${this.backgroundFilter}`;
    return [{ kind: 'message', text: l.expired > 0 ? `No${which} background agents from the last 24 hours` : `No${which} background agents` }];
  }

  /** The group's count, the filter and how many ended over 24 hours ago (the manager prunes those; hidden here). */
  private backgroundGroup(): vscode.TreeItem {
    const l = this.backgroundListing();
    const item = new vscode.TreeItem(GROUP_LABELS.background, vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'group:background';
    item.contextValue = 'cortexBackgroundGroup';
    const shown = this.showExpiredBackground;
    const parts = [String(l.shown.length), this.backgroundFilter === 'all' ? null : `${this.backgroundFilter} only`, l.expired > 0 ? `${l.expired} expired ${shown ? 'shown' : 'hidden'}` : null];
    item.description = parts.filter(Boolean).join(' · ');
    item.tooltip = l.expired > 0 ? `${l.expired} ended more than 24 hours ago: ${shown ? 'shown, marked expired' : 'hidden (Show Expired Background Agents lists them)'}. Seed 003's agent manager prunes them on its next access; the dashboard deletes nothing.` : undefined;
    return item;
  }
}

const GROUP_LABELS: Readonly<Record<Group, string>> = { templates: 'Templates', threads: 'Threads', background: 'Background agents' };

/** A background agent: role, status and level; its task, lineage and result in the tooltip; Cancel while it runs. */
function backgroundItem(a: BackgroundAgent | undefined, id: string, nowMs: number): vscode.TreeItem {
  const item = new vscode.TreeItem(a?.role ?? id);
  item.id = `background:${id}`;
  if (!a) return item;
  const [icon, colour] = Object.prototype.hasOwnProperty.call(BACKGROUND_ICONS, a.status) ? BACKGROUND_ICONS[a.status] : ['question', undefined];
  item.iconPath = new vscode.ThemeIcon(icon, colour ? new vscode.ThemeColor(colour) : undefined);
  // Seed 003's agent_status shows the elapsed time (started to finished, or to now while it runs): in the tooltip.
  const elapsed = backgroundElapsedMinutes(a, nowMs);
  const took = elapsed === null ? null : a.status === 'running' ? `for ${formatDuration(elapsed)}` : formatDuration(elapsed);
  // Listed only while Show Expired is on: said, as the manager will prune it.
  const expired = isBackgroundExpired(a, nowMs) ? 'expired' : null;
  item.description = [a.status, expired, a.level !== null ? `L${a.level}` : null, a.task ? oneLine(a.task, 50) : null].filter(Boolean).join(' · ');
  const tip = new vscode.MarkdownString();
  tip.appendText(`${a.role ?? 'agent'} ${a.id} — ${a.status}${a.level !== null ? `, level ${a.level}` : ''}${expired ? ', expired (ended over 24 hours ago; the manager prunes it)' : ''}\n\n`);
  if (a.task) tip.appendText(`Task: ${a.task}\n\n`);
  if (a.parentId) tip.appendText(`Spawned by ${a.parentId}\n\n`);
  tip.appendText(`Started ${a.started ?? '—'}${a.finished ? `, finished ${a.finished}` : ''}${took ? ` (${a.status === 'running' ? 'running' : 'ran'} ${took})` : ''}\n\n`);
  if (a.result) tip.appendText(`Result: ${a.result}`);
  item.tooltip = tip;
  item.contextValue = `cortexBackground-${a.status}`;
  item.accessibilityInformation = { label: `Background agent ${a.role ?? id}, ${a.status}${a.level !== null ? `, level ${a.level}` : ''}. ${a.task ?? ''}${a.result ? ` Result: ${a.result}` : ''}` };
  return item;
}

function openCommand(kind: SelectionKind, id: string): vscode.Command {
  return { command: OPEN_THREADS_COMMAND, title: 'Show in the Threads panel', arguments: [{ kind, id }] };
}

