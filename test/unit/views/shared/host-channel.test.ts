import * as assert from 'node:assert/strict';
import { MessageOf, checkMessage, int, object, oneOf, str } from '../../../../src/views/shared/common/validate';
import { HostChannel } from '../../../../src/views/shared/host-channel';

const table = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  say: object({ type: oneOf(['say']), text: str }),
};
const check = (data: unknown) => checkMessage(data, table);

/** A webview that records what it is posted and answers as told. */
class FakeWebview {
  readonly posted: unknown[] = [];
  answer: 'delivered' | 'undelivered' | 'throw' = 'delivered';
  postMessage(message: unknown): Promise<boolean> {
    if (this.answer === 'throw') return Promise.reject(new Error('the page is gone'));
    this.posted.push(message);
    return Promise.resolve(this.answer === 'delivered');
  }
}

function channel(preview = false) {
  const logged: string[] = [];
  const log = { warn: (m: string) => logged.push(`warn ${m}`), error: (m: string) => logged.push(`error ${m}`) };
  const c = new HostChannel<MessageOf<typeof table>, { n: number }>({ name: 'Test view', protocol: 2, check, log, preview });
  const webview = new FakeWebview();
  c.attach(webview);
  return { c, webview, logged };
}

describe('The host end of a page (HostChannel)', () => {
  it('passes nothing before the page says ready, and logs what it dropped', async () => {
    const { c, webview, logged } = channel();
    assert.equal(c.receive({ type: 'say', text: 'hi' }), undefined);
    assert.equal(await c.postState({ n: 1 }), undefined);
    assert.deepEqual(webview.posted, []);
    assert.deepEqual(logged, ['warn Test view: dropped "say" sent before "ready"']);
    assert.deepEqual(c.receive({ type: 'ready', protocol: 2 }), { type: 'ready', protocol: 2 });
    assert.equal(c.ready, true);
    assert.deepEqual(c.receive({ type: 'say', text: 'hi' }), { type: 'say', text: 'hi' });
    assert.equal(logged.length, 1);
  });

  it('logs a page that speaks another protocol, and still opens', () => {
    const { c, logged } = channel();
    c.receive({ type: 'ready', protocol: 1 });
    assert.equal(c.ready, true);
    assert.deepEqual(logged, ['warn Test view: the page speaks protocol 1, the host 2']);
  });

  it('drops and logs a message its check refuses (with a preview when asked)', () => {
    const { c, logged } = channel(true);
    c.receive({ type: 'ready', protocol: 2 });
    assert.equal(c.receive({ type: 'say', text: 3 }), undefined);
    assert.equal(c.receive({ type: 'shout' }), undefined);
    assert.equal(c.receive('x'.repeat(300)), undefined);
    assert.deepEqual(logged.slice(0, 2), [
      'warn Test view: dropped a message (say.text should be a string): {"type":"say","text":3}',
      'warn Test view: dropped a message (unknown message type "shout"): {"type":"shout"}',
    ]);
    assert.ok(logged[2].endsWith('…'), logged[2]);
    assert.ok(logged[2].length < 300, logged[2]);
  });

  it('posts states with a growing version, skips an unchanged one unless forced', async () => {
    const { c, webview } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    assert.deepEqual(await c.postState({ n: 1 }), { type: 'state', version: 1, state: { n: 1 } });
    assert.equal(await c.postState({ n: 1 }), undefined);
    assert.deepEqual(await c.postState({ n: 1 }, true), { type: 'state', version: 2, state: { n: 1 } });
    assert.deepEqual(await c.postState({ n: 2 }), { type: 'state', version: 3, state: { n: 2 } });
    assert.deepEqual(
      webview.posted.map((m) => (m as { version: number }).version),
      [1, 2, 3],
    );
  });

  it('a state made for the HTML before ready counts: the next unchanged one is skipped', async () => {
    const { c, webview } = channel();
    assert.deepEqual(c.stateMessage({ n: 1 }, true), { type: 'state', version: 1, state: { n: 1 } });
    c.receive({ type: 'ready', protocol: 2 });
    assert.equal(await c.postState({ n: 1 }), undefined);
    assert.deepEqual(webview.posted, []);
  });

  it('a discarded page closes the gate until it says ready again; the version keeps growing', async () => {
    const { c, webview } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    await c.postState({ n: 1 });
    c.reset();
    assert.equal(c.ready, false);
    assert.equal(c.receive({ type: 'say', text: 'late' }), undefined);
    assert.equal(await c.postState({ n: 2 }), undefined);
    c.receive({ type: 'ready', protocol: 2 });
    assert.deepEqual(await c.postState({ n: 2 }, true), { type: 'state', version: 2, state: { n: 2 } });
    assert.equal(webview.posted.length, 2);
  });

  it('a new page attached waits for its own ready; after detach nothing is posted', async () => {
    const { c, webview } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    await c.postState({ n: 1 });
    const next = new FakeWebview();
    c.attach(next);
    assert.equal(c.ready, false);
    c.receive({ type: 'ready', protocol: 2 });
    assert.deepEqual(await c.postState({ n: 1 }), { type: 'state', version: 2, state: { n: 1 } }, 'the new page has no state yet');
    assert.equal(next.posted.length, 1);
    assert.equal(webview.posted.length, 1);
    c.detach();
    assert.equal(c.ready, false);
    assert.equal(await c.post({ type: 'other' }), false);
    assert.equal(next.posted.length, 1);
  });

  it('an undelivered post resolves nothing; a failed one is logged', async () => {
    const { c, webview, logged } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    webview.answer = 'undelivered';
    assert.equal(await c.postState({ n: 1 }), undefined);
    webview.answer = 'throw';
    assert.equal(await c.post({ type: 'x' }), false);
    assert.deepEqual(logged, ['error Test view: cannot post to the page: Error: the page is gone']);
  });
});
