import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { removePlannedFile, writePlannedText } from '../../core/agent-setup/write-plan';
import { CortexConflictError, CortexInputError } from '../../core/edit/errors';
import { readOlderFiles } from '../../core/legacy/read-older';
import { LegacyTeam, UpgradeFilePlan, planUpgrade, readLegacyTeam } from '../../core/legacy/upgrade-plan';
import { ProtocolPreviews } from '../ui/diff-previews';
import { Services } from '../services';
import { UnsavedChangesError } from '../writes/team-writer';
import { errorMessage } from './agent-picks';

/**
 * "Cortex: Upgrade Team Format…": the Cortex plugin's older team format (flat agent
 * notes with `last-heartbeat:`, tasks in the projects' `## Work Queue`) moved to
 * today's in one step, with the planner of `cortex-team upgrade`
 * (core/legacy/upgrade-plan.ts), after a review with every diff open.
 */
export interface UpgradedTeam {
  readonly agents: readonly string[];
  readonly tasks: number;
  readonly files: readonly string[];
}

interface ReviewItem extends vscode.QuickPickItem {
  readonly action: 'upgrade' | 'cancel';
}

function found(team: LegacyTeam): string {
  return team.agents.map((a) => `${a.name}: ${a.tasks.length} ${a.tasks.length === 1 ? 'task' : 'tasks'}, last heartbeat ${a.lastHeartbeat ?? 'none'}`).join(' · ');
}

export async function runUpgradeTeam(c: Services, previews: ProtocolPreviews): Promise<UpgradedTeam | undefined> {
  const result = await c.writer.whenTrusted('upgrade the team format', async () => {
    try {
      return await upgrade(c, previews);
    } finally {
      await previews.closeAll();
    }
  });
  return result ?? undefined;
}

async function upgrade(c: Services, previews: ProtocolPreviews): Promise<UpgradedTeam | undefined> {
  const fs = c.store.fs;
  if (!fs) {
    await c.prompts.info('Cortex: open a team folder first.');
    return undefined;
  }
  let team: LegacyTeam;
  let plans: UpgradeFilePlan[];
  try {
    const { flat, projects } = await readOlderFiles(fs);
    team = readLegacyTeam(flat, projects);
    const existing = new Set<string>();
    for (const a of team.agents) if (await fs.stat(`agents/${a.slug}`)) existing.add(`agents/${a.slug}`);
    plans = planUpgrade(team, (p) => existing.has(p), flat);
  } catch (e) {
    await c.prompts.error(`Cortex: nothing was written. ${e instanceof CortexInputError ? e.message : errorMessage(e)}`);
    return undefined;
  }
  if (plans.length === 0) {
    await c.prompts.info("Cortex: this team folder is not in the Cortex plugin's older format (no flat agents/<slug>.md, no ## Work Queue); nothing to upgrade.");
    return undefined;
  }
  for (const plan of [...plans].reverse()) await previews.show(plan.path, plan.before, plan.after ?? '', 'upgrade');
  const items: ReviewItem[] = [
    { label: '$(arrow-up) Upgrade', description: `${plans.length} files`, detail: found(team), action: 'upgrade' },
    { label: '$(close) Cancel', description: 'Write nothing', action: 'cancel' },
  ];
  const picked = await c.prompts.pickStep<ReviewItem>({ title: "Cortex: Upgrade the Plugin's Older Team Format?", step: 1, totalSteps: 1, items, placeholder: 'The diff shows each change', ignoreFocusOut: true });
  if (picked.kind !== 'accept' || picked.value.action !== 'upgrade') return undefined;
  await previews.closeAll();
  return apply(c, team, plans);
}

async function apply(c: Services, team: LegacyTeam, plans: readonly UpgradeFilePlan[]): Promise<UpgradedTeam | undefined> {
  const done: string[] = [];
  const tasks = team.agents.reduce((n, a) => n + a.tasks.length, 0);
  const event = () => ({
    type: 'team.upgraded' as const,
    actor: DASHBOARD_ACTOR,
    subject: 'older team format upgraded',
    file: plans[0].path,
    details: { agents: team.agents.map((a) => a.slug), tasks, files: [...done] },
  });
  try {
    await c.writer.write({ what: 'upgrade the team format', paths: plans.map((p) => p.path), event }, async (fs, edit) => {
      for (const plan of plans) {
        if (plan.after === null) await removePlannedFile(fs, { path: plan.path, before: plan.before! });
        else await writePlannedText(fs, { path: plan.path, before: plan.before, after: plan.after }, plan.path, edit);
        done.push(plan.path);
      }
    });
  } catch (e) {
    const reason = e instanceof UnsavedChangesError ? `${e.path} has unsaved changes in an editor` : e instanceof CortexConflictError || e instanceof CortexInputError ? e.message : errorMessage(e);
    await c.prompts.error(`Cortex: ${done.length ? `wrote ${done.join(', ')}, but ` : 'nothing was written: '}${reason.replace(/\.$/, '')}.`);
    return undefined;
  }
  void c.prompts.info(`Cortex: upgraded the team: ${team.agents.length} ${team.agents.length === 1 ? 'agent' : 'agents'} with ${tasks} ${tasks === 1 ? 'task' : 'tasks'} now in agents/<slug>/.`);
  return { agents: team.agents.map((a) => a.slug), tasks, files: done };
}
