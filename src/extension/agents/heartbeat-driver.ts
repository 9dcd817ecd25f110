import * as path from 'path';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { DriverDecision, DriverInput, DriverMemory, DriverTurn, heartbeatDecision, idleMemory, noTurnWindow, sentMemory, startMemory } from '../../core/agents/heartbeat';
import { runtimeOfCli } from '../../core/agents/launch-command';
import { Agent } from '../../core/team/model';
import { runtimeSpec, tickPrompt } from '../../core/protocol-file/protocol';
import { LiveTeam } from '../team/live-team';
import { LivenessClock } from '../team/liveness-clock';
import { Settings } from '../settings';
import { AgentRunner } from './agent-runner';
import { heartbeatOn } from './run-settings';

/**
 * Types the `Cortex tick:` prompt into the terminals of agents started here (or sends it
 * as `session/prompt` to those run as ACP sessions, only while their session is idle), by the
 * rule in core/agents/heartbeat.ts: while they have work, only when the terminal's
 * own session reported its turn finished (never into a dialog), at once for a newly
 * dispatched task, else once per heartbeat; a tick that started no turn is said (the
 * log, the row, `onDidMissTurn`) and not typed again. It looks again whenever the team,
 * a turn state, a terminal, a setting or the clock's minute changes: every time comes
 * from the extension's clock, so tests move it (`setNow`) instead of waiting.
 */
export interface SentTick {
  readonly slug: string;
  /** The extension clock's time, ms. */
  readonly at: number;
  readonly why: 'new-task' | 'heartbeat';
  readonly prompt: string;
}

export class HeartbeatDriver extends DisposableBase {
  private readonly memory = new Map<string, { startedAt: number; m: DriverMemory; missedSaid?: number }>();
  private readonly decisions = new Map<string, DriverDecision>();
  private readonly history: SentTick[] = [];
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private queued = false;
  private readonly sentEmitter = this.register(new vscode.EventEmitter<SentTick>());
  /** Fires after a tick prompt was typed. */
  readonly onDidSend = this.sentEmitter.event;
  private readonly missed = this.register(new vscode.EventEmitter<SentTick>());
  /** Fires once for a tick that started no turn in time. */
  readonly onDidMissTurn = this.missed.event;
  private readonly decided = this.register(new vscode.EventEmitter<void>());
  /** Fires after each look at the agents. */
  readonly onDidDecide = this.decided.event;

  constructor(
    private readonly runner: AgentRunner,
    private readonly team: LiveTeam,
    private readonly clock: LivenessClock,
    private readonly settings: Settings,
    private readonly log: vscode.LogOutputChannel,
    private readonly budgetSpent: (slug: string) => boolean,
  ) {
    super();
    this.register(team.onDidChange((e) => e.reason !== 'files' && this.check()));
    this.register(runner.onDidChange(() => this.check()));
    this.register(clock.onDidTick(() => this.check()));
  }

  /** Ticks typed so far, oldest first (the last 200). */
  get sent(): readonly SentTick[] {
    return this.history;
  }

  /** Why the driver did or did not tick the agent at its last look. */
  decisionOf(slug: string): DriverDecision | undefined {
    return this.decisions.get(slug);
  }

  /** Looks at every agent soon (coalesced); resolves once that look is done. */
  check(): Promise<void> {
    if (this.isDisposed) return Promise.resolve();
    if (this.queued) {
      this.again = true;
      return this.running;
    }
    this.queued = true;
    this.running = this.running.then(async () => {
      do {
        this.again = false;
        // A failure must never stop the driver: it is logged, and the next change looks again.
        await this.look().catch((e: unknown) => this.log.error(`The heartbeat driver failed: ${String(e)}`));
      } while (this.again && !this.isDisposed);
      this.queued = false;
      this.decided.fire();
    });
    return this.running;
  }

