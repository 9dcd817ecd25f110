import * as http from 'http';
import { listenOnLoopback } from './loopback';

/**
 * A scripted Anthropic Messages API on loopback, for running the real Claude Code
 * (`ANTHROPIC_BASE_URL=http://127.0.0.1:<port>`) with no network. It answers
 * `POST /v1/messages` the way the real API streams (server-sent events:
 * `message_start` with `usage`, `content_block_start` / `_delta` (`text_delta`,
 * `input_json_delta`) / `_stop`, `message_delta` with `stop_reason` and
 * `usage.output_tokens`, `message_stop`). Each request that offers tools takes the
 * next turn of the script; a request with no tools (Claude Code's title and summary
 * side requests) is answered with a short text and takes nothing.
 */

/**
 * A reply the server holds: it is sent when `hold` settles (a test holds a turn to look
 * at the agent while it works); `onHeld` is called when the server has the request in
 * hand and starts holding its reply.
 */
export interface Held {
  readonly hold?: Promise<unknown>;
  readonly onHeld?: () => void;
}

/** One reply of the model: text, or tool calls (each with its input), either of them held (see Held). */
export type ScriptedTurn =
  | ({ readonly kind: 'text'; readonly text: string } & Held)
  | ({ readonly kind: 'tools'; readonly calls: readonly { readonly name: string; readonly input: Record<string, unknown> }[] } & Held)
  | { readonly kind: 'overloaded' };

/**
 * A gate a test opens to let a held turn go: `hold` and `onHeld` for a ScriptedTurn,
 * `reached` once the server holds the request, `release()` to send the reply.
 */
export function heldTurn(): { readonly hold: Promise<void>; readonly onHeld: () => void; readonly reached: boolean; release(): void } {
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  const gate = { hold, release, reached: false, onHeld: () => void (gate.reached = true) };
  return gate;
}

/** Sends a reply now, or, when its turn is held, once the hold settles (telling the turn it is held). */
export function whenReleased(turn: ScriptedTurn, send: () => void): void {
  if (turn.kind === 'overloaded' || !turn.hold) return send();
  turn.onHeld?.();
  void turn.hold.then(send);
}

export interface TurnUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_read_input_tokens: number;
  readonly cache_creation_input_tokens: number;
}

/** A running scripted server; `U`: the usage record of its API. */
export interface ScriptedServer<U = TurnUsage> {
  readonly url: string;
  /** The usage reported for each scripted turn served, in order (side requests not counted). */
  readonly served: U[];
  /** The request bodies received, in order. */
  readonly requests: unknown[];
  /**
   * Scripted tool calls made in answer to a request that did not offer that tool (a
   * real model could not have made them): "<tool> (offered: …)". A CLI that asks the
   * model before its MCP servers are ready shows up here.
   */
  readonly unoffered: string[];
  close(): Promise<void>;
}

/** Notes each call of `turn` whose tool is not in `offered`. */
export function noteUnoffered(turn: ScriptedTurn, offered: readonly string[], into: string[]): void {
  if (turn.kind !== 'tools') return;
  for (const call of turn.calls) if (!offered.includes(call.name)) into.push(`${call.name} (offered: ${offered.join(', ') || 'none'})`);
}

/** The usage the server reports for the n-th scripted turn (fixed numbers, different per turn). */
export function usageFor(n: number): TurnUsage {
  return { input_tokens: 1000 + 10 * n, output_tokens: 50 + n, cache_read_input_tokens: 200 * n, cache_creation_input_tokens: 0 };
}

function sse(res: http.ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function stream(res: http.ServerResponse, model: string, id: string, turn: Exclude<ScriptedTurn, { kind: 'overloaded' }>, usage: TurnUsage): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sse(res, 'message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  if (turn.kind === 'text') {
    sse(res, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    sse(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: turn.text } });
    sse(res, 'content_block_stop', { type: 'content_block_stop', index: 0 });
  } else {
    turn.calls.forEach((call, index) => {
      sse(res, 'content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${id}_${index}`, name: call.name, input: {} } });
      sse(res, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) } });
      sse(res, 'content_block_stop', { type: 'content_block_stop', index });
    });
  }
  sse(res, 'message_delta', { type: 'message_delta', delta: { stop_reason: turn.kind === 'text' ? 'end_turn' : 'tool_use', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

/** The tool Claude Code offers instead of the MCP servers' tools while they are still connecting. */
export const WAIT_FOR_MCP = 'WaitForMcpServers';

/**
 * The script's next turn; but when it calls a tool the request does not offer and
 * Claude Code offers WaitForMcpServers instead (it asked before its MCP servers had
 * connected, which `claude -p` does on a loaded machine), a call of that, as a model
 * told to use those tools makes, and the script's turn stays next.
 */
function nextTurn(queue: ScriptedTurn[], offered: readonly string[]): ScriptedTurn {
  const turn = queue[0];
  if (turn?.kind === 'tools' && turn.calls.some((c) => !offered.includes(c.name)) && offered.includes(WAIT_FOR_MCP)) {
    return { kind: 'tools', calls: [{ name: WAIT_FOR_MCP, input: {} }] };
  }
  return queue.shift() ?? { kind: 'text', text: 'Done.' };
}

/** Starts the server on 127.0.0.1 (a free port); past the script's end every turn is a short text. */
export async function startAnthropicServer(script: readonly ScriptedTurn[]): Promise<ScriptedServer> {
  const queue = [...script];
  const served: TurnUsage[] = [];
  const requests: unknown[] = [];
  const unoffered: string[] = [];
  let ids = 0;
  const loopback = await listenOnLoopback((req, body, res) => {
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `no ${req.method} ${req.url}` } }));
      return;
    }
    const request = JSON.parse(body) as { model?: string; tools?: { name?: string }[] };
    requests.push(request);
    const id = `msg_scripted_${++ids}`;
    const model = request.model ?? 'claude-scripted';
    if (!request.tools || request.tools.length === 0) {
      stream(res, model, id, { kind: 'text', text: 'Scripted title' }, { input_tokens: 10, output_tokens: 3, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
      return;
    }
    const turn = nextTurn(queue, request.tools.map((t) => t.name ?? ''));
    noteUnoffered(turn, request.tools.map((t) => t.name ?? ''), unoffered);
    if (turn.kind === 'overloaded') {
      res.writeHead(529, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
      return;
    }
    const usage = usageFor(served.length + 1);
    served.push(usage);
    whenReleased(turn, () => stream(res, model, id, turn, usage));
  });
  return { url: loopback.url, served, requests, unoffered, close: () => loopback.close() };
}
