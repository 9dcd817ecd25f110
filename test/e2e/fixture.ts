// One code-server with the packaged extension (the VSIX, installed with
// `code-server --install-extension`) and one chromium page on a scratch copy of the
// example team. Every start gets fresh user data, so a theme is a setting of the start.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserHandle } from '../harness/browser';
import { installExtension, startCodeServer, type CodeServer } from '../harness/code-server';
import { copyExampleTeam, type CopyResult } from '../harness/example-team';
import { repoRoot, testResultsDir } from '../harness/paths';
import { openWorkbench, parkPointer } from '../harness/workbench';
import { describeZone, zoneOffsets } from '../harness/zone';

export const artifactsDir = path.join(testResultsDir, 'e2e');

/** Saves a screenshot of the page as `test-results/e2e/<name>.png`, the pointer parked out of the way. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await parkPointer(page);
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/** The VSIX under test: $CORTEX_VSIX, else `npm run package`'s default output. */
export function vsixPath(): string {
  const fromEnv = process.env.CORTEX_VSIX;
  const { name, version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const file = path.resolve(fromEnv ?? path.join(repoRoot, `${name}-${version}.vsix`));
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run package\` first (npm test does)`);
  return file;
}

let extensionsDir: string | undefined;
let scratchRoot: string | undefined;

/** Installs the VSIX once per test process into an extensions folder shared by every start. */
function installedExtensions(): string {
  if (!extensionsDir) {
    scratchRoot = mkdtempSync(path.join(os.tmpdir(), 'cortex-e2e-'));
    extensionsDir = path.join(scratchRoot, 'extensions');
    installExtension(vsixPath(), extensionsDir, path.join(scratchRoot, 'install'));
  }
  return extensionsDir;
}

/** The folder the VSIX was installed into (its dist/cli.js is what the extension wires agents with). */
function installedExtensionDir(extensions: string): string {
  const dir = readdirSync(extensions).find((d) => /cortex-team/i.test(d) && existsSync(path.join(extensions, d, 'dist', 'cli.js')));
  if (!dir) throw new Error(`no Cortex Team extension with dist/cli.js in ${extensions}`);
  return path.join(extensions, dir);
}

export interface Workbench {
  readonly page: Page;
  readonly server: CodeServer;
  readonly team: CopyResult;
  /** A file in the scratch team, by its team-relative path. */
  teamFile(rel: string): string;
  close(): Promise<void>;
}

export async function startWorkbench(options: {
  name: string;
  theme: string;
  settings?: Record<string, unknown>;
  /** More development options for the workbench URL (e.g. `inspect-extensions`, which bench:vscode uses). */
  payload?: Array<[string, string]>;
  /**
   * More environment for code-server, which its terminals inherit as they would a
   * person's login environment (the real agents' model server and key, their PATH).
   */
  env?: Record<string, string>;
  /** Prepares the scratch team and home before code-server starts (agents, their projects, the CLIs' home configuration). */
  prepare?: (team: CopyResult, extensionDir: string) => void;
}): Promise<Workbench> {
  const extensions = installedExtensions();
  const runDir = path.join(scratchRoot!, options.name);
  mkdirSync(runDir, { recursive: true });
  mkdirSync(artifactsDir, { recursive: true });
  const team = copyExampleTeam(path.join(runDir, 'team'));
  mkdirSync(team.home, { recursive: true });
  options.prepare?.(team, installedExtensionDir(extensions));
  const server = await startCodeServer({
    runDir,
    extensionsDir: extensions,
    logFile: path.join(artifactsDir, `${options.name}-code-server.log`),
    settings: { 'workbench.colorTheme': options.theme, ...options.settings },
    // A home of the run's own (the example's, where its project folders are): what the
    // extension reads or offers to write in a home folder (an agent's trust step) never
    // touches the machine's.
    env: { ...options.env, HOME: team.home },
  });
  let browser: BrowserHandle | undefined;
  try {
    const dark = /dark/i.test(options.theme);
    browser = await launchBrowser({ userDataDir: path.join(runDir, 'chromium'), colorScheme: dark ? 'dark' : 'light' });
    const page = await browser.newPage();
    await openWorkbench(page, server.workbenchUrl(team.dir, [['skipWelcome', 'true'], ...(options.payload ?? [])]));
    // The browser runs in the run's time zone (TZ passes through to chromium).
    const pageZone = await page.evaluate(zoneOffsets); // self-contained: it runs in the page as written
    if (pageZone !== zoneOffsets()) throw new Error(`chromium runs in the time zone ${pageZone}, the tests in ${describeZone()}: TZ did not reach it`);
    const opened = browser;
    return {
      page,
      server,
      team,
      teamFile: (rel) => path.join(team.dir, ...rel.split('/')),
      async close() {
        await opened.close();
        await server.stop();
      },
    };
  } catch (err) {
    await browser?.close();
    await server.stop();
    throw err;
  }
}

/** Removes the scratch folders of this process (call once, after every test). */
export function cleanUpScratch(): void {
  if (scratchRoot) rmSync(scratchRoot, { recursive: true, force: true });
  scratchRoot = undefined;
  extensionsDir = undefined;
}
