// Debian's chromium, started by us in a process group of our own with a fresh
// profile, driven by playwright-core over the DevTools protocol.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { killGroup, trackGroup, withTimeout } from './processes';

export const defaultChromiumPath = '/usr/bin/chromium';

export interface BrowserHandle {
  readonly browser: Browser;
  readonly context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Profile folder (created); use a fresh one per launch. */
  userDataDir: string;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  headless?: boolean;
  timeoutMs?: number;
}

export function chromiumPath(): string {
  const candidates = [process.env.CORTEX_CHROMIUM, defaultChromiumPath, '/usr/bin/chromium-browser'].filter(
    (p): p is string => !!p,
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('chromium not found: install it (Debian: apt-get install chromium) or set CORTEX_CHROMIUM');
  return found;
}

export async function launchBrowser(options: LaunchOptions): Promise<BrowserHandle> {
  mkdirSync(options.userDataDir, { recursive: true });
  const args = [
    `--user-data-dir=${path.resolve(options.userDataDir)}`,
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--no-first-run',
    '--no-default-browser-check',
    '--password-store=basic',
    '--use-mock-keychain',
    ...(options.headless === false ? [] : ['--headless=new', '--hide-scrollbars', '--mute-audio']),
    'about:blank',
  ];
  // Chromium's temporary files and crash-report folder stay inside the profile folder.
  const scratch = path.join(path.resolve(options.userDataDir), 'tmp');
  mkdirSync(scratch, { recursive: true });
  const child = spawn(chromiumPath(), args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TMPDIR: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch },
  });
  if (child.pid === undefined) throw new Error('chromium did not start');
  const pid = child.pid;
  trackGroup(pid, 'chromium');

  const endpoint = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buffered);
      if (m) resolve(m[1]);
      if (buffered.length > 65536) buffered = buffered.slice(-4096);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`chromium exited early (${signal ?? code}): ${buffered.slice(-2000)}`)));
  });

  let browser: Browser;
  try {
    const ws = await withTimeout(endpoint, options.timeoutMs ?? 30_000, 'chromium to start');
    child.stderr!.resume(); // keep draining, never block chromium on a full pipe
    browser = await withTimeout(chromium.connectOverCDP(ws), options.timeoutMs ?? 30_000, 'connecting to chromium');
  } catch (err) {
    await killGroup(pid);
    throw err;
  }
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1400, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  return {
    browser,
    context,
    newPage: () => context.newPage(),
    async close() {
      await withTimeout(browser.close(), 5000, 'closing chromium').catch(() => undefined);
      await killGroup(pid, 1000);
    },
  };
}
