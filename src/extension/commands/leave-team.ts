import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { LEAVE_PATHS, LeaveFilePlan, planLeave } from '../../core/agent-setup/leave-plan';
import { removePlannedFile, writePlannedText } from '../../core/agent-setup/write-plan';
import { readTextFile } from '../../core/edit/edit-file';
import { writeOperation } from '../../core/edit/writer';
import { CortexConflictError, CortexInputError } from '../../core/edit/errors';
import { Agent } from '../../core/team/model';
import { inactiveStatusOperation } from '../../core/ops/leave-status';
import { agentNotePath } from '../../core/team/team-paths';
import { ProtocolPreviews } from '../ui/diff-previews';
import { Services } from '../services';
import { VscodeTeamFs } from '../team/vscode-team-fs';
import { UnsavedChangesError } from '../writes/team-writer';
import { AgentItem, agentBySlug, agentItems, errorMessage, loadedTeam } from './agent-picks';
import { projectFolder } from './generate-protocol';

/**
 * "Cortex: Leave Team…": the plugin's /leave. Takes an agent's Cortex setup out of its
 * project folder (core/agent-setup/leave-plan.ts: the protocol sections, the hooks,
 * the MCP entry and its approval, every other byte kept), after a review with every
 * diff open: Leave, Show a diff again, or Cancel. Then, as the plugin's /leave does,
 * the agent note's `status: active` becomes `inactive` (core/ops/leave-status.ts); the
 * note and task file otherwise stay in the team folder. Files are changed in order,
 * each only while it still holds what the preview showed; when one fails the message
 * says which were changed.
 */
export interface LeftTeam {
  readonly agent: string;
  readonly project: string;
  /** Files changed (their Cortex part taken out), relative to the project folder. */
  readonly changed: readonly string[];
  /** Files removed (Cortex's own, or left holding nothing). */
  readonly removed: readonly string[];
  /** The agent note's `status: active` became `inactive`. */
  readonly madeInactive: boolean;
}

interface ReviewItem extends vscode.QuickPickItem {
  readonly action: 'leave' | 'show' | 'cancel';
  readonly plan?: LeaveFilePlan;
}

export async function runLeaveTeam(c: Services, previews: ProtocolPreviews, presetSlug?: string): Promise<LeftTeam | undefined> {
  const result = await c.writer.whenTrusted('take an agent out of its project', async () => {
    try {
      return await leave(c, previews, presetSlug);
    } finally {
      await previews.closeAll();
    }
  });
  return result ?? undefined;
}

