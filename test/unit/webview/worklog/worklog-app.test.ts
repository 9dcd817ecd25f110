// The worklog panel's page in a DOM (Preact + jsdom), fed with the state the host
// builds from the example team's WORKLOG.md and MAILBOX.md.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { parseWorklog } from '../../../../src/core/worklog/parse';
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

  const state = (trusted = true, w = W) => buildWorklogViewState({ hasTeam: true, trusted, worklog: parseWorklog(w), mailbox: parseMailbox(M) });
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
