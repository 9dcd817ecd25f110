import * as vscode from 'vscode';
import { FOCUS_TEAM_VIEW_COMMAND } from '../../extension/commands/command-ids';
import { Owner } from '../shared/sources';
import { TeamView, TeamViewDeps } from './team-view';

/** The Team view in the sidebar, and "Cortex: Focus Team View". */
export function registerTeamView(owner: Owner, deps: TeamViewDeps): TeamView {
  const view = owner.add(new TeamView(deps));
  owner.add(vscode.window.registerWebviewViewProvider(TeamView.viewType, view));
  owner.add(vscode.commands.registerCommand(FOCUS_TEAM_VIEW_COMMAND, () => view.reveal()));
  return view;
}
