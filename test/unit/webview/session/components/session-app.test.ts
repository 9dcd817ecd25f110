import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import type { AgentSessionSnapshot } from '../../../../../src/extension/sessions/session-model';
import { SessionHostMessage, checkSessionWebviewMessage } from '../../../../../src/views/session/common/messages';
import { buildSessionViewState } from '../../../../../src/views/session/session-view-state';
import { createActions, listenToHost } from '../../../../../webview/session/actions';
import { SessionApp } from '../../../../../webview/session/components/session-app';
import { T0, permissionItem, sessionSnapshot } from '../../../views/session-builders';
import { installDom, removeDom } from '../../dom';
import { RecordingApi } from '../../host-api';

describe('Session view page (in a DOM, states through the page protocol)', () => {
  let root: HTMLElement;
  let api: RecordingApi;
  let post: (message: unknown) => void;
  let dropped: string[];
  let version = 0;

  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
    api = new RecordingApi();
    dropped = [];
    const actions = createActions(api);
    let listener: ((e: MessageEvent) => void) | undefined;
    listenToHost({ addEventListener: (_t: string, l: EventListener) => (listener = l as never), removeEventListener: () => undefined }, (state) => render(h(SessionApp, { state, actions }), root), (r) => dropped.push(r));
    post = (message) => act(() => listener!(new MessageEvent('message', { data: message })));
  });
  afterEach(() => render(null, root));

  const send = (s: AgentSessionSnapshot) => {
    const message: SessionHostMessage = { type: 'state', version: ++version, state: buildSessionViewState(s.agentSlug, 'Senior Payments Reconciliation Lead', s) };
    post(message);
  };
  const streaming = (text: string) =>
    sessionSnapshot({
      state: 'in-turn',
      entries: [
        { kind: 'user', id: 'u1', text: 'Claim your next task.', at: T0 },
        { kind: 'thought', id: 't1', text: 'The ledger task is ready.\nClaim it first.', at: T0 },
        { kind: 'tool', id: 'call-1', title: 'Edit agents/payments-reconciliation-lead/tasks.md', toolKind: 'edit', status: 'completed', argumentsText: 'path: tasks.md', output: [{ kind: 'diff', diff: { path: 'tasks.md', oldText: '**Status:** ready\n', newText: '**Status:** in-progress\n' } }], at: T0 },
        { kind: 'tool', id: 'call-2', title: 'Run npm test', toolKind: 'execute', status: 'in_progress', argumentsText: 'command: npm test', output: [], at: T0 },
        { kind: 'plan', id: 'p1', entries: [{ content: 'Claim the task', priority: 'high', status: 'completed' }, { content: 'Reconcile the ledger', priority: 'medium', status: 'in_progress' }], at: T0 },
        { kind: 'agent', id: 'a1', text, at: T0 },
      ],
      usage: { inputTokens: 1200, outputTokens: 80, cachedReadTokens: 0, cachedWriteTokens: 0, cost: { amount: 0.01, currency: 'USD' } },
    });

  it('shows the transcript as it streams: messages, a folded thought, tool calls with status and arguments, diffs, the plan as a checklist', () => {
    send(streaming('Claimed'));
    send(streaming('Claimed it; reconciling now.'));
    const entries = Array.from(root.querySelectorAll('.transcript > li'));
    assert.deepEqual(
      entries.map((e) => e.className.split(' ')[1]),
      ['user', 'thought', 'tool', 'tool', 'plan', 'agent'],
    );
    assert.equal(entries[5].querySelector('.entry-text')!.textContent, 'Claimed it; reconciling now.', 'the newest chunk');
    const thought = entries[1].querySelector('details')!;
    assert.equal(thought.open, false, 'thoughts are folded');
    assert.match(thought.querySelector('summary')!.textContent!, /Thought The ledger task is ready\./);
    assert.match(entries[2].querySelector('summary')!.textContent!, /Edit agents\/payments-reconciliation-lead\/tasks\.md.*edit.*done/);
    assert.ok(entries[2].querySelector('.diff-line.add'), 'the diff as a diff');
    assert.match(entries[3].textContent!, /Run npm test.*running.*command: npm test/);
    assert.deepEqual(
      Array.from(entries[4].querySelectorAll('.plan-item')).map((i) => i.getAttribute('aria-label')),
      ['Claim the task: completed, high priority', 'Reconcile the ledger: in progress'],
    );
    assert.equal(root.querySelector('.transcript')!.getAttribute('role'), 'log');
    assert.match(root.querySelector('.session-status')!.textContent!, /working/);
    assert.match(root.querySelector('.session-usage')!.textContent!, /1\.2k tokens in · 80 out · \$0\.01/);
  });

  it('Cancel while in a turn, Stop; the box sends only between turns, Enter sends and clears it', () => {
    send(streaming('Working.'));
    const [cancel, stop] = Array.from(root.querySelectorAll<HTMLButtonElement>('.bar-button'));
    assert.equal(cancel.disabled, false);
    act(() => cancel.click());
    act(() => stop.click());
    const box = root.querySelector<HTMLTextAreaElement>('.composer-text')!;
    assert.equal(box.getAttribute('aria-label'), 'Write to Senior Payments Reconciliation Lead');
    act(() => {
      box.value = 'Also check the December ledger.';
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => void box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    assert.deepEqual(api.ofType('prompt'), [], 'not while it works');
    send(sessionSnapshot({ state: 'idle' }));
    act(() => void box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    assert.deepEqual(api.ofType('prompt'), [{ type: 'prompt', text: 'Also check the December ledger.' }]);
    assert.equal(box.value, '');
    assert.deepEqual(api.posted.map((m) => (m as { type: string }).type), ['cancel', 'stop', 'prompt']);
    for (const m of api.posted) assert.ok(checkSessionWebviewMessage(m).ok);
  });

  it('its pending requests are answered here, with the buttons or a and r; a bad or old state is dropped', () => {
    send(sessionSnapshot({ state: 'in-turn', pending: [permissionItem()] }));
    const request = root.querySelector<HTMLElement>('.pending-request')!;
    assert.match(request.textContent!, /Asks to use mcp__cortex__claim_task/);
    act(() => void request.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true })));
    act(() => request.querySelectorAll<HTMLButtonElement>('.answer-button')[2].click());
    assert.deepEqual(api.ofType('answer'), [
      { type: 'answer', item: 'req-1', option: 'allow' },
      { type: 'answer', item: 'req-1', option: 'reject' },
    ]);
    post({ type: 'state', version: 1, state: buildSessionViewState('x', 'X', undefined) });
    post({ type: 'state', version: 99, state: { agent: 'x' } });
    assert.equal(dropped.length, 2);
    assert.ok(root.querySelector('.pending-request'), 'still the last good state');
  });
});
