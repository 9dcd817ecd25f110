import * as vscode from 'vscode';
import { BranchStatus, RepoOperation } from '../../git/repo';
import { DisposableBase } from '../../base/disposable';

/** What the sync item shows: nothing, the counts, a sync running, or a stopped rebase or merge. */
export type SyncBarState =
  | { readonly kind: 'hidden' }
  | { readonly kind: 'status'; readonly status: BranchStatus; readonly lastFailure?: string }
  | { readonly kind: 'running' }
  | { readonly kind: 'stopped'; readonly operation: RepoOperation; readonly conflicts: number };

/** "↑2 ↓1" beside the team summary; a click syncs (or continues a stopped sync). */
export class SyncStatusBar extends DisposableBase {
  private readonly item = this.register(vscode.window.createStatusBarItem('cortex.sync', vscode.StatusBarAlignment.Left, 9));
  private shown: SyncBarState = { kind: 'hidden' };

  constructor(
    private readonly syncCommand: string,
    private readonly continueCommand: string,
  ) {
    super();
    this.item.name = 'Cortex Team Sync';
  }

  /** The state last shown (for tests). */
  get state(): SyncBarState {
    return this.shown;
  }

  /** The item's text and tooltip as shown (for tests). */
  get text(): { readonly text: string; readonly tooltip: string; readonly visible: boolean } {
    const tip = this.item.tooltip;
    return { text: this.item.text, tooltip: typeof tip === 'string' ? tip : (tip?.value ?? ''), visible: this.shown.kind !== 'hidden' };
  }

  update(state: SyncBarState): void {
    this.shown = state;
    const item = this.item;
    item.backgroundColor = undefined;
    switch (state.kind) {
      case 'hidden':
        item.hide();
        return;
      case 'running':
        item.text = '$(sync~spin) Syncing team…';
        item.tooltip = 'Cortex: syncing the team folder (commit, pull with rebase, push)';
        item.accessibilityInformation = { label: 'Cortex: syncing the team folder' };
        item.command = undefined;
        break;
      case 'stopped': {
        const what = state.operation === 'rebase' ? 'sync stopped on a conflict' : `${state.operation} in progress`;
        item.text = `$(warning) Team ${what}`;
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        item.tooltip = `Cortex: the team folder's repository has a ${state.operation} stopped${state.conflicts ? ` with ${state.conflicts} conflicted ${state.conflicts === 1 ? 'file' : 'files'}` : ''}. Resolve the conflicts (keep what both sides need), save, then click to continue the sync.`;
        item.accessibilityInformation = { label: `Cortex: team ${what}; activate to continue the sync`, role: 'button' };
        item.command = this.continueCommand;
        break;
      }
      case 'status': {
        const s = state.status;
        item.command = this.syncCommand;
        if (!s.upstream) {
          item.text = '$(cloud-upload) Publish team';
          item.tooltip = `Cortex: branch ${s.branch ?? '(detached HEAD)'} has no upstream on ${s.remotes.join(', ')}. Click to sync: you will be offered to push it and set the upstream.`;
          item.accessibilityInformation = { label: 'Cortex: the team branch has no upstream; activate to sync', role: 'button' };
        } else {
          item.text = `$(repo-sync) ↑${s.ahead} ↓${s.behind}`;
          const failure = state.lastFailure ? `\n\nLast automatic sync failed: ${state.lastFailure}` : '';
          item.tooltip = `Cortex team sync: branch ${s.branch} ↔ ${s.upstream}\n${s.ahead} to push, ${s.behind} to pull (as of the last fetch). Click to sync: commit the team folder's changes, pull with rebase, push.${failure}`;
          item.accessibilityInformation = { label: `Cortex team sync with ${s.upstream}: ${s.ahead} to push, ${s.behind} to pull`, role: 'button' };
          if (state.lastFailure) item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        }
        break;
      }
    }
    item.show();
  }
}
