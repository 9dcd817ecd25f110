// Reviewing work on the board's page (Preact + jsdom), fed with state built by the real
// model from real task files: a card's changes and review, the "To review" toggle,
// the detail's Review section (Accept, Send Back with its comment form), the filter's
// matches in whole descriptions found by the host, and Ctrl+Z.
import * as assert from 'node:assert/strict';
import { act } from 'preact/test-utils';
import { CardDetail, ChangeDetail, changeKey } from '../../../../src/views/board/common/messages';
import { fixtureFiles } from '../../team-fixture';
import { boardPage } from './board-page';
import { fullMessage, snapshotOf } from '../../views/board/board-fixture';

type Posted = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const OLD_WORK = { agent: 'billing-dev', index: 0, title: 'Old work', status: 'done' };

function doneDetail(more: Partial<CardDetail> = {}): CardDetail {
  return {
    agent: 'billing-dev', agentName: 'Billing Dev', index: 0, title: 'Old work', status: 'done', started: '2026-03-27T09:00', completed: '2026-03-27T10:00', line: 1,
    fields: [], body: [], summary: null, source: null, review: null, reworkOf: null, unclaimable: false, ...more,
  };
}

const CHANGES: ChangeDetail = {
  summary: { kind: 'changes', files: 2, added: 5, removed: 1, commits: 1, uncommitted: false, via: 'reference' },
  files: [
    { path: 'src/a.ts', oldPath: null, status: 'modified', added: 2, removed: 1 },
    { path: 'src/b.ts', oldPath: null, status: 'added', added: 3, removed: 0 },
  ],
  commits: [{ sha: '3f9a2c4b', subject: 'Add the endpoint' }],
  range: '1234abcd..3f9a2c4b',
  note: null,
};

