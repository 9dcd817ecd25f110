import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { OlderFormatFound, OlderFormatWatch } from '../team/older-format-watch';
import { Prompts } from './prompts';

/**
 * A team folder holding the Cortex plugin's older format (a flat `agents/<slug>.md`) is
 * said once per folder, with the one-step upgrade offered. What is found comes from the
 * one watch (`OlderFormatWatch`) the Team view also reads: it shows those agents
 * read-only, as `cortex-team status` does.
 */
export class OlderFormatNotifier extends DisposableBase {
  private readonly said = new Set<string>();

  constructor(
    private readonly prompts: Prompts,
    watch: OlderFormatWatch,
  ) {
    super();
    this.register(watch.onDidChange((found) => found && void this.say(found)));
  }

  private async say(found: OlderFormatFound): Promise<void> {
    if (this.said.has(found.folder)) return;
    this.said.add(found.folder);
    const upgrade = 'Upgrade Team Format…';
    const choice = await this.prompts.info(
      `Cortex: ${found.name ?? 'this team folder'} holds agents in the Cortex plugin's older format (flat agents/<slug>.md, tasks in ## Work Queue): the Team view shows them read-only. Upgrade it in one step (a review with every diff first)?`,
      upgrade,
    );
    if (choice === upgrade) await vscode.commands.executeCommand('cortex.upgradeTeamFormat');
  }
}
