import * as assert from 'assert';
import type { RequestPermissionRequest, SessionUpdate } from '@agentclientprotocol/sdk';
import { SessionLog, argumentsText, permissionItem, turnTokens } from '../../../../src/extension/acp/session-log';

/** ACP `session/update`s, prompt responses and permission requests, mapped to the session view's entries and the "Needs you" items. */
const text = (t: string) => ({ type: 'text' as const, text: t });

describe('ACP session log', () => {
  it('joins consecutive message and thought chunks; any other update ends the entry', () => {
    const log = new SessionLog();
    const updates: SessionUpdate[] = [
      { sessionUpdate: 'agent_thought_chunk', content: text('Let me ') },
      { sessionUpdate: 'agent_thought_chunk', content: text('look.') },
      { sessionUpdate: 'agent_message_chunk', content: text('Claiming ') },
      { sessionUpdate: 'agent_message_chunk', content: text('the task.') },
      { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'claim_task', status: 'pending' },
      { sessionUpdate: 'agent_message_chunk', content: text('Done.') },
      { sessionUpdate: 'available_commands_update', availableCommands: [] },
    ];
    const shown = updates.map((u, i) => log.apply(u, 1000 + i));
    assert.deepEqual(shown, [true, true, true, true, true, true, false]);
    assert.deepEqual(
      log.entries.map((e) => [e.kind, 'text' in e ? e.text : e.id, e.at]),
      [
        ['thought', 'Let me look.', 1000],
        ['agent', 'Claiming the task.', 1002],
        ['tool', 't1', 1004],
        ['agent', 'Done.', 1005],
      ],
    );
  });

  it('a tool call changes in place: status, arguments in words, output (text, diffs); an update never announced makes the entry', () => {
    const log = new SessionLog();
    log.apply({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Edit notes.md', kind: 'edit', status: 'pending', rawInput: { path: '/p/notes.md', lines: [1, 2] } }, 1);
    log.apply({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' }, 2);
    log.apply({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', content: [{ type: 'diff', path: '/p/notes.md', oldText: 'a', newText: 'b' }, { type: 'content', content: text('ok') }] }, 3);
    log.apply({ sessionUpdate: 'tool_call_update', toolCallId: 't2', status: 'failed', title: 'npm test' }, 4);
    assert.deepEqual(log.entries, [
      { kind: 'tool', id: 't1', title: 'Edit notes.md', toolKind: 'edit', status: 'completed', argumentsText: 'path: /p/notes.md\nlines: [1,2]', output: [{ kind: 'diff', diff: { path: '/p/notes.md', oldText: 'a', newText: 'b' } }, { kind: 'text', text: 'ok' }], at: 1 },
      { kind: 'tool', id: 't2', title: 'npm test', status: 'failed', argumentsText: '', output: [], at: 4 },
    ]);
  });

  it('a plan replaces the plan entry; user prompts and notices are entries of their own', () => {
    const log = new SessionLog();
    log.addUser('Claim your task.', 1);
    log.apply({ sessionUpdate: 'plan', entries: [{ content: 'Claim', priority: 'high', status: 'in_progress' }] }, 2);
    log.apply({ sessionUpdate: 'plan', entries: [{ content: 'Claim', priority: 'high', status: 'completed' }, { content: 'Test', priority: 'low', status: 'pending' }] }, 3);
    log.addNotice('Cancelled the turn.', 4);
    assert.deepEqual(
      log.entries.map((e) => e.kind),
      ['user', 'plan', 'notice'],
    );
    const plan = log.entries[1];
    assert.ok(plan.kind === 'plan');
    assert.deepEqual(plan.entries.map((e) => e.status), ['completed', 'pending']);
  });

  it('usage: the context window and the cost so far from usage_update, the tokens added turn by turn', () => {
    const log = new SessionLog();
    log.apply({ sessionUpdate: 'usage_update', used: 1211, size: 1_000_000 }, 1);
    log.addTurn({ input: 1010, output: 51, cacheRead: 200, cacheWrite: 0, model: null });
    log.apply({ sessionUpdate: 'usage_update', used: 1261, size: 1_000_000, cost: { amount: 0.0051, currency: 'USD' } }, 2);
    log.apply({ sessionUpdate: 'usage_update', used: 1300, size: 1_000_000 }, 3);
    log.addTurn({ input: 10, output: 1, cacheRead: 0, cacheWrite: 5, model: null });
    assert.deepEqual(log.usage, { inputTokens: 1020, outputTokens: 52, cachedReadTokens: 200, cachedWriteTokens: 5, contextUsed: 1300, contextSize: 1_000_000, cost: { amount: 0.0051, currency: 'USD' } });
  });

  it("a turn's tokens from ACP's usage (Claude, Codex adapters) or Gemini CLI's _meta.quota", () => {
    assert.deepEqual(turnTokens({ stopReason: 'end_turn', usage: { inputTokens: 1010, outputTokens: 51, cachedReadTokens: 200, cachedWriteTokens: 0, totalTokens: 1261 } }), { input: 1010, output: 51, cacheRead: 200, cacheWrite: 0, model: null });
    const gemini = { stopReason: 'end_turn', _meta: { quota: { token_count: { input_tokens: 1510, output_tokens: 31 }, model_usage: [{ model: 'gemini-2.5-flash', token_count: { input_tokens: 1510, output_tokens: 31 } }] } } };
    assert.deepEqual(turnTokens(gemini), { input: 1510, output: 31, cacheRead: 0, cacheWrite: 0, model: 'gemini-2.5-flash' });
    assert.equal(turnTokens({ stopReason: 'end_turn' }), undefined);
    assert.equal(turnTokens(null), undefined);
  });

  it('a permission request as the list shows it: the tool, its arguments in words, the diff it would apply, the options', () => {
    const req: RequestPermissionRequest = {
      sessionId: 's1',
      toolCall: { toolCallId: 't9', title: 'mcp_cortex_claim_task', kind: 'other', rawInput: { task: 'Credit notes' }, content: [{ type: 'diff', path: '/p/a.md', newText: 'new' }] },
      options: [
        { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
        { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
      ],
    };
    assert.deepEqual(permissionItem(req, { id: 'r1', agentSlug: 'billing-dev', at: 7 }), {
      kind: 'permission',
      id: 'r1',
      agentSlug: 'billing-dev',
      sessionId: 's1',
      toolCallId: 't9',
      tool: 'mcp_cortex_claim_task',
      toolKind: 'other',
      argumentsText: 'task: Credit notes',
      diffs: [{ path: '/p/a.md', oldText: null, newText: 'new' }],
      options: [
        { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
        { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
      ],
      receivedAt: 7,
    });
    assert.equal(argumentsText(undefined), '');
    assert.equal(argumentsText('ls -la'), 'ls -la');
  });
});
