import * as acp from '@agentclientprotocol/sdk';
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { Readable, Writable } from 'stream';
import type { AgentCli } from '../../core/agents/launch-profile';
import type { AgentSessionSnapshot, PermissionRequestItem, SessionState, SessionUsage } from '../sessions/session-model';
import { SessionLog, TurnTokens, permissionItem, turnTokens } from './session-log';

/**
 * One agent run as an Agent Client Protocol session: its process (the ACP agent, in the
 * agent's project folder, in a process group of its own so Stop ends all of it), the
 * connection (`@agentclientprotocol/sdk`, the extension as the client), the session
 * (`session/new` with the Cortex MCP server, or `session/load` to resume one), its
 * prompts one turn at a time, its pending permission requests, its transcript and usage.
 * Node only, no `vscode`: the agents suite drives it with the real ACP agents.
 */
export interface AcpLaunch {
  readonly slug: string;
  /** The ACP agent's program (absolute, or found on PATH) and arguments. */
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The whole environment of the agent's process. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** MCP servers handed over in `session/new`: absolute commands, nothing written in the project. */
  readonly mcpServers: readonly { readonly name: string; readonly command: string; readonly args: readonly string[]; readonly env?: Readonly<Record<string, string>> }[];
  /** A session of this agent to resume with `session/load` where the agent can. */
  readonly resumeSessionId?: string;
  /**
   * The session mode to set when the agent offers it (`session/set_mode`): Claude's adapter
   * starts in `auto`, whose classifier blocks the MCP calls it cannot judge; `default` asks.
   */
  readonly mode?: string;
  /** The CLI it runs: Codex's tokens are read from its own session log (agent-usage.ts). */
  readonly cli?: AgentCli;
}

/** Ids of permission requests, unique across the extension's lifetime. */
const REQUEST_PREFIX = randomBytes(4).toString('hex');
let requestCount = 0;

