import { spawn } from 'node:child_process';
import * as path from 'node:path';

/**
 * Runs one of the pinned agent CLIs (.vscode-test/agent-clis) the way the tests need it:
 * in a project folder, with a HOME of the test's own (never the user's configuration),
 * offline and quiet (no update check, no telemetry, no colours). Used by the agents
 * suite and by the integration suite (against what Generate Protocol File wrote).
 */
export interface AgentCliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The CLI's process id, which is also its process group's (what it started is in that group unless it left it). */
  readonly pid?: number;
}

/** The folder of the agent CLIs' binaries in a checkout. */
export function agentCliBin(repoRoot: string): string {
  return path.join(repoRoot, '.vscode-test', 'agent-clis', 'node_modules', '.bin');
}

/** `where.env`: more variables for the CLI (a scripted model server's address and key). */
export function runAgentCli(
  bin: string,
  name: string,
  args: readonly string[],
  where: { readonly cwd: string; readonly home: string; readonly env?: Readonly<Record<string, string>> },
): Promise<AgentCliRun> {
  return new Promise((resolve, reject) => {
    const env = {
      // The servers in the wiring start with `node`: the one running the tests comes first.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: where.home,
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      GEMINI_TELEMETRY_ENABLED: 'false',
      NO_COLOR: '1',
      ...where.env,
    };
    // Its own process group: a CLI that signals its group on exit must not reach the test runner.
    const child = spawn(path.join(bin, name), args, { cwd: where.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, pid: child.pid }));
  });
}
