import * as vscode from 'vscode';
import { LaunchOverride, LaunchProfile, applyOverride, readOverride } from '../../core/agents/launch-profile';
import { Agent } from '../../core/team/model';
import { DEFAULT_PRICES, PriceTable, readPriceTable } from '../../core/transcripts/cost';

/**
 * The `cortex.agents.*` settings, read in one place: per-person launch overrides, the
 * stand-in switch, the heartbeat driver, worktrees, prices and budgets.
 */
export interface AgentRunConfig {
  /** Agent slug → the person's override of the note's launch profile. */
  readonly launch: Readonly<Record<string, LaunchOverride>>;
  /** Start every agent with the stand-in agent instead of its CLI. */
  readonly useStandIn: boolean;
  /** How fast the stand-in works (1: about 3 seconds a task). */
  readonly standInSpeed: number;
  /** Send the tick prompt to agents started here (each profile's `heartbeat` wins). */
  readonly heartbeatDriver: boolean;
  /** Start agents in their own git worktree (each profile's `worktree` wins). */
  readonly worktrees: boolean;
  /** The defaults with the setting's entries on top. */
  readonly prices: PriceTable;
  /** USD a day for every agent (0: none). */
  readonly dailyBudget: number;
  /** Agent slug → USD a day, over `dailyBudget`. */
  readonly dailyBudgets: Readonly<Record<string, number>>;
  /** Reaching a budget stops the heartbeat driver for that agent. */
  readonly budgetStopsHeartbeat: boolean;
  readonly notifyNeedsInput: boolean;
  /** What could not be used, for the log. */
  readonly problems: readonly string[];
}

export const AGENT_SETTINGS = 'cortex.agents';

export function readAgentRunConfig(c: vscode.WorkspaceConfiguration = vscode.workspace.getConfiguration(AGENT_SETTINGS)): AgentRunConfig {
  const problems: string[] = [];
  const launch: Record<string, LaunchOverride> = {};
  const rawLaunch = c.get<unknown>('launch');
  if (rawLaunch && typeof rawLaunch === 'object' && !Array.isArray(rawLaunch)) {
    for (const [slug, v] of Object.entries(rawLaunch as Record<string, unknown>)) {
      if (typeof v === 'string') launch[slug] = readOverride({ cli: v }, problems);
      else if (v && typeof v === 'object' && !Array.isArray(v)) launch[slug] = readOverride(v as Record<string, unknown>, problems);
      else problems.push(`cortex.agents.launch["${slug}"] should be a CLI name or a mapping; ignoring it.`);
    }
  }
  const budgets: Record<string, number> = {};
  const rawBudgets = c.get<unknown>('dailyBudgets');
  if (rawBudgets && typeof rawBudgets === 'object' && !Array.isArray(rawBudgets)) {
    for (const [slug, v] of Object.entries(rawBudgets as Record<string, unknown>)) {
      if (typeof v === 'number' && v >= 0) budgets[slug] = v;
      else problems.push(`cortex.agents.dailyBudgets["${slug}"] should be a number of US dollars; ignoring it.`);
    }
  }
  const budget = c.get<number>('dailyBudget', 0);
  return {
    launch,
    useStandIn: c.get<boolean>('useStandIn', false),
    standInSpeed: positive(c.get<number>('standInSpeed', 1)) ?? 1,
    heartbeatDriver: c.get<boolean>('heartbeatDriver', true),
    worktrees: c.get<boolean>('worktrees', false),
    prices: { ...DEFAULT_PRICES, ...readPriceTable(c.get<unknown>('prices'), problems) },
    dailyBudget: typeof budget === 'number' && budget > 0 ? budget : 0,
    dailyBudgets: budgets,
    budgetStopsHeartbeat: c.get<boolean>('budgetStopsHeartbeat', true),
    notifyNeedsInput: c.get<boolean>('notifyNeedsInput', true),
    problems,
  };
}

/** The profile the dashboard starts `agent` with: the note's, the person's override on top; the stand-in when that switch is on. */
export function effectiveProfile(agent: Agent, config: AgentRunConfig): LaunchProfile | null {
  const profile = applyOverride(agent.launch, config.launch[agent.slug]);
  if (!config.useStandIn) return profile;
  return { cli: 'simulate', command: null, args: ['--speed', String(config.standInSpeed)], env: profile?.env ?? {}, worktree: profile?.worktree ?? null, heartbeat: profile?.heartbeat ?? null };
}

function positive(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The agent's daily budget in USD, `null` for none. */
export function budgetOf(slug: string, config: AgentRunConfig): number | null {
  const b = config.dailyBudgets[slug] ?? config.dailyBudget;
  return b > 0 ? b : null;
}

/** Whether the heartbeat driver ticks this agent: its profile's `heartbeat`, else the setting. */
export function heartbeatOn(profile: LaunchProfile | null, config: AgentRunConfig): boolean {
  return profile?.heartbeat ?? config.heartbeatDriver;
}

export function worktreeOn(profile: LaunchProfile | null, config: AgentRunConfig): boolean {
  return profile?.worktree ?? config.worktrees;
}