async function pickAgent(c: Services, presetSlug: string | undefined): Promise<Agent | undefined> {
  const team = await loadedTeam(c);
  if (!team) return undefined;
  if (presetSlug !== undefined) return agentBySlug(c, team, presetSlug);
  if (team.agents.length === 0) {
    await c.prompts.info('Cortex: this team has no agents.');
    return undefined;
  }
  const picked = await c.prompts.pickStep<AgentItem>({
    title: 'Cortex: Leave Team',
    step: 1,
    totalSteps: 2,
    items: agentItems(c, team),
    placeholder: "The agent whose Cortex setup to take out of its project folder (its note and tasks stay in the team)",
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked.kind === 'accept' ? picked.value.agent : undefined;
}

function describe(plans: readonly LeaveFilePlan[]): string {
  return plans.map((p) => (p.after === null ? `${p.path} (removed)` : `${p.path} (${p.what} taken out)`)).join(', ');
}

async function leave(c: Services, previews: ProtocolPreviews, presetSlug: string | undefined): Promise<LeftTeam | undefined> {
  const root = c.store.location?.uri;
  const agent = await pickAgent(c, presetSlug);
  if (!agent || !root) return undefined;
  const project = await projectFolder(c, agent, root);
  if (!project) return undefined;
  const fs = new VscodeTeamFs(project.uri);
  let plans: LeaveFilePlan[];
  try {
    const texts = new Map<string, string | undefined>();
    for (const p of LEAVE_PATHS) texts.set(p, await readTextFile(fs, p));
    plans = planLeave((p) => texts.get(p));
  } catch (e) {
    await c.prompts.error(`Cortex: nothing was changed in ${project.path}. ${e instanceof CortexInputError ? e.message : errorMessage(e)}`);
    return undefined;
  }
  if (plans.length === 0) {
    await c.prompts.info(`Cortex: ${project.path} holds no Cortex setup for ${agent.name}; nothing to take out.`);
    return undefined;
  }
  const label = `${agent.name} leaves`;
  for (const plan of [...plans].reverse()) await previews.show(plan.path, plan.before, plan.after ?? '', label);
  for (;;) {
    const choice = await review(c, agent, project.path, plans, presetSlug === undefined);
    if (!choice || choice.action === 'cancel') return undefined;
    if (choice.action === 'show') {
      await previews.show(choice.plan!.path, choice.plan!.before, choice.plan!.after ?? '', label);
      continue;
    }
    await previews.closeAll();
    return apply(c, agent, fs, project.path, plans);
  }
}

async function review(c: Services, agent: Agent, project: string, plans: readonly LeaveFilePlan[], asked: boolean): Promise<ReviewItem | undefined> {
  const items: ReviewItem[] = [
    { label: '$(sign-out) Leave', description: `${plans.length} ${plans.length === 1 ? 'file' : 'files'} in ${project}`, detail: describe(plans), action: 'leave' },
    ...plans.map((plan): ReviewItem => ({ label: `$(diff) Show ${plan.path}`, description: plan.after === null ? 'removed' : `${plan.what} taken out`, action: 'show', plan })),
    { label: '$(close) Cancel', description: 'Change nothing', action: 'cancel' },
  ];
  const picked = await c.prompts.pickStep<ReviewItem>({
    title: `Cortex: Take ${agent.name}'s Cortex Setup out of ${project}?`,
    step: asked ? 2 : 1,
    totalSteps: asked ? 2 : 1,
    items,
    placeholder: 'The diff shows each change: Leave, or Cancel to leave every file as it is',
    ignoreFocusOut: true,
  });
  return picked.kind === 'accept' ? picked.value : undefined;
}

async function apply(c: Services, agent: Agent, fs: VscodeTeamFs, project: string, plans: readonly LeaveFilePlan[]): Promise<LeftTeam | undefined> {
  const done: LeaveFilePlan[] = [];
  try {
    await c.writer.write({ what: 'leave the team', folder: fs.root, paths: plans.map((p) => p.path) }, async (projectFs) => {
      for (const plan of plans) {
        if (plan.after === null) await removePlannedFile(projectFs, plan);
        else await writePlannedText(projectFs, { path: plan.path, before: plan.before, after: plan.after });
        done.push(plan);
      }
    });
  } catch (e) {
    const wrote = done.length > 0 ? `changed ${describe(done)}, but ` : 'nothing was changed: ';
    await c.prompts.error(`Cortex: in ${project}, ${wrote}${reason(e)}. Run "Cortex: Leave Team" again to see what is left.`);
    return undefined;
  }
  const madeInactive = await markInactive(c, agent, project, done);
  if (madeInactive === undefined) return undefined;
  const note = madeInactive ? 'Its note now says status: inactive; the note and task file otherwise stay' : 'Its note and task file stay';
  void c.prompts.info(`Cortex: ${agent.name} left ${project}: ${describe(done)}. ${note} in the team folder.`);
  return {
    agent: agent.slug,
    project,
    changed: done.filter((p) => p.after !== null).map((p) => p.path),
    removed: done.filter((p) => p.after === null).map((p) => p.path),
    madeInactive,
  };
}

function reason(e: unknown): string {
  const r = e instanceof UnsavedChangesError ? `${e.path} has unsaved changes in an editor` : e instanceof CortexConflictError || e instanceof CortexInputError ? e.message : errorMessage(e);
  return r.replace(/\.$/, '');
}

/** The note's `status: active` → `inactive`, with the feed event for the whole leave; `undefined` when the note could not be written (said). */
async function markInactive(c: Services, agent: Agent, project: string, done: readonly LeaveFilePlan[]): Promise<boolean | undefined> {
  const notePath = agent.notePath ?? agentNotePath(agent.slug);
  const event = (inactive: boolean) => teamEvents.protocolRemoved(DASHBOARD_ACTOR, agent.slug, notePath, project, done.map((p) => p.path), inactive);
  try {
    const r = await c.writer.write({ what: 'mark an agent inactive', paths: [notePath], event }, async (teamFs, edit) =>
      (await readTextFile(teamFs, notePath)) === undefined ? false : (await writeOperation(teamFs, notePath, inactiveStatusOperation(), edit)).result,
    );
    return r ?? false;
  } catch (e) {
    await c.prompts.error(`Cortex: ${agent.name} left ${project} (${describe(done)}), but its note still says it is on the team: ${reason(e)}. Set status: inactive in ${notePath} yourself.`);
    return undefined;
  }
}
