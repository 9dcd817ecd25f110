import * as vscode from 'vscode';
import { OPEN_WORKLOG_COMMAND } from '../../extension/commands/command-ids';
import { Owner } from '../shared/sources';
import { isWorklogTab } from './common/messages';
import { WorklogDeps, WorklogPanel } from './worklog-panel';

export { OPEN_WORKLOG_COMMAND };

/** The Worklog panel (WORKLOG timeline, MAILBOX, Activity), and "Cortex: Open Worklog" (optionally on a tab). */
export function registerWorklog(owner: Owner, deps: WorklogDeps): WorklogPanel {
  const panel = owner.add(new WorklogPanel(deps));
  owner.add(vscode.commands.registerCommand(OPEN_WORKLOG_COMMAND, (tab) => panel.open(isWorklogTab(tab) ? tab : undefined)));
  return panel;
}
