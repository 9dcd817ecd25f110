import * as vscode from 'vscode';
import { staleAfterMinutes } from '../core/team/liveness';
import { DEFAULT_CONFIG } from '../core/team/model';
import { DisposableBase } from '../base/disposable';

/** The extension's settings, read in one place. */
export interface CortexSettings {
  readonly teamDirectory: string;
  /** Minutes; the `cortex.heartbeatMinutes` setting when set, else config.yaml's, else 15. */
  readonly heartbeatMinutes: number;
  /** Minutes after the last tick before an agent is no longer alive. */
  readonly staleAfterMinutes: number;
  readonly notifyWhenAgentDown: boolean;
  readonly showStatusBar: boolean;
  /** Housekeeping removes done tasks completed more than this many days ago (`cortex.housekeeping.days`). */
  readonly housekeepingDays: number;
  /** Minutes between automatic syncs; 0 = off (`cortex.sync.intervalMinutes`). */
  readonly syncIntervalMinutes: number;
}

export class Settings extends DisposableBase {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.ConfigurationChangeEvent>());
  /** Fires when a `cortex.*` setting changes. */
  readonly onDidChange = this.changed.event;
  /** `heartbeat_minutes` from ~/.cortex/config.yaml, used when the setting is not set. */
  private configHeartbeat: number | undefined;
  /**
   * The settings as last read: reading them costs a few milliseconds (VS Code merges its
   * configuration layers on every `inspect`), and every team snapshot asks. Dropped on
   * any configuration change, in the first listener this extension registers (this
   * class is built first), so no reader sees an older value than VS Code has.
   */
  private cached: CortexSettings | undefined;

  constructor() {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        this.cached = undefined;
        if (e.affectsConfiguration('cortex')) this.changed.fire(e);
      }),
    );
    // Trust makes workspace settings count (VS Code fires a change for those too; this is belt and braces).
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => (this.cached = undefined)));
  }

  setConfigHeartbeat(minutes: number | undefined): void {
    this.configHeartbeat = minutes;
    this.cached = undefined;
  }

  get current(): CortexSettings {
    return (this.cached ??= this.read());
  }

  private read(): CortexSettings {
    const c = vscode.workspace.getConfiguration('cortex');
    const hb = c.inspect<number>('heartbeatMinutes');
    const explicit = hb?.workspaceFolderValue ?? hb?.workspaceValue ?? hb?.globalValue;
    const heartbeatMinutes = positive(explicit) ?? positive(this.configHeartbeat) ?? DEFAULT_CONFIG.heartbeatMinutes;
    const stale = c.get<number>('staleAfterMinutes', 0);
    return {
      teamDirectory: c.get<string>('teamDirectory', ''),
      heartbeatMinutes,
      staleAfterMinutes: positive(stale) ?? staleAfterMinutes(heartbeatMinutes),
      notifyWhenAgentDown: c.get<boolean>('notifyWhenAgentDown', true),
      showStatusBar: c.get<boolean>('showStatusBar', true),
      housekeepingDays: nonNegative(c.get<number>('housekeeping.days', 7)) ?? 7,
      syncIntervalMinutes: nonNegative(c.get<number>('sync.intervalMinutes', 0)) ?? 0,
    };
  }
}

function positive(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

function nonNegative(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}
