import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CortexServerOptions, createCortexServer } from './server';

/**
 * Serves the Cortex MCP server on this process's stdin and stdout (the stdio
 * transport every agent CLI starts servers with). Resolves when the client has gone
 * (stdin ended, stdout closed) and the calls it made have finished writing. Nothing
 * else may write to stdout while it runs: diagnostics go to stderr.
 */
export async function serveStdio(options: CortexServerOptions): Promise<void> {
  const { server, settled } = createCortexServer(options);
  const transport = new StdioServerTransport();
  const gone = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
    // A client that closed its end of the pipe: answers can no longer be delivered.
    process.stdout.on('error', () => resolve());
  });
  await server.connect(transport);
  await gone;
  // Not `server.close()`: answers to the last calls are still being sent; with stdin
  // at its end the process ends by itself once they are out.
  await settled();
}
