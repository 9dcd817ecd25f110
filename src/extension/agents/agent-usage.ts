import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import { instantOfWall, parseStamp } from '../../base/time';
import { Agent } from '../../core/team/model';
import { PriceTable, budgetLevel, sumUsage } from '../../core/transcripts/cost';
import { Transcript, TranscriptAction, TranscriptFormat, UsageRecord, TranscriptReader, completeLines } from '../../core/transcripts/transcript';
import { createTranscriptReader } from '../../core/transcripts/read-transcript';
import { DisposableBase } from '../../base/disposable';
import { LivenessClock } from '../team/liveness-clock';
import { AgentRunner } from './agent-runner';
import { AgentUsage, AgentUsageSource } from './agent-runs';
import { budgetOf } from './run-settings';
import { CodexLogs, codexHome } from './codex-log';

/** A session log being read, as far as it was read. */
interface LogFile {
  readonly path: string;
  /** The agent whose hooks named it. */
  readonly slug: string;
  readonly reader: TranscriptReader;
  offset: number;
  /** The bytes after the last line break read: a line still being written. */
  rest: Buffer;
  transcript: Transcript;
  skippedLogged: number;
}

/** The format of the log a CLI's hook names. */
function formatOf(source: string): TranscriptFormat | undefined {
  switch (source) {
    case 'claude-code':
    case 'simulate':
      return 'claude-code';
    case 'codex':
      return 'codex';
    case 'gemini':
      return 'gemini';
    default:
      return undefined;
  }
}

/** A log's growth read at once is capped, so a huge old session never stalls the host. */
const READ_LIMIT = 16 * 1024 * 1024;

/**
 * Tokens, cost and the latest actions of each agent. A terminal agent's come from its CLI's
 * own session log: the one its hooks named last (`transcript` in its
 * `.cortex/run/<slug>/<session>.json`; Claude Code, Gemini CLI and the stand-in say it), or for
 * Codex, whose notify program is told only the thread id, the rollout of that thread
 * (codex-log.ts). An ACP session's tokens come with its turns over the protocol, except
 * Codex's, whose adapter reports only the context window: the rollout of the session's thread
 * (its id) under the CODEX_HOME the session runs with is read as a terminal Codex's is.
 * A log is read once and then only what was appended (a last line still being written waits
 * for the next read); it is looked at again whenever a turn state changes and every minute of
 * the clock. Lines the parser skipped are counted in the output channel.
 */
export class AgentUsageService extends DisposableBase implements AgentUsageSource {
  private readonly logs = new Map<string, LogFile>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private running: Promise<void> = Promise.resolve();
  private readonly codexLogs = new CodexLogs();
  /** The log found for each agent whose CLI did not name one (Codex). */
  private readonly foundLogs = new Map<string, string>();
  /** The rollout finder of each CODEX_HOME an ACP session runs Codex with. */
  private readonly acpCodexLogs = new Map<string, CodexLogs>();

  constructor(
    private readonly runner: AgentRunner,
    private readonly clock: LivenessClock,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register(runner.onDidChange(() => void this.refresh()));
    // An ACP session's usage comes with its turns, not from a log: the rows follow at once.
    this.register(runner.acp.onDidChangeUsage(() => this.changed.fire()));
    this.register(clock.onDidTick(() => void this.refresh()));
    void this.refresh();
  }

  /** Reads what the agents' logs gained; resolves once read (tests wait on it). */
  refresh(): Promise<void> {
    this.running = this.running.then(() => this.readAll()).catch((e: unknown) => this.log.warn(`Reading the agents' session logs failed: ${String(e)}`));
    return this.running;
  }

  /** The session log the agent's CLI named last, if any. */
  logPathOf(slug: string): string | undefined {
    return this.runner.rawState(slug)?.transcript ?? this.foundLogs.get(slug);
  }

  transcriptOf(slug: string): Transcript | undefined {
    const path = this.logPathOf(slug);
    return path ? this.logs.get(path)?.transcript : undefined;
  }

  usageOf(agent: Agent): AgentUsage | null {
    const acp = this.acpUsage(agent.slug);
    if (!this.transcriptOf(agent.slug) && acp.records.length === 0 && acp.costs.length === 0) return null;
    // Every session read for it: a restart today does not start today's count again.
    const records = [...this.recordsOf(agent.slug), ...acp.records];
    const prices = this.runner.settings.prices;
    const now = this.clock.date();
    const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    // The cost an ACP agent reported (Claude's adapter) is added as reported.
    const sum = (from: number) => {
      const s = sumUsage(records, prices, from);
      return { ...s, cost: s.cost + acp.costs.filter((c) => c.at >= from).reduce((a, c) => a + c.amount, 0) };
    };
    const today = sum(dayStart);
    const current = agent.tasks.find((task) => task.status === 'in-progress');
    const started = current ? parseStamp(current.started) : null;
    const task = current && started !== null ? { title: current.title, sum: sum(instantOfWall(started)) } : null;
    const budget = budgetOf(agent.slug, this.runner.settings);
    return { today, task, budget, level: budgetLevel(today.cost, budget) };
  }

