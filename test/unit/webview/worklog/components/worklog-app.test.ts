// The worklog panel's page in a DOM (Preact + jsdom), fed with the state the host
// builds from the example team's WORKLOG.md and MAILBOX.md.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { ActivityRecord, ActivityVia, DASHBOARD_ACTOR, activityEvent, appendActivityText, parseActivity } from '../../../../../src/core/actions/activity';
import { parseMailbox } from '../../../../../src/core/mailbox/parse';
import { parseWorklog } from '../../../../../src/core/worklog/parse';
import { parseStamp } from '../../../../../src/base/time';
import { checkWorklogHostMessage, checkWorklogWebviewMessage } from '../../../../../src/views/worklog/common/messages';
import { buildWorklogViewState } from '../../../../../src/views/worklog/worklog-view-state';
import { createActions } from '../../../../../webview/worklog/actions';
import { localTime } from '../../../../../webview/worklog/components/activity';
import { WorklogApp, WorklogStore } from '../../../../../webview/worklog/components/worklog-app';
import { installDom, removeDom } from '../../dom';

const ROOT = path.resolve(__dirname, '../../../../../..');
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
  const state = (trusted = true, w = W, m = M, activity = '', now = NOON) =>
    buildWorklogViewState({ hasTeam: true, trusted, worklog: parseWorklog(w), mailbox: parseMailbox(m), now, activity: activity === '' ? null : parseActivity(activity) });
  /** The feed with one more event, as the core appends it. */
  const append = (feed: string, r: ActivityRecord, minute: number, via: ActivityVia = 'mcp') => appendActivityText(feed, activityEvent(r, new Date(Date.UTC(2026, 2, 28, 9, minute, 7)), via, null));
  const texts = (sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent?.trim());
  const click = (el: Element | null) => act(() => (el as HTMLElement).click());

  it('has the one page header, with the team and its folder in the tooltip', () => {
    act(() => store.set({ ...state(), team: { name: 'Larkspur — payments and reconciliation', path: '/home/me/larkspur' } }));
    const title = root.querySelector<HTMLElement>('header.page-header h1.page-title')!;
    assert.deepEqual([title.querySelector('.page-name')!.textContent, title.querySelector('.page-team')!.textContent], ['Worklog', '· Larkspur — payments and reconciliation']);
    assert.equal(title.getAttribute('title'), 'Worklog · Larkspur — payments and reconciliation (/home/me/larkspur)');
    assert.ok(root.querySelector('header.page-header + .tabs'), 'the tabs follow it');
  });

  it('shows the session charter (document 001) as text, with the session it declares; none without one', () => {
    const charter = '---\nsession_id: S-7\n---\n# Charter: invoicing v2\n\nGoal: ship credit notes. <b>not html</b>\r\n';
    const withCharter = buildWorklogViewState({ hasTeam: true, trusted: true, worklog: parseWorklog(W), mailbox: parseMailbox(M), now: NOON, charter: { file: 'SESSION-CHARTER.md', text: charter } });
    assert.equal(checkWorklogHostMessage({ type: 'state', version: 1, state: withCharter }).ok, true);
    assert.equal(checkWorklogHostMessage({ type: 'state', version: 1, state: { ...withCharter, charter: { file: 'x' } } }).ok, false);
    act(() => store.set(withCharter));
    const block = root.querySelector('section.charter')!;
    assert.match(block.querySelector('h2')!.textContent!, /Session charter \(SESSION-CHARTER\.md, session S-7\)/);
    assert.equal(block.querySelector('summary')!.textContent, 'Charter: invoicing v2');
    assert.equal(block.querySelector('pre.charter-text')!.textContent, '---\nsession_id: S-7\n---\n# Charter: invoicing v2\n\nGoal: ship credit notes. <b>not html</b>');
    assert.equal(block.querySelector('b'), null, 'text, never HTML');
    act(() => store.set(state()));
    assert.equal(root.querySelector('section.charter'), null);
  });

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

  it('the host can ask for a tab (a reveal without an id)', () => {
    act(() => store.set(state()));
    assert.equal(root.querySelector('#tab-worklog')!.getAttribute('aria-selected'), 'true');
    assert.ok(checkWorklogHostMessage({ type: 'reveal', tab: 'mailbox', id: null }).ok);
    assert.ok(checkWorklogHostMessage({ type: 'reveal', tab: 'activity', id: null }).ok);
    assert.equal(checkWorklogHostMessage({ type: 'reveal', tab: 'elsewhere', id: null }).ok, false);
    act(() => store.reveal('mailbox', null));
    assert.equal(root.querySelector('#tab-mailbox')!.getAttribute('aria-selected'), 'true');
    // Only once: the person can move to another tab afterwards.
    click(root.querySelector('#tab-worklog'));
    act(() => store.set(state()));
    assert.equal(root.querySelector('#tab-worklog')!.getAttribute('aria-selected'), 'true');
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
    act(() => {
      root.querySelector('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    assert.equal(root.querySelector('#tab-activity')!.getAttribute('aria-selected'), 'true');
    act(() => {
      root.querySelector('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    assert.equal(root.querySelector('#tab-worklog')!.getAttribute('aria-selected'), 'true');
  });

  it('activity tab: no feed yet says where events come from', () => {
    act(() => store.set(state()));
    click(root.querySelector('#tab-activity'));
    assert.equal(root.querySelector('#tab-activity .count')!.textContent, '0');
    assert.match(root.querySelector('#panel-activity .empty')!.textContent ?? '', /No activity yet\. Agents that work through the Cortex MCP server .* \.cortex\/activity\.jsonl/);
  });

  it('activity tab: newest first, live arrivals marked new, the subject opens the event by id, times in the local zone', () => {
    let feed = append('', { type: 'task.claimed', actor: 'billing-dev', subject: 'Credit notes', file: 'agents/billing-dev/tasks.md' }, 0);
    feed = append(feed, { type: 'message.sent', actor: 'billing-dev', subject: 'Schema <b>question</b>', file: 'MAILBOX.md', details: { id: 'MSG-007', to: 'team-lead' } }, 1);
    act(() => store.set(state(true, W, M, feed)));
    click(root.querySelector('#tab-activity'));
    assert.deepEqual(texts('.feed .chip'), ['Message', 'Claimed']);
    assert.deepEqual(texts('.feed .subject'), ['Schema <b>question</b>', 'Credit notes']);
    assert.equal(root.querySelector('.feed b'), null, 'text, not HTML');
    assert.deepEqual(texts('.feed .act-detail'), ['MSG-007 to team-lead']);
    assert.equal(root.querySelectorAll('.feed .fresh').length, 0, 'what was there when the tab opened is not new');
    const first = root.querySelector('.feed time')!;
    assert.equal(first.textContent, localTime('2026-03-28T09:01:07.000Z'));
    assert.equal(first.getAttribute('datetime'), '2026-03-28T09:01:07.000Z');
    const d = new Date('2026-03-28T09:01:07.000Z');
    assert.match(first.textContent ?? '', new RegExp(`^\\d{4}-\\d\\d-\\d\\d ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:07$`));

    // An agent completes the task through the MCP server: the feed grows, the page shows it on top, marked new.
    feed = append(feed, { type: 'task.completed', actor: 'billing-dev', subject: 'Credit notes', file: 'agents/billing-dev/tasks.md', details: { summary: 'Done.' } }, 2);
    act(() => store.set(state(true, W, M, feed)));
    assert.deepEqual(texts('.feed .chip'), ['Completed', 'Message', 'Claimed']);
    assert.deepEqual(texts('.feed .fresh .subject'), ['Credit notes']);
    assert.equal(root.querySelector('#tab-activity .count')!.textContent, '3');
    api.sent = [];
    click(root.querySelector('.feed .subject'));
    const id = parseActivity(feed).events[2].event_id;
    assert.deepEqual(api.sent, [{ type: 'openActivity', id }]);
    assert.ok(checkWorklogWebviewMessage(api.sent[0]).ok);
  });

  it("activity tab: the dashboard's writes are in the same feed, by the maintainer through the dashboard, for the agent whose task it was", () => {
    let feed = append('', { type: 'task.claimed', actor: 'billing-dev', subject: 'Credit notes', file: 'agents/billing-dev/tasks.md' }, 0);
    feed = append(feed, { type: 'task.completed', actor: DASHBOARD_ACTOR, subject: 'Credit notes', file: 'agents/billing-dev/tasks.md', details: { agent: 'billing-dev', summary: 'Checked by hand.' } }, 1, 'dashboard');
    feed = append(feed, { type: 'task.reassigned', actor: DASHBOARD_ACTOR, subject: 'Refunds', file: 'agents/qa/tasks.md', details: { agent: 'qa', from: 'billing-dev' } }, 2, 'dashboard');
    feed = append(feed, { type: 'worklog.status.updated', actor: DASHBOARD_ACTOR, subject: 'status block: 3 rows', file: 'WORKLOG.md' }, 3, 'dashboard');
    feed = append(feed, { type: 'task.reviewed', actor: DASHBOARD_ACTOR, subject: 'Credit notes', file: 'agents/billing-dev/tasks.md', details: { agent: 'billing-dev', verdict: 'sent back', rework: 'Rework: Credit notes' } }, 4, 'dashboard');
    act(() => store.set(state(true, W, M, feed)));
    click(root.querySelector('#tab-activity'));
    assert.deepEqual(texts('.feed .chip'), ['Reviewed', 'Status table', 'Reassigned', 'Completed', 'Claimed']);
    assert.deepEqual(texts('.feed .act-detail'), ['for billing-dev sent back (Rework: Credit notes)', 'from billing-dev to qa', 'for billing-dev: Checked by hand.']);
    const metas = texts('.feed .meta');
    assert.match(metas[2] ?? '', /maintainer · Dashboard · agents\/qa\/tasks\.md/);
    assert.match(metas[4] ?? '', /billing-dev · MCP · agents\/billing-dev\/tasks\.md/);
    assert.ok(root.querySelector('.feed .type-worklog-status-updated'), 'a class per type, every dot a dash');
  });

  it('protocol: malformed messages are refused both ways', () => {
    assert.equal(checkWorklogWebviewMessage({ type: 'setStatus', id: '../x', status: 'closed', expected: 'new' }).ok, false);
    assert.equal(checkWorklogWebviewMessage({ type: 'openEntry', id: 'wl-1', path: '/etc' }).ok, false);
    assert.equal(checkWorklogWebviewMessage({ type: 'runCommand' }).ok, false);
    assert.equal(checkWorklogWebviewMessage({ type: 'openActivity', id: '../../etc/passwd' }).ok, false);
    const { activity: _dropped, ...noActivity } = state();
    assert.equal(checkWorklogHostMessage({ type: 'state', version: 1, state: noActivity }).ok, false);
    assert.equal(checkWorklogHostMessage({ type: 'state', version: 1, state: {} }).ok, false);
    assert.equal(checkWorklogHostMessage({ type: 'state', version: 1, state: state() }).ok, true);
    assert.equal(checkWorklogHostMessage({ type: 'loading', team: { name: 't', path: '/t' } }).ok, true);
    assert.equal(checkWorklogHostMessage({ type: 'loading', team: null }).ok, true);
    assert.equal(checkWorklogHostMessage({ type: 'loading', team: 'x' }).ok, false);
  });

  it('shows its header and a loading state at once (the host\'s "loading"), then fills in with the state', () => {
    act(() => store.loading({ name: 'Larkspur', path: '/home/me/larkspur' }));
    assert.equal(root.querySelector('header.page-header .page-team')!.textContent, '· Larkspur');
    assert.match(root.querySelector('[role="status"]')!.textContent!, /Reading the worklog, the mailbox and the activity feed/);
    assert.equal(root.querySelector('.app')!.getAttribute('aria-busy'), 'true');
    act(() => store.set(state()));
    assert.equal(root.querySelector('[aria-busy="true"]'), null);
    assert.deepEqual(texts('.timeline .subject'), ['morning briefing', 'draft invoices', 'invoice numbering', 'integer cents']);
  });
});