  private async look(): Promise<void> {
    const snapshot = this.team.current;
    const agents = snapshot.team?.agents ?? [];
    const now = this.clock.date().getTime();
    const heartbeatMs = this.settings.current.heartbeatMinutes * 60_000;
    for (const agent of agents) {
      if (this.runner.acp.isLive(agent.slug)) {
        await this.lookAcp(agent, now, heartbeatMs, snapshot.location?.uri);
        continue;
      }
      const info = this.runner.terminals.info(agent.slug);
      const live = this.runner.terminals.isLive(agent.slug);
      const ready = agent.tasks.filter((t) => t.status === 'ready').map((t) => t.title);
      if (!info || !live) {
        this.memory.delete(agent.slug);
        this.decisions.set(agent.slug, { send: false, why: 'not-running' });
        continue;
      }
      let mem = this.memory.get(agent.slug);
      if (!mem || mem.startedAt !== info.startedAt) {
        mem = { startedAt: info.startedAt, m: startMemory(info.reconnected ? now : info.startedAt, ready) };
        this.memory.set(agent.slug, mem);
      }
      const profile = this.runner.profileOf(agent);
      const own = this.runner.ownState(agent.slug);
      // Its own session's report, never another session's; a terminal whose sessions cannot be told (no run id) is unknown.
      const turn: DriverTurn = own ? own.state : info.runId ? 'starting' : 'unknown';
      const input: DriverInput = {
        now,
        heartbeatMs,
        enabled: heartbeatOn(profile, this.runner.settings),
        live,
        turn,
        noTurnMs: noTurnWindow(info.cli !== 'codex', heartbeatMs),
        stateAt: own?.at ?? null,
        ready,
        inProgress: agent.tasks.some((t) => t.status === 'in-progress'),
        budgetSpent: this.runner.settings.budgetStopsHeartbeat && this.budgetSpent(agent.slug),
      };
      const decision = heartbeatDecision(input, mem.m);
      this.decisions.set(agent.slug, decision);
      if (!decision.send) {
        if (decision.why === 'no-turn') this.sayMissed(agent, mem);
        mem.m = idleMemory(input, mem.m);
        continue;
      }
      const prompt = this.tickPrompt(agent, info.cli, snapshot.location?.uri);
      const before = mem.m;
      mem.m = sentMemory(input);
      this.log.info(`Heartbeat: ticking ${agent.name} (${decision.why === 'new-task' ? 'a new ready task' : 'its heartbeat'}).`);
      // The runner types only at the session's prompt, as read from disk just now: a refusal sends nothing.
      if (!(await this.runner.type(agent.slug, prompt))) mem.m = before;
      else this.record({ slug: agent.slug, at: now, why: decision.why, prompt });
    }
  }

  /**
   * An agent run as an ACP session: the same rule, with its session's own state (idle is
   * "at its prompt"; a turn, or a pending permission request, is not), and the tick sent
   * as `session/prompt`, which starts its turn at once (so no tick goes unanswered).
   */
  private async lookAcp(agent: Agent, now: number, heartbeatMs: number, root: vscode.Uri | undefined): Promise<void> {
    const session = this.runner.acp.session(agent.slug)!;
    const ready = agent.tasks.filter((t) => t.status === 'ready').map((t) => t.title);
    let mem = this.memory.get(agent.slug);
    if (!mem || mem.startedAt !== session.startedAt) {
      mem = { startedAt: session.startedAt, m: startMemory(session.startedAt, ready) };
      this.memory.set(agent.slug, mem);
    }
    const turn: DriverTurn = session.state === 'idle' ? 'turn-finished' : session.state === 'in-turn' ? (session.snapshot().pending.length ? 'needs-input' : 'working') : 'starting';
    const input: DriverInput = {
      now,
      heartbeatMs,
      enabled: heartbeatOn(this.runner.profileOf(agent), this.runner.settings),
      live: true,
      turn,
      noTurnMs: noTurnWindow(true, heartbeatMs),
      // A turn that ended since the tick is the "new report" the rule waits for.
      stateAt: `turns:${session.turnsEnded}`,
      ready,
      inProgress: agent.tasks.some((t) => t.status === 'in-progress'),
      budgetSpent: this.runner.settings.budgetStopsHeartbeat && this.budgetSpent(agent.slug),
    };
    const decision = heartbeatDecision(input, mem.m);
    this.decisions.set(agent.slug, decision);
    if (!decision.send) {
      mem.m = idleMemory(input, mem.m);
      return;
    }
    const prompt = this.tickPrompt(agent, this.runner.profileOf(agent)?.cli ?? 'custom', root);
    this.log.info(`Heartbeat: prompting ${agent.name}'s ACP session (${decision.why === 'new-task' ? 'a new ready task' : 'its heartbeat'}).`);
    try {
      await this.runner.acp.prompt(agent.slug, prompt);
    } catch (e) {
      this.log.info(`Heartbeat: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    mem.m = sentMemory(input);
    this.record({ slug: agent.slug, at: now, why: decision.why, prompt });
  }

  private record(tick: SentTick): void {
    this.history.push(tick);
    if (this.history.length > 200) this.history.shift();
    this.sentEmitter.fire(tick);
  }

  /** A tick that started no turn: said once (the log, and `onDidMissTurn` for a notification). */
  private sayMissed(agent: Agent, mem: { m: DriverMemory; missedSaid?: number }): void {
    if (mem.missedSaid === mem.m.lastSentAt) return;
    mem.missedSaid = mem.m.lastSentAt;
    const tick = [...this.history].reverse().find((t) => t.slug === agent.slug && t.at === mem.m.lastSentAt);
    this.log.warn(`Heartbeat: the tick typed for ${agent.name} started no turn (no report from its session since): its CLI may show a dialog. No more ticks until its session reports again.`);
    if (tick) this.missed.fire(tick);
  }

  private tickPrompt(agent: Agent, cli: Parameters<typeof runtimeOfCli>[0], root: vscode.Uri | undefined): string {
    const runtime = runtimeOfCli(cli);
    const tasks = root ? path.join(root.fsPath, 'agents', agent.slug, 'tasks.md') : agent.tasksPath;
    return tickPrompt(tasks, runtime ? runtimeSpec(runtime).protocolFile : 'your Cortex protocol file');
  }
}
