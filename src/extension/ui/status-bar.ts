import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { TeamSummary, teamSummary } from '../../core/team/liveness';
import { FOCUS_TEAM_VIEW_COMMAND } from '../commands/command-ids';
import { LiveTeam, TeamSnapshot } from '../team/live-team';
import { Settings } from '../settings';
import { statusText } from '../team/team-text';
import { LIVENESS_WORDS } from '../../base/liveness-words';

/** "Cortex: 7 agents · 1 down · 12 ready" in the status bar; a click focuses the Team view. */
export class TeamStatusBar extends DisposableBase {
  private readonly item = this.register(vscode.window.createStatusBarItem('cortex.team', vscode.StatusBarAlignment.Left, 10));
  /** Agents whose CLI waits for a person's input (from their hooks): the loudest thing the item says. */
  private needsInput: readonly string[] = [];
  private last: { summary: TeamSummary | undefined; teamName: string | undefined; visible: boolean } | undefined;

  constructor(team: LiveTeam, private readonly settings: Settings) {
    super();
    this.item.name = 'Cortex Team';
    this.item.command = FOCUS_TEAM_VIEW_COMMAND;
    this.register(team.onDidChange((e) => e.reason !== 'files' && this.show(e.snapshot)));
  }

  private show(s: TeamSnapshot): void {
    const summary = s.team ? teamSummary(s.team, s.now, s.staleAfterMinutes, s.heartbeatMinutes) : undefined;
    this.update(summary, s.header?.name, this.settings.current.showStatusBar);
  }

  /** What the item shows now (for tests). */
  get shown(): { readonly text: string; readonly visible: boolean } {
    return { text: this.item.text, visible: this.visible };
  }

  private visible = false;

  /** The names of the agents that need input now. */
  setNeedsInput(names: readonly string[]): void {
    if (names.join('\n') === this.needsInput.join('\n')) return;
    this.needsInput = names;
    if (this.last) this.update(this.last.summary, this.last.teamName, this.last.visible);
  }

  /** Shows the summary; `undefined` (no team) or `visible: false` hides the item. */
  update(summary: TeamSummary | undefined, teamName: string | undefined, visible: boolean): void {
    this.last = { summary, teamName, visible };
    if (!summary || !visible) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const waiting = this.needsInput.length;
    this.item.text = `$(${waiting > 0 ? 'bell-dot' : 'organization'}) ${statusText(summary, waiting)}`;
    this.item.accessibilityInformation = { label: statusText(summary, waiting), role: 'button' };
    this.item.backgroundColor = waiting > 0 ? new vscode.ThemeColor('statusBarItem.errorBackground') : summary.down > 0 ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendMarkdown(`**Cortex team${teamName ? ` ${escape(teamName)}` : ''}**\n\n`);
    if (waiting > 0) tip.appendMarkdown(`$(bell-dot) Needs your input: ${this.needsInput.map(escape).join(', ')}\n\n`);
    tip.appendMarkdown(
      `$(pass) ${summary.alive} alive · $(circle-outline) ${summary.idle} idle · $(watch) ${summary.waiting} ${LIVENESS_WORDS.waiting} · $(error) ${summary.down} down · $(circle-slash) ${summary.inactive} inactive\n\n`,
    );
    tip.appendMarkdown(`${summary.ready} ready · ${summary.inProgress} in progress\n\nClick to show the Team view.`);
    this.item.tooltip = tip;
    this.item.show();
    this.visible = true;
  }
}

function escape(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
