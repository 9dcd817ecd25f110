import { spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';

/**
 * The CLI as users get it: bundled by esbuild from src/cli/main.ts with the same
 * options as esbuild.mjs (node20, CommonJS, shebang), built once per test run into a
 * private temp folder so the tests always exercise the current source (and never race
 * another build writing dist/).
 */
const ROOT = path.resolve(__dirname, '../../../..');
let built: Promise<string> | undefined;

export function cliBundle(): Promise<string> {
  built ??= (async () => {
    const esbuild = await import('esbuild');
    const dir = mkdtempSync(path.join(tmpdir(), 'cortex-cli-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = path.join(dir, 'cli.js');
    await esbuild.build({
      entryPoints: [path.join(ROOT, 'src/cli/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      banner: { js: '#!/usr/bin/env node' },
      outfile,
      logLevel: 'silent',
    });
    return outfile;
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
