import * as os from 'os';
import * as vscode from 'vscode';
import { SHUTTLE_WRAPPER_TITLE, shuttleWrapperBody } from '../../core/ops/shuttle-wrapper';
import { SHUTTLE_FILE, ShuttleProgress } from '../../core/parse/shuttle';
import { Agent } from '../../core/team/model';
import { projectFolderPath } from '../../core/team/project-folder';
import { agentArg } from './command-args';
import { guardedCommand } from './guarded-command';
import { Services } from '../services';
import { AgentItem, NO_AGENTS_YET, agentBySlug, agentItems, loadedTeam } from './agent-picks';
import { DispatchedTask, checkTitle, dispatchNewTask } from './dispatch-task';

/**
 * "Cortex: Run with Shuttle…": the Shuttle pattern's dispatch (protocol document 000,
 * "External task runners"). The agent's work runs in Shuttle, which keeps `.shuttle.md`
 * in the agent's project folder; the coordinator writes ONE Cortex task that wraps it,
 * `Execute Shuttle tasks — report status`, whose body tells the agent to report the
 * runner's progress instead of doing its items. Written through the one dispatch.
 */
export const RUN_WITH_SHUTTLE_COMMAND = 'cortex.runWithShuttle';

const DISPATCH_ANYWAY = 'Dispatch Anyway';

export function registerRunWithShuttle(c: Services, progressOf: (slug: string) => ShuttleProgress | null, home: () => string = () => os.homedir()): vscode.Disposable {
  return vscode.commands.registerCommand(RUN_WITH_SHUTTLE_COMMAND, (arg) =>
    guardedCommand(c, 'Run with Shuttle', () => runWithShuttle(c, progressOf, home, agentArg(arg))),
  );
}

async function runWithShuttle(c: Services, progressOf: (slug: string) => ShuttleProgress | null, home: () => string, presetSlug?: string): Promise<DispatchedTask | undefined> {
  const result = await c.writer.whenTrusted('dispatch a Shuttle wrapper task', async () => {
    const team = await loadedTeam(c);
    if (!team) return undefined;
    const agent = presetSlug !== undefined ? await agentBySlug(c, team, presetSlug) : await pickAgent(c, team.agents.length ? agentItems(c, team) : [], progressOf, home);
    if (!agent) return undefined;
    const folder = projectFolderPath(agent.project, home());
    if (folder === null) {
      await c.prompts.warn(`Cortex: ${agent.name} has no project folder (an absolute "project:" in its note). Shuttle keeps ${SHUTTLE_FILE} there, so there is nothing to wrap.`);
      return undefined;
    }
    const taken = checkTitle(c, agent, SHUTTLE_WRAPPER_TITLE).error;
    if (taken) {
      await c.prompts.info(`Cortex: ${taken} ${agent.name} already reports its Shuttle runner's progress.`);
      return undefined;
    }
    const progress = progressOf(agent.slug);
    if (!progress || progress.total === 0) {
      const go = await c.prompts.warn(
        `Cortex: ${agent.project!.trim()}/${SHUTTLE_FILE} has no Shuttle tasks yet (start the list there with /shuttle:kickoff). Dispatch the wrapper task anyway?`,
        DISPATCH_ANYWAY,
      );
      if (go !== DISPATCH_ANYWAY) return undefined;
    }
    return dispatchNewTask(c, agent, SHUTTLE_WRAPPER_TITLE, shuttleWrapperBody(agent.project!.trim()));
  });
  return result ?? undefined;
}

/** The agents, each saying what Shuttle has in its project folder. */
async function pickAgent(c: Services, items: AgentItem[], progressOf: (slug: string) => ShuttleProgress | null, home: () => string): Promise<Agent | undefined> {
  if (items.length === 0) {
    await c.prompts.info(NO_AGENTS_YET);
    return undefined;
  }
  const withRunner = items.map((i) => ({ ...i, description: `${i.description} · ${runnerText(i.agent, progressOf(i.agent.slug), home)}` }));
  // Agents whose runner has work come first: those are the ones to wrap.
  withRunner.sort((x, y) => Number(hasWork(progressOf(y.agent.slug))) - Number(hasWork(progressOf(x.agent.slug))));
  const picked = await c.prompts.pickStep<AgentItem>({
    title: `Cortex: Run with Shuttle — the agent whose ${SHUTTLE_FILE} to report`,
    step: 1,
    totalSteps: 1,
    items: withRunner,
    placeholder: `The agent whose Shuttle runner does the work (its project folder's ${SHUTTLE_FILE})`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked.kind === 'accept' ? picked.value.agent : undefined;
}

function hasWork(p: ShuttleProgress | null): boolean {
  return !!p && p.done < p.total;
}

function runnerText(agent: Agent, p: ShuttleProgress | null, home: () => string): string {
  if (projectFolderPath(agent.project, home()) === null) return 'no project folder';
  if (!p || p.total === 0) return `no Shuttle tasks`;
  return `Shuttle ${p.done}/${p.total}`;
}
