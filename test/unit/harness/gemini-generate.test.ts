import * as assert from 'assert';
import { geminiUsageFor, startGeminiServer } from '../../harness/model-servers/gemini-generate';

/** The scripted Gemini server: the routing answer and the streamed turns, read with plain fetch. */

const post = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contents: [] }) });

describe('scripted model server: Gemini generateContent', () => {
  it('answers the routing call with a model choice, then streams a tool call with usage', async () => {
    const server = await startGeminiServer([{ kind: 'tools', calls: [{ name: 'mcp_cortex_claim_task', input: {} }] }]);
    try {
      const routing = (await (await post(`${server.url}/v1beta/models/gemini-flash-lite:generateContent`)).json()) as { candidates: { content: { parts: { text: string }[] } }[] };
      assert.strictEqual(JSON.parse(routing.candidates[0].content.parts[0].text).model_choice, 'flash');
      const res = await post(`${server.url}/v1beta/models/gemini-flash:streamGenerateContent?alt=sse`);
      const text = await res.text();
      assert.match(text, /^data: /);
      const chunk = JSON.parse(text.replace(/^data: /, '').trim()) as { candidates: { content: { parts: unknown[] } }[]; usageMetadata: unknown };
      assert.deepStrictEqual(chunk.candidates[0].content.parts, [{ functionCall: { name: 'mcp_cortex_claim_task', args: {}, id: 'call_1_0' } }]);
      assert.deepStrictEqual(chunk.usageMetadata, geminiUsageFor(1));
      assert.deepStrictEqual(server.served, [geminiUsageFor(1)]);
    } finally {
      await server.close();
    }
  });

  it('fails a turn as overloaded (503 UNAVAILABLE)', async () => {
    const server = await startGeminiServer([{ kind: 'overloaded' }]);
    try {
      assert.strictEqual((await post(`${server.url}/v1beta/models/gemini-flash:streamGenerateContent?alt=sse`)).status, 503);
      assert.deepStrictEqual(server.served, []);
    } finally {
      await server.close();
    }
  });
});
