import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CortexServerOptions, createCortexServer } from './server';

/**
 * Serves the Cortex MCP server on this process's stdin and stdout (the stdio
 * transport every agent CLI starts servers with). Resolves when the client has gone
 * (stdin ended, stdout closed) and the calls it made have finished writing, their
 * settle windows included (each is bounded by the writer's settle limit). Asked to
 * stop (SIGTERM, SIGINT: how agent CLIs end their servers), it finishes the same way
 * and then ends with that signal. Nothing else may write to stdout while it runs:
 * diagnostics go to stderr.
 */
export async function serveStdio(options: CortexServerOptions): Promise<void> {
  const { server, settled } = createCortexServer({ warn: (m) => process.stderr.write(`cortex-team mcp: ${m}\n`), ...options });
  const transport = new StdioServerTransport();
  let signalled: NodeJS.Signals | null = null;
  const gone = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
    // A client that closed its end of the pipe: answers can no longer be delivered.
    process.stdout.on('error', () => resolve());
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        signalled = signal;
        resolve();
      });
    }
  });
  await server.connect(transport);
  await gone;
  // Not `server.close()`: answers to the last calls are still being sent; with stdin
  // at its end the process ends by itself once they are out.
  await settled();
  if (signalled !== null) {
    // The windows are done: end as the signal asked (stdin may still be open).
    process.kill(process.pid, signalled);
  }
}
