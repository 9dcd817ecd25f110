import * as assert from 'node:assert/strict';
import { MessageOf, checkMessage, int, object, oneOf, str } from '../../../../src/views/shared/common/validate';
import { listenToHost, newestStates } from '../../../../webview/shared/host-bridge';
import { HostWindow } from '../host-api';

const table = {
  state: object({ type: oneOf(['state']), version: int, state: str }),
  note: object({ type: oneOf(['note']), text: str }),
};
type Message = MessageOf<typeof table>;
const check = (data: unknown) => checkMessage(data, table);

function listen(initial?: unknown, newest = true) {
  const target = new HostWindow();
  const got: Message[] = [];
  const dropped: string[] = [];
  const stop = listenToHost(target, check, (m) => got.push(m), (r) => dropped.push(r), { initial, newestStates: newest });
  return { target, got, dropped, stop };
}

describe('webview/shared/host-bridge: the page end of the host channel', () => {
  it('passes checked messages and drops the rest, reporting why', () => {
    const { target, got, dropped } = listen();
    target.post({ type: 'note', text: 'hi' });
    target.post({ type: 'note', text: 3 });
    target.post('hello');
    assert.deepEqual(got, [{ type: 'note', text: 'hi' }]);
    assert.deepEqual(dropped, ['note.text should be a string', 'the message is not an object']);
  });

  it('drops a state older than (or as old as) the one shown, and lets other messages through', () => {
    const { target, got, dropped } = listen();
    target.post({ type: 'state', version: 1, state: 'a' });
    target.post({ type: 'state', version: 3, state: 'c' });
    target.post({ type: 'state', version: 2, state: 'b' }); // late
    target.post({ type: 'state', version: 3, state: 'c again' });
    target.post({ type: 'note', text: 'between' });
    target.post({ type: 'state', version: 4, state: 'd' });
    assert.deepEqual(
      got.map((m) => (m.type === 'state' ? m.state : m.text)),
      ['a', 'c', 'between', 'd'],
    );
    assert.deepEqual(dropped, ['state 2 arrived after 3', 'state 3 arrived after 3']);
  });

  it("takes the state in the page's HTML first; a posted copy of it is older news", () => {
    const { target, got, dropped } = listen({ type: 'state', version: 5, state: 'html' });
    assert.deepEqual(got, [{ type: 'state', version: 5, state: 'html' }]);
    target.post({ type: 'state', version: 5, state: 'html' });
    target.post({ type: 'state', version: 6, state: 'next' });
    assert.equal(got.length, 2);
    assert.deepEqual(dropped, ['state 5 arrived after 5']);
  });

  it('without newestStates every checked state passes, in the order it came', () => {
    const { target, got, dropped } = listen(undefined, false);
    target.post({ type: 'state', version: 2, state: 'b' });
    target.post({ type: 'state', version: 1, state: 'a' });
    assert.deepEqual(
      got.map((m) => m.type === 'state' && m.version),
      [2, 1],
    );
    assert.deepEqual(dropped, []);
  });

  it('stops listening when told', () => {
    const { target, got, stop } = listen();
    assert.equal(target.listening, 1);
    stop();
    assert.equal(target.listening, 0);
    target.post({ type: 'note', text: 'late' });
    assert.deepEqual(got, []);
  });

  it('newestStates() counts per page: a fresh one starts over', () => {
    const first = newestStates();
    assert.equal(first({ type: 'state', version: 9 }), null);
    assert.equal(first({ type: 'state', version: 1 }), 'state 1 arrived after 9');
    assert.equal(newestStates()({ type: 'state', version: 1 }), null);
    assert.equal(first({ type: 'other', version: 1 }), null, 'only states are versioned');
  });
});
