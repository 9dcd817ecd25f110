import * as http from 'http';
import { listenOnLoopback } from './loopback';
import { ScriptedServer, ScriptedTurn, noteUnoffered, whenReleased } from './anthropic-messages';

/**
 * A scripted OpenAI Responses API on loopback, for running the real Codex
 * (`[model_providers.mock] base_url = "http://127.0.0.1:<port>/v1"`, `wire_api =
 * "responses"`) with no network. `POST /v1/responses` streams as the real API does:
 * `response.created`, per output item `response.output_item.added`, its
 * `response.output_text.delta` or `response.function_call_arguments.delta`,
 * `response.output_item.done`, then `response.completed` with `usage`. Codex offers
 * MCP tools grouped in a namespace (`mcp__cortex`): a scripted call named
 * `mcp__cortex__claim_task` is sent as namespace `mcp__cortex`, name `claim_task`.
 */

export interface ResponsesUsage {
  readonly input_tokens: number;
  readonly input_tokens_details: { readonly cached_tokens: number };
  readonly output_tokens: number;
  readonly total_tokens: number;
}

/** The usage reported for the n-th turn (fixed numbers, different per turn). */
export function responsesUsageFor(n: number): ResponsesUsage {
  const input = 1200 + 10 * n;
  const output = 40 + n;
  return { input_tokens: input, input_tokens_details: { cached_tokens: 100 * n }, output_tokens: output, total_tokens: input + output };
}

function sse(res: http.ServerResponse, data: { type: string } & Record<string, unknown>): void {
  res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** `mcp__cortex__claim_task` → namespace `mcp__cortex`, name `claim_task`; other names stay whole. */
function callName(name: string): { namespace?: string; name: string } {
  const [prefix, server, ...rest] = name.split('__');
  return prefix === 'mcp' && server && rest.length > 0 ? { namespace: `mcp__${server}`, name: rest.join('__') } : { name };
}

function outputItems(turn: Exclude<ScriptedTurn, { kind: 'overloaded' }>, id: string): Record<string, unknown>[] {
  if (turn.kind === 'text') return [{ type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] }];
  return turn.calls.map((call, i) => ({ type: 'function_call', id: `fc_${id}_${i}`, call_id: `call_${id}_${i}`, status: 'completed', ...callName(call.name), arguments: JSON.stringify(call.input) }));
}

function stream(res: http.ServerResponse, id: string, model: string, turn: Exclude<ScriptedTurn, { kind: 'overloaded' }>, usage: ResponsesUsage): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const response = { id: `resp_${id}`, object: 'response', model, status: 'in_progress', output: [] as unknown[] };
  sse(res, { type: 'response.created', response });
  const items = outputItems(turn, id);
  items.forEach((item, output_index) => {
    sse(res, { type: 'response.output_item.added', output_index, item: { ...item, status: 'in_progress' } });
    if (item.type === 'message') sse(res, { type: 'response.output_text.delta', output_index, item_id: item.id, content_index: 0, delta: (turn as { text: string }).text });
    else sse(res, { type: 'response.function_call_arguments.delta', output_index, item_id: item.id, delta: item.arguments });
    sse(res, { type: 'response.output_item.done', output_index, item });
  });
  sse(res, { type: 'response.completed', response: { ...response, status: 'completed', output: items, usage } });
  res.end();
}

/** Starts the server on 127.0.0.1 (a free port); past the script's end every turn is a short text. */
export async function startResponsesServer(script: readonly ScriptedTurn[]): Promise<ScriptedServer<ResponsesUsage>> {
  const queue = [...script];
  const served: ResponsesUsage[] = [];
  const requests: unknown[] = [];
  const unoffered: string[] = [];
  let ids = 0;
  const loopback = await listenOnLoopback((req, body, res) => {
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/responses')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'not_found', message: `no ${req.method} ${req.url}` } }));
      return;
    }
    const request = JSON.parse(body) as { model?: string; tools?: { type?: string; name?: string; tools?: { name?: string }[] }[] };
    requests.push(request);
    const turn = queue.shift() ?? { kind: 'text', text: 'Done.' };
    // A namespace (`mcp__cortex`) offers its tools as `mcp__cortex__<name>`.
    const offered = (request.tools ?? []).flatMap((t) => (t.type === 'namespace' ? (t.tools ?? []).map((x) => `${t.name}__${x.name}`) : [t.name ?? '']));
    noteUnoffered(turn, offered, unoffered);
    if (turn.kind === 'overloaded') {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'server_error', code: 'server_is_overloaded', message: 'The server is overloaded.' } }));
      return;
    }
    const usage = responsesUsageFor(served.length + 1);
    served.push(usage);
    const id = String(++ids);
    whenReleased(turn, () => stream(res, id, request.model ?? 'gpt-scripted', turn, usage));
  });
  return { url: loopback.url, served, requests, unoffered, close: () => loopback.close() };
}
