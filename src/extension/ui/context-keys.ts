import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { LiveTeam } from '../team/live-team';

/**
 * The context keys the manifest's `when` clauses read (`cortex.teamState`,
 * `cortex.multipleTeams`), set from the team's change events. VS Code offers no way
 * to read a key back, so the values set last are kept (the test API reads them).
 */
export class ContextKeys extends DisposableBase {
  private readonly values = new Map<string, unknown>();

  constructor(team: LiveTeam) {
    super();
    this.register(
      team.onDidChange((e) => {
        if (e.reason !== 'location' && e.reason !== 'team') return;
        const s = e.snapshot;
        this.set('cortex.teamState', !s.location ? 'none' : s.team ? 'loaded' : 'loading');
        this.set('cortex.multipleTeams', s.multipleTeams);
      }),
    );
  }

  get(key: string): unknown {
    return this.values.get(key);
  }

  private set(key: string, value: unknown): void {
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
