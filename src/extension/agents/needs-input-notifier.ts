import { DisposableBase } from '../../base/disposable';
import { FOCUS_TEAM_VIEW_COMMAND } from '../commands/command-ids';
import { AGENT_RUN_COMMANDS } from './agent-run-commands';
import { LiveTeam } from '../team/live-team';
import { Prompts } from '../ui/prompts';
import { AgentRunner } from './agent-runner';

/**
 * "Needs input" is the loudest agent state: a notification once per question (with a
 * link that shows the agent's terminal, or the Team view); the status bar's count and the
 * Needs you list are the NeedsYou service's (src/extension/sessions/needs-you.ts), which
 * reads `waiting()`; an agent run as an ACP session is notified there, once per request. The
 * notification closes by itself when the state moves on (answered in the
 * terminal, declined, the agent stopped): it stays up only while the question does.
 */
export class NeedsInputNotifier extends DisposableBase {
  /** Slug → the report already notified, and what closes its notification. */
  private readonly notified = new Map<string, { key: string; close: () => void }>();

  constructor(
    private readonly runner: AgentRunner,
    private readonly team: LiveTeam,
    private readonly prompts: Prompts,
  ) {
    super();
    this.register({ dispose: () => [...this.notified.values()].forEach((n) => n.close()) });
    this.register(runner.onDidChange(() => this.look()));
    this.register(team.onDidChange((e) => e.reason !== 'files' && this.look()));
  }

  /** The agents that need input now, by name. */
  waiting(): { slug: string; name: string; message: string | null; since: string | null }[] {
    const agents = this.team.current.team?.agents ?? [];
    return agents
      .map((a) => ({ a, turn: this.runner.turnOf(a.slug) }))
      .filter(({ turn }) => turn?.state === 'needs-input')
      .map(({ a, turn }) => ({ slug: a.slug, name: a.name, message: turn!.message, since: turn!.since }));
  }

  private look(): void {
    // An ACP session's permission requests have their own notification (NeedsYou's), one per request.
    const waiting = this.waiting().filter((w) => !this.runner.acp.isLive(w.slug));
    for (const [slug, n] of [...this.notified]) {
      if (waiting.some((w) => w.slug === slug && (w.since ?? '') === n.key)) continue;
      n.close();
      this.notified.delete(slug);
    }
    for (const w of waiting) {
      const key = w.since ?? '';
      if (this.notified.get(w.slug)?.key === key) continue;
      let close!: () => void;
      const closed = new Promise<void>((resolve) => (close = resolve));
      this.notified.set(w.slug, { key, close });
      if (this.runner.settings.notifyNeedsInput) void this.notify(w, closed);
    }
  }

  /** Up until the question is gone (or the person dismisses it). */
  private async notify(w: { slug: string; name: string; message: string | null }, closed: Promise<void>): Promise<void> {
    const here = this.runner.terminals.isLive(w.slug);
    const link = here ? `[Show Terminal](command:${AGENT_RUN_COMMANDS.showTerminal}?${encodeURIComponent(JSON.stringify([w.slug]))})` : `[Show Team View](command:${FOCUS_TEAM_VIEW_COMMAND})`;
    await this.prompts.waiting(`${w.name} needs your input${w.message ? `: ${w.message}` : '.'} ${link}`, (_say, cancelled) => Promise.race([closed, cancelled]));
  }
}
