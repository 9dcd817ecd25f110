import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { AgentCli } from '../../core/agents/launch-profile';
import { LaunchLine, shellLine } from '../../core/agents/launch-command';
import { Liveness } from '../../core/team/liveness';
import { agentProcesses, endProcesses } from './agent-processes';

/**
 * One VS Code terminal per agent started here, named after the agent, with its
 * working folder, environment and command line; what became of it (running, its
 * command's exit code, closed); and, after a window reload, the terminal found again
 * (VS Code keeps terminals across a reload) or said to have ended.
 *
 * The agent runs in the person's own shell: the terminal opens the default shell, and
 * the command line is run through shell integration where the shell has it (VS Code
 * then reports the command's exit code), else typed in. When the agent exits, the
 * shell stays, so its last output can still be read.
 */
export type TerminalStatus = 'starting' | 'running' | 'exited' | 'closed' | 'ended';

export interface AgentTerminalInfo {
  readonly slug: string;
  readonly name: string;
  readonly cli: AgentCli;
  readonly cwd: string;
  /** Milliseconds since the epoch (the extension's clock). */
  readonly startedAt: number;
  readonly status: TerminalStatus;
  /** The agent command's exit code (or the shell's, when the terminal closed). */
  readonly exitCode: number | null;
  /** Found again after a window reload. */
  readonly reconnected: boolean;
  /** The command line run. */
  readonly commandLine: string;
  /** CORTEX_RUN_ID in its environment, which the agent's hooks report back (`null`: a terminal from before run ids). */
  readonly runId: string | null;
  /** The program the line runs, and the PATH VS Code gave the terminal to find it on (for "not found"). */
  readonly program?: string;
  readonly searchPath?: string | null;
}

/** A shell's exit code for a command it could not find. */
export const NOT_FOUND_EXIT = 127;

interface Entry {
  info: AgentTerminalInfo;
  terminal: vscode.Terminal | undefined;
  execution: vscode.TerminalShellExecution | undefined;
  /** Set by Stop: the agent's end is the terminal's close, whichever event arrives first. */
  stopping?: boolean;
}

/** What is kept in the workspace state to find terminals after a reload. */
interface Saved {
  readonly name: string;
  readonly pid: number | null;
  readonly cli: AgentCli;
  readonly cwd: string;
  readonly startedAt: number;
  readonly commandLine: string;
  readonly runId?: string | null;
}

const STATE_KEY = 'cortex.agentTerminals';

/** How long a new terminal may take to offer shell integration before the command is typed in instead. */
const SHELL_INTEGRATION_WAIT_MS = 4000;
/** How long after activation a terminal from before the reload may still show up. */
const RECONNECT_WAIT_MS = 15000;

const ICONS: Readonly<Record<AgentCli, string>> = {
  'claude-code': 'hubot',
  codex: 'hubot',
  gemini: 'hubot',
  cursor: 'hubot',
  simulate: 'beaker',
  custom: 'terminal',
};

const LIVENESS_COLORS: Readonly<Record<Liveness, string>> = {
  alive: 'terminal.ansiGreen',
  idle: 'terminal.ansiBlue',
  waiting: 'terminal.ansiYellow',
  down: 'terminal.ansiRed',
  inactive: 'terminal.ansiWhite',
};

export interface StartRequest {
  readonly slug: string;
  readonly name: string;
  readonly cli: AgentCli;
  readonly cwd: string;
  readonly line: LaunchLine;
  readonly liveness: Liveness;
  readonly startedAt: number;
  readonly runId: string;
  /** The PATH the terminal gets (the agent's own, else the editor's). */
  readonly searchPath: string | null;
}

