import * as vscode from 'vscode';
import { DisposableBase } from '../base/disposable';
import { Prompts } from './prompts';

/**
 * The one gate every write goes through. In Restricted Mode (an untrusted workspace)
 * the dashboard reads but never writes: `run` explains why and does nothing, however
 * the command was invoked (palette, view, webview message, or another extension
 * calling it with arguments).
 */
export class WriteGuard extends DisposableBase {
  private override: boolean | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<boolean>());
  /** Fires with the new value when trust is granted (or the test override changes). */
  readonly onDidChangeTrust = this.changed.event;

  constructor(private readonly prompts: Prompts) {
    super();
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire(this.trusted)));
  }

  get trusted(): boolean {
    return this.override ?? vscode.workspace.isTrusted;
  }

  /** Test hook: pretend the workspace is (un)trusted; `undefined` goes back to the real state. */
  setTrustOverride(trusted: boolean | undefined): void {
    const before = this.trusted;
    this.override = trusted;
    if (this.trusted !== before) this.changed.fire(this.trusted);
  }

  /**
   * Runs `write` when the workspace is trusted. Otherwise shows why nothing happens
   * and returns `undefined` without calling it. `what` completes "Cortex can't …".
   */
  async run<T>(what: string, write: () => Promise<T>): Promise<T | undefined> {
    if (!this.trusted) {
      void this.explain(what);
      return undefined;
    }
    return write();
  }

  private async explain(what: string): Promise<void> {
    const manage = 'Manage Workspace Trust';
    const choice = await this.prompts.warn(
      `Cortex can't ${what} in Restricted Mode: it only reads the team folder until you trust this workspace.`,
      manage,
    );
    if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  }
}
