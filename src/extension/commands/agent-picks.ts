import * as vscode from 'vscode';
import { LIVENESS_ICONS, agentLiveness, tickAgeMinutes } from '../../core/team/liveness';
import { Agent, Team } from '../../core/team/model';
import { isCoordinator } from '../../core/team/coordinator';
import { isMisfit, rankByFit } from '../../core/agents/capability-fit';
import { Services } from '../services';
import { ago } from '../../base/words';
import { LIVENESS_WORDS } from '../../base/liveness-words';

/** What the agent commands share: the loaded team, picking an agent, wording errors. */


/**
 * The team as the store has it once it is idle; `undefined` (after saying why and
 * offering the way out) when no team folder is open.
 */
export async function loadedTeam(c: Services): Promise<Team | undefined> {
  const store = c.store;
  // The palette offers the commands from activation on: one run while the folder is
  // still being looked for waits for the answer instead of calling it missing.
  await c.session.whenLocated();
  if (!store.location) {
    const select = 'Select Team Folder';
    const create = 'Create Team Folder';
    const answer = await c.prompts.info('Cortex: no team folder is open.', select, create);
    if (answer === select) await vscode.commands.executeCommand('cortex.selectTeamFolder');
    else if (answer === create) await vscode.commands.executeCommand('cortex.createTeamFolder');
    return undefined;
  }
  await store.whenIdle();
  return store.team;
}

export interface AgentItem extends vscode.QuickPickItem {
  readonly agent: Agent;
}

/**
 * One QuickPick item per agent: the name; the slug (and "coordinator" for the chief
 * of staff) beside it; liveness with the tick's age, the role and the open work below.
 * Given a task's text, the agents whose capabilities it fits best come first, each
 * saying which capabilities fit (or that none of its listed ones do).
 */
export function agentItems(c: Services, team: Team, task?: string): AgentItem[] {
  const now = c.clock.now();
  const staleAfter = c.settings.current.staleAfterMinutes;
  // The coordinator first, as the Team view shows it; the others in the team's order.
  const ordered = [...team.agents].sort((x, y) => Number(isCoordinator(y)) - Number(isCoordinator(x)));
  const ranked = task === undefined ? ordered.map((agent) => ({ agent, fit: undefined })) : rankByFit(ordered, task);
  return ranked.map(({ agent, fit }) => {
    const liveness = agentLiveness(agent, now, staleAfter, c.settings.current.heartbeatMinutes);
    const age = tickAgeMinutes(agent, now);
    const ready = agent.tasks.filter((t) => t.status === 'ready').length;
    const running = agent.tasks.filter((t) => t.status === 'in-progress').length;
    const tick = age === null || age < 0 ? ago(age) : `ticked ${ago(age)}`;
    const work = [running > 0 ? `${running} in progress` : '', `${ready} ready`].filter((s) => s !== '').join(', ');
    const coordinator = isCoordinator(agent);
    const fits = fit === undefined ? '' : fit.matched.length > 0 ? ` · fits: ${fit.matched.join(', ')}` : isMisfit(fit) ? ' · no capability matches' : '';
    return {
      label: `${coordinator ? '$(star-full) ' : ''}${agent.name}`,
      description: (coordinator ? `${agent.slug} · coordinator` : agent.slug) + fits,
      detail: `$(${LIVENESS_ICONS[liveness]}) ${LIVENESS_WORDS[liveness]} · ${tick} · ${work}${agent.role ? ` · ${agent.role}` : ''}`,
      agent,
    };
  });
}

/** Finds an agent by slug, saying so when there is none. */
export async function agentBySlug(c: Services, team: Team, slug: string): Promise<Agent | undefined> {
  const agent = team.agents.find((a) => a.slug === slug);
  if (!agent) await c.prompts.warn(`Cortex: there is no agent "${slug}" in this team.`);
  return agent;
}

/** Said where a command needs an agent and the team has none yet. */
export const NO_AGENTS_YET = 'Cortex: this team has no agents yet. Register one first with "Cortex: Register Agent".';

/**
 * The agent a wizard starts with: the one its command was given (`agent`), or none yet
 * when it asks for one itself; `undefined` (said) when there is no such agent or the team
 * has none to ask for.
 */
export async function startingAgent(c: Services, team: Team, presetSlug: string | undefined): Promise<{ agent: Agent | undefined } | undefined> {
  if (presetSlug !== undefined) {
    const agent = await agentBySlug(c, team, presetSlug);
    return agent ? { agent } : undefined;
  }
  if (team.agents.length === 0) {
    await c.prompts.info(NO_AGENTS_YET);
    return undefined;
  }
  return { agent: undefined };
}

/** The agent as the store has it now (tasks may have changed since it was picked). */
export function currentAgent(c: Services, slug: string): Agent | undefined {
  return c.store.team?.agents.find((a) => a.slug === slug);
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A folder as people read it: the file path for local folders, else the URI. */
export function uriText(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.toString(true);
}
