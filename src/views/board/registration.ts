import * as vscode from 'vscode';
import { agentArg } from '../../extension/command-args';
import { Owner } from '../shared/sources';
import { BoardDeps, BoardPanel } from './board-panel';

export const OPEN_BOARD_COMMAND = 'cortex.openBoard';

/** The task board panel, and "Cortex: Open Task Board" (optionally at an agent's lane). */
export function registerBoard(owner: Owner, deps: BoardDeps): BoardPanel {
  const board = owner.add(new BoardPanel(deps));
  owner.add(vscode.commands.registerCommand(OPEN_BOARD_COMMAND, (arg: unknown) => board.open(agentArg(arg))));
  return board;
}
