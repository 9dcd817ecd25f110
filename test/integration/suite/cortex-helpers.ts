// Shared by the Cortex extension's integration suites: the extension's test API, and
// waiting for things the extension does asynchronously (watchers, the webview).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';

export const EXTENSION_ID = 'cortex-team.cortex-team';

/** The activated extension's test API (development and test runs return it from activate()). */
export async function cortexApi(): Promise<CortexTestApi> {
  const extension = vscode.extensions.getExtension<CortexTestApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  const api = await extension.activate();
  if (!api) throw new Error('activate() returned no test API (is the extension running in production mode?)');
  return api;
}

/** The team folder the window shows (the runner's scratch copy of the example team). */
export async function teamDir(api: CortexTestApi): Promise<string> {
  await waitFor(() => api.store.state === 'loaded', 20_000, 'the team to load');
  return api.store.location!.uri.fsPath;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns something truthy (test/harness/wait-for.ts). */
import { waitFor } from '../../harness/wait-for';

export { waitFor };

/**
 * Writes a file from a separate Node process, as an agent would: the extension only
 * learns about it through its file-system watcher.
 */
export function writeFromAnotherProcess(file: string, content: string): void {
  const script = 'require("fs").mkdirSync(require("path").dirname(process.argv[1]),{recursive:true});require("fs").writeFileSync(process.argv[1],process.argv[2])';
  execFileSync(process.execPath, ['-e', script, file, content], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 10_000 });
}

/** Writes `contents` into `file` one after another from one separate Node process (a burst of saves). */
export function writeManyFromAnotherProcess(file: string, contents: readonly string[]): void {
  const script = 'for(const c of JSON.parse(process.argv[2]))require("fs").writeFileSync(process.argv[1],c)';
  execFileSync(process.execPath, ['-e', script, file, JSON.stringify(contents)], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 10_000 });
}

export function removeFromAnotherProcess(target: string): void {
  const script = 'require("fs").rmSync(process.argv[1],{recursive:true,force:true})';
  execFileSync(process.execPath, ['-e', script, target], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 10_000 });
}

/** Opens (reveals) the Team view and waits for its page to say ready. */
export async function openTeamView(api: CortexTestApi): Promise<void> {
  if (!api.view.isReady) {
    const ready = new Promise<void>((resolve) => {
      const sub = api.view.onDidBecomeReady(() => {
        sub.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('cortex.focusTeamView');
    await Promise.race([ready, sleep(20_000).then(() => Promise.reject(new Error('the Team view did not say ready within 20 s')))]);
  }
}

export function agentFile(team: string, slug: string, file: string): string {
  return path.join(team, 'agents', slug, file);
}

/** The active editor's file path relative to the team folder, with `/`. */
export function activeEditorPath(team: string): string | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? path.relative(team, uri.fsPath).split(path.sep).join('/') : undefined;
}

export async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/**
 * Has the store read `files` (absolute paths in the team folder, files or folders) as
 * they are on disk now, and waits until it has: a test that put files back leaves the
 * store as the next test expects, whenever the watcher's events for them arrive.
 */
export async function settle(api: CortexTestApi, files: readonly string[]): Promise<void> {
  const root = api.store.location!.uri.fsPath;
  api.store.notifyChanged(files.map((f) => path.relative(root, f).split(path.sep).join('/')));
  await api.store.whenIdle();
}

/** A small team in a fresh folder named `<prefix>XXXXXX`: one agent with one ready task. */
export function makeSoloTeam(prefix: string, name = 'Solo'): string {
  const dir = mkdtempSync(prefix);
  mkdirSync(path.join(dir, 'agents', 'solo'), { recursive: true });
  writeFileSync(path.join(dir, 'agents', 'solo', 'solo.md'), `---\nname: ${name}\nstatus: active\n---\n\n## Role\nWorks alone.\n`);
  writeFileSync(path.join(dir, 'agents', 'solo', 'tasks.md'), '## Write the report\n**Status:** ready\n\nOne page.\n');
  return dir;
}
