import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import type { AgentSessionSnapshot, AgentSessions, Unsubscribe } from '../sessions/session-model';
import { AcpLaunch, AcpSession } from './acp-session';
import { promptRefusal } from './prompt-refusal';
import { TurnTokens } from './session-log';

/**
 * The ACP sessions this window runs, one per agent (the contract's `AgentSessions`, which
 * the session view and the "Needs you" list read). Starting, stopping and resuming are the
 * runner's (agent-runner.ts); prompts from anyone (the first prompt, the heartbeat driver,
 * the person) go through `prompt`, which refuses while a turn runs or when the agent's
 * daily budget is spent (prompt-refusal.ts). Each session's id is kept in the workspace
 * state, so Restart (and Start after Stop in this window) resumes it with `session/load`
 * where the agent can; where it cannot, a new session starts (acp-session.ts).
 */
export interface TurnUsage {
  readonly slug: string;
  readonly at: number;
  readonly tokens: TurnTokens;
}

const SAVED_KEY = 'cortex.acpSessions';

export class AcpSessions extends DisposableBase implements AgentSessions {
  private readonly sessions = new Map<string, AcpSession>();
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires with the agent's slug whenever its snapshot changed (every message chunk). */
  readonly onDidChangeSession = this.changed.event;
  private readonly stateChanged = this.register(new vscode.EventEmitter<string>());
  /** Fires when a session's state, pending requests or turn count changed (what the runner, the driver and the rows follow). */
  readonly onDidChangeState = this.stateChanged.event;
  private readonly usageChanged = this.register(new vscode.EventEmitter<string>());
  /** Fires when a turn's tokens or a reported cost came. */
  readonly onDidChangeUsage = this.usageChanged.event;
  private readonly stateKeys = new WeakMap<AcpSession, string>();
  /** Every turn's tokens in this window, for the usage lines (the last 5000). */
  readonly turns: TurnUsage[] = [];
  /** The cost the agents reported (Claude's adapter), as it grew: when and by how much (USD). */
  readonly costs: Array<{ readonly slug: string; readonly at: number; readonly amount: number }> = [];
  /** Each session's cost reported so far. */
  private readonly costSeen = new WeakMap<AcpSession, number>();
  /** Why a prompt to the agent is refused now (its budget), `undefined`: it may be sent. */
  refusal: (slug: string) => string | undefined = () => undefined;

  constructor(
    private readonly now: () => number,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => void Promise.all([...this.sessions.values()].map((s) => s.stop())) });
  }

  get(agentSlug: string): AgentSessionSnapshot | undefined {
    return this.sessions.get(agentSlug)?.snapshot();
  }

  all(): readonly AgentSessionSnapshot[] {
    return [...this.sessions.values()].map((s) => s.snapshot());
  }

  onDidChange(listener: (agentSlug: string) => void): Unsubscribe {
    return this.changed.event(listener);
  }

  /** The session object (the runner, the driver, the tests). */
  session(slug: string): AcpSession | undefined {
    return this.sessions.get(slug);
  }

  isLive(slug: string): boolean {
    return this.sessions.get(slug)?.live ?? false;
  }

  /** The session id to resume for the agent (its last one here), if any. */
  savedSessionOf(slug: string): string | undefined {
    return this.memento.get<Record<string, string>>(SAVED_KEY, {})[slug];
  }

  /** Starts the agent's session (the old one, ended, is replaced); rejects with the reason it could not start. */
  async start(launch: AcpLaunch): Promise<AcpSession> {
    if (this.isLive(launch.slug)) throw new Error('it is running already');
    const session: AcpSession = new AcpSession(launch, this.now, () => this.onChange(session), (tokens, at) => this.addTurn({ slug: launch.slug, at, tokens }));
    this.sessions.set(launch.slug, session);
    this.changed.fire(launch.slug);
    await session.start();
    if (session.sessionId) await this.memento.update(SAVED_KEY, { ...this.memento.get<Record<string, string>>(SAVED_KEY, {}), [launch.slug]: session.sessionId });
    this.log.info(`${launch.slug}: ACP session ${session.sessionId} (${launch.command} ${launch.args.join(' ')}) in ${launch.cwd}.`);
    return session;
  }

  /**
   * Sends `session/prompt` and resolves once it is sent (the turn then runs; the snapshot
   * follows it). Refused, with a sentence, when there is no session, a turn runs or the
   * budget is spent.
   */
  async prompt(agentSlug: string, text: string): Promise<void> {
    const session = this.sessions.get(agentSlug);
    const refused = promptRefusal(agentSlug, session, () => this.refusal(agentSlug));
    if (refused || !session) throw new Error(refused);
    session.prompt(text).catch((e: unknown) => this.log.warn(`${agentSlug}: the prompt failed: ${e instanceof Error ? e.message : String(e)}`));
  }

  async cancel(agentSlug: string): Promise<void> {
    const session = this.sessions.get(agentSlug);
    if (!session?.live) throw new Error(`${agentSlug} is not running as an ACP session here.`);
    await session.cancel();
  }

  async answer(agentSlug: string, requestId: string, optionId: string): Promise<void> {
    const session = this.sessions.get(agentSlug);
    if (!session) throw new Error(`${agentSlug} is not running as an ACP session here.`);
    session.answer(requestId, optionId);
  }

  /** Stop: `session/cancel`, then the agent's process group ended. */
  async stop(slug: string): Promise<boolean> {
    const session = this.sessions.get(slug);
    if (!session?.live) return false;
    await session.stop();
    return true;
  }

  private onChange(session: AcpSession): void {
    const cost = session.usage?.cost;
    const seen = this.costSeen.get(session) ?? 0;
    if (cost && cost.currency === 'USD' && cost.amount > seen) {
      this.costs.push({ slug: session.launch.slug, at: this.now(), amount: cost.amount - seen });
      if (this.costs.length > 5000) this.costs.shift();
      this.costSeen.set(session, cost.amount);
      this.usageChanged.fire(session.launch.slug);
    }
    const key = `${session.state}|${session.pendingCount}|${session.turnsEnded}`;
    if (this.stateKeys.get(session) !== key) {
      this.stateKeys.set(session, key);
      this.stateChanged.fire(session.launch.slug);
    }
    this.changed.fire(session.launch.slug);
  }

  private addTurn(turn: TurnUsage): void {
    this.turns.push(turn);
    if (this.turns.length > 5000) this.turns.shift();
    this.usageChanged.fire(turn.slug);
  }
}
