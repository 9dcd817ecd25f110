import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Liveness, agentLiveness, tickAgeMinutes } from '../../core/team/liveness';
import { FOCUS_TEAM_VIEW_COMMAND } from '../commands/command-ids';
import { LiveTeam, TeamSnapshot } from '../team/live-team';
import { Prompts } from './prompts';
import { Settings } from '../settings';
import { AgentLivenessInfo, downMessage, newlyDown } from '../team/team-text';
import { isOpenStatus } from '../../base/task-status';

/** Restarting an agent from the notification (the agent runner, when there is one). */
export interface AgentRestarter {
  /** The agent has a launch profile to start it with. */
  canRestart(slug: string): boolean;
  restart(slug: string): unknown;
}

/**
 * One notification per alive → down transition ("Show" reveals the Team view,
 * "Restart" starts a single agent again in its terminal, "Don't Show Again" turns
 * `cortex.notifyWhenAgentDown` off). Liveness is tracked per team folder; switching
 * folders starts afresh.
 */
export class DownNotifier extends DisposableBase {
  private previous = new Map<string, Liveness>();
  private teamKey: string | undefined;

  constructor(
    private readonly prompts: Prompts,
    team: LiveTeam,
    private readonly settings: Settings,
    private readonly restarter?: AgentRestarter,
  ) {
    super();
    this.register(team.onDidChange((e) => e.reason !== 'files' && this.look(e.snapshot)));
  }

  private look(s: TeamSnapshot): void {
    const key = s.location?.uri.toString();
    if (!s.team) {
      this.observe(key, [], false);
      return;
    }
    const agents = s.team.agents.map((a) => ({
      slug: a.slug,
      name: a.name,
      liveness: agentLiveness(a, s.now, s.staleAfterMinutes, s.heartbeatMinutes),
      tickAgeMinutes: tickAgeMinutes(a, s.now),
      activeTasks: a.tasks.filter((t) => isOpenStatus(t.status)).length,
    }));
    this.observe(key, agents, this.settings.current.notifyWhenAgentDown);
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
    const restart = 'Restart';
    const never = "Don't Show Again";
    const one = agents.length === 1 && this.restarter?.canRestart(agents[0].slug) ? agents[0] : undefined;
    const choice = await this.prompts.warn(downMessage(agents), ...(one ? [restart] : []), show, never);
    if (choice === restart && one) await this.restarter!.restart(one.slug);
    else if (choice === show) await vscode.commands.executeCommand(FOCUS_TEAM_VIEW_COMMAND);
    else if (choice === never) {
      await vscode.workspace.getConfiguration('cortex').update('notifyWhenAgentDown', false, vscode.ConfigurationTarget.Global);
    }
  }
}
