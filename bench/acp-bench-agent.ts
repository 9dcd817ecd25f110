/**
 * A minimal ACP agent for `npm run bench:vscode`'s permission figures (not a test double:
 * it is what is measured against, like the generated teams). Run by the extension as
 * `launch: {cli: custom, channel: acp, command: node out/bench/acp-bench-agent.js}`.
 * Every prompt's turn asks `BENCH_ACP_REQUESTS` permissions one after another, each a file
 * edit with its diff, and appends to `BENCH_ACP_LOG` (JSON lines, wall-clock ms) the moment
 * it sends each request and the moment its answer arrives, so the bench can time the
 * request to its row in the Needs you list, and the key press to the answer here.
 */
import * as acp from '@agentclientprotocol/sdk';
import { appendFileSync } from 'fs';
import { Readable, Writable } from 'stream';

const log = process.env.BENCH_ACP_LOG ?? '';
const requests = Number(process.env.BENCH_ACP_REQUESTS ?? '3');
let turns = 0;

function note(entry: Record<string, unknown>): void {
  if (log) appendFileSync(log, `${JSON.stringify(entry)}\n`);
}

const app = acp
  .agent({ name: 'cortex-bench-agent' })
  .onRequest('initialize', () => ({ protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: { loadSession: false } }))
  .onRequest('session/new', () => ({ sessionId: `bench-${process.pid}` }))
  .onNotification('session/cancel', () => undefined)
  .onRequest('session/prompt', async ({ params, client }) => {
    const turn = ++turns;
    // The first prompt (the protocol's) asks nothing: the bench's prompts do.
    for (let i = 1; turn > 1 && i <= requests; i++) {
      const id = `edit-${turn}-${i}`;
      note({ id, sent: Date.now() });
      const answer = await client.request('session/request_permission', {
        sessionId: params.sessionId,
        toolCall: { toolCallId: id, title: `Edit ${id}.md`, kind: 'edit', status: 'pending', content: [{ type: 'diff', path: `/bench/${id}.md`, oldText: 'before\n', newText: 'after\n' }] },
        options: [
          { optionId: 'once', name: 'Allow', kind: 'allow_once' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      });
      note({ id, answered: Date.now(), outcome: answer.outcome.outcome });
    }
    return { stopReason: 'end_turn' };
  });

app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>));
