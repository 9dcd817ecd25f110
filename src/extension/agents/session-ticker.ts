import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { nowStamp } from '../../base/time';
import { hasActiveTasks, tickAgeMinutes } from '../../core/team/liveness';
import { TickResult, tickTasks } from '../../core/ops/tick';
import { agentTasksPath } from '../../core/team/team-paths';
import { LiveTeam } from '../team/live-team';
import { LivenessClock } from '../team/liveness-clock';
import { TeamWriter } from '../writes/team-writer';
import { AgentRunner } from './agent-runner';

/**
 * An agent run here (in a terminal or as an ACP session) is alive while its session works. The model does not call `tick`
 * (nothing makes it), so the dashboard writes the protocol's tick for an agent it runs,
 * through the one writer (the same operation as the `tick` tool), when its own
 * session shows it working: a report in the last few minutes, or a turn still under
 * way (working, or waiting for an answer). Every reader of the team (the coordinator,
 * `cortex-team status`, other windows) then sees it alive, by the one rule they all
 * use. At most once every `REFRESH_MINUTES` per agent, never for an idle queue (idle
 * ticks are suppressed as always), and never in Restricted Mode.
 */
export const REFRESH_MINUTES = 5;

export class SessionTicker extends DisposableBase {
  /** Slug → when (extension clock, ms) the dashboard last tried to tick it. */
  private readonly tried = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly runner: AgentRunner,
    private readonly team: LiveTeam,
    private readonly clock: LivenessClock,
    private readonly writer: TeamWriter,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register(runner.onDidChange(() => void this.check()));
    this.register(clock.onDidTick(() => void this.check()));
  }

  /** Looks at every agent run here (serialised); resolves once done (tests). */
  check(): Promise<void> {
    this.running = this.running.then(() => this.look()).catch((e: unknown) => this.log.warn(`Recording an agent's session activity as its tick failed: ${String(e)}`));
    return this.running;
  }

  /**
   * What the agent's own session last did: its terminal session's last report, or its ACP
   * session's state (a turn under way, or waiting for a permission answer) and last activity.
   */
  private activityOf(slug: string): { underWay: boolean; at: number; event: string } | undefined {
    const session = this.runner.acp.session(slug);
    if (session?.live) return { underWay: session.state === 'in-turn', at: session.lastActivity, event: `ACP session ${session.state}` };
    const own = this.runner.ownState(slug);
    return own ? { underWay: own.state === 'working' || own.state === 'needs-input', at: Date.parse(own.at), event: own.event } : undefined;
  }

  private async look(): Promise<void> {
    if (this.isDisposed || !this.writer.trusted) return;
    const nowMs = this.clock.date().getTime();
    for (const agent of this.team.current.team?.agents ?? []) {
      // Idle ticks are suppressed (an empty queue is not ticked): nothing to try for an agent with no work.
      if (!this.runner.isLive(agent.slug) || !hasActiveTasks(agent)) continue;
      const own = this.activityOf(agent.slug);
      if (!own) continue;
      if (!own.underWay && Math.abs(nowMs - own.at) > REFRESH_MINUTES * 60_000) continue;
      const age = tickAgeMinutes(agent, this.clock.now());
      // A recent tick, or one ahead of this clock (clocks drift): nothing to add.
      if (age !== null && age < REFRESH_MINUTES) continue;
      if (nowMs - (this.tried.get(agent.slug) ?? -Infinity) < REFRESH_MINUTES * 60_000) continue;
      this.tried.set(agent.slug, nowMs);
      const path = agentTasksPath(agent.slug);
      const stamp = nowStamp(this.clock.date());
      const r = await this.writer.write<TickResult>(
        {
          what: `record that ${agent.name}'s session is working`,
          paths: [path],
          event: (t) => (t.written ? { type: 'agent.ticked', actor: agent.slug, subject: `last tick ${stamp} (its session is working)`, file: path, details: { agent: agent.slug, tick: stamp, previous: t.previous, from: 'session-activity' } } : undefined),
        },
        (fs, edit) => tickTasks(fs, path, stamp, edit),
      );
      if (r?.written) this.log.info(`${agent.name}: its session is working (${own.event}); ticked ${path} at ${stamp}.`);
    }
  }
}
