import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Settings } from '../settings';
import { LocateResult, SELECTED_TEAM_KEY, sourceLabel, isSameOrInside, locateTeam } from './team-locator';
import { TeamStore } from './team-store';
import { nextTurn } from '../next-turn';
import { WorkspaceTrust } from '../writes/trust';

/**
 * Which team folder this window shows: found (`team-locator.ts`) at activation, again
 * when `cortex.teamDirectory` changes, when trust makes workspace settings count, and
 * when the selected folder leaves the workspace; the store then reads it.
 */
export class TeamSession extends DisposableBase {
  private result: LocateResult | undefined;
  private locating: Promise<void> | undefined;
  private locateAgain = false;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly settings: Settings,
    private readonly store: TeamStore,
    trust: WorkspaceTrust,
  ) {
    super();
    this.register(
      settings.onDidChange((e) => {
        if (e.affectsConfiguration('cortex.teamDirectory')) void this.locate();
      }),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders((e) => void this.onWorkspaceFoldersChanged(e.removed)));
    // Trust makes workspace settings such as cortex.teamDirectory count.
    this.register(trust.onDidChange(() => void this.locate()));
  }

  /** What the last locate found: the team, every candidate with its source, config.yaml. */
  get located(): LocateResult | undefined {
    return this.result;
  }

  /** Settles when the folder being looked for (activation's first search too) is found or known missing. */
  whenLocated(): Promise<void> {
    return this.locating ?? Promise.resolve();
  }

  /** Finds the team folder and has the store read it; calls made while one runs are coalesced. */
  locate(): Promise<void> {
    if (this.locating) {
      this.locateAgain = true;
      return this.locating;
    }
    this.locating = (async () => {
      try {
        await nextTurn(); // after activation (locating is set at once: whenLocated waits for this)
        do {
          this.locateAgain = false;
          const result = await locateTeam(this.context.workspaceState);
          this.result = result;
          this.settings.setConfigHeartbeat(result.config?.config.heartbeatMinutes);
          this.log.info(
            result.team
              ? `Team folder: ${result.team.uri.toString(true)} (${sourceLabel(result.team)})`
              : `No team folder found${result.problem ? `: ${result.problem}` : ''}`,
          );
          await this.store.setLocation(result.team);
        } while (this.locateAgain && !this.isDisposed);
      } catch (e) {
        this.log.error(`Cannot locate the team folder: ${String(e)}`);
      } finally {
        this.locating = undefined;
      }
    })();
    return this.locating;
  }

  /** Shows `uri` in this workspace from now on (the user picked it). */
  async select(uri: vscode.Uri | undefined): Promise<void> {
    await this.context.workspaceState.update(SELECTED_TEAM_KEY, uri?.toString());
    await this.locate();
  }

  /** A team folder was picked in this workspace (Select Team Folder). */
  get hasSelection(): boolean {
    return !!this.context.workspaceState.get(SELECTED_TEAM_KEY);
  }

  /**
   * A team picked among the workspace folders is a choice for this workspace: when its
   * folder leaves the workspace, the choice goes too and the team is found again.
   */
  private async onWorkspaceFoldersChanged(removed: readonly vscode.WorkspaceFolder[]): Promise<void> {
    const selected = this.context.workspaceState.get<string>(SELECTED_TEAM_KEY);
    if (selected && removed.some((f) => isSameOrInside(vscode.Uri.parse(selected), f.uri))) {
      this.log.info(`The selected team folder left the workspace; finding the team again`);
      await this.context.workspaceState.update(SELECTED_TEAM_KEY, undefined);
    }
    await this.locate();
  }
}
