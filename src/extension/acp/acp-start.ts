import { randomUUID } from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';
import { acpCommand, firstPrompt, launchLine } from '../../core/agents/launch-command';
import { ACP_CLIS, AgentCli, CLI_LABELS, LaunchChannel, LaunchProfile, describeProfile } from '../../core/agents/launch-profile';
import { CortexCommand, MCP_SERVER_NAME, cortexLaunch } from '../../core/mcp-wiring/launch';
import { Agent } from '../../core/team/model';
import { Prompts } from '../ui/prompts';
import { Services } from '../services';
import { AcpSessions } from './acp-sessions';

/**
 * Starting and stopping an agent whose launch profile says `channel: acp`: its ACP agent
 * (acpCommand) in its project folder with the profile's environment (and CORTEX_TEAM,
 * CORTEX_AGENT, CORTEX_RUN_ID as in a terminal), the Cortex MCP server handed over in
 * `session/new` by absolute path (the editor's own Node, as the MCP server provider runs
 * it), then the protocol's first prompt as `session/prompt`. Restart resumes the last
 * session where the agent can (`session/load`). A command that is not there is said, with
 * the package to install: nothing is installed for the person.
 */

/** The package that gives each CLI's ACP agent (what the "not found" sentence names). */
const ACP_PACKAGES: Partial<Record<AgentCli, string>> = {
  gemini: '@google/gemini-cli (gemini --acp)',
  'claude-code': '@agentclientprotocol/claude-agent-acp (claude-agent-acp)',
  codex: '@zed-industries/codex-acp (codex-acp)',
};

/** As agent-runner.ts's (which imports this file). */
type StartOutcome = 'started' | 'focused' | 'cancelled';
interface AgentTurn {
  readonly state: 'working' | 'needs-input' | 'turn-finished' | 'starting';
  readonly since: string | null;
  readonly message: string | null;
}

export class AcpStarter {
  /** Agents whose next start resumes their last session (Restart). */
  private readonly resumeNext = new Set<string>();

  constructor(
    private readonly c: Services,
    private readonly acp: AcpSessions,
  ) {}

  async start(agent: Agent, profile: LaunchProfile, cwd: string, teamDir: string, cortex: CortexCommand): Promise<StartOutcome> {
    const command = acpCommand(profile);
    if (!command) {
      await this.c.prompts.error(`Cortex: ${agent.name} was not started: ${CLI_LABELS[profile.cli]} has no ACP agent; remove "channel: acp" from its launch profile to run it in a terminal.`);
      return 'cancelled';
    }
    const line = launchLine(profile, { slug: agent.slug, teamDir, cortex, firstPrompt: '', runId: randomUUID() });
    const mcp = cortexLaunch(cortex, teamDir, agent.slug);
    // `node` by absolute path, as ACP asks: the editor's own runtime, as a plain Node.
    const server = cortex.kind === 'node' && !cortex.node ? { name: MCP_SERVER_NAME, command: process.execPath, args: [...mcp.args], env: { ELECTRON_RUN_AS_NODE: '1' } } : { name: MCP_SERVER_NAME, command: mcp.command, args: [...mcp.args] };
    const resume = this.resumeNext.delete(agent.slug) ? this.acp.savedSessionOf(agent.slug) : undefined;
    try {
      await this.acp.start({
        slug: agent.slug,
        cli: profile.cli,
        command: command.program,
        args: command.args,
        cwd,
        env: { ...process.env, ...line.env, CORTEX_TEAM_DIR: teamDir },
        mcpServers: [server],
        ...(resume ? { resumeSessionId: resume } : {}),
        ...(command.mode ? { mode: command.mode } : {}),
      });
    } catch (e) {
      await this.sayNotStarted(agent, profile, e instanceof Error ? e.message : String(e));
      return 'cancelled';
    }
    this.c.log.info(`Started ${agent.name} (${describeProfile(profile)}) in ${cwd}.`);
    // A resumed session knows who it is; a new one gets the protocol's first prompt.
    if (!resume || this.acp.session(agent.slug)?.sessionId !== resume) {
      const tasks = path.join(teamDir, 'agents', agent.slug, 'tasks.md');
      await this.acp.prompt(agent.slug, firstPrompt(agent.name, profile.cli, tasks)).catch((e: unknown) => this.c.prompts.warn(`Cortex: ${agent.name} started, but its first prompt was not sent: ${e instanceof Error ? e.message : String(e)}`));
    }
    return 'started';
  }

  /** Stop (asking first when a turn runs): `session/cancel`, then its process group ended. Restart's start resumes the session. */
  async stop(slug: string, name: string, ask: boolean): Promise<boolean> {
    const state = this.acp.session(slug)?.state;
    if (ask && (state === 'in-turn' || state === 'starting')) {
      const stop = 'Stop';
      const what = state === 'starting' ? 'is starting' : 'is in the middle of a turn';
      if ((await this.c.prompts.warn(`Cortex: ${name} ${what}. Stop it anyway? The turn is cancelled and its process ended.`, stop)) !== stop) return false;
    }
    this.resumeNext.add(slug);
    return this.acp.stop(slug);
  }

  /** The turn state of a running ACP session, as the rows show a terminal agent's; `null` when none runs. */
  turnOf(slug: string): AgentTurn | null {
    const session = this.acp.session(slug);
    if (!session?.live) return null;
    const since = new Date(session.lastActivity).toISOString();
    if (session.state === 'starting') return { state: 'starting', since: null, message: null };
    if (session.state === 'idle') return { state: 'turn-finished', since, message: null };
    const pending = session.snapshot().pending;
    return pending.length > 0 ? { state: 'needs-input', since, message: `Asks to run ${pending[0].tool}.` } : { state: 'working', since, message: null };
  }

  private async sayNotStarted(agent: Agent, profile: LaunchProfile, reason: string): Promise<void> {
    const note = agent.notePath ?? `agents/${agent.slug}/${agent.slug}.md`;
    const pkg = ACP_PACKAGES[profile.cli];
    const fix = /was not found/.test(reason) ? ` Install ${pkg ?? 'it'}, or give its full path as "command:" under "launch:" in ${note} (or in the setting cortex.agents.launch).` : '';
    const text = `Cortex: ${agent.name} did not start as an ACP session: ${reason}.${fix}`;
    this.c.log.warn(text);
    const openNote = 'Open Agent Note';
    const choice = await this.c.prompts.error(text, ...(agent.notePath ? [openNote] : []));
    if (choice === openNote && this.c.store.fs) await vscode.window.showTextDocument(this.c.store.fs.uri(note), { preview: true });
  }
}

/** Terminal or ACP session, for a CLI that can be either (Register Agent, a first Start); `undefined`: cancelled. */
export async function askChannel(prompts: Prompts, agentName: string, cli: AgentCli): Promise<LaunchChannel | undefined> {
  if (!ACP_CLIS.includes(cli) || cli === 'custom') return 'terminal';
  const items: Array<vscode.QuickPickItem & { channel: LaunchChannel }> = [
    { label: 'Terminal', description: `${CLI_LABELS[cli]}'s own screen in a terminal; its hooks report its state`, channel: 'terminal' },
    { label: 'ACP session', description: `a structured session (Agent Client Protocol): transcript, permission requests and usage in the dashboard; needs ${ACP_PACKAGES[cli]}`, channel: 'acp' },
  ];
  const picked = await prompts.pick(items, { title: `Cortex: how does ${agentName} run?`, placeHolder: `${CLI_LABELS[cli]} in a terminal, or as an ACP session` });
  return picked?.channel;
}
