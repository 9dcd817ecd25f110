import * as vscode from 'vscode';
import { Owner } from '../shared/sources';
import { WorklogDeps, WorklogPanel } from './worklog-panel';

export const OPEN_WORKLOG_COMMAND = 'cortex.openWorklog';

/** The Worklog panel (WORKLOG timeline and MAILBOX), and "Cortex: Open Worklog". */
export function registerWorklog(owner: Owner, deps: WorklogDeps): WorklogPanel {
  const panel = owner.add(new WorklogPanel(deps));
  owner.add(vscode.commands.registerCommand(OPEN_WORKLOG_COMMAND, () => panel.open()));
  return panel;
}
