/**
 * How an agent's MCP configuration starts the Cortex server. Two ways, one choice per
 * wiring:
 *
 * - `node`: `node <absolute path of the CLI bundle> mcp …` — the `dist/cli.js` that ships
 *   inside the extension (or any install of the package). Works with nothing on PATH
 *   but `node`, which every one of these agent CLIs needs anyway; the path names one
 *   installed version, so the wiring is generated again when that path changes (the
 *   Cortex entries are ours to replace).
 * - `path`: `cortex-team mcp …` — the `cortex-team` command on PATH (`npm install -g`),
 *   which survives upgrades but must be installed.
 *
 * Either way the server gets the team folder and the agent by absolute path and slug,
 * so it does not depend on the folder the agent CLI starts it in.
 */
export const MCP_SERVER_NAME = 'cortex';

export type CortexCommand = { readonly kind: 'node'; readonly cliPath: string; readonly node?: string } | { readonly kind: 'path' };

export interface McpLaunch {
  readonly command: string;
  readonly args: readonly string[];
}

export function cortexLaunch(cli: CortexCommand, teamDir: string, agentSlug: string): McpLaunch {
  const serve = ['mcp', '--team', teamDir, '--agent', agentSlug];
  return cli.kind === 'node' ? { command: cli.node ?? 'node', args: [cli.cliPath, ...serve] } : { command: 'cortex-team', args: serve };
}

/** The server entry the JSON configurations hold (`mcpServers.cortex`). */
export function stdioEntry(launch: McpLaunch): { command: string; args: string[] } {
  return { command: launch.command, args: [...launch.args] };
}
