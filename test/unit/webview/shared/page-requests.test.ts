import * as assert from 'node:assert/strict';
import { PageRequests } from '../../../../webview/shared/page-requests';

type Reply = { readonly type: 'detail'; readonly request: number; readonly detail: string | null } | { readonly type: 'changes'; readonly request: number; readonly files: number };

function requests() {
  const dropped: string[] = [];
  const sent: Array<{ type: string; request: number }> = [];
  const r = new PageRequests<Reply>((reason) => dropped.push(reason));
  return { r, dropped, sent };
}

describe('webview/shared/page-requests: the page end of request and reply', () => {
  it('numbers each request and hands each reply to its own request, whatever order they come in', () => {
    const { r, sent } = requests();
    const got: string[] = [];
    r.ask('detail', (request) => sent.push({ type: 'detail', request }), (m) => got.push(`first ${m.detail}`));
    r.ask('changes', (request) => sent.push({ type: 'changes', request }), (m) => got.push(`changes ${m.files}`));
    r.ask('detail', (request) => sent.push({ type: 'detail', request }), (m) => got.push(`third ${m.detail}`));
    assert.deepEqual(sent, [
      { type: 'detail', request: 1 },
      { type: 'changes', request: 2 },
      { type: 'detail', request: 3 },
    ]);
    assert.equal(r.open, 3);
    r.answer({ type: 'detail', request: 3, detail: 'c' });
    r.answer({ type: 'changes', request: 2, files: 4 });
    r.answer({ type: 'detail', request: 1, detail: null });
    assert.deepEqual(got, ['third c', 'changes 4', 'first null']);
    assert.equal(r.open, 0);
  });

  it('drops and reports a reply with a number nobody is waiting for, or a second reply to one request', () => {
    const { r, dropped } = requests();
    const got: Array<string | null> = [];
    const id = r.ask('detail', () => undefined, (m) => got.push(m.detail));
    r.answer({ type: 'detail', request: 99, detail: 'stray' });
    r.answer({ type: 'detail', request: id, detail: 'once' });
    r.answer({ type: 'detail', request: id, detail: 'twice' });
    assert.deepEqual(got, ['once']);
    assert.deepEqual(dropped, ['a "detail" reply to request 99, which nothing is waiting for', 'a "detail" reply to request 1, which nothing is waiting for']);
  });

  it('drops a reply of another type than its request asked for, and the request still waits for its own', () => {
    const { r, dropped } = requests();
    const got: Array<string | null> = [];
    const id = r.ask('detail', () => undefined, (m) => got.push(m.detail));
    r.answer({ type: 'changes', request: id, files: 1 });
    assert.deepEqual(dropped, ['a "changes" reply to request 1, which waits for "detail"']);
    assert.equal(r.open, 1);
    r.answer({ type: 'detail', request: id, detail: 'right' });
    assert.deepEqual(got, ['right']);
  });
});
