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

/** Polls `check` until it returns something truthy; fails after `timeoutMs` naming `what`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Writes a file from a separate Node process, as an agent would: the extension only
 * learns about it through its file-system watcher.
 */
export function writeFromAnotherProcess(file: string, content: string): void {
  const script = 'require("fs").mkdirSync(require("path").dirname(process.argv[1]),{recursive:true});require("fs").writeFileSync(process.argv[1],process.argv[2])';
  execFileSync(process.execPath, ['-e', script, file, content], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 10_000 });
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
 * Waits until the store has been quiet (no change published) for `quietMs`: lets the
 * watcher events of earlier writes arrive and be read before a test looks.
 */
export async function settle(api: CortexTestApi, quietMs = 400, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = Date.now();
  const sub = api.store.onDidChange(() => (last = Date.now()));
  try {
    while (Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`the store kept changing for ${timeoutMs} ms`);
      await sleep(25);
    }
    await api.store.whenIdle();
  } finally {
    sub.dispose();
  }
}

/** A small team in a fresh folder named `<prefix>XXXXXX`: one agent with one ready task. */
export function makeSoloTeam(prefix: string, name = 'Solo'): string {
  const dir = mkdtempSync(prefix);
  mkdirSync(path.join(dir, 'agents', 'solo'), { recursive: true });
  writeFileSync(path.join(dir, 'agents', 'solo', 'solo.md'), `---\nname: ${name}\nstatus: active\n---\n\n## Role\nWorks alone.\n`);
  writeFileSync(path.join(dir, 'agents', 'solo', 'tasks.md'), '## Write the report\n**Status:** ready\n\nOne page.\n');
  return dir;
}
