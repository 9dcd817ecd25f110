import * as assert from 'assert';
import { WAIT_FOR_MCP, startAnthropicServer, usageFor } from '../../harness/model-servers/anthropic-messages';

/** The scripted Anthropic Messages server: its event stream, read with plain fetch. */

async function events(url: string, body: unknown): Promise<{ status: number; events: { event: string; data: Record<string, unknown> }[] }> {
  const res = await fetch(`${url}/v1/messages?beta=true`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, events: [{ event: 'error', data: JSON.parse(text) as Record<string, unknown> }] };
  const parsed = text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.replace(/^event: /, ''), data: JSON.parse(dataLine.replace(/^data: /, '')) as Record<string, unknown> };
    });
  return { status: res.status, events: parsed };
}

describe('scripted model server: Anthropic Messages', () => {
  it('streams tool calls then text as the real API does, with the usage it records', async () => {
    const server = await startAnthropicServer([
      { kind: 'tools', calls: [{ name: 'mcp__cortex__claim_task', input: {} }] },
      { kind: 'text', text: 'Claimed.' },
    ]);
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const tools = [{ name: 'mcp__cortex__claim_task', input_schema: {} }];
      const first = await events(server.url, { model: 'claude-x', stream: true, tools, messages: [] });
      assert.deepStrictEqual(first.events.map((e) => e.event), ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
      assert.deepStrictEqual((first.events[1].data.content_block as Record<string, unknown>).name, 'mcp__cortex__claim_task');
      assert.deepStrictEqual(first.events[2].data.delta, { type: 'input_json_delta', partial_json: '{}' });
      assert.deepStrictEqual(first.events[4].data, { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: usageFor(1).output_tokens } });
      const side = await events(server.url, { model: 'claude-x', stream: true, messages: [] });
      assert.strictEqual((side.events[2].data.delta as { text: string }).text, 'Scripted title');
      const second = await events(server.url, { model: 'claude-x', stream: true, tools, messages: [] });
      assert.deepStrictEqual(second.events[2].data.delta, { type: 'text_delta', text: 'Claimed.' });
      assert.strictEqual((second.events[4].data.delta as { stop_reason: string }).stop_reason, 'end_turn');
      assert.deepStrictEqual(server.served, [usageFor(1), usageFor(2)]);
      assert.strictEqual(server.requests.length, 3);
    } finally {
      await server.close();
    }
  });

  it('fails a turn with an overload error (529), as the real API does', async () => {
    const server = await startAnthropicServer([{ kind: 'overloaded' }]);
    try {
      const r = await events(server.url, { model: 'claude-x', stream: true, tools: [{ name: 't' }], messages: [] });
      assert.strictEqual(r.status, 529);
      assert.deepStrictEqual(r.events[0].data, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
      assert.deepStrictEqual(server.served, []);
    } finally {
      await server.close();
    }
  });

  it('notes a scripted call of a tool the request does not offer; with WaitForMcpServers offered instead, calls that first and keeps the turn', async () => {
    const server = await startAnthropicServer([{ kind: 'tools', calls: [{ name: 'mcp__cortex__claim_task', input: {} }] }]);
    try {
      const pending = await events(server.url, { model: 'claude-x', stream: true, tools: [{ name: 'Read' }, { name: WAIT_FOR_MCP }], messages: [] });
      assert.strictEqual((pending.events[1].data.content_block as Record<string, unknown>).name, WAIT_FOR_MCP);
      const connected = await events(server.url, { model: 'claude-x', stream: true, tools: [{ name: 'mcp__cortex__claim_task' }], messages: [] });
      assert.strictEqual((connected.events[1].data.content_block as Record<string, unknown>).name, 'mcp__cortex__claim_task');
      assert.deepStrictEqual(server.unoffered, []);
      assert.deepStrictEqual(server.served, [usageFor(1), usageFor(2)]);
    } finally {
      await server.close();
    }
    const blind = await startAnthropicServer([{ kind: 'tools', calls: [{ name: 'mcp__cortex__claim_task', input: {} }] }]);
    try {
      await events(blind.url, { model: 'claude-x', stream: true, tools: [{ name: 'Read' }], messages: [] });
      assert.deepStrictEqual(blind.unoffered, ['mcp__cortex__claim_task (offered: Read)']);
    } finally {
      await blind.close();
    }
  });
});
