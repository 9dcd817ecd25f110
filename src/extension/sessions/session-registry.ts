import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import type { AgentSessionSnapshot, AgentSessions } from './session-model';

/**
 * Where the ACP host side (src/extension/acp/) hands its `AgentSessions` to the views: the
 * Needs you list and the session views read the sessions through here, so they work (with
 * terminal agents only) before any ACP host is registered, and follow it once one is.
 * One implementation at a time; `provide` returns what takes it back.
 */
export class SessionRegistry extends DisposableBase {
  private sessions: AgentSessions | undefined;
  private listening: vscode.Disposable | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<string | undefined>());
  /** Fires with an agent's slug when its session changed; `undefined` when the implementation came or went. */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.register({ dispose: () => this.listening?.dispose() });
  }

  /** The registered sessions, if any. */
  get current(): AgentSessions | undefined {
    return this.sessions;
  }

  /** The agent's ACP session as the host side has it now. */
  get(slug: string): AgentSessionSnapshot | undefined {
    return this.sessions?.get(slug);
  }

  /**
   * The ACP host side's one line: `registry.provide(acpSessions)`. Another provider (a test's)
   * takes over until it is disposed, and then the one before it is back.
   */
  provide(sessions: AgentSessions): vscode.Disposable {
    const previous = this.sessions;
    this.attach(sessions);
    return {
      dispose: () => {
        if (this.sessions === sessions) this.attach(previous);
      },
    };
  }

  private attach(sessions: AgentSessions | undefined): void {
    this.listening?.dispose();
    this.listening = undefined;
    this.sessions = sessions;
    if (sessions) {
      const sub = sessions.onDidChange((slug) => this.changed.fire(slug));
      this.listening = { dispose: () => sub.dispose() };
    }
    this.changed.fire(undefined);
  }
}
