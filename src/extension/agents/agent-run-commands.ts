import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { agentArg } from '../commands/command-args';
import { AgentItem, agentItems, loadedTeam } from '../commands/agent-picks';
import { Services } from '../services';
import { guardedCommand } from '../commands/guarded-command';
import { AgentRunner, StartOutcome } from './agent-runner';
import { AGENT_SETTINGS, heartbeatOn } from './run-settings';

/**
 * The palette's way to run agents: Start, Stop, Restart, Show Agent Terminal, Open
 * Transcript and the heartbeat driver per agent. Each takes an agent slug (or
 * `{ agentSlug }` from a row's context menu), else asks for the agent.
 */
export const AGENT_RUN_COMMANDS = {
  start: 'cortex.startAgent',
  stop: 'cortex.stopAgent',
  restart: 'cortex.restartAgent',
  showTerminal: 'cortex.showAgentTerminal',
  openTranscript: 'cortex.openTranscript',
  toggleHeartbeat: 'cortex.toggleHeartbeat',
  startAll: 'cortex.startAllAgents',
} as const;

export const START_ALL_CHOICE = 'Start All Agents';

export interface TranscriptOpener {
  open(slug: string): Promise<unknown>;
}

export class AgentRunCommands extends DisposableBase {
  private transcripts: TranscriptOpener | undefined;
  /** The team folders whose agents were offered a start in this window (once each). */
  private readonly offered = new Set<string>();
  private offering: Promise<unknown> | undefined;

  constructor(
    private readonly c: Services,
    private readonly runner: AgentRunner,
  ) {
    super();
    const reg = (id: string, fn: (slug: string) => Promise<unknown>, filter?: (slug: string) => boolean, placeholder = 'The agent') =>
      this.register(
        vscode.commands.registerCommand(id, async (arg: unknown) => {
          const slug = agentArg(arg) ?? (await this.pick(placeholder, filter));
          return slug ? fn(slug) : undefined;
        }),
      );
    reg(AGENT_RUN_COMMANDS.start, (s) => this.start(s), undefined, 'The agent to start in a terminal');
    reg(AGENT_RUN_COMMANDS.stop, (s) => runner.stop(s), (s) => runner.terminals.isLive(s), 'The agent to stop');
    reg(AGENT_RUN_COMMANDS.restart, (s) => runner.restart(s), undefined, 'The agent to restart');
    reg(AGENT_RUN_COMMANDS.showTerminal, (s) => runner.focus(s), undefined, "The agent whose terminal to show");
    reg(AGENT_RUN_COMMANDS.openTranscript, (s) => this.openTranscript(s), undefined, 'The agent whose latest session to open');
    reg(AGENT_RUN_COMMANDS.toggleHeartbeat, (s) => this.toggleHeartbeat(s), undefined, 'The agent whose heartbeat driver to turn on or off');
    this.register(vscode.commands.registerCommand(AGENT_RUN_COMMANDS.startAll, () => this.guarded('Start All Agents', () => runner.startAll())));
    // cortex.agents.offerToStartTeam (npm start sets it for the example team): once a team is loaded, offer to start it.
    this.register(c.team.onDidChange(() => void this.offerStartAll()));
    // And for a team already loaded, once activation has returned (a snapshot reads the settings).
    const soon = setImmediate(() => void this.offerStartAll());
    this.register({ dispose: () => clearImmediate(soon) });
  }

  /**
   * Offers Start All Agents once per team folder and window, when the setting asks for
   * it and no agent runs here yet. Resolves with what the offer did (tests wait on it).
   */
  offerStartAll(): Promise<unknown> {
    const snapshot = this.c.team.current;
    const key = snapshot.location?.uri.toString();
    if (this.offering || !key || snapshot.status !== 'ready' || !snapshot.trusted || this.offered.has(key)) return this.offering ?? Promise.resolve(undefined);
    if (!vscode.workspace.getConfiguration(AGENT_SETTINGS).get<boolean>('offerToStartTeam', false)) return Promise.resolve(undefined);
    this.offered.add(key);
    const agents = snapshot.team?.agents ?? [];
    if (agents.length === 0 || agents.some((a) => this.runner.terminals.isLive(a.slug))) return Promise.resolve(undefined);
    const how = this.runner.settings.useStandIn ? ' with the stand-in agent (no model, no cost)' : '';
    this.offering = (async () => {
      const choice = await this.c.prompts.info(`Cortex: start this team's agents in terminals${how}? Each works through its tasks; the Team view shows what they do.`, START_ALL_CHOICE, 'Not Now');
      return choice === START_ALL_CHOICE ? this.guarded('Start All Agents', () => this.runner.startAll()) : undefined;
    })().finally(() => (this.offering = undefined));
    return this.offering;
  }

  /** The transcript view, once it exists (it is built after the commands). */
  setTranscripts(opener: TranscriptOpener): void {
    this.transcripts = opener;
  }

  start(slug: string): Promise<StartOutcome | undefined> {
    return this.guarded('Start Agent', () => this.runner.start(slug));
  }

  async openTranscript(slug: string): Promise<unknown> {
    return this.guarded('Open Transcript', async () => this.transcripts?.open(slug));
  }

  /** Turns the driver off (or on) for one agent, as this person's setting. */
  async toggleHeartbeat(slug: string): Promise<boolean | undefined> {
    const agent = this.c.store.team?.agents.find((a) => a.slug === slug);
    if (!agent) return undefined;
    const on = heartbeatOn(this.runner.profileOf(agent), this.runner.settings);
    const config = vscode.workspace.getConfiguration(AGENT_SETTINGS);
    const launch = { ...(config.get<Record<string, unknown>>('launch') ?? {}) };
    const current = launch[slug];
    const entry = typeof current === 'string' ? { cli: current } : current && typeof current === 'object' ? { ...(current as Record<string, unknown>) } : {};
    launch[slug] = { ...entry, heartbeat: !on };
    await config.update('launch', launch, vscode.ConfigurationTarget.Global);
    void this.c.prompts.info(`Cortex: the heartbeat driver is ${on ? 'off' : 'on'} for ${agent.name} (cortex.agents.launch in your settings).`);
    return !on;
  }

  private async pick(placeholder: string, filter?: (slug: string) => boolean): Promise<string | undefined> {
    const team = await loadedTeam(this.c);
    if (!team) return undefined;
    const items = agentItems(this.c, team).filter((i) => !filter || filter(i.agent.slug));
    if (items.length === 0) {
      await this.c.prompts.info(filter ? 'Cortex: no agent is running in a terminal here.' : 'Cortex: this team has no agents yet.');
      return undefined;
    }
    const picked = await this.c.prompts.pick<AgentItem>(items, { placeHolder: placeholder, matchOnDescription: true, matchOnDetail: true });
    return picked?.agent.slug;
  }

  private guarded<T>(name: string, run: () => Promise<T | undefined>): Promise<T | undefined> {
    return guardedCommand(this.c, name, run);
  }
}
