import * as vscode from 'vscode';
import { agentArg } from '../../extension/commands/command-args';
import { OPEN_AGENT_SESSION_COMMAND } from '../../extension/commands/command-ids';
import { Owner } from '../shared/sources';
import { SessionPanels, SessionPanelsDeps } from './session-panels';

export interface SessionViewsDeps extends SessionPanelsDeps {
  /** The agents run as sessions now (the command's pick without an argument). */
  running(): ReadonlyArray<{ readonly slug: string; readonly name: string }>;
  pick(items: Array<vscode.QuickPickItem & { slug: string }>): Thenable<{ slug: string } | undefined>;
}

/** The agents' session views, and "Cortex: Open Agent Session" (an agent's row's menu, the Needs you list, a notification's link). */
export function registerSessionViews(owner: Owner, deps: SessionViewsDeps): SessionPanels {
  const panels = owner.add(new SessionPanels(deps));
  owner.add(
    vscode.commands.registerCommand(OPEN_AGENT_SESSION_COMMAND, async (arg?: unknown) => {
      let slug = agentArg(arg);
      if (!slug) {
        const running = deps.running();
        if (running.length === 0) return void deps.warn('Cortex: no agent runs as a session here. An agent whose launch profile says channel: acp runs as one when started.');
        slug = (await deps.pick(running.map((r) => ({ label: r.name, description: r.slug, slug: r.slug }))))?.slug;
      }
      if (slug) panels.open(slug);
    }),
  );
  return panels;
}
