import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliBundle } from '../cli/cli-bundle';

/**
 * The MCP SDK's own client, connected over stdio to `cortex-team mcp` run as a real
 * process from the bundled CLI: what an agent CLI does.
 */
export interface Connected {
  readonly client: Client;
  /** What the server wrote to stderr (it must never write to stdout outside the protocol). */
  stderr(): string;
  close(): Promise<void>;
  /** The server's process id (to signal it). */
  readonly pid: number | null;
  /** Resolves when the server process has ended. */
  readonly ended: Promise<void>;
}

export async function connect(args: readonly string[], env: Record<string, string>): Promise<Connected> {
  const cli = await cliBundle();
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...args], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'cortex-test', version: '1.0.0' });
  const ended = new Promise<void>((resolve) => {
    client.onclose = () => resolve();
  });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close(), pid: transport.pid, ended };
}

export interface ToolOutcome {
  readonly isError: boolean;
  /** The text content, joined. */
  readonly text: string;
  readonly data: Record<string, unknown> | undefined;
}

export async function call(c: Connected, name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
  const r = await c.client.callTool({ name, arguments: args });
  const content = (r.content ?? []) as Array<{ type: string; text?: string }>;
  return { isError: r.isError === true, text: content.map((p) => p.text ?? '').join(''), data: r.structuredContent as Record<string, unknown> | undefined };
}
