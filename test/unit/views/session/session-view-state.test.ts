import * as assert from 'node:assert/strict';
import { checkSessionHostMessage, checkSessionViewState, checkSessionWebviewMessage } from '../../../../src/views/session/common/messages';
import { buildSessionViewState, usageText } from '../../../../src/views/session/session-view-state';
import { T0, permissionItem, sessionSnapshot } from '../session-builders';

describe('Session view: its state and protocol', () => {
  const snapshot = sessionSnapshot({
    state: 'in-turn',
    entries: [
      { kind: 'user', id: 'u1', text: 'Claim your next task.', at: T0 },
      { kind: 'thought', id: 't1', text: 'The ledger task is ready.', at: T0 },
      { kind: 'tool', id: 'call-1', title: 'Edit tasks.md', toolKind: 'edit', status: 'completed', argumentsText: 'path: tasks.md', output: [{ kind: 'diff', diff: { path: 'tasks.md', oldText: 'ready\n', newText: 'in-progress\n' } }, { kind: 'text', text: 'ok' }], at: T0 },
      { kind: 'plan', id: 'p1', entries: [{ content: 'Claim', priority: 'high', status: 'completed' }, { content: 'Reconcile', priority: 'medium', status: 'in_progress' }], at: T0 },
      { kind: 'agent', id: 'a1', text: 'Claimed it.', at: T0 },
      { kind: 'notice', id: 'n1', text: 'Session started.', at: T0 },
    ],
    usage: { inputTokens: 12_345, outputTokens: 678, cachedReadTokens: 40_000, cachedWriteTokens: 0, contextUsed: 42_000, contextSize: 200_000, cost: { amount: 0.0412, currency: 'USD' } },
    pending: [permissionItem()],
  });

  it('maps every kind of entry, works out the diffs, says usage in words, and what the buttons may do', () => {
    const s = buildSessionViewState('payments-reconciliation-lead', 'Senior Payments Reconciliation Lead', snapshot);
    assert.deepEqual(
      s.entries.map((e) => e.kind),
      ['user', 'thought', 'tool', 'plan', 'agent', 'notice'],
    );
    const tool = s.entries[2];
    assert.ok(tool.kind === 'tool' && tool.output[0].kind === 'diff');
    assert.deepEqual(tool.output[0].kind === 'diff' && tool.output[0].diff.lines, [
      { op: 'remove', text: 'ready' },
      { op: 'add', text: 'in-progress' },
    ]);
    assert.equal(s.usage, '12.3k tokens in · 678 out · 40.0k cached · $0.04 · context 21% of 200.0k');
    assert.deepEqual([s.canPrompt, s.canCancel, s.canStop], [false, true, true]);
    assert.deepEqual(
      s.pending[0].options.map((o) => o.kind),
      ['allow_once', 'allow_always', 'reject_once'],
    );
    assert.equal(checkSessionViewState(s), null);
    assert.equal(checkSessionHostMessage({ type: 'state', version: 3, state: s }).ok, true);
  });

  it('no session: nothing to send, cancel or stop; an idle one takes a prompt', () => {
    const none = buildSessionViewState('docs', 'Docs Writer', undefined);
    assert.deepEqual([none.status, none.canPrompt, none.canCancel, none.canStop, none.entries.length], ['none', false, false, false, 0]);
    assert.equal(buildSessionViewState('x', 'X', sessionSnapshot()).canPrompt, true);
    assert.equal(usageText({ inputTokens: 5, outputTokens: 7, cachedReadTokens: 0, cachedWriteTokens: 0 }), '5 tokens in · 7 out');
  });

  it('refuses malformed messages both ways: unknown entry kinds, extra fields, a prompt past its limit', () => {
    const s = buildSessionViewState('x', 'X', sessionSnapshot({ entries: [{ kind: 'agent', id: 'a', text: 'hi', at: T0 }] }));
    assert.match(checkSessionViewState({ ...s, entries: [{ kind: 'html', id: 'a', text: '<b>' }] })!, /kind should be one of/);
    assert.match(checkSessionViewState({ ...s, entries: [{ kind: 'agent', id: 'a', text: 'hi', path: '/etc' }] })!, /unexpected field/);
    assert.equal(checkSessionWebviewMessage({ type: 'prompt', text: 'Go on.' }).ok, true);
    assert.equal(checkSessionWebviewMessage({ type: 'prompt', text: 'x'.repeat(100_001) }).ok, false);
    assert.equal(checkSessionWebviewMessage({ type: 'answer', item: 'req-1', option: 'allow' }).ok, true);
    assert.equal(checkSessionWebviewMessage({ type: 'runCommand', command: 'rm' }).ok, false);
  });
});