  /** Every model request in the agent's session logs read since the window opened (its sessions here, and the last one it reported). */
  recordsOf(slug: string): readonly UsageRecord[] {
    const out: UsageRecord[] = [];
    for (const file of this.logs.values()) if (file.slug === slug) out.push(...file.transcript.usage);
    return out;
  }

  /** The turns of the agent's ACP sessions in this window, as usage records, and the cost they reported. */
  private acpUsage(slug: string): { records: UsageRecord[]; costs: ReadonlyArray<{ at: number; amount: number }> } {
    const acp = this.runner.acp;
    const records = acp.turns.filter((t) => t.slug === slug).map((t): UsageRecord => ({ at: t.at, model: t.tokens.model, usage: { input: t.tokens.input, output: t.tokens.output, cacheRead: t.tokens.cacheRead, cacheWrite: t.tokens.cacheWrite } }));
    return { records, costs: acp.costs.filter((c) => c.slug === slug) };
  }

  /** The price table the rows use (the built-in list prices under the user's). */
  get prices(): PriceTable {
    return this.runner.settings.prices;
  }

  activityOf(slug: string): readonly TranscriptAction[] {
    return this.transcriptOf(slug)?.actions.slice(-20) ?? [];
  }

  /** Today's cost reached the agent's daily budget (the heartbeat driver stops). */
  budgetSpent(agent: Agent | undefined): boolean {
    return !!agent && this.usageOf(agent)?.level === 'exceeded';
  }

  private async readAll(): Promise<void> {
    let any = false;
    for (const slug of this.runner.states.slugs) {
      const state = this.runner.rawState(slug);
      if (!state) continue;
      const format = formatOf(state.source);
      if (!format) continue;
      let path = state.transcript ?? undefined;
      if (!path && format === 'codex' && state.session) {
        path = await this.codexLogs.find(state.session);
        if (path) this.foundLogs.set(slug, path);
      }
      if (path && (await this.read(slug, path, format))) any = true;
    }
    if (await this.readAcpCodexLogs()) any = true;
    if (any) this.changed.fire();
  }

  /** The rollouts of the ACP sessions that run Codex, found by the session's id (its thread). */
  private async readAcpCodexLogs(): Promise<boolean> {
    let any = false;
    for (const { agentSlug, sessionId } of this.runner.acp.all()) {
      const launch = this.runner.acp.session(agentSlug)?.launch;
      if (launch?.cli !== 'codex' || !sessionId) continue;
      const path = await this.codexLogsIn(codexHome(launch.env)).find(sessionId);
      if (!path) continue;
      this.foundLogs.set(agentSlug, path);
      if (await this.read(agentSlug, path, 'codex')) any = true;
    }
    return any;
  }

  /** The rollout finder of one CODEX_HOME (it keeps what it found). */
  private codexLogsIn(home: string): CodexLogs {
    let logs = this.acpCodexLogs.get(home);
    if (!logs) {
      logs = new CodexLogs(() => home);
      this.acpCodexLogs.set(home, logs);
    }
    return logs;
  }

  private async read(slug: string, path: string, format: TranscriptFormat): Promise<boolean> {
    let file = this.logs.get(path);
    let size: number;
    try {
      size = (await fs.stat(path)).size;
    } catch {
      return false; // not there (yet): the CLI writes it with its first message
    }
    if (!file || size < file.offset) {
      const reader = createTranscriptReader(format);
      file = { path, slug, reader, offset: 0, rest: Buffer.alloc(0), transcript: reader.transcript(), skippedLogged: 0 };
      this.logs.set(path, file);
    }
    if (size === file.offset) return false;
    const handle = await fs.open(path, 'r');
    try {
      const length = Math.min(size - file.offset, READ_LIMIT);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, file.offset);
      file.offset += bytesRead;
      // Split at the last line break in bytes, so a character cut by the read waits with its line.
      const bytes = Buffer.concat([file.rest, buffer.subarray(0, bytesRead)]);
      const end = bytes.lastIndexOf(0x0a);
      file.rest = bytes.subarray(end + 1);
      file.reader.addLines(completeLines(bytes.subarray(0, end + 1).toString('utf8')).lines);
      file.transcript = file.reader.transcript();
    } finally {
      await handle.close();
    }
    const t = file.transcript;
    const skipped = t.unreadable + Object.values(t.unknown).reduce((a, b) => a + b, 0);
    if (skipped > file.skippedLogged) {
      file.skippedLogged = skipped;
      const kinds = Object.entries(t.unknown).map(([k, n]) => `${k} ×${n}`);
      this.log.info(`${slug}'s session log ${path}: skipped ${t.unreadable} unreadable line(s)${kinds.length ? ` and lines of unknown types (${kinds.join(', ')})` : ''}.`);
    }
    return true;
  }
}
