import * as assert from 'node:assert/strict';
import { CardDetail } from '../../../../src/views/board/common/messages';
import { createActions, listenToHost } from '../../../../webview/board/actions';
import { BoardClient } from '../../../../webview/board/client';
import { fullMessage, snapshotOf } from '../../views/board/board-fixture';
import { HostWindow, RecordingApi } from '../host-api';

function page() {
  const api = new RecordingApi();
  const dropped: string[] = [];
  const client = new BoardClient(createActions(api), (r) => dropped.push(r));
  const window = new HostWindow();
  listenToHost(window, (m) => client.receive(m), (r) => dropped.push(r));
  return { api, client, window, dropped };
}

const card = { agent: 'billing-dev', index: 2, title: 'Retry emails', status: 'ready' };
const detail: CardDetail = { ...card, agentName: 'Billing Dev', started: null, completed: null, line: 12, fields: [], body: [], summary: null, source: 'Retry them.', review: null, reworkOf: null, unclaimable: false };

describe('webview/board/client: the board page on its channel', () => {
  it('pairs each request with its reply, in any order, and drops a reply it did not ask for', () => {
    const { api, client, window, dropped } = page();
    const got: string[] = [];
    client.requestDetail(card, (d) => got.push(`detail ${d?.title ?? 'none'}`));
    client.requestChangeDetail(card, (d) => got.push(`changes ${d === null ? 'none' : 'some'}`));
    client.requestDetail(card, (d) => got.push(`again ${d === null ? 'none' : 'some'}`));
    assert.deepEqual(
      api.posted.map((m) => [(m as { type: string }).type, (m as { request: number }).request]),
      [
        ['detail', 1],
        ['changeDetail', 2],
        ['detail', 3],
      ],
    );
    window.post({ type: 'detail', request: 3, detail: null });
    window.post({ type: 'changeDetail', request: 2, detail: null });
    window.post({ type: 'detail', request: 1, detail });
    window.post({ type: 'detail', request: 1, detail: null });
    window.post({ type: 'detail', request: 42, detail: null });
    assert.deepEqual(got, ['again none', 'changes none', 'detail Retry emails']);
    assert.deepEqual(dropped, ['a "detail" reply to request 1, which nothing is waiting for', 'a "detail" reply to request 42, which nothing is waiting for']);
  });

  it('drops a state older than the one shown; a patch on a version it lacks asks for a resync', async () => {
    const { api, client, window, dropped } = page();
    const s = await snapshotOf();
    const slug = s.agents[0].slug;
    window.post(fullMessage(s, 5));
    assert.equal(client.view.cards.get(slug)?.length, s.cards(slug).length);
    window.post({ ...fullMessage(s, 4), lanes: [] });
    assert.deepEqual(dropped, ['state 4 arrived after 5']);
    assert.equal(client.view.cards.get(slug)?.length, s.cards(slug).length, 'the late state changed nothing');
    window.post({ type: 'state', version: 7, base: 6, header: s.header, agents: s.agents, lanes: [] });
    assert.deepEqual(api.ofType('resync').length, 1);
  });
});
