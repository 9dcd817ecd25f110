import * as assert from 'assert';
import { responsesUsageFor, startResponsesServer } from '../../harness/model-servers/openai-responses';

/** The scripted OpenAI Responses server: its event stream, read with plain fetch. */

async function events(url: string, tools: unknown[] = []): Promise<{ status: number; events: Record<string, unknown>[] }> {
  const res = await fetch(`${url}/v1/responses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-x', stream: true, input: [], tools }) });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, events: [JSON.parse(text) as Record<string, unknown>] };
  const parsed = text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const [eventLine, dataLine] = b.split('\n');
      const data = JSON.parse(dataLine.replace(/^data: /, '')) as Record<string, unknown>;
      assert.strictEqual(eventLine, `event: ${String(data.type)}`);
      return data;
    });
  return { status: res.status, events: parsed };
}

describe('scripted model server: OpenAI Responses', () => {
  it('streams a namespaced MCP tool call, then text, and completes each with usage', async () => {
    const server = await startResponsesServer([{ kind: 'tools', calls: [{ name: 'mcp__cortex__claim_task', input: {} }] }, { kind: 'text', text: 'Claimed.' }]);
    try {
      const first = await events(server.url);
      assert.deepStrictEqual(first.events.map((e) => e.type), ['response.created', 'response.output_item.added', 'response.function_call_arguments.delta', 'response.output_item.done', 'response.completed']);
      const item = first.events[3].item as Record<string, unknown>;
      assert.deepStrictEqual([item.type, item.namespace, item.name, item.arguments], ['function_call', 'mcp__cortex', 'claim_task', '{}']);
      assert.deepStrictEqual((first.events[4].response as { usage: unknown }).usage, responsesUsageFor(1));
      const second = await events(server.url);
      assert.deepStrictEqual(second.events[2], { type: 'response.output_text.delta', output_index: 0, item_id: 'msg_2', content_index: 0, delta: 'Claimed.' });
      assert.deepStrictEqual(server.served, [responsesUsageFor(1), responsesUsageFor(2)]);
    } finally {
      await server.close();
    }
  });

  it('fails a turn as overloaded (503)', async () => {
    const server = await startResponsesServer([{ kind: 'overloaded' }]);
    try {
      const r = await events(server.url);
      assert.strictEqual(r.status, 503);
      assert.deepStrictEqual(server.served, []);
    } finally {
      await server.close();
    }
  });

  it("notes a scripted call of a tool the request does not offer (a namespace offers its tools as mcp__<server>__<name>)", async () => {
    const server = await startResponsesServer([
      { kind: 'tools', calls: [{ name: 'mcp__cortex__claim_task', input: {} }] },
      { kind: 'tools', calls: [{ name: 'mcp__cortex__claim_task', input: {} }] },
    ]);
    try {
      await events(server.url, [{ type: 'namespace', name: 'mcp__cortex', tools: [{ type: 'function', name: 'claim_task' }] }]);
      assert.deepStrictEqual(server.unoffered, []);
      await events(server.url, [{ type: 'function', name: 'exec_command' }]);
      assert.deepStrictEqual(server.unoffered, ['mcp__cortex__claim_task (offered: exec_command)']);
    } finally {
      await server.close();
    }
  });
});
