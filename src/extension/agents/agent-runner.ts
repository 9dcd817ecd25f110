import { randomUUID } from 'crypto';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { firstPrompt, launchLine } from '../../core/agents/launch-command';
import { AGENT_CLIS, AgentCli, CLI_LABELS, LaunchProfile, channelOf, describeProfile } from '../../core/agents/launch-profile';
import { RunState, TurnState } from '../../core/agents/run-state';
import { agentLiveness, isInactive } from '../../core/team/liveness';
import { Agent } from '../../core/team/model';
import { projectFolderPath } from '../../core/team/project-folder';
import { CortexCommand } from '../../core/mcp-wiring/launch';
import { ensureAgentWorktree } from '../../git/agent-worktree';
import { AcpSessions } from '../acp/acp-sessions';
import { AcpStarter, askChannel } from '../acp/acp-start';
import { Services } from '../services';
import { AgentTerminalInfo, AgentTerminals, NOT_FOUND_EXIT } from './agent-terminals';
import { AGENT_SETTINGS, AgentRunConfig, effectiveProfile, readAgentRunConfig, worktreeOn } from './run-settings';
import { RunStates } from './run-states';

/**
 * Starting, stopping, restarting and showing agents (the Team view row, the board's
 * lane header, the palette, the "agent is down" notification): each agent's launch
 * profile run in its terminal (see AgentTerminals), in its project folder (or its own
 * worktree), with CORTEX_TEAM, CORTEX_AGENT and CORTEX_RUN_ID set and the protocol's
 * first prompt. Its turn state is the one its own session reported: a session whose
 * hooks carry the terminal's CORTEX_RUN_ID. Another session in the project (`claude
 * mcp list`, a person's own `claude`) changes nothing here.
 */
export type StartOutcome = 'started' | 'focused' | 'cancelled';

export interface AgentTurn {
  readonly state: TurnState | 'starting';
  /** ISO time of the report (`null` while starting). */
  readonly since: string | null;
  readonly message: string | null;
}

