import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { hasOlderAgentNotes } from '../../core/legacy/older-agents';
import { LiveTeam, TeamSnapshot } from '../team/live-team';
import { Prompts } from './prompts';

/**
 * A team folder holding the Cortex plugin's older format (a flat `agents/<slug>.md`) is
 * said once per folder, with the one-step upgrade offered: the Team view reads today's
 * layout only (`cortex-team status` reads the older one as it is). Looked for (one
 * listing of agents/) on each change of the team until found.
 */
export class OlderFormatNotifier extends DisposableBase {
  private readonly said = new Set<string>();
  private looking = false;

  constructor(
    private readonly prompts: Prompts,
    team: LiveTeam,
  ) {
    super();
    this.register(team.onDidChange((e) => void this.look(e.snapshot)));
  }

  private async look(s: TeamSnapshot): Promise<void> {
    const key = s.location?.uri.toString();
    if (!s.team || !s.fs || key === undefined || this.said.has(key) || this.looking) return;
    this.looking = true;
    try {
      if (!(await hasOlderAgentNotes(s.fs))) return;
      this.said.add(key);
    } catch {
      return; // An agents/ folder that cannot be listed is the store's to report.
    } finally {
      this.looking = false;
    }
    const upgrade = 'Upgrade Team Format…';
    const choice = await this.prompts.info(
      `Cortex: ${s.header?.name ?? 'this team folder'} holds agents in the Cortex plugin's older format (flat agents/<slug>.md, tasks in ## Work Queue), which the Team view does not show. Upgrade it in one step (a review with every diff first)?`,
      upgrade,
    );
    if (choice === upgrade) await vscode.commands.executeCommand('cortex.upgradeTeamFormat');
  }
}
