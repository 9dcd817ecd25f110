import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { DriverDecision } from '../../core/agents/heartbeat';
import { LaunchProfile } from '../../core/agents/launch-profile';
import { Agent } from '../../core/team/model';
import { BudgetLevel, UsageSum } from '../../core/transcripts/cost';
import { TranscriptAction } from '../../core/transcripts/transcript';
import { Settings } from '../settings';
import { AgentRunner, AgentTurn } from './agent-runner';
import { AgentTerminalInfo } from './agent-terminals';
import { HeartbeatDriver } from './heartbeat-driver';
import { heartbeatOn } from './run-settings';

/**
 * Everything the views show about running an agent, gathered in one place: its
 * launch profile, its terminal, its turn state, the heartbeat driver's last decision,
 * its tokens and cost, its latest actions. Views read `factsOf` and follow
 * `onDidChange`; they never reach the services behind it.
 */
export interface AgentUsage {
  readonly today: UsageSum;
  /** The task in progress, from its Started. */
  readonly task: { readonly title: string; readonly sum: UsageSum } | null;
  readonly budget: number | null;
  readonly level: BudgetLevel;
}

/** Tokens, cost and the latest actions from the agents' session logs. */
export interface AgentUsageSource {
  usageOf(agent: Agent): AgentUsage | null;
  activityOf(slug: string): readonly TranscriptAction[];
  readonly onDidChange: vscode.Event<void>;
}

export interface AgentRunFacts {
  readonly profile: LaunchProfile | null;
  readonly terminal: AgentTerminalInfo | undefined;
  /** Its terminal here runs (or is starting), or its ACP session: Show Terminal (Open Session) and Stop apply, not Start. */
  readonly live: boolean;
  /** It runs here as an ACP session: its session view shows it (it has no terminal). */
  readonly session: boolean;
  readonly turn: AgentTurn | null;
  /** `null` when the agent is not running here. */
  readonly heartbeat: { readonly on: boolean; readonly decision: DriverDecision | undefined; readonly heartbeatMs: number } | null;
  readonly usage: AgentUsage | null;
  readonly activity: readonly TranscriptAction[];
  /** The extension clock's time, ms. */
  readonly now: number;
}

/** Running agents as the views see them: the facts per agent, and when they change. */
export interface AgentRunSource {
  factsOf(agent: Agent): AgentRunFacts;
  readonly onDidChange: vscode.Event<void>;
}

/** What a view's run buttons do (the Team view's rows, the board's lane headers): the same commands. */
export interface AgentRunActions {
  start(slug: string): unknown;
  stop(slug: string): unknown;
  restart(slug: string): unknown;
  showTerminal(slug: string): unknown;
  /** An agent run as an ACP session: its session view. */
  openSession(slug: string): unknown;
  openTranscript(slug: string): unknown;
}

export class AgentRuns extends DisposableBase {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private usage: AgentUsageSource | undefined;

  constructor(
    private readonly runner: AgentRunner,
    private readonly driver: HeartbeatDriver,
    private readonly settings: Settings,
    private readonly now: () => number,
  ) {
    super();
    this.register(runner.onDidChange(() => this.changed.fire()));
    this.register(driver.onDidDecide(() => this.changed.fire()));
  }

  setUsage(source: AgentUsageSource): void {
    this.usage = source;
    this.register(source.onDidChange(() => this.changed.fire()));
    this.changed.fire();
  }

  factsOf(agent: Agent): AgentRunFacts {
    const profile = this.runner.profileOf(agent);
    const terminal = this.runner.terminalOf(agent.slug);
    const live = this.runner.isLive(agent.slug);
    return {
      profile,
      terminal,
      live,
      session: this.runner.acp.isLive(agent.slug),
      turn: this.runner.turnOf(agent.slug),
      heartbeat: live ? { on: heartbeatOn(profile, this.runner.settings), decision: this.driver.decisionOf(agent.slug), heartbeatMs: this.settings.current.heartbeatMinutes * 60_000 } : null,
      usage: this.usage?.usageOf(agent) ?? null,
      activity: this.usage?.activityOf(agent.slug) ?? [],
      now: this.now(),
    };
  }
}
