import * as vscode from 'vscode';
import { Liveness } from '../core/liveness';
import { DisposableBase } from '../base/disposable';
import { Prompts } from './prompts';
import { AgentLivenessInfo, downMessage, newlyDown } from './team-text';

/**
 * One notification per alive → down transition ("Show" reveals the Team view,
 * "Don't Show Again" turns `cortex.notifyWhenAgentDown` off). Liveness is tracked
 * per team folder; switching folders starts afresh.
 */
export class DownNotifier extends DisposableBase {
  private previous = new Map<string, Liveness>();
  private teamKey: string | undefined;

  constructor(
    private readonly prompts: Prompts,
    private readonly reveal: () => Promise<void>,
  ) {
    super();
  }

  /** Looks at the team's liveness now; notifies about new transitions when `enabled`. */
  observe(teamKey: string | undefined, agents: readonly AgentLivenessInfo[], enabled: boolean): void {
    if (teamKey !== this.teamKey) {
      this.teamKey = teamKey;
      this.previous = new Map();
    }
    const down = newlyDown(this.previous, agents);
    this.previous = new Map(agents.map((a) => [a.slug, a.liveness]));
    if (down.length > 0 && enabled) void this.notify(down);
  }

  private async notify(agents: AgentLivenessInfo[]): Promise<void> {
    const show = 'Show';
    const never = "Don't Show Again";
    const choice = await this.prompts.warn(downMessage(agents), show, never);
    if (choice === show) await this.reveal();
    else if (choice === never) {
      await vscode.workspace.getConfiguration('cortex').update('notifyWhenAgentDown', false, vscode.ConfigurationTarget.Global);
    }
  }
}
