import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { SessionPanel, SessionPanelDeps } from './session-panel';

export interface SessionPanelsDeps extends SessionPanelDeps {
  /** Fires with an agent's slug when its session changed (`undefined`: any may have). */
  readonly onDidChange: vscode.Event<string | undefined>;
}

/** The agents' session views: one panel per agent, brought to the front when opened again. */
export class SessionPanels extends DisposableBase {
  private readonly panels = new Map<string, SessionPanel>();

  constructor(private readonly deps: SessionPanelsDeps) {
    super();
    this.register({ dispose: () => [...this.panels.values()].forEach((p) => p.panel.dispose()) });
    this.register(
      deps.onDidChange((slug) => {
        if (slug === undefined) this.panels.forEach((p) => p.update());
        else this.panels.get(slug)?.update();
      }),
    );
  }

  /** Opens the agent's session view, or brings it to the front. */
  open(slug: string): SessionPanel {
    const open = this.panels.get(slug);
    if (open) {
      open.reveal();
      return open;
    }
    const panel = new SessionPanel(slug, this.deps);
    this.panels.set(slug, panel);
    panel.onDidClose(() => this.panels.get(slug) === panel && this.panels.delete(slug));
    return panel;
  }

  /** The agent's open session view, if any. */
  of(slug: string): SessionPanel | undefined {
    return this.panels.get(slug);
  }
}