/** How long Stop waits after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 3000;

interface Pending {
  readonly item: PermissionRequestItem;
  readonly resolve: (r: acp.RequestPermissionResponse) => void;
}

export class AcpSession {
  private child: ChildProcess | undefined;
  private connection: acp.ClientConnection | undefined;
  private readonly log = new SessionLog();
  private readonly pending = new Map<string, Pending>();
  private stateNow: SessionState = 'starting';
  private reasonNow: string | undefined;
  private sessionIdNow: string | undefined;
  private stderrTail = '';
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  /** The turn in progress was cancelled: a request the agent still sends in it is answered `cancelled` at once. */
  private cancelling = false;
  /** Why the process could not be started at all (a missing command). */
  private spawnError: string | undefined;
  /** `initialize`'s answer: whether the agent can `session/load`. */
  canLoad = false;
  /** The extension clock's time of the last thing the session did (liveness). */
  lastActivity: number;
  /** When it was started (extension clock). */
  readonly startedAt: number;
  /** Turns ended so far: what tells the heartbeat driver a tick's turn came and went. */
  turnsEnded = 0;

  constructor(
    readonly launch: AcpLaunch,
    private readonly now: () => number,
    private readonly changed: () => void,
    /** Called with each turn's tokens (the usage lines). */
    private readonly onTurnTokens: (tokens: TurnTokens, at: number) => void = () => undefined,
  ) {
    this.lastActivity = now();
    this.startedAt = this.lastActivity;
  }

  get state(): SessionState {
    return this.stateNow;
  }

  get sessionId(): string | undefined {
    return this.sessionIdNow;
  }

  /** Its usage so far (no copy of the transcript). */
  get usage(): SessionUsage | undefined {
    return this.log.usage;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get live(): boolean {
    return this.stateNow === 'starting' || this.stateNow === 'idle' || this.stateNow === 'in-turn';
  }

  snapshot(): AgentSessionSnapshot {
    return {
      agentSlug: this.launch.slug,
      ...(this.sessionIdNow ? { sessionId: this.sessionIdNow } : {}),
      state: this.stateNow,
      ...(this.reasonNow ? { reason: this.reasonNow } : {}),
      entries: [...this.log.entries],
      ...(this.log.usage ? { usage: this.log.usage } : {}),
      pending: [...this.pending.values()].map((p) => p.item),
    };
  }

  /** Starts the process and the session; rejects (the session `failed`, with its reason) when either cannot start. */
  async start(): Promise<void> {
    const { launch } = this;
    const child = spawn(launch.command, [...launch.args], { cwd: launch.cwd, env: { ...launch.env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
    const failedToSpawn = new Promise<never>((_, reject) =>
      child.once('error', (e: NodeJS.ErrnoException) => {
        this.spawnError = e.code === 'ENOENT' ? `its command "${launch.command}" was not found` : `its command "${launch.command}" could not be run: ${e.message}`;
        reject(new Error(this.spawnError));
      }),
    );
    failedToSpawn.catch(() => undefined);
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (this.stderrTail = (this.stderrTail + d).slice(-2000)));
    child.once('close', (code, signal) => this.onExit(code, signal));
    const stream = acp.ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>);
    this.connection = acp
      .client({ name: 'cortex-team' })
      .onNotification('session/update', ({ params }) => this.onUpdate(params))
      .onRequest('session/request_permission', ({ params }) => this.onPermission(params))
      .connect(stream);
    try {
      await Promise.race([failedToSpawn, this.open(this.connection.agent)]);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      // The connection closing comes first: the process's end says more (its exit code, its last words).
      if (!this.spawnError) await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
      if (this.stateNow !== 'failed') this.fail(why);
      this.kill();
      throw new Error(this.reasonNow ?? why);
    }
  }

  private async open(agent: acp.ClientContext): Promise<void> {
    const init = await agent.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {}, clientInfo: { name: 'cortex-team', version: '1' } });
    this.canLoad = init.agentCapabilities?.loadSession === true;
    const mcpServers: acp.McpServer[] = this.launch.mcpServers.map((s) => ({ name: s.name, command: s.command, args: [...s.args], env: Object.entries(s.env ?? {}).map(([name, value]) => ({ name, value })) }));
    const resume = this.launch.resumeSessionId;
    // A session the agent cannot load (no `loadSession`, or its load refused) is replaced by a new one, said why.
    const loaded = resume ? (this.canLoad ? await this.load(agent, resume, mcpServers) : 'the agent cannot resume sessions') : undefined;
    if (resume && typeof loaded === 'object') {
      this.sessionIdNow = resume;
      await this.setMode(agent, resume, loaded.modes);
      this.notice(`Resumed session ${resume}.`);
    } else {
      const created = await agent.request('session/new', { cwd: this.launch.cwd, mcpServers });
      this.sessionIdNow = created.sessionId;
      await this.setMode(agent, created.sessionId, created.modes);
      this.notice(`Started session ${created.sessionId}${typeof loaded === 'string' ? ` (${loaded})` : ''}.`);
    }
    this.setState('idle');
  }

  /** The launch's mode, where the session offers it and is in another (a resumed one too: the agent may start it in its own default). */
  private async setMode(agent: acp.ClientContext, sessionId: string, modes: acp.SessionModeState | null | undefined): Promise<void> {
    const mode = this.launch.mode;
    if (mode && modes && modes.currentModeId !== mode && modes.availableModes.some((m) => m.id === mode)) await agent.request('session/set_mode', { sessionId, modeId: mode });
  }

  /** `session/load` of the kept session: its answer, or why it was not resumed. */
  private async load(agent: acp.ClientContext, sessionId: string, mcpServers: acp.McpServer[]): Promise<acp.LoadSessionResponse | string> {
    try {
      return (await agent.request('session/load', { sessionId, cwd: this.launch.cwd, mcpServers })) ?? {};
    } catch (e) {
      const details = e instanceof acp.RequestError && typeof e.data === 'object' && e.data && 'details' in e.data ? String(e.data.details) : undefined;
      return `the agent could not resume session ${sessionId}: ${e instanceof Error ? e.message : String(e)}${details ? `: ${details}` : ''}`;
    }
  }

  /**
   * Sends `session/prompt` and resolves when the turn ends (its stop reason); refused
   * (an Error with a sentence) unless the session is idle.
   */
  async prompt(text: string): Promise<acp.StopReason> {
    if (this.stateNow !== 'idle' || !this.connection || !this.sessionIdNow) throw new Error(this.stateNow === 'in-turn' ? 'it is in the middle of a turn' : `its session is ${this.stateNow}`);
    this.log.addUser(text, this.now());
    this.cancelling = false;
    this.setState('in-turn');
    try {
      const response = await this.connection.agent.request('session/prompt', { sessionId: this.sessionIdNow, prompt: [{ type: 'text', text }] });
      const tokens = turnTokens(response);
      const at = this.now();
      if (tokens) {
        this.log.addTurn(tokens);
        this.onTurnTokens(tokens, at);
      }
      if (response.stopReason !== 'end_turn') this.notice(`The turn ended: ${response.stopReason.replace(/_/g, ' ')}.`);
      this.turnsEnded++;
      // A request left from the turn (sent after its cancel) has nobody to wait for now.
      this.cancelPending();
      if (this.inTurn()) this.setState('idle');
      return response.stopReason;
    } catch (e) {
      this.turnsEnded++;
      if (this.inTurn()) {
        this.notice(`The prompt failed: ${e instanceof Error ? e.message : String(e)}`);
        this.setState('idle');
      }
      throw e;
    }
  }

  /** `session/cancel` for the turn in progress; its pending permission requests are answered `cancelled` at once. */
  async cancel(): Promise<void> {
    if (!this.connection || !this.sessionIdNow) return;
    this.cancelPending();
    if (this.stateNow === 'in-turn') {
      this.cancelling = true;
      this.notice('Cancelled the turn.');
      await this.connection.agent.notify('session/cancel', { sessionId: this.sessionIdNow }).catch(() => undefined);
    }
  }

  /** Answers a pending request with one of its options. */
  answer(requestId: string, optionId: string): void {
    const p = this.pending.get(requestId);
    if (!p) throw new Error('that request is no longer pending (answered, or its turn ended)');
    if (!p.item.options.some((o) => o.optionId === optionId)) throw new Error(`"${optionId}" is not one of the request's options`);
    this.pending.delete(requestId);
    p.resolve({ outcome: { outcome: 'selected', optionId } });
    this.touch();
  }

  /** Stop: `session/cancel` for a turn in progress, then the process group ended (SIGTERM, SIGKILL after a grace). */
  async stop(): Promise<void> {
    if (this.stopping) return this.exited;
    this.stopping = true;
    await this.cancel().catch(() => undefined);
    this.kill();
    const timer = setTimeout(() => this.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
    await this.groupEnded();
  }

  /** The agent's own children (Claude's adapter runs Claude Code) may outlive it a moment: the group is ended, not just its leader. */
  private async groupEnded(): Promise<void> {
    const pid = this.child?.pid;
    if (!pid) return;
    const alive = () => {
      try {
        process.kill(-pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const end = Date.now() + STOP_GRACE_MS;
    while (alive() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    if (alive()) this.kill('SIGKILL', true);
  }

  /** Signals the agent's process group (`evenIfLeaderGone`: its children, once it exited). */
  private kill(signal: NodeJS.Signals = 'SIGTERM', evenIfLeaderGone = false): void {
    const pid = this.child?.pid;
    if (!pid || (!evenIfLeaderGone && (this.child?.exitCode !== null || this.child?.signalCode !== null))) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is gone already.
    }
  }

  /** Read through a call: a turn's end may have changed the state while awaiting. */
  private inTurn(): boolean {
    return this.stateNow === 'in-turn';
  }

  private onUpdate(params: acp.SessionNotification): void {
    if (params.sessionId !== this.sessionIdNow && this.sessionIdNow !== undefined) return;
    if (this.log.apply(params.update, this.now())) this.touch();
  }

  private onPermission(params: acp.RequestPermissionRequest): Promise<acp.RequestPermissionResponse> {
    const id = `${REQUEST_PREFIX}-${++requestCount}`;
    const known = this.log.entries.find((e) => e.kind === 'tool' && e.id === params.toolCall.toolCallId);
    const item = permissionItem(params, { id, agentSlug: this.launch.slug, at: this.now(), ...(known?.kind === 'tool' ? { knownTitle: known.title } : {}) });
    return new Promise((resolve) => {
      // A request that arrives while no turn runs (or after Stop) has nobody to wait for.
      if (this.stateNow !== 'in-turn' || this.cancelling) return resolve({ outcome: { outcome: 'cancelled' } });
      this.pending.set(id, { item, resolve });
      this.touch();
    });
  }

  private cancelPending(): void {
    if (this.pending.size === 0) return;
    for (const p of this.pending.values()) p.resolve({ outcome: { outcome: 'cancelled' } });
    this.pending.clear();
    this.touch();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.cancelPending();
    this.connection?.close();
    if (this.stopping) {
      this.setState('stopped', 'Stopped.');
      this.notice('Stopped.');
      return;
    }
    if (this.stateNow === 'failed') return;
    if (this.spawnError) return this.fail(this.spawnError);
    const tail = this.stderrTail.trim().split('\n').slice(-3).join(' ').trim();
    this.fail(`its process ended (${signal ?? `exit code ${code}`})${tail ? `: ${tail}` : ''}`);
  }

  private fail(reason: string): void {
    this.setState('failed', reason);
    this.notice(`The session failed: ${reason}.`);
  }

  private notice(text: string): void {
    this.log.addNotice(text, this.now());
    this.touch();
  }

  private setState(state: SessionState, reason?: string): void {
    this.stateNow = state;
    this.reasonNow = reason;
    this.touch();
  }

  private touch(): void {
    this.lastActivity = this.now();
    this.changed();
  }
}
