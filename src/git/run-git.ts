// Runs the git CLI for the features that work on the team folder as a repository
// (housekeeping commits, sync, history for insights). Node only, no `vscode` import:
// the CLI, the extension host and the tests share it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface GitResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunGitOptions {
  /** Text written to git's stdin. */
  readonly input?: string;
  /** Kill git after this long (default 60 s); the result then has code -1. */
  readonly timeoutMs?: number;
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Thrown when git is not installed (spawn ENOENT). */
export class GitNotFoundError extends Error {
  constructor() {
    super('git is not installed or not on PATH');
    this.name = 'GitNotFoundError';
  }
}

/**
 * Thrown when the folder git was to run in does not exist (spawn reports that as ENOENT
 * too, which must not read as "git is not installed").
 */
export class FolderMissingError extends Error {
  constructor(readonly folder: string) {
    super(`the folder ${folder} does not exist`);
    this.name = 'FolderMissingError';
  }
}

/**
 * Runs `git <args>` in `cwd` and resolves with its exit code and output; never rejects
 * for a non-zero exit (callers decide what a failure means). Git never prompts: a
 * credential or editor prompt would hang a background sync.
 */
export function runGit(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], {
      cwd,
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: '0',
        GIT_EDITOR: 'true',
        GIT_MERGE_AUTOEDIT: 'no',
        LC_ALL: 'C',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // Its own process group, so a timeout also ends what git started (ssh, a credential helper).
      detached: process.platform !== 'win32',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const finish = (code: number, stderr: string) => {
      if (settled) return;
      settled = true;
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr });
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      // Do not wait for the pipes: a grandchild that survived may hold them open.
      child.stdout.destroy();
      child.stderr.destroy();
      finish(-1, `${Buffer.concat(err).toString('utf8')}git ${args[0] ?? ''} timed out`);
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      reject(e.code !== 'ENOENT' ? e : existsSync(cwd) ? new GitNotFoundError() : new FolderMissingError(cwd));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      finish(code ?? -1, Buffer.concat(err).toString('utf8'));
    });
    child.stdin.on('error', () => undefined); // git may exit before reading its input
    child.stdin.end(options.input ?? '');
  });
}
