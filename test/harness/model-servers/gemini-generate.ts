import * as http from 'http';
import { listenOnLoopback } from './loopback';
import { ScriptedServer, ScriptedTurn, noteUnoffered, whenReleased } from './anthropic-messages';

/**
 * A scripted Gemini API on loopback, for running the real Gemini CLI
 * (`GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:<port>`) with no network.
 * `…:generateContent` is Gemini CLI's routing call (it asks for JSON by schema): it is
 * answered `{"reasoning", "model_choice": "flash"}` and takes no turn.
 * `…:streamGenerateContent?alt=sse` takes the script's next turn and streams it as
 * `data:` events of `candidates[].content.parts[]` (`text`, or `functionCall {name,
 * args, id}`) with `usageMetadata`. Gemini CLI names MCP tools `mcp_cortex_claim_task`.
 */

export interface GeminiUsage {
  readonly promptTokenCount: number;
  readonly candidatesTokenCount: number;
  readonly cachedContentTokenCount: number;
  readonly totalTokenCount: number;
}

export function geminiUsageFor(n: number): GeminiUsage {
  const prompt = 1500 + 10 * n;
  const out = 30 + n;
  return { promptTokenCount: prompt, candidatesTokenCount: out, cachedContentTokenCount: 50 * n, totalTokenCount: prompt + out };
}

function parts(turn: Exclude<ScriptedTurn, { kind: 'overloaded' }>, id: number): unknown[] {
  if (turn.kind === 'text') return [{ text: turn.text }];
  return turn.calls.map((call, i) => ({ functionCall: { name: call.name, args: call.input, id: `call_${id}_${i}` } }));
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Starts the server on 127.0.0.1 (a free port); past the script's end every turn is a short text. */
export async function startGeminiServer(script: readonly ScriptedTurn[]): Promise<ScriptedServer<GeminiUsage>> {
  const queue = [...script];
  const served: GeminiUsage[] = [];
  const requests: unknown[] = [];
  const unoffered: string[] = [];
  const loopback = await listenOnLoopback((req, body, res) => {
    const url = req.url ?? '';
    if (req.method !== 'POST' || !/^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)/.test(url)) {
      json(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: `no ${req.method} ${url}` } });
      return;
    }
    const request = JSON.parse(body) as { tools?: { functionDeclarations?: { name?: string }[] }[] };
    requests.push(request);
    if (/:generateContent/.test(url)) {
      const routing = JSON.stringify({ reasoning: 'A scripted run.', model_choice: 'flash' });
      json(res, 200, { candidates: [{ content: { role: 'model', parts: [{ text: routing }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } });
      return;
    }
    const turn = queue.shift() ?? { kind: 'text', text: 'Done.' };
    noteUnoffered(turn, (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).map((f) => f.name ?? ''), unoffered);
    if (turn.kind === 'overloaded') {
      json(res, 503, { error: { code: 503, status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' } });
      return;
    }
    const usage = geminiUsageFor(served.length + 1);
    served.push(usage);
    const chunk = { candidates: [{ content: { role: 'model', parts: parts(turn, served.length) }, finishReason: 'STOP', index: 0 }], usageMetadata: usage, modelVersion: 'gemini-scripted' };
    const send = () => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    whenReleased(turn, send);
  });
  return { url: loopback.url, served, requests, unoffered, close: () => loopback.close() };
}
