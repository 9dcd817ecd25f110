import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';

/**
 * Whether the workspace is trusted. In Restricted Mode the dashboard reads but never
 * writes; the writer (`writer.ts`) asks this before every write and says why it
 * refuses. Tests can pretend either way (code-server here runs with trust disabled).
 */
export class WorkspaceTrust extends DisposableBase {
  private override: boolean | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<boolean>());
  /** Fires with the new value when trust is granted (or the test override changes). */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire(this.trusted)));
  }

  get trusted(): boolean {
    return this.override ?? vscode.workspace.isTrusted;
  }

  /** Test hook: pretend the workspace is (un)trusted; `undefined` goes back to the real state. */
  setOverride(trusted: boolean | undefined): void {
    const before = this.trusted;
    this.override = trusted;
    if (this.trusted !== before) this.changed.fire(this.trusted);
  }
}
