// The board webview's components in a DOM (Preact + jsdom), fed with state messages
// built by the real model from real task files. Drag and drop is driven with the
// DOM events the page listens to; the keyboard with key events on the focused card.
import * as assert from 'node:assert/strict';
import { act } from 'preact/test-utils';
import { METRICS, rowTop } from '../../../../../src/views/board/common/layout';
import { CardDetail } from '../../../../../src/views/board/common/messages';
import { renderMarkdown } from '../../../../../src/views/shared/markdown';
import { fixtureFiles, note, task, tasks } from '../../../team-fixture';
import { fullMessage, snapshotOf } from '../../../views/board/board-fixture';
import { h, render } from 'preact';
import { createActions } from '../../../../../webview/board/actions';
import { BoardClient } from '../../../../../webview/board/client';
import { BoardApp } from '../../../../../webview/board/components/board-app';
import { RecordingApi } from '../../host-api';
import { readThreadRecords, threadsByTask } from '../../../../../src/core/threads/records';
import { Mounted, boardPage } from '../board-page';

type Posted = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Task board (Preact components in a DOM)', () => {
  const page = boardPage();
  const mount = page.mount;
  let root: HTMLElement;
  beforeEach(() => (root = page.root()));

  const cell = (agent: string, column: string) => root.querySelector<HTMLElement>(`.cell[data-agent="${agent}"][data-column="${column}"]`)!;
  const titles = (agent: string, column: string) => Array.from(cell(agent, column).querySelectorAll<HTMLElement>('.card')).map((c) => c.dataset.title);
  const cardEl = (agent: string, title: string) => root.querySelector<HTMLElement>(`.card[data-agent="${agent}"][data-title="${title}"]`)!;
  const announced = () => root.querySelector('[data-announcement]')!.textContent!.trim();
  const drops = (m: Mounted) => m.api.ofType('drop') as Posted[];

  function dragEvent(type: string, clientY = 0): Event {
    const e = new MouseEvent(type, { bubbles: true, cancelable: true, clientY });
    const data = { effectAllowed: '', dropEffect: '', setData: () => undefined };
    Object.defineProperty(e, 'dataTransfer', { value: data });
    return e;
  }
  /** Drags a card onto a column cell (at insertion `slot`) or a lane header, with the events a browser fires. */
  function drag(from: HTMLElement, to: HTMLElement, slot = 0): { overAccepted: boolean } {
    let overAccepted = false;
    act(() => {
      from.dispatchEvent(dragEvent('dragstart'));
    });
    act(() => {
      const over = dragEvent('dragover', rowTop(slot) - METRICS.row / 4);
      to.dispatchEvent(over);
      overAccepted = over.defaultPrevented;
    });
    act(() => {
      to.dispatchEvent(dragEvent('drop', rowTop(slot) - METRICS.row / 4));
      from.dispatchEvent(dragEvent('dragend'));
    });
    return { overAccepted };
  }
  const key = (el: HTMLElement, k: string, more: KeyboardEventInit = {}) =>
    act(() => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...more }));
    });

  it('shows a lane per agent with liveness, columns ready / in progress / done, and cards with title, agent, age and first line', async () => {
    mount(fullMessage(await snapshotOf()));
    assert.equal(root.querySelector('header.page-header.board-header h1.page-title .page-name')!.textContent, 'Task Board', 'the one page header');
    const lanes = Array.from(root.querySelectorAll<HTMLElement>('section.lane')).map((l) => l.dataset.lane);
    assert.deepEqual(lanes, ['chief-of-staff', 'billing-dev', 'dash-dev', 'docs', 'qa']);
    assert.deepEqual(Array.from(root.querySelectorAll('.column-title')).map((c) => c.textContent), ['Ready', 'In progress', 'Done']);
    const billing = root.querySelector<HTMLElement>('section.lane[data-lane="billing-dev"]')!;
    assert.match(billing.querySelector('.lane-head')!.textContent!, /Billing Dev.*alive.*10 min ago/);
    assert.deepEqual(titles('billing-dev', 'ready'), ['Retry emails', 'Credit notes']);
    assert.deepEqual(titles('billing-dev', 'in-progress'), ['Webhook endpoint']);
    const busy = cardEl('billing-dev', 'Webhook endpoint');
    assert.match(busy.textContent!, /Billing Dev.*started 1 h 35 min ago/);
    assert.match(busy.querySelector('.card-text')!.textContent!, /Do webhook endpoint\./);
    assert.ok(root.querySelector('section.lane[data-lane="dash-dev"]')!.classList.contains('liveness-down'));
    assert.equal(cell('billing-dev', 'ready').getAttribute('role'), 'list');
    assert.equal(busy.getAttribute('role'), 'listitem');
    assert.match(busy.getAttribute('aria-label')!, /^Webhook endpoint\. in progress, Billing Dev, started/);
  });

  it('marks each agent\'s first ready task as next up, and done cards show their Summary', async () => {
    const files = fixtureFiles();
    files['agents/billing-dev/tasks.md'] = [
      '## Old work\n**Status:** done\n**Started:** 2026-03-27T09:00\n**Completed:** 2026-03-27T10:00\n\nBody text.\n\n### Summary\nShipped it with tests.\n',
      task('Retry emails', 'ready'),
      task('Credit notes', 'ready'),
    ].join('\n');
    mount(fullMessage(await snapshotOf(files)));
    assert.ok(cardEl('billing-dev', 'Retry emails').classList.contains('next-up'));
    assert.ok(cardEl('billing-dev', 'Retry emails').querySelector('.next-up-mark'));
    assert.ok(!cardEl('billing-dev', 'Credit notes').classList.contains('next-up'));
    assert.ok(cardEl('chief-of-staff', 'Morning briefing').classList.contains('next-up'));
    const done = cardEl('billing-dev', 'Old work');
    assert.equal(done.querySelector('.card-text')!.textContent, 'Shipped it with tests.');
    assert.match(done.textContent!, /done 1 day|done \d+ h/);
  });

  it('adds a column for unknown statuses only when there are some', async () => {
    const files = fixtureFiles();
    files['agents/docs/tasks.md'] = tasks([task('Waiting on legal', 'blocked')]);
    mount(fullMessage(await snapshotOf(files)));
    assert.deepEqual(Array.from(root.querySelectorAll('.column-title')).map((c) => c.textContent), ['Ready', 'In progress', 'Done', 'Other status']);
    assert.deepEqual(titles('docs', 'other'), ['Waiting on legal']);
  });

  it('renders only the cards near the viewport of a big team', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      files[`agents/a${String(i).padStart(2, '0')}/a${i}.md`] = note(`Agent ${i}`);
      files[`agents/a${String(i).padStart(2, '0')}/tasks.md`] = tasks(Array.from({ length: 100 }, (_, k) => task(`Task ${k}`, k < 60 ? 'done' : 'ready')));
    }
    mount(fullMessage(await snapshotOf(files)));
    const rendered = root.querySelectorAll('.card').length;
    assert.ok(rendered > 0 && rendered < 120, `${rendered} of 4000 cards in the DOM`);
    assert.ok(root.querySelectorAll('section.lane').length < 6);
    assert.match(root.querySelector('.toolbar-summary')!.textContent!, /40 agents · 4,?000 tasks/);
  });

  it('tells its owner when the first cards are painted, and again once every lane\'s cards have arrived', async () => {
    const files: Record<string, string> = {};
    for (const slug of ['ada', 'bo', 'cy']) {
      files[`agents/${slug}/${slug}.md`] = note(slug);
      files[`agents/${slug}/tasks.md`] = tasks([task(`Task of ${slug}`, 'ready')]);
    }
    const full = fullMessage(await snapshotOf(files));
    const calls: string[] = [];
    const api = new RecordingApi(undefined);
    const actions = createActions(api);
    const client = new BoardClient(actions);
    // Queued after the page's own frame callbacks (its effects ran inside act): when this
    // resolves, whatever the page meant to report from that render has been reported.
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    act(() => {
      client.receive({ ...full, lanes: full.lanes.slice(0, 1) });
      render(h(BoardApp, { client, actions, onPainted: () => calls.push('first'), onAllCards: () => calls.push('all') }), root);
    });
    await frames();
    assert.deepEqual(calls, ['first']);
    act(() => client.receive({ ...full, version: 2, base: 1, lanes: full.lanes.slice(1) }));
    await frames();
    act(() => client.receive({ ...full, version: 3, base: 2, lanes: [] }));
    await frames();
    assert.deepEqual(calls, ['first', 'all']);
  });

  it('filters by text, agent and project, and keeps the filters as UI state', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const input = root.querySelector<HTMLInputElement>('.filter-input')!;
    act(() => {
      input.value = 'credit';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.deepEqual(Array.from(root.querySelectorAll<HTMLElement>('.card')).map((c) => c.dataset.title), ['Credit notes']);
    act(() => {
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const [agentSelect, projectSelect] = Array.from(root.querySelectorAll<HTMLSelectElement>('.select select'));
    act(() => {
      projectSelect.value = 'dashboard';
      projectSelect.dispatchEvent(new Event('change', { bubbles: true }));
    });
    assert.deepEqual(Array.from(root.querySelectorAll<HTMLElement>('section.lane')).map((l) => l.dataset.lane), ['dash-dev']);
    act(() => {
      projectSelect.value = '';
      projectSelect.dispatchEvent(new Event('change', { bubbles: true }));
      agentSelect.value = 'docs';
      agentSelect.dispatchEvent(new Event('change', { bubbles: true }));
    });
    assert.deepEqual(Array.from(root.querySelectorAll<HTMLElement>('section.lane')).map((l) => l.dataset.lane), ['docs']);
    assert.deepEqual((m.api.getState() as { filter: unknown }).filter, { text: '', agent: 'docs', project: null, review: false });
  });

  it('drag ready → in progress: sends one drop with ids, shows it at once (pending), and the next snapshot takes over', async () => {
    const s = await snapshotOf();
    const m = mount(fullMessage(s));
    const { overAccepted } = drag(cardEl('billing-dev', 'Retry emails'), cell('billing-dev', 'in-progress'));
    assert.ok(overAccepted, 'the column accepts the drop');
    assert.deepEqual(drops(m), [
      { type: 'drop', op: 1, card: { agent: 'billing-dev', index: 2, title: 'Retry emails', status: 'ready' }, target: { agent: 'billing-dev', column: 'in-progress', anchor: null, place: 'before' } },
    ]);
    assert.deepEqual(titles('billing-dev', 'in-progress'), ['Webhook endpoint', 'Retry emails']);
    assert.ok(cardEl('billing-dev', 'Retry emails').classList.contains('pending'));
    assert.ok(cardEl('billing-dev', 'Credit notes').classList.contains('next-up'), 'next up follows');
    // The host wrote it: a patch for that lane, then the result.
    const files = fixtureFiles();
    files['agents/billing-dev/tasks.md'] = files['agents/billing-dev/tasks.md'].replace('## Retry emails\n**Status:** ready', '## Retry emails\n**Status:** in-progress\n**Started:** 2026-03-28T12:00');
    const after = await snapshotOf(files);
    act(() => {
      m.client.receive({ type: 'state', version: 2, base: 1, header: after.header, agents: after.agents, lanes: [{ slug: 'billing-dev', cards: after.cards('billing-dev') }] });
      m.client.receive({ type: 'result', op: 1, ok: true, message: '"Retry emails" is in progress.' });
    });
    assert.deepEqual(titles('billing-dev', 'in-progress'), ['Webhook endpoint', 'Retry emails']);
    assert.ok(!cardEl('billing-dev', 'Retry emails').classList.contains('pending'));
    assert.equal(announced(), '"Retry emails" is in progress.');
  });

  it('a refused operation puts the card back', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    drag(cardEl('billing-dev', 'Retry emails'), cell('billing-dev', 'done'));
    assert.deepEqual(titles('billing-dev', 'done'), ['Old work', 'Retry emails']);
    act(() => m.client.receive({ type: 'result', op: 1, ok: false, message: 'agents/billing-dev/tasks.md has unsaved changes' }));
    assert.deepEqual(titles('billing-dev', 'done'), ['Old work']);
    assert.deepEqual(titles('billing-dev', 'ready'), ['Retry emails', 'Credit notes']);
    assert.match(announced(), /^Not done: .*unsaved changes/);
  });

  it('drag within ready reorders before or after the card dropped on', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    drag(cardEl('billing-dev', 'Credit notes'), cell('billing-dev', 'ready'), 0);
    assert.deepEqual(drops(m)[0].target, { agent: 'billing-dev', column: 'ready', anchor: { index: 2, title: 'Retry emails' }, place: 'before' });
    assert.deepEqual(titles('billing-dev', 'ready'), ['Credit notes', 'Retry emails']);
    assert.deepEqual(
      Array.from(cell('billing-dev', 'ready').querySelectorAll<HTMLElement>('.card')).map((c) => c.dataset.index),
      ['2', '3'],
      'indexes follow the new file order',
    );
  });

  it('dropping a card where it is sends nothing', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    drag(cardEl('billing-dev', 'Retry emails'), cell('billing-dev', 'ready'), 1);
    assert.deepEqual(drops(m), []);
  });

  it('drag into another agent\'s lane reassigns (its ready column or its header)', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    drag(cardEl('billing-dev', 'Retry emails'), cell('dash-dev', 'ready'));
    assert.deepEqual(drops(m)[0].target, { agent: 'dash-dev', column: 'ready', anchor: { index: 0, title: 'Chart' }, place: 'before' });
    assert.deepEqual(titles('dash-dev', 'ready'), ['Chart', 'Retry emails']);
    assert.deepEqual(titles('billing-dev', 'ready'), ['Credit notes']);
    drag(cardEl('billing-dev', 'Credit notes'), root.querySelector<HTMLElement>('[data-lane-head="docs"]')!);
    assert.equal(drops(m)[1].target.agent, 'docs');
  });

  it('a done card dragged out goes to the host to be refused and explained; nothing moves', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const { overAccepted } = drag(cardEl('billing-dev', 'Old work'), cell('billing-dev', 'ready'));
    assert.ok(overAccepted);
    assert.equal(drops(m).length, 1);
    assert.deepEqual(titles('billing-dev', 'done'), ['Old work']);
    assert.ok(!cardEl('billing-dev', 'Old work').classList.contains('pending'));
    assert.match(announced(), /done, and done tasks stay done/);
  });

  it('in progress back to ready is no drop target: nothing is sent, the reason is announced', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const { overAccepted } = drag(cardEl('billing-dev', 'Webhook endpoint'), cell('billing-dev', 'ready'));
    assert.equal(overAccepted, false);
    assert.deepEqual(drops(m), []);
    assert.match(announced(), /does not go back to ready/);
  });

  it('keyboard: arrows move the focus; Space lifts, arrows choose, Enter drops; Escape cancels', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const retry = cardEl('billing-dev', 'Retry emails');
    act(() => retry.focus());
    assert.equal(retry.tabIndex, 0, 'roving tab stop');
    key(retry, 'ArrowDown');
    assert.equal(document.activeElement, cardEl('billing-dev', 'Credit notes'));
    key(document.activeElement as HTMLElement, 'ArrowRight');
    assert.equal(document.activeElement, cardEl('billing-dev', 'Webhook endpoint'));
    key(document.activeElement as HTMLElement, 'ArrowLeft');
    assert.equal(document.activeElement, cardEl('billing-dev', 'Retry emails'), 'same row of the column to the left');
    key(document.activeElement as HTMLElement, 'ArrowUp');
    assert.equal(document.activeElement, cardEl('chief-of-staff', 'Morning briefing'), 'up from the top: the lane above');
    key(document.activeElement as HTMLElement, 'ArrowDown');
    assert.equal(document.activeElement, cardEl('billing-dev', 'Retry emails'));

    // Space, → (in progress), Enter: the same drop as the mouse sends.
    key(retry, ' ');
    assert.ok(retry.classList.contains('lifted'));
    assert.match(announced(), /Lifted "Retry emails"/);
    key(retry, 'ArrowRight');
    assert.match(announced(), /In progress, Billing Dev: drop to move it to in progress/);
    assert.ok(cell('billing-dev', 'in-progress').classList.contains('drop-target'));
    key(retry, 'Enter');
    assert.deepEqual(drops(m)[0].target, { agent: 'billing-dev', column: 'in-progress', anchor: null, place: 'before' });
    assert.equal(document.activeElement, cardEl('billing-dev', 'Retry emails'), 'the focus stays on the moved card');

    // Space, ↓ (after the next ready card), Enter: a reorder.
    const credit = cardEl('billing-dev', 'Credit notes');
    act(() => credit.focus());
    key(credit, ' ');
    key(credit, 'Escape');
    assert.ok(!credit.classList.contains('lifted'));
    assert.equal(announced(), 'Move cancelled.');
    assert.equal(drops(m).length, 1);
  });

  it('keyboard: reorder with ↑ and reassign to the next lane with ↓', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const credit = cardEl('billing-dev', 'Credit notes');
    act(() => credit.focus());
    key(credit, ' ');
    key(credit, 'ArrowUp');
    assert.match(announced(), /Ready queue of Billing Dev, position 1 of 2/);
    key(credit, ' ');
    assert.deepEqual(drops(m)[0].target, { agent: 'billing-dev', column: 'ready', anchor: { index: 2, title: 'Retry emails' }, place: 'before' });
    const retry = cardEl('billing-dev', 'Retry emails');
    act(() => retry.focus());
    key(retry, ' ');
    key(retry, 'ArrowDown');
    key(retry, 'ArrowDown');
    assert.match(announced(), /Dashboard Dev's lane: drop to reassign/);
    key(retry, 'Enter');
    assert.deepEqual(drops(m)[1].target.agent, 'dash-dev');
  });

  it('context menu: the card\'s actions, each the same operation as a drag', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const retry = cardEl('billing-dev', 'Retry emails');
    const open = () => act(() => {
      retry.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 10, clientY: 10 }));
    });
    open();
    const menu = root.querySelector<HTMLElement>('[role="menu"]')!;
    assert.ok(menu);
    assert.deepEqual(Array.from(menu.querySelectorAll('[role="menuitem"]')).map((i) => i.textContent!.replace(/Enter|Space/, '').trim()), [
      'Show Details', 'Open in Editor', 'Start (In Progress)', 'Complete…', 'Do Next (Top of Queue)', 'Move Up', 'Move Down', 'Reassign to…', 'Move with Keyboard', 'Edit…', 'Cancel Task',
    ]);
    assert.equal(menu.querySelector('[data-action="up"]')!.getAttribute('aria-disabled'), 'true', 'already first');
    act(() => (menu.querySelector('[data-action="start"]') as HTMLElement).click());
    assert.equal(root.querySelector('[role="menu"]'), null);
    assert.deepEqual(drops(m)[0].target, { agent: 'billing-dev', column: 'in-progress', anchor: null, place: 'before' });
    const credit = cardEl('billing-dev', 'Credit notes');
    act(() => {
      credit.dispatchEvent(new KeyboardEvent('keydown', { key: 'F10', shiftKey: true, bubbles: true }));
    });
    act(() => (root.querySelector('[data-action="reassign"]') as HTMLElement).click());
    assert.deepEqual(m.api.ofType('reassign'), [{ type: 'reassign', op: 2, card: { agent: 'billing-dev', index: 3, title: 'Credit notes', status: 'ready' } }]);
    act(() => {
      cardEl('billing-dev', 'Old work').dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    act(() => (root.querySelector('[data-action="again"]') as HTMLElement).click());
    assert.deepEqual(m.api.ofType('dispatchAgain'), [{ type: 'dispatchAgain', card: { agent: 'billing-dev', index: 0, title: 'Old work', status: 'done' } }]);
  });

  it('a card that launched a thread shows its chip: a click (or the menu\'s Open Thread) asks for the thread, not the details', async () => {
    const files = fixtureFiles();
    files['agents/billing-dev/tasks.md'] = '## Thread thr_0a1b2c3d: refunds\n**Status:** ready\n\nRun it.\n\n<!-- cortex-team:id 3f9a2c4b7e01 -->\n';
    const read = readThreadRecords(JSON.stringify([{ id: 'thr_0a1b2c3d', status: 'waiting', metadata: { scheduleTaskId: '3f9a2c4b7e01' } }]));
    assert.ok(read.ok);
    const m = mount(fullMessage(await snapshotOf(files, true, threadsByTask(read.threads))));
    const card = cardEl('billing-dev', 'Thread thr_0a1b2c3d: refunds');
    const chip = card.querySelector<HTMLElement>('.card-thread')!;
    assert.equal(chip.textContent, 'thr_0a1b2c3d');
    assert.match(card.getAttribute('aria-label')!, /Thread thr_0a1b2c3d, waiting\.$/);
    act(() => chip.click());
    assert.deepEqual(m.api.ofType('openThread'), [{ type: 'openThread', thread: 'thr_0a1b2c3d' }]);
    assert.deepEqual(m.api.ofType('detail'), [], 'the chip does not open the details');
    act(() => {
      card.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    act(() => (root.querySelector('[data-action="thread"]') as HTMLElement).click());
    assert.equal(m.api.ofType('openThread').length, 2);
  });

  it('card detail: asks the host, shows fields, Summary and body as markdown; HTML and scripts stay text; links go through the host', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    act(() => cardEl('billing-dev', 'Retry emails').click());
    const request = m.api.ofType('detail')[0] as Posted;
    assert.deepEqual(request.card, { agent: 'billing-dev', index: 2, title: 'Retry emails', status: 'ready' });
    const links: string[] = [];
    const body = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)> [bad](javascript:alert(1)) and [docs](https://example.com/docs).\n\n- item', links).nodes;
    const detail: CardDetail = { agent: 'billing-dev', agentName: 'Billing Dev', index: 2, title: 'Retry emails', status: 'ready', started: null, completed: null, line: 12, fields: [['Priority', 'high']], body, summary: null, source: 'Hello', review: null, reworkOf: null, unclaimable: false };
    act(() => m.client.receive({ type: 'detail', request: request.request, detail }));
    const panel = root.querySelector<HTMLElement>('aside.detail')!;
    assert.match(panel.textContent!, /Priority\s*high/);
    assert.match(panel.textContent!, /task 3, line 12 of tasks\.md/);
    assert.ok(panel.textContent!.includes('<script>alert(1)</script>'), 'the script is text');
    assert.ok(panel.textContent!.includes('<img src=x onerror=alert(1)>'));
    assert.equal(panel.querySelectorAll('script, img, iframe, [onerror], [href^="javascript"]').length, 0);
    const anchors = Array.from(panel.querySelectorAll<HTMLElement>('a'));
    assert.deepEqual(anchors.map((a) => [a.textContent, a.getAttribute('href')]), [['docs', null]]);
    assert.ok(panel.querySelector('ul li'));
    act(() => anchors[0].click());
    assert.deepEqual(m.api.ofType('openLink'), [{ type: 'openLink', card: request.card, link: 0 }]);
    act(() => (panel.querySelector('.detail-actions .button') as HTMLElement).click());
    assert.deepEqual(m.api.ofType('openTask'), [{ type: 'openTask', card: request.card }]);
    assert.deepEqual(Array.from(panel.querySelectorAll<HTMLElement>('.detail-actions [data-action]')).map((b) => b.dataset.action), ['edit', 'start', 'complete', 'reassign', 'cancel']);
    act(() => panel.querySelector<HTMLElement>('.detail-actions [data-action="start"]')!.click());
    assert.deepEqual(drops(m)[0].target, { agent: 'billing-dev', column: 'in-progress', anchor: null, place: 'before' });
    key(panel.querySelector('h2')!, 'Escape');
    assert.equal(root.querySelector('aside.detail'), null);
  });

  it('card detail: closes when its task leaves the board (Cancel Task), instead of showing it as ready with Edit…', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    act(() => cardEl('billing-dev', 'Retry emails').click());
    const request = m.api.ofType('detail')[0] as Posted;
    const detail: CardDetail = { agent: 'billing-dev', agentName: 'Billing Dev', index: 2, title: 'Retry emails', status: 'ready', started: null, completed: null, line: 12, fields: [], body: [], summary: null, source: '', review: null, reworkOf: null, unclaimable: false };
    act(() => m.client.receive({ type: 'detail', request: request.request, detail }));
    assert.ok(root.querySelector('aside.detail [data-action="edit"]'));
    const files = fixtureFiles();
    files['agents/billing-dev/tasks.md'] = files['agents/billing-dev/tasks.md'].replace(/## Retry emails\n[\s\S]*?(?=\n## |$)/, '');
    const after = fullMessage(await snapshotOf(files), 2);
    act(() => m.client.receive(after));
    assert.equal(cardEl('billing-dev', 'Retry emails'), null, 'the card is gone');
    assert.equal(root.querySelector('aside.detail'), null, 'and so is its panel');
  });

  it('titles with markup are text on the cards', async () => {
    const files = fixtureFiles();
    files['agents/docs/tasks.md'] = tasks([task('<img src=x onerror=alert(1)> & <b>bold</b>', 'ready')]);
    mount(fullMessage(await snapshotOf(files)));
    const c = root.querySelector<HTMLElement>('.card[data-agent="docs"]')!;
    assert.ok(c.querySelector('.card-title-text')!.textContent!.includes('<img src=x onerror=alert(1)>'));
    assert.equal(root.querySelectorAll('.card img, .card b').length, 0);
  });

  it('asks for a full snapshot when a patch does not follow the version it has', async () => {
    const s = await snapshotOf();
    const m = mount(fullMessage(s));
    act(() => m.client.receive({ type: 'state', version: 5, base: 4, header: s.header, agents: s.agents, lanes: [] }));
    assert.deepEqual(m.api.ofType('resync'), [{ type: 'resync' }]);
  });

  it('lanes whose cards have not arrived yet are laid out and say they are loading', async () => {
    const s = await snapshotOf();
    const first = fullMessage(s);
    mount({ ...first, lanes: first.lanes.slice(0, 1) });
    assert.ok(root.querySelector('section.lane[data-lane="billing-dev"] .lane-loading'));
    assert.match(root.querySelector('section.lane[data-lane="billing-dev"] .lane-counts')!.textContent!, /2 ready.*1 in progress.*1 done/);
  });

  it('folds a lane (remembered) and reveals an agent when the host asks', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    act(() => (root.querySelector('section.lane[data-lane="billing-dev"] .lane-toggle') as HTMLElement).click());
    assert.ok(root.querySelector('section.lane[data-lane="billing-dev"]')!.classList.contains('collapsed'));
    assert.equal(root.querySelectorAll('.card[data-agent="billing-dev"]').length, 0);
    assert.deepEqual((m.api.getState() as { collapsed: string[] }).collapsed, ['billing-dev']);
    act(() => m.client.receive({ type: 'reveal', agent: 'billing-dev' }));
    assert.ok(!root.querySelector('section.lane[data-lane="billing-dev"]')!.classList.contains('collapsed'));
  });

  it('in Restricted Mode cards cannot be dragged or lifted and write actions are disabled', async () => {
    const m = mount(fullMessage(await snapshotOf(undefined, false)));
    const retry = cardEl('billing-dev', 'Retry emails');
    assert.equal(retry.getAttribute('draggable'), 'false');
    assert.ok(root.querySelector('.restricted-tag'));
    act(() => retry.focus());
    key(retry, ' ');
    assert.match(announced(), /Restricted Mode/);
    act(() => {
      retry.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    assert.equal(root.querySelector('[data-action="start"]')!.getAttribute('aria-disabled'), 'true');
    drag(retry, cell('billing-dev', 'in-progress'));
    assert.deepEqual(drops(m), []);
  });

  it('without a team folder, leads to the Team view', () => {
    const m = mount({ type: 'state', version: 1, base: null, header: { status: 'noTeam', team: null, message: 'No team folder found.', trusted: true, now: 0, projects: [], toReview: 0 }, agents: [], lanes: [] });
    assert.match(root.textContent!, /No team folder.*No team folder found\./);
    act(() => (root.querySelector('.button') as HTMLElement).click());
    assert.deepEqual(m.api.ofType('openTeamView'), [{ type: 'openTeamView' }]);
  });

  it("offers Start on a lane header, Show Terminal and Stop while the agent runs, and none where agents are not run here", async () => {
    const s = await snapshotOf();
    const withRun = (live: boolean, session = false) => ({
      ...fullMessage(s),
      agents: s.agents.map((a) => (a.slug === 'billing-dev' ? { ...a, run: { live, session, profile: 'Stand-in agent · cortex-team simulate', channel: 'terminal' as const } } : a)),
    });
    const m = mount(withRun(false));
    const head = (slug: string) => root.querySelector<HTMLElement>(`[data-lane-head="${slug}"]`)!;
    const buttons = (slug: string) => Array.from(head(slug).querySelectorAll<HTMLButtonElement>('.lane-run')).map((b) => b.textContent!.trim());
    assert.deepEqual(buttons('billing-dev'), ['Start']);
    assert.match(head('billing-dev').querySelector<HTMLElement>('.lane-run.start')!.title, /^Start Billing Dev in a terminal: Stand-in agent/);
    assert.deepEqual(buttons('docs'), [], 'no run facts: no buttons');
    act(() => head('billing-dev').querySelector<HTMLElement>('.lane-run.start')!.click());
    assert.deepEqual(m.api.ofType('startAgent'), [{ type: 'startAgent', agent: 'billing-dev' }]);
    assert.equal(root.querySelector('section.lane[data-lane="billing-dev"]')!.classList.contains('collapsed'), false, 'the click does not fold the lane');
    act(() => m.client.receive({ type: 'state', version: 2, base: 1, header: s.header, agents: withRun(true).agents, lanes: [] }));
    assert.deepEqual(buttons('billing-dev'), ['Show Terminal', 'Stop']);
    act(() => head('billing-dev').querySelector<HTMLElement>('.lane-run.show')!.click());
    act(() => head('billing-dev').querySelector<HTMLElement>('.lane-run.stop')!.click());
    assert.deepEqual(m.api.ofType('showAgentTerminal'), [{ type: 'showAgentTerminal', agent: 'billing-dev' }]);
    assert.deepEqual(m.api.ofType('stopAgent'), [{ type: 'stopAgent', agent: 'billing-dev' }]);
    // Run as an ACP session it has no terminal: Open Session opens its session view.
    act(() => m.client.receive({ type: 'state', version: 3, base: 2, header: s.header, agents: withRun(true, true).agents, lanes: [] }));
    assert.deepEqual(buttons('billing-dev'), ['Open Session', 'Stop']);
    assert.equal(head('billing-dev').querySelector<HTMLElement>('.lane-run.session')!.title, "Open Billing Dev's session");
    act(() => head('billing-dev').querySelector<HTMLElement>('.lane-run.session')!.click());
    assert.deepEqual(m.api.ofType('openSession'), [{ type: 'openSession', agent: 'billing-dev' }]);
  });
});
