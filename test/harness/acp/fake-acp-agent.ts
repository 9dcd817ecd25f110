import * as acp from '@agentclientprotocol/sdk';
import { appendFileSync } from 'fs';
import { Readable, Writable } from 'stream';

/**
 * A small ACP agent for the unit tests, a real process speaking the protocol over stdio
 * with `@agentclientprotocol/sdk` (the agent side), so the client under test is exercised
 * as with a real agent. It keeps no model: a prompt is answered "Heard: <text>."
 * `FAKE_ACP_LOAD` says what it does about `session/load`: `yes` advertises `loadSession`
 * and resumes any id (replaying one earlier message as history), `no` does not advertise
 * it, `fail` advertises it and answers a load with Gemini CLI's error (no saved session).
 * Its sessions, new or loaded, start in mode `auto` and offer `default` (as Claude's adapter).
 * Every request it receives is appended to `FAKE_ACP_LOG` (one JSON line: the method, the
 * session id, and a mode set) for the test to read.
 */
const load = process.env.FAKE_ACP_LOAD ?? 'no';
const logFile = process.env.FAKE_ACP_LOG;
let created = 0;
const modes = { currentModeId: 'auto', availableModes: [{ id: 'auto', name: 'Auto' }, { id: 'default', name: 'Default' }] };

function note(method: string, sessionId?: string, modeId?: string): void {
  if (logFile) appendFileSync(logFile, JSON.stringify({ method, ...(sessionId ? { sessionId } : {}), ...(modeId ? { modeId } : {}) }) + '\n');
}

const stream = acp.ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>);
acp
  .agent({ name: 'fake-acp-agent' })
  .onRequest('initialize', () => {
    note('initialize');
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: { loadSession: load !== 'no' } };
  })
  .onRequest('session/new', () => {
    const sessionId = `fake-session-${process.pid}-${++created}`;
    note('session/new', sessionId);
    return { sessionId, modes };
  })
  .onRequest('session/load', async ({ params, client }) => {
    note('session/load', params.sessionId);
    if (load === 'fail') throw acp.RequestError.internalError({ details: 'No previous sessions found for this project.' });
    await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Earlier turn.' } } });
    return { modes };
  })
  .onRequest('session/set_mode', ({ params }) => {
    note('session/set_mode', params.sessionId, params.modeId);
    return {};
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    note('session/prompt', params.sessionId);
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join('');
    await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `Heard: ${text}` } } });
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', ({ params }) => note('session/cancel', params.sessionId))
  .connect(stream);
