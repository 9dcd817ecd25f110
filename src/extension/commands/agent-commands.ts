import * as vscode from 'vscode';
import { Agent } from '../../core/team/model';
import { agentArg } from './command-args';
import { DISPATCH_TASK_COMMAND, REGISTER_AGENT_COMMAND } from './command-ids';
import { Services } from '../services';
import { guardedCommand } from './guarded-command';
import { DisposableBase } from '../../base/disposable';
import { EditorDrafts } from './editor-drafts';
import { DispatchedTask, dispatchNewTask, runDispatchTask } from './dispatch-task';
import { GeneratedProtocol, runGenerateProtocol } from './generate-protocol';
import { LeftTeam, runLeaveTeam } from './leave-team';
import { UpgradedTeam, runUpgradeTeam } from './upgrade-team';
import { ProtocolPreviews } from '../ui/diff-previews';
import { CliLauncher } from '../mcp/cli-launcher';
import { RegisteredAgent, runRegisterAgent } from './register-agent';

/**
 * The three commands people use most: Dispatch Task, Register Agent, Generate
 * Protocol File. Each takes an agent slug (or `{ agentSlug }` from a Team view row)
 * where that makes sense, and returns what it wrote (`undefined`: nothing).
 */
export const AGENT_COMMANDS = {
  dispatchTask: DISPATCH_TASK_COMMAND,
  registerAgent: REGISTER_AGENT_COMMAND,
  generateProtocolFile: 'cortex.generateProtocolFile',
  leaveTeam: 'cortex.leaveTeam',
  upgradeTeamFormat: 'cortex.upgradeTeamFormat',
} as const;

export class AgentCommands extends DisposableBase {
  private readonly previews: ProtocolPreviews;

  /** `drafts`: the editor drafts a longer body is written in. `launcher`: the stable command the MCP wiring runs (`undefined` where the extension has no storage folder on this disk). */
  constructor(
    private readonly c: Services,
    private readonly launcher: CliLauncher | undefined,
    private readonly drafts: EditorDrafts,
  ) {
    super();
    this.previews = this.register(new ProtocolPreviews());
    const reg = (id: string, fn: (...args: unknown[]) => unknown) => this.register(vscode.commands.registerCommand(id, fn));
    reg(AGENT_COMMANDS.dispatchTask, (arg) => this.dispatchTask(agentArg(arg)));
    reg(AGENT_COMMANDS.registerAgent, () => this.registerAgent());
    reg(AGENT_COMMANDS.generateProtocolFile, (arg) => this.generateProtocol(agentArg(arg)));
    reg(AGENT_COMMANDS.leaveTeam, (arg) => this.leaveTeam(agentArg(arg)));
    reg(AGENT_COMMANDS.upgradeTeamFormat, () => this.upgradeTeamFormat());
  }

  dispatchTask(slug?: string): Promise<DispatchedTask | undefined> {
    return this.guarded('Dispatch Task', () => runDispatchTask(this.c, this.drafts, slug));
  }

  /**
   * A new ready task for `agent`, with no questions asked (the board's "Dispatch Again"
   * asked its own): the same write and message as the command. Throws what the core or
   * the writer refused; `undefined` in Restricted Mode.
   */
  dispatchNew(agent: Agent, title: string, body: string): Promise<DispatchedTask | undefined> {
    return dispatchNewTask(this.c, agent, title, body);
  }

  registerAgent(): Promise<RegisteredAgent | undefined> {
    return this.guarded('Register Agent', () => runRegisterAgent(this.c, (slug) => runGenerateProtocol(this.c, this.previews, this.launcher, slug)));
  }

  generateProtocol(slug?: string): Promise<GeneratedProtocol | undefined> {
    return this.guarded('Generate Protocol File', () => runGenerateProtocol(this.c, this.previews, this.launcher, slug));
  }

  /** "Leave Team": the agent's Cortex setup out of its project folder (the plugin's /leave). */
  leaveTeam(slug?: string): Promise<LeftTeam | undefined> {
    return this.guarded('Leave Team', () => runLeaveTeam(this.c, this.previews, slug));
  }

  /** "Upgrade Team Format": the Cortex plugin's older format moved to today's in one step. */
  upgradeTeamFormat(): Promise<UpgradedTeam | undefined> {
    return this.guarded('Upgrade Team Format', () => runUpgradeTeam(this.c, this.previews));
  }

  private guarded<T>(name: string, run: () => Promise<T | undefined>): Promise<T | undefined> {
    return guardedCommand(this.c, name, run);
  }
}
