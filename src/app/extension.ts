import * as vscode from 'vscode';
import { Commands } from '../extension/commands/team-commands';
import { CortexController } from './controller';
import { CortexTestApi, createTestApi } from './test-api';

/**
 * Activation registers everything and returns at once; finding and reading the team
 * folder happens afterwards. Returns the test API in development and test runs only.
 */
export function activate(context: vscode.ExtensionContext): CortexTestApi | undefined {
  const log = vscode.window.createOutputChannel('Cortex', { log: true });
  context.subscriptions.push(log);
  const commands = new Commands();
  const controller = new CortexController(context, log, commands);
  commands.attach(controller);
  context.subscriptions.push(commands, controller);

  void controller.locate();
  void controller.checkRegisterCommand();

  return context.extensionMode === vscode.ExtensionMode.Production ? undefined : createTestApi(controller, commands);
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
