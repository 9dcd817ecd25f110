import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { FOCUS_TEAM_VIEW_COMMAND } from '../command-ids';
import { LiveTeam } from '../live-team';
import { Prompts } from '../prompts';
import { TeamStatusBar } from '../status-bar';
import { AgentRunner } from './agent-runner';

/**
 * "Needs input" is the loudest agent state: a notification once per question (with
 * "Show Terminal" when the agent runs here), and the count in the status bar item.
 */
export class NeedsInputNotifier extends DisposableBase {
  /** Slug → the report already notified. */
  private readonly notified = new Map<string, string>();

  constructor(
    private readonly runner: AgentRunner,
    private readonly team: LiveTeam,
    private readonly prompts: Prompts,
    private readonly statusBar: TeamStatusBar,
  ) {
    super();
    this.register(runner.onDidChange(() => this.look()));
    this.register(team.onDidChange((e) => e.reason !== 'files' && this.look()));
  }

  /** The agents that need input now, by name. */
  waiting(): { slug: string; name: string; message: string | null; since: string | null }[] {
    const agents = this.team.current.team?.agents ?? [];
    return agents
      .map((a) => ({ a, turn: this.runner.turnOf(a.slug) }))
      .filter(({ turn }) => turn?.state === 'needs-input')
      .map(({ a, turn }) => ({ slug: a.slug, name: a.name, message: turn!.message, since: turn!.since }));
  }

  private look(): void {
    const waiting = this.waiting();
    this.statusBar.setNeedsInput(waiting.map((w) => w.name));
    for (const slug of [...this.notified.keys()]) if (!waiting.some((w) => w.slug === slug)) this.notified.delete(slug);
    for (const w of waiting) {
      const key = w.since ?? '';
      if (this.notified.get(w.slug) === key) continue;
      this.notified.set(w.slug, key);
      if (this.runner.settings.notifyNeedsInput) void this.notify(w);
    }
  }

  private async notify(w: { slug: string; name: string; message: string | null }): Promise<void> {
    const show = 'Show Terminal';
    const view = 'Show Team View';
    const here = this.runner.terminals.isLive(w.slug);
    const choice = await this.prompts.warn(`Cortex: ${w.name} needs your input${w.message ? `: ${w.message}` : '.'}`, ...(here ? [show] : [view]));
    if (choice === show) this.runner.terminals.focus(w.slug);
    else if (choice === view) await vscode.commands.executeCommand(FOCUS_TEAM_VIEW_COMMAND);
  }
}