export class AgentRunner extends DisposableBase {
  readonly terminals: AgentTerminals;
  readonly states: RunStates;
  /** Agents run as ACP sessions (`launch: {channel: acp}`). */
  readonly acp: AcpSessions;
  private readonly acpStarter: AcpStarter;
  /** `cortex.agents.*`, read on first use (not during activation: reading settings is slow there). */
  private config: AgentRunConfig | undefined;
  /** Slug → the start whose "not found" was said. */
  private readonly saidNotFound = new Map<string, number>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a terminal, a turn state or the settings changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly c: Services) {
    super();
    this.terminals = this.register(new AgentTerminals(c.context.workspaceState, c.log));
    this.states = this.register(new RunStates(c.log, c.team, () => this.terminals.all.filter((t) => this.terminals.isLive(t.slug)).map((t) => t.slug)));
    this.acp = this.register(new AcpSessions(() => c.clock.date().getTime(), c.context.workspaceState, c.log));
    this.acpStarter = new AcpStarter(c, this.acp);
    this.register(this.acp.onDidChangeState(() => this.changed.fire()));
    this.register(this.terminals.onDidChange((slug) => (this.changed.fire(), void this.sayIfNotFound(slug), void this.lastLook(slug))));
    this.register(this.states.onDidChange(() => this.changed.fire()));
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(AGENT_SETTINGS)) return;
        this.config = undefined;
        void this.settings; // read now, so its problems are logged as the user edits
        this.changed.fire();
      }),
    );
    // Read once activation has returned, so a bad setting's problems reach the log at start.
    const soon = setImmediate(() => void this.settings);
    this.register({ dispose: () => clearImmediate(soon) });
  }

  get settings(): AgentRunConfig {
    if (!this.config) {
      this.config = readAgentRunConfig();
      for (const p of this.config.problems) this.c.log.warn(p);
    }
    return this.config;
  }

  profileOf(agent: Agent): LaunchProfile | null {
    return effectiveProfile(agent, this.settings);
  }

  /**
   * The turn state of the agent's own session: for an agent running in a terminal
   * here, the newest report of a session that terminal runs (`starting` before the
   * first); for any other agent, the newest report of any of its sessions.
   */
  turnOf(slug: string): AgentTurn | null {
    const acpTurn = this.acpStarter.turnOf(slug);
    if (acpTurn) return acpTurn;
    const info = this.terminals.info(slug);
    const state = this.rawState(slug);
    if (info && this.terminals.isLive(slug) && !state) return { state: 'starting', since: null, message: null };
    return state ? { state: state.state, since: state.at, message: state.message } : null;
  }

  /** The report `turnOf` reads: the terminal's own session's while it runs here, else the newest of any session. */
  rawState(slug: string): RunState | undefined {
    const info = this.terminals.info(slug);
    if (info?.runId) {
      const own = this.states.ofRun(slug, info.runId);
      if (own || this.terminals.isLive(slug)) return own;
    } else if (info && this.terminals.isLive(slug) && !info.reconnected) return undefined;
    return this.states.latestOf(slug);
  }

  /** The terminal's own session's report (never another session's, never a guess): what may decide to type into it. */
  ownState(slug: string): RunState | undefined {
    const runId = this.terminals.info(slug)?.runId;
    return runId ? this.states.ofRun(slug, runId) : undefined;
  }

  /** How `cortex-team` runs from here: the extension's own bundled CLI, with `node`. */
  cortexCommand(): CortexCommand {
    return { kind: 'node', cliPath: path.join(this.c.context.extensionUri.fsPath, 'dist', 'cli.js') };
  }

  /** Starts the agent in its terminal; a second Start of a running agent shows its terminal. */
  async start(slug: string): Promise<StartOutcome> {
    const result = await this.c.writer.whenTrusted('start an agent', () => this.startTrusted(slug));
    return result ?? 'cancelled';
  }

  /** Its terminal runs, or its ACP session. */
  isLive(slug: string): boolean {
    return this.terminals.isLive(slug) || this.acp.isLive(slug);
  }

  private async startTrusted(slug: string): Promise<StartOutcome> {
    const { c } = this;
    if (this.acp.isLive(slug)) return 'focused';
    if (this.terminals.isLive(slug)) {
      this.terminals.focus(slug);
      return 'focused';
    }
    const agent = await this.agent(slug);
    if (!agent) return 'cancelled';
    const root = c.store.location?.uri;
    if (!root || root.scheme !== 'file') {
      await c.prompts.error(`Cortex: agents can be started only for a team folder on this machine's disk${root ? ` (this one is ${root.toString(true)})` : ''}.`);
      return 'cancelled';
    }
    let profile = this.profileOf(agent);
    if (!profile) {
      profile = await this.askProfile(agent);
      if (!profile) return 'cancelled';
    }
    let cwd = await this.projectFolder(agent);
    if (!cwd) return 'cancelled';
    if (worktreeOn(profile, this.settings)) {
      try {
        const wt = await ensureAgentWorktree(cwd, agent.slug);
        c.log.info(`${agent.name} works in the worktree ${wt.root} (branch ${wt.branch}${wt.created ? ', new' : ''}${wt.copied.length ? `; copied ${wt.copied.join(', ')}` : ''}).`);
        cwd = wt.cwd;
      } catch (e) {
        await c.prompts.error(`Cortex: ${agent.name} was not started. ${e instanceof Error ? e.message : String(e)}`);
        return 'cancelled';
      }
    }
    const teamDir = root.fsPath;
    const tasksPath = path.join(teamDir, 'agents', agent.slug, 'tasks.md');
    if (channelOf(profile) === 'acp') return this.acpStarter.start(agent, profile, cwd, teamDir, this.cortexCommand());
    const runId = randomUUID();
    const line = launchLine(profile, { slug: agent.slug, teamDir, cortex: this.cortexCommand(), firstPrompt: firstPrompt(agent.name, profile.cli, tasksPath), runId });
    const env = { ...line.env, CORTEX_TEAM_DIR: teamDir };
    // A terminal whose agent exited keeps its shell open: the new start replaces it.
    this.terminals.stop(slug);
    await this.states.watchAgent(slug);
    const liveness = agentLiveness(agent, c.clock.now(), c.settings.current.staleAfterMinutes);
    await this.terminals.start({ slug, name: agent.name, cli: profile.cli, cwd, line: { ...line, env }, liveness, startedAt: c.clock.date().getTime(), runId, searchPath: line.env.PATH ?? process.env.PATH ?? null });
    this.terminals.focus(slug, true);
    c.log.info(`Started ${agent.name} (${describeProfile(profile)}) in ${cwd}.`);
    return 'started';
  }

  /**
   * Starts every agent that can start without a question (Start All Agents): active,
   * with a launch profile, its project folder on this disk, not running yet. Says
   * which started and why the others did not, in one message.
   */
  async startAll(): Promise<{ started: string[]; skipped: Array<{ name: string; why: string }> } | undefined> {
    return this.c.writer.whenTrusted('start the agents', async () => {
      await this.c.store.whenIdle();
      const started: string[] = [];
      const skipped: Array<{ name: string; why: string }> = [];
      for (const agent of this.c.store.team?.agents ?? []) {
        const why = await this.whyNotStartable(agent);
        if (why) {
          skipped.push({ name: agent.name, why });
          continue;
        }
        if ((await this.startTrusted(agent.slug)) === 'started') started.push(agent.name);
      }
      const not = skipped.map((s) => `${s.name} (${s.why})`).join(', ');
      const text = started.length > 0 ? `Cortex: started ${started.join(', ')}.${not ? ` Not started: ${not}.` : ''}` : `Cortex: no agent was started${not ? `: ${not}` : ''}.`;
      void this.c.prompts.info(text);
      return { started, skipped };
    });
  }

  /** Why Start All leaves an agent alone (`undefined`: it can start). */
  private async whyNotStartable(agent: Agent): Promise<string | undefined> {
    if (this.isLive(agent.slug)) return 'running already';
    if (isInactive(agent)) return 'inactive';
    if (!this.profileOf(agent)) return 'no launch profile: start it once to choose its CLI';
    const folder = projectFolderPath(agent.project, os.homedir());
    if (!folder) return 'no project folder in its note';
    try {
      if (!((await vscode.workspace.fs.stat(vscode.Uri.file(folder))).type & vscode.FileType.Directory)) return `${folder} is not a folder`;
    } catch {
      return `its project folder ${folder} is not on this machine`;
    }
    return undefined;
  }

  /** Shows the agent's terminal; for an agent not running, offers to start it. */
  async focus(slug: string): Promise<boolean> {
    if (this.terminals.focus(slug)) return true;
    // An ACP session has no terminal: its session view shows it.
    if (this.acp.isLive(slug)) return true;
    const agent = await this.agent(slug);
    if (!agent) return false;
    const start = 'Start';
    if ((await this.c.prompts.info(`Cortex: ${agent.name} is not running in a terminal here.`, start)) === start) return (await this.start(slug)) !== 'cancelled';
    return false;
  }

  /** Ends the agent (its terminal closes), after asking when it is in the middle of a turn. */
  async stop(slug: string, ask = true): Promise<boolean> {
    const agent = this.c.store.team?.agents.find((a) => a.slug === slug);
    const name = agent?.name ?? slug;
    if (this.acp.isLive(slug)) return this.acpStarter.stop(slug, name, ask);
    if (!this.terminals.isLive(slug)) {
      this.terminals.clear(slug);
      await this.c.prompts.info(`Cortex: ${name} is not running in a terminal here.`);
      return false;
    }
    const turn = this.turnOf(slug)?.state;
    if (ask && (turn === 'working' || turn === 'needs-input' || turn === 'starting')) {
      const stop = 'Stop';
      const what = turn === 'needs-input' ? 'is waiting for your input' : turn === 'starting' ? 'is starting' : 'is in the middle of a turn';
      if ((await this.c.prompts.warn(`Cortex: ${name} ${what}. Stop it anyway? Its terminal closes and the turn is cut short.`, stop)) !== stop) return false;
    }
    this.c.log.info(`Stopped ${name}: its terminal closes${turn ? ` (its session: ${turn})` : ''}.`);
    return this.terminals.stop(slug);
  }

  /** Stops the agent (asking as Stop does) and starts it again. */
  async restart(slug: string): Promise<StartOutcome> {
    if (this.acp.isLive(slug)) {
      if (!(await this.stop(slug))) return 'cancelled';
    } else if (this.terminals.isLive(slug)) {
      if (!(await this.stop(slug))) return 'cancelled';
      await this.closed(slug);
    }
    return this.start(slug);
  }

  /**
   * Types a prompt into the agent's terminal, only at its prompt: its own session's
   * last report (read again from disk first) says the turn finished, and still says
   * so before Enter is pressed. Anything else (working, needs input: a permission
   * dialog takes keystrokes as its answer; ended; no report yet) types nothing.
   */
  async type(slug: string, text: string): Promise<boolean> {
    await this.states.refresh([slug]);
    const atPrompt = () => this.ownState(slug)?.state === 'turn-finished';
    if (!atPrompt()) {
      this.c.log.info(`Not typing into ${slug}'s terminal: its session is not at its prompt (${this.ownState(slug)?.state ?? 'no report from it'}).`);
      return false;
    }
    return this.terminals.type(slug, text, atPrompt);
  }

  private closed(slug: string): Promise<void> {
    if (!this.terminals.isLive(slug)) return Promise.resolve();
    return new Promise((resolve) => {
      const sub = this.terminals.onDidChange((s) => {
        if (s === slug && !this.terminals.isLive(slug)) {
          sub.dispose();
          resolve();
        }
      });
    });
  }

  private async agent(slug: string): Promise<Agent | undefined> {
    await this.c.store.whenIdle();
    const agent = this.c.store.team?.agents.find((a) => a.slug === slug);
    if (!agent) await this.c.prompts.warn(`Cortex: there is no agent "${slug}" in this team.`);
    return agent;
  }

  /** Where the agent works: its note's `project:`, which must be a folder on this machine. */
  private async projectFolder(agent: Agent): Promise<string | undefined> {
    const note = agent.notePath ?? `agents/${agent.slug}/${agent.slug}.md`;
    const problem = async (text: string) => {
      const open = 'Open Agent Note';
      const choice = await this.c.prompts.error(`Cortex: ${agent.name} was not started. ${text}`, ...(agent.notePath ? [open] : []));
      if (choice === open && this.c.store.fs) await vscode.window.showTextDocument(this.c.store.fs.uri(note), { preview: true });
      return undefined;
    };
    const folder = projectFolderPath(agent.project, os.homedir());
    if (!folder) return problem(agent.project ? `Its project "${agent.project}" is not an absolute path (start it with / or ~/): add the folder it works in to ${note}.` : `Its note has no project folder: add "project: <the folder it works in>" to ${note}.`);
    try {
      const stat = await vscode.workspace.fs.stat(vscode.Uri.file(folder));
      if (!(stat.type & vscode.FileType.Directory)) return problem(`Its project ${folder} is a file, not a folder.`);
    } catch {
      return problem(`Its project folder ${folder} does not exist on this machine.`);
    }
    return folder;
  }

  /** An agent without a launch profile: which CLI, saved as this person's setting. */
  private async askProfile(agent: Agent): Promise<LaunchProfile | null> {
    const items = AGENT_CLIS.filter((c) => c !== 'custom').map((cli) => ({ label: CLI_LABELS[cli], description: cli === 'simulate' ? 'cortex-team simulate: no model, for trying the dashboard' : cli, cli }));
    const picked = await this.c.prompts.pick(items, {
      title: `Cortex: Start ${agent.name}`,
      placeHolder: `${agent.name}'s note has no launch profile: which CLI runs it? (Saved in your settings, cortex.agents.launch; a "launch:" line in the note shares it with the team.)`,
    });
    if (!picked) return null;
    const cli: AgentCli = picked.cli;
    const channel = await askChannel(this.c.prompts, agent.name, cli);
    if (!channel) return null;
    const launch = { ...vscode.workspace.getConfiguration(AGENT_SETTINGS).get<Record<string, unknown>>('launch'), [agent.slug]: channel === 'acp' ? { cli, channel } : cli };
    await vscode.workspace.getConfiguration(AGENT_SETTINGS).update('launch', launch, vscode.ConfigurationTarget.Global);
    this.config = readAgentRunConfig();
    return this.profileOf(agent);
  }

  /**
   * A CLI that is not installed (or not on the terminal's PATH): the shell ends its
   * command with 127. Said once per start, with what was looked for and how to fix it.
   */
  /**
   * A terminal that ended is no longer looked at every two seconds: its folder is read once
   * more, so the last report its CLI wrote before exiting (SessionEnd) counts even when the
   * file watchers missed it.
   */
  private async lastLook(slug: string): Promise<void> {
    if (!this.terminals.info(slug) || this.terminals.isLive(slug)) return;
    await this.states.refresh([slug]);
  }

  private async sayIfNotFound(slug: string): Promise<void> {
    const info = this.terminals.info(slug);
    if (!info || info.status !== 'exited' || info.exitCode !== NOT_FOUND_EXIT || this.saidNotFound.get(slug) === info.startedAt) return;
    this.saidNotFound.set(slug, info.startedAt);
    const agent = this.c.store.team?.agents.find((a) => a.slug === slug);
    const note = agent?.notePath ?? `agents/${slug}/${slug}.md`;
    const openNote = 'Open Agent Note';
    const openSettings = 'Open Settings';
    const text = `Cortex: ${info.name} did not start: its command "${info.program ?? info.commandLine}" was not found (exit code 127). Looked for on its terminal's PATH: ${info.searchPath ?? '(none)'}. Install it, or give its full path as "command:" under "launch:" in ${note} (or in the setting cortex.agents.launch), or add its folder to PATH.`;
    this.c.log.warn(text);
    const choice = await this.c.prompts.error(text, ...(agent?.notePath ? [openNote] : []), openSettings);
    if (choice === openNote && this.c.store.fs) await vscode.window.showTextDocument(this.c.store.fs.uri(note), { preview: true });
    else if (choice === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', `${AGENT_SETTINGS}.launch`);
  }

  /** Live terminal info for the views. */
  terminalOf(slug: string): AgentTerminalInfo | undefined {
    return this.terminals.info(slug);
  }
}