export class AgentTerminals extends DisposableBase {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires with the slug whose terminal changed. */
  readonly onDidChange = this.changed.event;
  private reconnecting: Map<string, Saved>;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.reconnecting = new Map(Object.entries(memento.get<Record<string, Saved>>(STATE_KEY) ?? {}));
    this.register(vscode.window.onDidCloseTerminal((t) => this.closed(t)));
    this.register(vscode.window.onDidOpenTerminal((t) => void this.match(t)));
    this.register(vscode.window.onDidEndTerminalShellExecution((e) => this.executionEnded(e)));
    this.register({ dispose: () => this.reconnectTimer && clearTimeout(this.reconnectTimer) });
    if (this.reconnecting.size > 0) {
      for (const t of vscode.window.terminals) void this.match(t);
      this.reconnectTimer = setTimeout(() => this.finishReconnect(), RECONNECT_WAIT_MS);
    }
  }

  /** Every agent's terminal as known now (live or not). */
  get all(): readonly AgentTerminalInfo[] {
    return [...this.entries.values()].map((e) => e.info);
  }

  info(slug: string): AgentTerminalInfo | undefined {
    return this.entries.get(slug)?.info;
  }

  /** The agent's terminal is open with its command running (or starting). */
  isLive(slug: string): boolean {
    const s = this.entries.get(slug)?.info.status;
    return s === 'starting' || s === 'running';
  }

  /** Opens the agent's terminal and runs its command line. */
  async start(r: StartRequest): Promise<AgentTerminalInfo> {
    this.reconnecting.delete(r.slug);
    const terminal = vscode.window.createTerminal({
      name: r.name,
      cwd: r.cwd,
      env: { ...r.line.env },
      iconPath: new vscode.ThemeIcon(ICONS[r.cli]),
      color: new vscode.ThemeColor(LIVENESS_COLORS[r.liveness]),
    });
    const commandLine = shellLine(r.line);
    const entry: Entry = {
      info: { slug: r.slug, name: r.name, cli: r.cli, cwd: r.cwd, startedAt: r.startedAt, status: 'starting', exitCode: null, reconnected: false, commandLine, runId: r.runId, program: r.line.program, searchPath: r.searchPath },
      terminal,
      execution: undefined,
    };
    this.entries.set(r.slug, entry);
    this.changed.fire(r.slug);
    void this.save();
    this.log.info(`Agent terminal "${r.name}" in ${r.cwd}: ${commandLine}`);
    const integration = await this.shellIntegration(terminal);
    if (this.entries.get(r.slug) !== entry || entry.terminal !== terminal) return entry.info;
    if (integration) entry.execution = integration.executeCommand(commandLine);
    else terminal.sendText(commandLine, true);
    // How it was run, for a run that never started: a command typed in waits for the shell to read it.
    this.log.info(`Agent terminal "${r.name}": ${integration ? 'run through shell integration' : `typed in (no shell integration after ${SHELL_INTEGRATION_WAIT_MS} ms)`}.`);
    entry.info = { ...entry.info, status: 'running' };
    this.changed.fire(r.slug);
    void this.save();
    return entry.info;
  }

  /** Shows the agent's terminal (and gives it the focus unless `preserveFocus`); false when it has none. */
  focus(slug: string, preserveFocus = false): boolean {
    const t = this.entries.get(slug)?.terminal;
    if (!t || !this.isLive(slug)) return false;
    t.show(preserveFocus);
    return true;
  }

  /**
   * Closes the agent's terminal, ending the agent and every process it started
   * (agent-processes.ts): the closing terminal hangs up on them, then each still running
   * gets SIGTERM, and SIGKILL a few seconds later.
   */
  stop(slug: string): boolean {
    const e = this.entries.get(slug);
    if (!e?.terminal) return false;
    const terminal = e.terminal;
    const runId = e.info.runId;
    e.stopping = true;
    void terminal.processId.then(
      async (shellPid) => {
        const pids = await agentProcesses(shellPid, runId);
        terminal.dispose();
        const killed = await endProcesses(pids);
        // Every Stop is in the log, with the agent's name.
        this.log.info(`Stopped ${e.info.name}: its terminal closed${pids.length ? `; ended ${pids.length} process(es) it started${killed.length ? ` (${killed.length} only with SIGKILL)` : ''}` : ''}.`);
      },
      () => terminal.dispose(),
    );
    return true;
  }

  /**
   * Types `text` into the agent's terminal and presses Enter a moment later, as a
   * person would: a terminal app that reads a fast burst of characters as a paste
   * would otherwise take the Enter as a line break inside it. `stillOk` is asked
   * again before the Enter.
   */
  async type(slug: string, text: string, stillOk: () => boolean = () => true): Promise<boolean> {
    const e = this.entries.get(slug);
    if (!e?.terminal || !this.isLive(slug)) return false;
    e.terminal.sendText(text, false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (this.entries.get(slug) !== e || !this.isLive(slug) || !stillOk()) return false;
    e.terminal.sendText('\r', false);
    return true;
  }

  /** Forgets what became of an ended terminal (its row line goes). */
  clear(slug: string): void {
    if (this.isLive(slug)) return;
    if (this.entries.delete(slug)) this.changed.fire(slug);
  }

  /** Stops waiting for terminals from before a reload: the ones not found are said to have ended. */
  finishReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const lost = [...this.reconnecting];
    this.reconnecting = new Map();
    for (const [slug, saved] of lost) {
      if (this.entries.has(slug)) continue;
      this.entries.set(slug, { info: { slug, name: saved.name, cli: saved.cli, cwd: saved.cwd, startedAt: saved.startedAt, status: 'ended', exitCode: null, reconnected: false, commandLine: saved.commandLine, runId: saved.runId ?? null }, terminal: undefined, execution: undefined });
      this.log.info(`Agent terminal "${saved.name}" did not come back after the window reload: it ended.`);
      this.changed.fire(slug);
    }
    void this.save();
  }

  /** A terminal that opened (at start-up, the ones VS Code brings back): one of ours from before the reload? */
  private async match(t: vscode.Terminal): Promise<void> {
    if (this.reconnecting.size === 0) return;
    const pid = await t.processId.then(
      (p) => p ?? null,
      () => null,
    );
    for (const [slug, saved] of this.reconnecting) {
      if (t.name !== saved.name || (saved.pid !== null && pid !== saved.pid)) continue;
      this.reconnecting.delete(slug);
      this.entries.set(slug, { info: { slug, name: saved.name, cli: saved.cli, cwd: saved.cwd, startedAt: saved.startedAt, status: 'running', exitCode: null, reconnected: true, commandLine: saved.commandLine, runId: saved.runId ?? null }, terminal: t, execution: undefined });
      this.log.info(`Agent terminal "${saved.name}" found again after the window reload.`);
      this.changed.fire(slug);
      void this.save();
      if (this.reconnecting.size === 0) this.finishReconnect();
      return;
    }
  }

  private shellIntegration(t: vscode.Terminal): Promise<vscode.TerminalShellIntegration | undefined> {
    if (t.shellIntegration) return Promise.resolve(t.shellIntegration);
    return new Promise((resolve) => {
      const done = (value: vscode.TerminalShellIntegration | undefined) => {
        clearTimeout(timer);
        sub.dispose();
        closed.dispose();
        resolve(value);
      };
      const sub = vscode.window.onDidChangeTerminalShellIntegration((e) => e.terminal === t && done(e.shellIntegration));
      const closed = vscode.window.onDidCloseTerminal((c) => c === t && done(undefined));
      const timer = setTimeout(() => done(t.shellIntegration), SHELL_INTEGRATION_WAIT_MS);
    });
  }

  private executionEnded(e: vscode.TerminalShellExecutionEndEvent): void {
    for (const entry of this.entries.values()) {
      if (entry.terminal !== e.terminal) continue;
      // Ours, or (after a reload, when the execution object is gone) any command ending in the agent's terminal.
      if (entry.execution ? e.execution !== entry.execution : !entry.info.reconnected) return;
      entry.execution = undefined;
      // Stop ends the agent's processes as it closes the terminal; on a busy machine that end
      // can be seen before the close. The row says the terminal closed, not that the agent exited.
      if (entry.stopping) return;
      entry.info = { ...entry.info, status: 'exited', exitCode: e.exitCode ?? null };
      this.log.info(`Agent "${entry.info.name}" exited${e.exitCode === undefined ? '' : ` with code ${e.exitCode}`}.`);
      this.changed.fire(entry.info.slug);
      void this.save();
      return;
    }
  }

  private closed(t: vscode.Terminal): void {
    for (const entry of this.entries.values()) {
      if (entry.terminal !== t) continue;
      entry.terminal = undefined;
      const exited = entry.info.status === 'exited';
      entry.info = { ...entry.info, status: exited ? 'exited' : 'closed', exitCode: exited ? entry.info.exitCode : (t.exitStatus?.code ?? null) };
      this.changed.fire(entry.info.slug);
      void this.save();
      return;
    }
  }

  /** Live terminals by slug, with their process ids, for the next window. */
  private async save(): Promise<void> {
    const saved: Record<string, Saved> = {};
    for (const [slug, saved0] of this.reconnecting) saved[slug] = saved0;
    for (const e of this.entries.values()) {
      if (!e.terminal || !this.isLive(e.info.slug)) continue;
      const pid = await e.terminal.processId.then(
        (p) => p ?? null,
        () => null,
      );
      const i = e.info;
      saved[i.slug] = { name: i.name, pid, cli: i.cli, cwd: i.cwd, startedAt: i.startedAt, commandLine: i.commandLine, runId: i.runId };
    }
    await this.memento.update(STATE_KEY, saved);
  }
}
