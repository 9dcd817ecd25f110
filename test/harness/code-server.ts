// Starts code-server (VS Code 1.117's web workbench and Node extension host, on the
// harness's own Node 22) in a process group of its own, on a free loopback port, with
// fresh user data.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { codeServerEntry, codeServerNode } from './paths';
import { killGroup, trackGroup, withTimeout } from './processes';
import { baseSettings } from './settings';

export interface CodeServerOptions {
  /** A folder for user data, extensions, config and logs (created). */
  runDir: string;
  /** Written as User/settings.json before start (over the base test settings). */
  settings?: Record<string, unknown>;
  /** Leave an existing User/settings.json as it is (for a persistent profile, as `npm start` keeps). */
  keepUserSettings?: boolean;
  /** Loopback port to listen on; default 0, a free one. */
  port?: number;
  /** An extensions folder to use (default: `<runDir>/extensions`, empty). */
  extensionsDir?: string;
  /** Extra environment for code-server and the extension host it starts. */
  env?: Record<string, string>;
  /** code-server's output goes here (default `<runDir>/code-server.log`). */
  logFile?: string;
  startTimeoutMs?: number;
}

export interface CodeServer {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  readonly logFile: string;
  /** A workbench URL opening `folder` (or a `.code-workspace` file), with development options in `payload`. */
  workbenchUrl(folder: string, payload?: Array<[string, string]>): string;
  /** A `vscode-remote://` URI for a path on this machine (for payload entries). */
  remoteUri(absPath: string): string;
  /** Settles when the code-server process ends, with its exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

function requireCodeServer(): void {
  if (!existsSync(codeServerEntry) || !existsSync(codeServerNode)) {
    throw new Error('code-server is not installed: run `node scripts/install-code-server.mjs` (npm test does it)');
  }
}

const commonArgs = ['--disable-telemetry', '--disable-update-check'];

/** Installs a VSIX into an extensions folder with code-server's CLI. */
export function installExtension(vsix: string, extensionsDir: string, runDir: string): void {
  requireCodeServer();
  mkdirSync(extensionsDir, { recursive: true });
  const r = spawnSync(
    codeServerNode,
    [codeServerEntry, ...commonArgs, '--extensions-dir', extensionsDir, '--user-data-dir', path.join(runDir, 'user-data'), '--install-extension', vsix, '--force'],
    { encoding: 'utf8', env: isolatedEnv(runDir), timeout: 120_000 },
  );
  if (r.status !== 0) {
    throw new Error(`installing ${path.basename(vsix)} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
  }
}

/** Keeps code-server's own config file and logs inside the run folder. */
function isolatedEnv(runDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
    // An empty Cortex home: the machine's own ~/.cortex (thread templates, threads)
    // never reaches a test; the team folder's .cortex is found instead.
    CORTEX_HOME: path.join(runDir, 'cortex-home'),
    ...extra,
  };
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  requireCodeServer();
  const runDir = path.resolve(options.runDir);
  const userDataDir = path.join(runDir, 'user-data');
  const extensionsDir = options.extensionsDir ?? path.join(runDir, 'extensions');
  const logFile = options.logFile ?? path.join(runDir, 'code-server.log');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(path.dirname(logFile), { recursive: true });
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  if (!options.keepUserSettings || !existsSync(settingsFile)) {
    writeFileSync(settingsFile, JSON.stringify({ ...baseSettings, ...options.settings }, null, 2));
  }
  const configFile = path.join(runDir, 'code-server.yaml');
  writeFileSync(configFile, 'auth: none\ncert: false\n');

  const args = [
    codeServerEntry,
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    ...commonArgs,
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // Workspace trust is off unless the test turns it on (to see Restricted Mode).
    ...(options.settings?.['security.workspace.trust.enabled'] === true ? [] : ['--disable-workspace-trust']),
  ];

  const child = spawn(codeServerNode, args, {
    detached: true, // a process group of its own: setsid()
    stdio: ['ignore', 'pipe', 'pipe'],
    env: isolatedEnv(runDir, options.env),
  });
  if (child.pid === undefined) throw new Error('code-server did not start');
  const pid = child.pid;
  trackGroup(pid, 'code-server');
  const log = createWriteStream(logFile);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const listening = new Promise<number>((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      log.write(chunk);
      buffered += chunk.toString('utf8');
      const m = /HTTP server listening on https?:\/\/[^\s:]+:(\d+)/.exec(buffered);
      if (m) resolve(Number(m[1]));
      if (buffered.length > 65536) buffered = buffered.slice(-4096);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`code-server exited early (${signal ?? code}); see ${logFile}`)));
  });

  let port: number;
  try {
    port = await withTimeout(listening, options.startTimeoutMs ?? 60_000, `code-server to listen (log: ${logFile})`);
  } catch (err) {
    await killGroup(pid);
    log.end();
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  const authority = `127.0.0.1:${port}`;
  const remoteUri = (absPath: string): string => `vscode-remote://${authority}${encodeURI(path.resolve(absPath))}`;

  return {
    url,
    port,
    pid,
    userDataDir,
    extensionsDir,
    logFile,
    remoteUri,
    exited,
    workbenchUrl(folder, payload = []) {
      // A `.code-workspace` file opens as a workspace, anything else as a folder.
      const params = new URLSearchParams({ [folder.endsWith('.code-workspace') ? 'workspace' : 'folder']: path.resolve(folder) });
      if (payload.length) params.set('payload', JSON.stringify(payload));
      return `${url}/?${params.toString()}`;
    },
    async stop() {
      await killGroup(pid);
      log.end();
    },
  };
}
