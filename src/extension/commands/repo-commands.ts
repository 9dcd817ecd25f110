import * as vscode from 'vscode';
import { ProtocolPreviews } from '../ui/diff-previews';
import { errorMessage } from './agent-picks';
import { Services } from '../services';
import { DisposableBase } from '../../base/disposable';
import { HousekeepingResult, runHousekeeping } from './housekeeping';
import { TeamSync } from '../repo/team-sync';

export const HOUSEKEEPING_COMMAND = 'cortex.runHousekeeping';
export const HOUSEKEEPING_PREVIEW_SCHEME = 'cortex-housekeeping';

/** The team folder as a git repository: "Run Housekeeping", "Sync Team", "Continue Sync" and the sync status bar item. */
export class RepoCommands extends DisposableBase {
  readonly sync: TeamSync;
  private readonly previews = this.register(new ProtocolPreviews(HOUSEKEEPING_PREVIEW_SCHEME));

  constructor(private readonly c: Services) {
    super();
    this.sync = this.register(new TeamSync(c));
    this.register(vscode.commands.registerCommand(HOUSEKEEPING_COMMAND, () => this.housekeeping()));
  }

  async housekeeping(): Promise<HousekeepingResult | undefined> {
    try {
      return await runHousekeeping(this.c, this.previews);
    } catch (e) {
      this.c.log.error(`Run Housekeeping failed: ${e instanceof Error && e.stack ? e.stack : errorMessage(e)}`);
      void this.c.prompts.error(`Cortex: Run Housekeeping failed: ${errorMessage(e)}`);
      return undefined;
    } finally {
      void this.sync.refresh();
    }
  }
}
