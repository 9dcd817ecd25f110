// Small helpers shared by the setup scripts: finding commands, installing Debian
// packages when we may (root + apt-get), running child processes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Absolute path of `cmd` on PATH, or null. */
export function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, cmd);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

let aptUpdated = false;

/**
 * Makes sure each requirement is met. A requirement is `{ what, check, apt }`:
 * `check()` returns true when present, `apt` names the Debian package that provides it.
 * Missing ones are apt-get installed when running as root with apt-get available;
 * otherwise this throws with a message saying exactly what to install.
 */
export async function ensureSystemPackages(requirements, log = console.log) {
  const missing = requirements.filter((r) => !r.check());
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map((r) => r.apt))];
  const what = missing.map((r) => r.what).join(', ');
  if (!isRoot() || !which('apt-get')) {
    throw new Error(
      `missing: ${what}.\n  Install them first, e.g. on Debian/Ubuntu:\n    sudo apt-get install -y ${pkgs.join(' ')}`,
    );
  }
  log(`[setup] missing ${what}: apt-get install ${pkgs.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    await run('apt-get', ['update'], { env });
    aptUpdated = true;
  }
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { env });
  const still = missing.filter((r) => !r.check());
  if (still.length) throw new Error(`still missing after apt-get install: ${still.map((r) => r.what).join(', ')}`);
}

/** Runs a command with inherited stdio; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Runs a command and returns its stdout (trimmed), or null when it fails. */
export function capture(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  return r.status === 0 ? r.stdout.trim() : null;
}
