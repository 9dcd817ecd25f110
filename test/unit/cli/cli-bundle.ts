import { spawn } from 'child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';

/**
 * The CLI as users get it: bundled by esbuild with the options esbuild.mjs uses
 * (scripts/lib/cli-bundles.mjs: cli.js, and mcp.js beside it for `cortex-team mcp`),
 * built once per test run into a private temp folder so the tests always exercise the
 * current source (and never race another build writing dist/).
 */
const ROOT = path.resolve(__dirname, '../../../..');
let built: Promise<string> | undefined;

/** A real `import()` (tsc would turn one written here into `require`, which cannot load an .mjs). */
const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

export function cliBundle(): Promise<string> {
  built ??= (async () => {
    const esbuild = await import('esbuild');
    const { cliBundles } = (await importModule(pathToFileURL(path.join(ROOT, 'scripts/lib/cli-bundles.mjs')).href)) as { cliBundles: import('esbuild').BuildOptions[] };
    const dir = mkdtempSync(path.join(tmpdir(), 'cortex-cli-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    await Promise.all(cliBundles.map((b) => esbuild.build({ ...b, bundle: true, absWorkingDir: ROOT, outdir: dir, logLevel: 'silent' })));
    // The verbs that read the package's own files (the protocol texts) find them beside dist/.
    symlinkSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), 'dir');
    return path.join(dir, 'cli.js');
  })();
  return built;
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node cli.js ...args` as a real process. */
export async function runCli(args: readonly string[], opts: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<CliResult> {
  const cli = await cliBundle();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