describe('Task board: reviewing work (Preact components in a DOM)', () => {
  const page = boardPage();
  const mount = page.mount;
  let root: HTMLElement;
  beforeEach(() => (root = page.root()));

  const cardEl = (agent: string, title: string) => root.querySelector<HTMLElement>(`.card[data-agent="${agent}"][data-title="${title}"]`);
  const shownTitles = () => Array.from(root.querySelectorAll<HTMLElement>('.card')).map((c) => c.dataset.title);

  /** Opens Old work's detail and answers its requests (details, changes). */
  async function openOldWork(m: ReturnType<typeof mount>, detail = doneDetail()) {
    act(() => cardEl('billing-dev', 'Old work')!.click());
    const request = m.api.ofType('detail')[0] as Posted;
    act(() => m.client.receive({ type: 'detail', request: request.request, detail }));
    const changeRequest = m.api.ofType('changeDetail')[0] as Posted | undefined;
    if (changeRequest) act(() => m.client.receive({ type: 'changeDetail', request: changeRequest.request, detail: CHANGES }));
    return root.querySelector<HTMLElement>('aside.detail')!;
  }

  it('a done card shows its changes and whether it was reviewed; the toggle shows only the tasks to review', async () => {
    const files = fixtureFiles();
    files['agents/docs/tasks.md'] = files['agents/docs/tasks.md'].replace('**Completed:** 2026-03-26T10:00', '**Completed:** 2026-03-26T10:00\n**Reviewed:** 2026-03-26T11:00 accepted');
    const s = await snapshotOf(files);
    const m = mount(fullMessage(s));
    const old = s.cards('billing-dev')[0];
    act(() => m.client.receive({ type: 'changes', entries: [{ key: changeKey('billing-dev', old), summary: CHANGES.summary }] }));
    const card = cardEl('billing-dev', 'Old work')!;
    assert.equal(card.querySelector('.card-changes')!.textContent, '2 +5 −1');
    assert.match(card.getAttribute('aria-label')!, /^Old work\. done, to review, Billing Dev.*\. 2 files changed: 5 lines added, 1 removed, in 1 commit that names the task\.$/);
    assert.equal(cardEl('docs', 'Guide')!.querySelector('.review-mark')!.textContent, 'accepted');

    const toggle = root.querySelector<HTMLButtonElement>('.toggle-button')!;
    assert.match(toggle.textContent!, /To review\s*1/);
    assert.equal(toggle.getAttribute('aria-pressed'), 'false');
    act(() => toggle.click());
    assert.equal(toggle.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(shownTitles(), ['Old work']);
    assert.equal((m.api.getState() as { filter: { review: boolean } }).filter.review, true, 'kept as UI state');
    act(() => toggle.click());
    assert.ok(shownTitles().length > 1);
  });

  it('the host\'s "show the tasks to review" turns the toggle on; its "show a card" opens that card\'s detail', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    act(() => m.client.receive({ type: 'showToReview' }));
    assert.deepEqual(shownTitles().sort(), ['Guide', 'Old work']);
    act(() => m.client.receive({ type: 'showCard', agent: 'billing-dev', index: 2, title: 'Retry emails' }));
    assert.ok(shownTitles().length > 2, 'the filter is cleared');
    assert.deepEqual((m.api.ofType('detail')[0] as Posted).card, { agent: 'billing-dev', index: 2, title: 'Retry emails', status: 'ready' });
  });

  it('the detail lists the changed files and commits; Review Changes and Accept go to the host', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const panel = await openOldWork(m);
    assert.equal(panel.querySelector('.changes-summary')!.textContent, '2 files changed: 5 lines added, 1 removed, in 1 commit that names the task.');
    assert.deepEqual(
      Array.from(panel.querySelectorAll('.changed-files li')).map((li) => [li.querySelector('.file-status')!.getAttribute('aria-label'), li.querySelector('.file-path')!.textContent, li.querySelector('.file-lines')!.textContent]),
      [['modified', 'src/a.ts', '+2 −1'], ['added', 'src/b.ts', '+3 −0']],
    );
    assert.match(panel.querySelector('.commits')!.textContent!, /3f9a2c4b\s*Add the endpoint/);
    assert.match(panel.querySelector('.review-state')!.textContent!, /Not reviewed yet/);
    act(() => panel.querySelector<HTMLElement>('[data-action="review"]')!.click());
    assert.deepEqual(m.api.ofType('reviewChanges'), [{ type: 'reviewChanges', card: OLD_WORK }]);
    act(() => panel.querySelector<HTMLElement>('[data-action="accept"]')!.click());
    assert.deepEqual((m.api.ofType('accept')[0] as Posted).card, OLD_WORK);
  });

  it('Send Back: the comment form sends once, waits for the result, keeps the comment when refused and closes when written', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    const panel = await openOldWork(m);
    act(() => panel.querySelector<HTMLElement>('[data-action="sendBack"]')!.click());
    const box = panel.querySelector<HTMLTextAreaElement>('#send-back-comment')!;
    assert.equal(document.activeElement, box, 'the comment box has the focus');
    const confirm = () => panel.querySelector<HTMLButtonElement>('[data-action="sendBackConfirm"]')!;
    assert.equal(confirm().disabled, true, 'nothing to send yet');
    act(() => {
      box.value = 'Check the signature.';
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => confirm().click());
    const sent = m.api.ofType('sendBack') as Posted[];
    assert.equal(sent.length, 1);
    assert.deepEqual({ card: sent[0].card, comment: sent[0].comment }, { card: OLD_WORK, comment: 'Check the signature.' });
    assert.equal(confirm().disabled, true, 'waits for the result');
    act(() => confirm().click());
    assert.equal(m.api.ofType('sendBack').length, 1, 'a second click sends nothing');

    act(() => m.client.receive({ type: 'result', op: sent[0].op, ok: false, message: '"Old work" was changed meanwhile.' }));
    assert.equal(panel.querySelector<HTMLTextAreaElement>('#send-back-comment')!.value, 'Check the signature.', 'refused: the comment is kept');
    assert.equal(confirm().disabled, false);
    act(() => confirm().click());
    const again = m.api.ofType('sendBack') as Posted[];
    assert.equal(again.length, 2);
    act(() => m.client.receive({ type: 'result', op: again[1].op, ok: true, message: null }));
    assert.equal(panel.querySelector('#send-back-comment'), null, 'written: the form closes');
    assert.ok(panel.querySelector('[data-action="accept"]'));
  });

  it('Edit: a ready task\'s title and description in a form, sent against what it showed', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    act(() => cardEl('billing-dev', 'Retry emails')!.click());
    const request = m.api.ofType('detail')[0] as Posted;
    act(() => m.client.receive({ type: 'detail', request: request.request, detail: doneDetail({ index: 2, title: 'Retry emails', status: 'ready', started: null, completed: null, source: 'Retry them.' }) }));
    const panel = root.querySelector<HTMLElement>('aside.detail')!;
    act(() => panel.querySelector<HTMLElement>('.detail-actions [data-action="edit"]')!.click());
    const title = panel.querySelector<HTMLInputElement>('#edit-title')!;
    const body = panel.querySelector<HTMLTextAreaElement>('#edit-body')!;
    assert.equal(title.value, 'Retry emails');
    assert.equal(body.value, 'Retry them.');
    act(() => {
      title.value = 'Retry failed emails';
      title.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => panel.querySelector<HTMLElement>('[data-action="save"]')!.click());
    const sent = m.api.ofType('editTask') as Posted[];
    assert.equal(sent.length, 1);
    assert.deepEqual({ expected: sent[0].expected, title: sent[0].title, body: sent[0].body }, { expected: { title: 'Retry emails', body: 'Retry them.' }, title: 'Retry failed emails', body: 'Retry them.' });
    act(() => m.client.receive({ type: 'result', op: sent[0].op, ok: true, message: null }));
    assert.equal(panel.querySelector('#edit-title'), null, 'the form closes once written');
  });

  it('the filter also shows cards the host found by their whole description or summary', async () => {
    const m = mount(fullMessage(await snapshotOf()), { filter: { text: 'idempotency', agent: null, project: null, review: false }, collapsed: [], scrollTop: 0 });
    assert.deepEqual(shownTitles(), [], 'no card has the word in what the page holds');
    act(() => m.client.receive({ type: 'matches', text: 'idempotency', cards: [['billing-dev', [3]]] }));
    assert.deepEqual(shownTitles(), ['Credit notes']);
    act(() => m.client.receive({ type: 'matches', text: 'something else', cards: [['billing-dev', [2]]] }));
    assert.deepEqual(shownTitles(), [], 'matches for other words are not used');
  });

  it('Ctrl+Z anywhere on the board asks the host to undo the last board action, except while typing', async () => {
    const m = mount(fullMessage(await snapshotOf()));
    act(() => {
      cardEl('billing-dev', 'Credit notes')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
    });
    assert.equal(m.api.ofType('undo').length, 1);
    const input = root.querySelector<HTMLInputElement>('.board-header input')!;
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
    });
    assert.equal(m.api.ofType('undo').length, 1, 'the text field undoes its own typing');
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
    });
    assert.equal(m.api.ofType('undo').length, 2, 'with nothing focused (keys go to the body), too');
  });
});
