// Runs the git CLI for the features that work on the team folder as a repository
// (housekeeping commits, sync, history for insights). Node only, no `vscode` import:
// the CLI, the extension host and the tests share it.
import { spawn } from 'node:child_process';

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
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new GitNotFoundError() : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString('utf8');
      resolve({
        code: timedOut ? -1 : (code ?? -1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: timedOut ? `${stderr}git ${args[0] ?? ''} timed out` : stderr,
      });
    });
    child.stdin.on('error', () => undefined); // git may exit before reading its input
    child.stdin.end(options.input ?? '');
  });
}
