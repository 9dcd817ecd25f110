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
}

/** The folder of the agent CLIs' binaries in a checkout. */
export function agentCliBin(repoRoot: string): string {
  return path.join(repoRoot, '.vscode-test', 'agent-clis', 'node_modules', '.bin');
}

export function runAgentCli(bin: string, name: string, args: readonly string[], where: { readonly cwd: string; readonly home: string }): Promise<AgentCliRun> {
  return new Promise((resolve, reject) => {
    const env = {
      // The servers in the wiring start with `node`: the one running the tests comes first.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: where.home,
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      GEMINI_TELEMETRY_ENABLED: 'false',
      NO_COLOR: '1',
    };
    const child = spawn(path.join(bin, name), args, { cwd: where.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
