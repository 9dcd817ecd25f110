import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { oneLine } from '../../base/one-line';
import { FOCUS_TEAM_VIEW_COMMAND, OPEN_AGENT_SESSION_COMMAND } from '../commands/command-ids';
import type { Prompts } from '../ui/prompts';
import type { TeamStatusBar } from '../ui/status-bar';
import { TerminalWaiting, needsYouItems } from './needs-you-items';
import type { SessionRegistry } from './session-registry';
import type { NeedsYouItem, PermissionRequestItem } from './session-model';

/** The terminal agents' needs-input states, and when they may have changed. */
export interface TerminalNeeds {
  waiting(): readonly TerminalWaiting[];
  onDidChange(listener: () => void): vscode.Disposable;
}

export interface NeedsYouDeps {
  readonly registry: SessionRegistry;
  readonly terminal: TerminalNeeds;
  /** An agent's name as the team has it (its slug when unknown). */
  nameOf(slug: string): string;
  readonly prompts: Pick<Prompts, 'waiting'>;
  readonly statusBar: Pick<TeamStatusBar, 'setNeedsInput'>;
  /** Whether a notification is wanted (the setting the terminal agents' needs-input notification follows). */
  notify(): boolean;
}

/**
 * The "Needs you" list: every agent's question in one place (the Team view shows it), the
 * status bar's count of the agents waiting, and a notification per new permission request
 * of an ACP agent, never more than one at a time per agent (the next one comes when the
 * first is answered). The terminal agents' notifications are NeedsInputNotifier's. A
 * request answered elsewhere, or whose turn was cancelled, leaves with the host side's
 * next change event, and its notification closes.
 */
export class NeedsYou extends DisposableBase {
  private list: NeedsYouItem[] = [];
  private json = '[]';
  /** Agent → the request its notification shows, and what closes it. */
  private readonly notified = new Map<string, { id: string; close: () => void }>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the list changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: NeedsYouDeps) {
    super();
    this.register({ dispose: () => [...this.notified.values()].forEach((n) => n.close()) });
    this.register(deps.registry.onDidChange(() => this.look()));
    this.register(deps.terminal.onDidChange(() => this.look()));
    this.look();
  }

  /** What waits for the person now, oldest first. */
  items(): readonly NeedsYouItem[] {
    return this.list;
  }

  /** Answers a permission request with one of its options; refuses with a sentence when it is gone or the option is not its. */
  async answer(itemId: string, optionId: string): Promise<void> {
    const item = this.list.find((i): i is PermissionRequestItem => i.kind === 'permission' && i.id === itemId);
    if (!item) throw new Error('That request is no longer waiting: it was answered or its turn ended.');
    if (!item.options.some((o) => o.optionId === optionId)) throw new Error(`${this.deps.nameOf(item.agentSlug)}'s request offers no such answer.`);
    const sessions = this.deps.registry.current;
    if (!sessions) throw new Error('No agent sessions are running.');
    await sessions.answer(item.agentSlug, item.id, optionId);
  }

  /** Reads both sources again: the list, the status bar, the notifications. */
  look(): void {
    const sessions = this.deps.registry.current?.all() ?? [];
    const next = needsYouItems(this.deps.terminal.waiting(), sessions);
    const json = JSON.stringify(next);
    if (json !== this.json) {
      this.list = next;
      this.json = json;
      this.changed.fire();
    }
    this.deps.statusBar.setNeedsInput([...new Set(next.map((i) => i.agentSlug))].map((s) => this.deps.nameOf(s)));
    this.notifyNew();
  }

  private notifyNew(): void {
    const pending = this.list.filter((i): i is PermissionRequestItem => i.kind === 'permission');
    for (const [slug, n] of [...this.notified]) {
      if (pending.some((p) => p.id === n.id)) continue;
      n.close();
      this.notified.delete(slug);
    }
    for (const p of pending) {
      if (this.notified.has(p.agentSlug)) continue;
      let close!: () => void;
      const closed = new Promise<void>((resolve) => (close = resolve));
      this.notified.set(p.agentSlug, { id: p.id, close });
      if (this.deps.notify()) void this.deps.prompts.waiting(this.text(p), (_say, cancelled) => Promise.race([closed, cancelled]));
    }
  }

  private text(p: PermissionRequestItem): string {
    const args = p.argumentsText ? `: ${oneLine(p.argumentsText, 120)}` : '';
    const session = `[Open Session](command:${OPEN_AGENT_SESSION_COMMAND}?${encodeURIComponent(JSON.stringify([p.agentSlug]))})`;
    return `${this.deps.nameOf(p.agentSlug)} asks to use ${p.tool}${args}. [Answer in Needs You](command:${FOCUS_TEAM_VIEW_COMMAND}) · ${session}`;
  }
}
