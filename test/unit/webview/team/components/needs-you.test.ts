import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { HostMessage, TeamViewState, checkWebviewMessage } from '../../../../../src/views/team/common/messages';
import { needsYouRows } from '../../../../../src/views/team/needs-you-view';
import { buildTeamViewState } from '../../../../../src/views/team/team-view-state';
import type { NeedsYouItem } from '../../../../../src/extension/sessions/session-model';
import { createActions, listenToHost } from '../../../../../webview/team/actions';
import { TeamApp } from '../../../../../webview/team/components/team-app';
import { NOW, loadFixture } from '../../../team-fixture';
import { T0, permissionItem, terminalItem } from '../../../views/session-builders';
import { installDom, removeDom } from '../../dom';
import { RecordingApi } from '../../host-api';

const NAMES: Record<string, string> = { docs: 'Docs Writer', 'payments-reconciliation-lead': 'Senior Payments Reconciliation Lead' };

describe('Team view: the Needs you list (page in a DOM, states through the page protocol)', () => {
  let root: HTMLElement;
  let api: RecordingApi;
  let post: (message: HostMessage) => void;
  let version = 0;

  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
    api = new RecordingApi();
    const actions = createActions(api);
    let listener: ((e: MessageEvent) => void) | undefined;
    listenToHost({ addEventListener: (_t: string, l: EventListener) => (listener = l as never), removeEventListener: () => undefined }, (state) => render(h(TeamApp, { state, actions }), root), () => assert.fail('a state was dropped'));
    post = (message) => act(() => listener!(new MessageEvent('message', { data: message })));
  });
  afterEach(() => render(null, root));

  async function send(items: NeedsYouItem[]): Promise<TeamViewState> {
    const needsYou = needsYouRows(items, { now: T0 + 120_000, nameOf: (s) => NAMES[s] ?? s, hasTerminal: (s) => s === 'docs', hasSession: (s) => s !== 'docs' });
    const state = buildTeamViewState({ status: 'ready', team: await loadFixture(), header: null, message: null, multipleTeams: false, canRegisterAgent: false, trusted: true, now: NOW, staleAfterMinutes: 30, needsYou });
    post({ type: 'state', version: ++version, state });
    return state;
  }
  const rows = () => Array.from(root.querySelectorAll<HTMLElement>('.needs-you li.need'));
  const key = (el: Element, k: string, shiftKey = false) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true })));
  const answers = () => api.ofType('answerRequest');

  it('shows every waiting agent at the top: who, the tool, the arguments in words, the diff as a diff, the answers', async () => {
    await send([permissionItem({ diffs: [{ path: 'agents/payments-reconciliation-lead/tasks.md', oldText: '**Status:** ready\n', newText: '**Status:** in-progress\n' }] }), terminalItem()]);
    const section = root.querySelector('main > section.needs-you')!;
    assert.equal(root.querySelector('main')!.querySelector('section'), section, 'the first section of the view');
    assert.equal(section.querySelector('.section-count')!.textContent, '2');
    const [acp, term] = rows();
    assert.match(acp.querySelector('.need-head')!.textContent!, /Senior Payments Reconciliation Lead asks to use mcp__cortex__claim_task/);
    assert.match(acp.querySelector('.need-text')!.textContent!, /task: Reconcile the November refunds ledger/);
    const diff = acp.querySelector('.diff')!;
    assert.match(diff.getAttribute('aria-label')!, /Change to agents\/payments-reconciliation-lead\/tasks.md: 1 added, 1 removed/);
    assert.deepEqual(
      Array.from(diff.querySelectorAll('.diff-line')).map((l) => `${l.className.replace('diff-line ', '')}:${l.querySelector('.diff-sign')!.textContent}`),
      ['remove:-', 'add:+'],
    );
    assert.deepEqual(
      Array.from(acp.querySelectorAll('.answer-button')).map((b) => b.textContent),
      ['Allow once', 'Always for this tool', 'Reject'],
    );
    assert.match(acp.getAttribute('aria-label')!, /asks to use mcp__cortex__claim_task: agent: payments-reconciliation-lead, task: .*A to allow once, Shift\+A always for this tool, R to reject/);
    assert.match(term.textContent!, /Docs Writer asks about Bash.*1 min ago.*Claude needs your permission to use Bash.*Show Terminal/s);
    assert.equal(term.querySelectorAll('.answer-button').length, 0, 'a terminal question is answered in its terminal');
  });

  it('keyboard: Tab stop on the first row, arrows move, a allows once, Shift+A always, r rejects; Enter opens the session or shows the terminal', async () => {
    await send([permissionItem(), permissionItem({ id: 'req-2', receivedAt: T0 + 1 }), terminalItem()]);
    const [first, second, third] = rows();
    assert.deepEqual(rows().map((r) => r.tabIndex), [0, -1, -1]);
    first.focus();
    key(first, 'ArrowDown');
    assert.equal(document.activeElement, second);
    key(second, 'a');
    key(second, 'A', true);
    key(second, 'r');
    assert.deepEqual(answers(), [
      { type: 'answerRequest', item: 'req-2', option: 'allow' },
      { type: 'answerRequest', item: 'req-2', option: 'always' },
      { type: 'answerRequest', item: 'req-2', option: 'reject' },
    ]);
    for (const m of api.posted) assert.ok(checkWebviewMessage(m).ok, JSON.stringify(m));
    key(second, 'Enter');
    assert.deepEqual(api.ofType('openSession'), [{ type: 'openSession', agent: 'payments-reconciliation-lead' }]);
    key(second, 'End');
    assert.equal(document.activeElement, third);
    key(third, 'a');
    assert.equal(answers().length, 3, 'a terminal question takes no answer here');
    key(third, 'Enter');
    assert.deepEqual(api.ofType('showAgentTerminal'), [{ type: 'showAgentTerminal', agent: 'docs' }]);
  });

  it("the agent's own row shows its oldest request with the same answers", async () => {
    await send([permissionItem({ agentSlug: 'billing-dev', id: 'req-b' }), terminalItem({ agentSlug: 'docs' })]);
    const billing = root.querySelector<HTMLElement>('li[data-row="agent:billing-dev"]')!;
    const line = billing.querySelector('.row-line.asks')!;
    assert.match(line.textContent!, /Asks to use mcp__cortex__claim_task/);
    act(() => line.querySelectorAll<HTMLButtonElement>('.answer-button')[0].click());
    assert.deepEqual(answers(), [{ type: 'answerRequest', item: 'req-b', option: 'allow' }]);
    assert.deepEqual(api.ofType('openAgent'), [], 'answering does not open the note');
    assert.equal(root.querySelector('li[data-row="agent:docs"] .row-line.asks'), null, 'a terminal question is not answered on the row');
  });

  it('a button answers with its option; an item answered elsewhere leaves at once and focus stays in the list', async () => {
    await send([permissionItem(), permissionItem({ id: 'req-2', receivedAt: T0 + 1 })]);
    act(() => (rows()[0].querySelectorAll<HTMLButtonElement>('.answer-button')[2]).click());
    assert.deepEqual(answers(), [{ type: 'answerRequest', item: 'req-1', option: 'reject' }]);
    rows()[0].focus();
    key(rows()[0], 'a');
    await send([permissionItem({ id: 'req-2', receivedAt: T0 + 1 })]);
    assert.equal(rows().length, 1);
    assert.equal(document.activeElement, rows()[0], 'the next request has the focus');
    await send([]);
    assert.equal(root.querySelector('.needs-you'), null, 'nothing waits: no section');
  });
});
