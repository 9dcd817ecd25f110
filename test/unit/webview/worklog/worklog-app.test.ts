// The worklog panel's page in a DOM (Preact + jsdom), fed with the state the host
// builds from the example team's WORKLOG.md and MAILBOX.md.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { parseStamp } from '../../../../src/base/time';
import { checkWorklogHostMessage, checkWorklogWebviewMessage } from '../../../../src/views/worklog/common/messages';
import { buildWorklogViewState } from '../../../../src/views/worklog/worklog-view-state';
import { createActions } from '../../../../webview/worklog/actions';
import { WorklogApp, WorklogStore } from '../../../../webview/worklog/components/worklog-app';
import { installDom, removeDom } from '../dom';

const ROOT = path.resolve(__dirname, '../../../../..');
const W = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');
const M = readFileSync(path.join(ROOT, 'examples/team/MAILBOX.md'), 'utf8');

class Api {
  sent: unknown[] = [];
  state: unknown = undefined;
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  getState() {
    return this.state;
  }
  setState(s: unknown) {
    this.state = s;
  }
}

describe('Worklog panel page', () => {
  let root: HTMLElement;
  let api: Api;
  let store: WorklogStore;
  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    root = document.getElementById('root')!;
    api = new Api();
    store = new WorklogStore();
    act(() => render(h(WorklogApp, { store, actions: createActions(api) }), root));
  });
  afterEach(() => act(() => render(null, root)));

  const NOON = parseStamp('2026-03-28T12:00')!;
  const state = (trusted = true, w = W, m = M, now = NOON) => buildWorklogViewState({ hasTeam: true, trusted, worklog: parseWorklog(w), mailbox: parseMailbox(m), now });
  const texts = (sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent?.trim());
  const click = (el: Element | null) => act(() => (el as HTMLElement).click());

  it('shows the status, the decisions and the timeline; filters by agent and type', () => {
    act(() => store.set(state()));
    assert.deepEqual(texts('.timeline .subject'), ['morning briefing', 'draft invoices', 'invoice numbering', 'integer cents']);
    assert.deepEqual(texts('.timeline .chip'), ['Note', 'Handoff', 'Decision', 'Handoff']);
    assert.equal(root.querySelectorAll('#panel-worklog table')[0].querySelectorAll('tbody tr').length, 6);
    const [agent, type] = [...root.querySelectorAll('select')] as HTMLSelectElement[];
    act(() => {
      agent.value = 'billing-dev';
      agent.dispatchEvent(new Event('change'));
    });
    assert.deepEqual(texts('.timeline .subject'), ['draft invoices', 'integer cents']);
    act(() => {
      type.value = 'decision.recorded';
      type.dispatchEvent(new Event('change'));
    });
    assert.equal(root.querySelectorAll('.timeline li').length, 0);
    assert.deepEqual(api.state, { tab: 'worklog', agent: 'billing-dev', type: 'decision.recorded' });
  });

  it('renders entry text as text (no HTML), sends ids only', () => {
    act(() => store.set(state(true, W + '\n## 2026-03-29T10:00 — x — <img src=x onerror=alert(1)>\n<script>alert(1)</script>\n')));
    assert.equal(root.querySelector('img'), null);
    assert.equal(root.querySelector('script'), null);
    click(root.querySelector('.timeline .subject'));
    const sent = api.sent[api.sent.length - 1] as { type: string; id: string };
    assert.equal(sent.type, 'openEntry');
    assert.ok(checkWorklogWebviewMessage(sent).ok);
  });

  it('mailbox tab: inbox, groups by status, a status control with the next statuses only', () => {
    act(() => store.set(state()));
    click(root.querySelector('#tab-mailbox'));
    assert.deepEqual(texts('.group h2').map((t) => t?.replace(/\s+/g, ' ')), ['New (1)', 'Acknowledged (1)', 'Closed (1)']);
    const select = root.querySelector('select[aria-label="Status of MSG-0002"]') as HTMLSelectElement;
    assert.deepEqual([...select.options].map((o) => o.value), ['acknowledged', 'actioned', 'closed', 'resolved', 'superseded', 'withdrawn', 'abandoned']);
    assert.equal(root.querySelector('select[aria-label="Status of MSG-0001"]'), null, 'a closed message has no control');
    act(() => {
      select.value = 'actioned';
      select.dispatchEvent(new Event('change'));
    });
    assert.deepEqual(api.sent[api.sent.length - 1], { type: 'setStatus', id: 'MSG-0002', status: 'actioned', expected: 'acknowledged' });
  });

  it('mailbox: each message shows its priority and type; an overdue one is marked and comes first; overdue P0/P1 offer Escalate', () => {
    const p0 = M.replace(
      '## MSG-0003',
      '## MSG-0004 — prod payments failing\n| Field | Value |\n|---|---|\n| From | infra-ops |\n| To | billing-dev |\n| Sent | 2026-03-28T10:00 |\n| Type | alert |\n| Priority | P0 |\n| Respond by | 2026-03-28T11:00 |\n| Status | new |\n\nWebhooks fail.\n\n## MSG-0005 — later\n| Field | Value |\n|---|---|\n| From | qa |\n| To | billing-dev |\n| Sent | 2026-03-28T11:30 |\n| Priority | P1 |\n| Status | new |\n\nNo hurry yet.\n\n## MSG-0003',
    );
    act(() => store.set(state(true, W, p0)));
    click(root.querySelector('#tab-mailbox'));
    const news = [...root.querySelectorAll('.group')][0];
    assert.deepEqual([...news.querySelectorAll('.msg-id')].map((e) => e.textContent), ['MSG-0004', 'MSG-0003', 'MSG-0005'], 'overdue first, then by priority');
    assert.deepEqual([...news.querySelectorAll('.chip.priority')].map((e) => e.textContent), ['P0', 'P2', 'P1']);
    assert.deepEqual([...news.querySelectorAll('.chip.kind')].map((e) => e.textContent), ['alert', 'question']);
    const [m4, m3, m5] = [...news.querySelectorAll('article')];
    assert.match(m4.textContent ?? '', /overdue by 1 h \(respond by 2026-03-28 11:00\)/);
    assert.match(m3.textContent ?? '', /overdue by 2 h 55 min/);
    assert.match(m5.textContent ?? '', /respond by 2026-03-28 15:30/);
    assert.ok(m4.classList.contains('overdue') && !m5.classList.contains('overdue'));
    assert.match(m4.getAttribute('aria-label') ?? '', /P0 critical.*overdue by 1 h/);
    assert.equal(m3.querySelector('.escalate'), null, 'P2 is marked, not escalated');
    click(m4.querySelector('.escalate'));
    assert.deepEqual(api.sent[api.sent.length - 1], { type: 'escalate', id: 'MSG-0004' });
    assert.ok(checkWorklogWebviewMessage(api.sent[api.sent.length - 1]).ok);
    // Once escalated it says so and offers no button.
    act(() => store.set(state(true, W, p0.replace('| Respond by | 2026-03-28T11:00 |\n| Status | new |', '| Respond by | 2026-03-28T11:00 |\n| Status | new |\n| Escalated | 2026-03-28T11:40 |'))));
    const m4b = root.querySelector('article[aria-label^="MSG-0004"]')!;
    assert.equal(m4b.querySelector('.escalate'), null);
    assert.match(m4b.textContent ?? '', /escalated 2026-03-28 11:40/);
  });

  it('the host can ask for the mailbox tab', () => {
    act(() => store.set(state()));
    assert.equal(root.querySelector('#tab-worklog')!.getAttribute('aria-selected'), 'true');
    assert.ok(checkWorklogHostMessage({ type: 'showTab', tab: 'mailbox' }).ok);
    assert.equal(checkWorklogHostMessage({ type: 'showTab', tab: 'elsewhere' }).ok, false);
    act(() => store.showTab('mailbox'));
    assert.equal(root.querySelector('#tab-mailbox')!.getAttribute('aria-selected'), 'true');
  });

  it('Restricted Mode: the write controls are disabled', () => {
    act(() => store.set(state(false)));
    assert.ok([...root.querySelectorAll('.toolbar button')].every((b) => (b as HTMLButtonElement).disabled));
    assert.match(root.textContent ?? '', /Read-only/);
  });

  it('keyboard: arrow keys move between the tabs', () => {
    act(() => store.set(state()));
    act(() => {
      root.querySelector('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    assert.equal(root.querySelector('#tab-mailbox')!.getAttribute('aria-selected'), 'true');
  });

  it('protocol: malformed messages are refused both ways', () => {
    assert.equal(checkWorklogWebviewMessage({ type: 'setStatus', id: '../x', status: 'closed', expected: 'new' }).ok, false);
    assert.equal(checkWorklogWebviewMessage({ type: 'openEntry', id: 'wl-1', path: '/etc' }).ok, false);
    assert.equal(checkWorklogWebviewMessage({ type: 'runCommand' }).ok, false);
    assert.equal(checkWorklogHostMessage({ type: 'state', state: {} }).ok, false);
    assert.equal(checkWorklogHostMessage({ type: 'state', state: state() }).ok, true);
  });
});
