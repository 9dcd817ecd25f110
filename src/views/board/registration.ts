import * as vscode from 'vscode';
import { agentArg } from '../../extension/commands/command-args';
import { SHOW_TASKS_TO_REVIEW_COMMAND, UNDO_BOARD_ACTION_COMMAND } from '../../extension/commands/command-ids';
import { Owner } from '../shared/sources';
import { BoardDeps, BoardPanel } from './board-panel';

export const OPEN_BOARD_COMMAND = 'cortex.openBoard';

/** The task board panel, "Cortex: Open Task Board" (optionally at an agent's lane), "Show Tasks to Review" and "Undo Last Board Action". */
export function registerBoard(owner: Owner, deps: BoardDeps): BoardPanel {
  const board = owner.add(new BoardPanel(deps));
  owner.add(vscode.commands.registerCommand(OPEN_BOARD_COMMAND, (arg: unknown) => board.open(agentArg(arg))));
  owner.add(vscode.commands.registerCommand(SHOW_TASKS_TO_REVIEW_COMMAND, () => board.showToReview()));
  owner.add(vscode.commands.registerCommand(UNDO_BOARD_ACTION_COMMAND, () => deps.tasks.undo()));
  return board;
}
