// Real temporary repositories for the git tests: a bare "remote" and clones of it,
// each with its own user.name/email, independent of the machine's git config.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Runs git synchronously (test set-up only) and returns stdout. */
export function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Makes the machine's global and system git config invisible while a suite runs. */
export function isolateGitConfig(): { restore(): void } {
  const saved = { global: process.env.GIT_CONFIG_GLOBAL, nosystem: process.env.GIT_CONFIG_NOSYSTEM };
  process.env.GIT_CONFIG_GLOBAL = os.devNull;
  process.env.GIT_CONFIG_NOSYSTEM = '1';
  return {
    restore() {
      if (saved.global === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = saved.global;
      if (saved.nosystem === undefined) delete process.env.GIT_CONFIG_NOSYSTEM;
      else process.env.GIT_CONFIG_NOSYSTEM = saved.nosystem;
    },
  };
}

export class Sandbox {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'cortex-git-'));

  /** A bare repository with `main` holding `files`, pushed from a seed clone. */
  remote(files: Record<string, string>, name = 'remote.git'): string {
    const bare = path.join(this.dir, name);
    sh(this.dir, 'init', '--quiet', '--bare', '-b', 'main', bare);
    const seed = this.init(`seed-${name}`);
    write(seed, files);
    sh(seed, 'add', '-A');
    sh(seed, 'commit', '--quiet', '-m', 'seed');
    sh(seed, 'remote', 'add', 'origin', bare);
    sh(seed, 'push', '--quiet', '-u', 'origin', 'main');
    return bare;
  }

  /** A clone of `remote` with a local identity. */
  clone(remote: string, name: string): string {
    const dir = path.join(this.dir, name);
    sh(this.dir, 'clone', '--quiet', remote, dir);
    configure(dir, name);
    return dir;
  }

  /** A new repository on `main` with a local identity. */
  init(name: string): string {
    const dir = path.join(this.dir, name);
    mkdirSync(dir, { recursive: true });
    sh(dir, 'init', '--quiet', '-b', 'main');
    configure(dir, name);
    return dir;
  }

  /** A plain folder (no repository). */
  folder(name: string): string {
    const dir = path.join(this.dir, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function configure(dir: string, who: string): void {
  sh(dir, 'config', 'user.name', `Test ${who}`);
  sh(dir, 'config', 'user.email', `${who}@example.invalid`);
  sh(dir, 'config', 'commit.gpgsign', 'false');
}

export function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export function read(dir: string, rel: string): string {
  return readFileSync(path.join(dir, rel), 'utf8');
}

/** Commits everything in `dir` and pushes it to its upstream. */
export function commitAndPush(dir: string, message: string): void {
  sh(dir, 'add', '-A');
  sh(dir, 'commit', '--quiet', '-m', message);
  sh(dir, 'push', '--quiet');
}

/** `git status --porcelain` lines, sorted. */
export function porcelain(dir: string): string[] {
  return sh(dir, 'status', '--porcelain', '--untracked-files=all').split('\n').filter((l) => l !== '').sort();
}

export const TASKS = `## Write the webhook
**Status:** ready

Handle payment_intent.payment_failed.

## Old report
**Status:** done
**Started:** 2026-03-01T09:00
**Completed:** 2026-03-01T10:00

Done long ago.

<!-- cortex:last-tick 2026-03-28T10:00 -->
`;

/**
 * Mocha hooks for the describe it is called in: git's global config isolated for the
 * describe, a fresh sandbox for each test. Returns the current test's sandbox.
 */
export function sandboxPerTest(): () => Sandbox {
  let box: Sandbox | undefined;
  let isolation: { restore(): void } | undefined;
  before(() => {
    isolation = isolateGitConfig();
  });
  after(() => isolation?.restore());
  beforeEach(() => {
    box = new Sandbox();
  });
  afterEach(() => box?.dispose());
  return () => box!;
}
