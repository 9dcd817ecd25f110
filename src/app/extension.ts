import * as vscode from 'vscode';
import { CortexController } from './controller';
import { CortexTestApi, createTestApi } from './test-api';

/**
 * Activation registers everything and returns at once; finding and reading the team
 * folder happens afterwards. Returns the test API in development and test runs only.
 */
export function activate(context: vscode.ExtensionContext): CortexTestApi | undefined {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Cortex', { log: true });
  context.subscriptions.push(log);
  const controller = new CortexController(context, log);
  context.subscriptions.push(controller);
  controller.start();
  // What `npm run bench:vscode` reads as activate()'s duration.
  log.info(`Activated in ${(performance.now() - started).toFixed(1)} ms (the team is read afterwards).`);
  return context.extensionMode === vscode.ExtensionMode.Production ? undefined : createTestApi(controller);
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
