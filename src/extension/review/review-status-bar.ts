import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Team } from '../../core/team/model';
import { isToReview } from '../../core/review/review-line';
import { SHOW_TASKS_TO_REVIEW_COMMAND } from '../commands/command-ids';
import { LiveTeam } from '../team/live-team';
import { Settings } from '../settings';

/** How many done tasks no one has reviewed yet. */
export function toReviewCount(team: Pick<Team, 'agents'> | undefined): number {
  let n = 0;
  for (const a of team?.agents ?? []) for (const t of a.tasks) if (isToReview(t)) n++;
  return n;
}

/**
 * "3 to review" in the status bar: the done tasks without a review line; a click
 * opens the board showing just those. Hidden when there are none (or the team status
 * bar item is turned off).
 */
export class ReviewStatusBar extends DisposableBase {
  private readonly item = this.register(vscode.window.createStatusBarItem('cortex.review', vscode.StatusBarAlignment.Left, 9));
  private visible = false;

  constructor(team: LiveTeam, private readonly settings: Settings) {
    super();
    this.item.name = 'Cortex Tasks to Review';
    this.item.command = SHOW_TASKS_TO_REVIEW_COMMAND;
    this.register(team.onDidChange((e) => e.reason !== 'files' && e.reason !== 'clock' && this.show(toReviewCount(e.snapshot.team))));
    this.show(toReviewCount(team.current.team));
  }

  /** What the item shows now (for tests). */
  get shown(): { readonly text: string; readonly visible: boolean } {
    return { text: this.item.text, visible: this.visible };
  }

  private show(count: number): void {
    if (count === 0 || !this.settings.current.showStatusBar) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const words = `${count} ${count === 1 ? 'task' : 'tasks'} to review`;
    this.item.text = `$(checklist) ${count} to review`;
    this.item.tooltip = `${words}: done, not yet accepted or sent back. Click to show them on the task board.`;
    this.item.accessibilityInformation = { label: words, role: 'button' };
    this.item.show();
    this.visible = true;
  }
}
