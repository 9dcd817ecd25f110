import * as vscode from 'vscode';
import { AcpSessions } from '../extension/acp/acp-sessions';
import { budgetRefusal } from '../extension/acp/prompt-refusal';
import { OPEN_AGENT_SESSION_COMMAND } from '../extension/commands/command-ids';
import { AgentRunCommands } from '../extension/agents/agent-run-commands';
import { AgentRunner } from '../extension/agents/agent-runner';
import { AgentRunActions, AgentRuns } from '../extension/agents/agent-runs';
import { AgentUsageService } from '../extension/agents/agent-usage';
import { HeartbeatDriver } from '../extension/agents/heartbeat-driver';
import { NeedsInputNotifier } from '../extension/agents/needs-input-notifier';
import { PermissionWatch } from '../extension/agents/permission-watch';
import { SessionTicker } from '../extension/agents/session-ticker';
import { NeedsYou } from '../extension/sessions/needs-you';
import { SessionRegistry } from '../extension/sessions/session-registry';
import { DownNotifier } from '../extension/ui/down-notifier';
import { Services } from '../extension/services';
import { TeamStatusBar } from '../extension/ui/status-bar';

/** Running agents: terminals, turn states, the heartbeat driver, their cost, what the rows show. */
export interface RunningAgents {
  readonly runner: AgentRunner;
  readonly driver: HeartbeatDriver;
  readonly runs: AgentRuns;
  readonly usage: AgentUsageService;
  readonly commands: AgentRunCommands;
  readonly needsInput: NeedsInputNotifier;
  /** The run buttons of the Team view's rows and the board's lane headers: the same commands. */
  readonly actions: AgentRunActions;
  readonly permissions: PermissionWatch;
  readonly ticker: SessionTicker;
  /** Agents run as ACP sessions: the contract the session view and the "Needs you" list read (session-model.ts). */
  readonly sessions: AcpSessions;
  /** Where the views find the `AgentSessions` they show (the ACP sessions above; a test may provide its own for a while). */
  readonly sessionRegistry: SessionRegistry;
  /** Every agent's question in one list: ACP permission requests and terminal agents' needs input. */
  readonly needsYou: NeedsYou;
}

/** Builds the running-agents services and commands; `own` keeps each for disposal. */
export function registerRunningAgents(own: { add<T extends vscode.Disposable>(d: T): T }, services: Services, statusBar: TeamStatusBar): RunningAgents {
  const { store, clock, settings, team, prompts, log } = services;
  const runner = own.add(new AgentRunner(services));
  const usage = own.add(new AgentUsageService(runner, clock, log));
  const agentOf = (slug: string) => store.team?.agents.find((a) => a.slug === slug);
  // A spent daily budget refuses every prompt to an ACP session: the driver's and the person's.
  runner.acp.refusal = (slug) => {
    const agent = agentOf(slug);
    return agent ? budgetRefusal(agent.name, usage.usageOf(agent), runner.settings.dailyBudgets[slug] !== undefined) : undefined;
  };
  const driver = own.add(new HeartbeatDriver(runner, team, clock, settings, log, (slug) => usage.budgetSpent(agentOf(slug))));
  own.add(
    driver.onDidMissTurn(async (tick) => {
      const name = agentOf(tick.slug)?.name ?? tick.slug;
      const show = 'Show Terminal';
      const text = `Cortex: the tick typed into ${name}'s terminal started no turn: its CLI may be showing a dialog that reports to no hook. No more ticks are typed until its session reports again; look at its terminal.`;
      if ((await prompts.warn(text, show)) === show) runner.focus(tick.slug);
    }),
  );
  const runs = own.add(new AgentRuns(runner, driver, settings, () => clock.date().getTime()));
  runs.setUsage(usage);
  const commands = own.add(new AgentRunCommands(services, runner));
  commands.setTranscripts({
    open: async (slug) => {
      const file = usage.logPathOf(slug);
      if (!file) return prompts.info(`Cortex: no session log of ${agentOf(slug)?.name ?? slug} is known yet: its CLI names it in its first hook report (Generate Protocol File installs the hooks).`);
      return vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
    },
  });
  const needsInput = own.add(new NeedsInputNotifier(runner, team, prompts));
  const sessionRegistry = own.add(new SessionRegistry());
  own.add(sessionRegistry.provide(runner.acp));
  const needsYou = own.add(
    new NeedsYou({
      registry: sessionRegistry,
      terminal: { waiting: () => needsInput.waiting(), onDidChange: (l) => vscode.Disposable.from(runner.onDidChange(l), team.onDidChange((e) => e.reason !== 'files' && l())) },
      nameOf: (slug) => agentOf(slug)?.name ?? slug,
      prompts,
      statusBar,
      notify: () => runner.settings.notifyNeedsInput,
    }),
  );
  const permissions = own.add(new PermissionWatch(runner, () => store.fs, log));
  const ticker = own.add(new SessionTicker(runner, team, clock, services.writer, log));
  own.add(
    new DownNotifier(prompts, team, settings, {
      canRestart: (slug) => {
        const agent = agentOf(slug);
        return !!agent && runner.profileOf(agent) !== null;
      },
      restart: (slug) => (runner.terminals.isLive(slug) ? runner.restart(slug) : commands.start(slug)),
    }),
  );
  const actions: AgentRunActions = {
    start: (slug) => commands.start(slug),
    stop: (slug) => runner.stop(slug),
    restart: (slug) => runner.restart(slug),
    showTerminal: (slug) => runner.focus(slug),
    openSession: (slug) => vscode.commands.executeCommand(OPEN_AGENT_SESSION_COMMAND, slug),
    openTranscript: (slug) => commands.openTranscript(slug),
  };
  return { runner, driver, runs, usage, commands, needsInput, actions, permissions, ticker, sessions: runner.acp, sessionRegistry, needsYou };
}
