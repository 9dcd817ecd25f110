import * as assert from 'node:assert/strict';
import { MessageOf, checkMessage, int, object, oneOf, str } from '../../../../src/views/shared/common/validate';
import { HostChannel } from '../../../../src/views/shared/host-channel';

const table = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  say: object({ type: oneOf(['say']), text: str }),
  ask: object({ type: oneOf(['ask']), request: int, text: str }),
};
/** The reply to `ask`, as a view declares it. */
interface Answer {
  readonly type: 'answer';
  readonly request: number;
  readonly text: string | null;
}
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

  it('answers a request with its reply, the request\'s number copied in, in the order the replies are made', async () => {
    const { c, webview } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    let finishSlow!: (text: string) => void;
    const slow = c.reply<Answer>({ type: 'ask', request: 7 }, () => new Promise((resolve) => (finishSlow = (text) => resolve({ type: 'answer', text }))), { type: 'answer', text: null });
    const quick = await c.reply<Answer>({ type: 'ask', request: 8 }, () => ({ type: 'answer', text: 'quick' }), { type: 'answer', text: null });
    assert.deepEqual(quick, { type: 'answer', text: 'quick', request: 8 });
    finishSlow('slow');
    assert.deepEqual(await slow, { type: 'answer', text: 'slow', request: 7 });
    assert.deepEqual(webview.posted, [
      { type: 'answer', text: 'quick', request: 8 },
      { type: 'answer', text: 'slow', request: 7 },
    ]);
  });

  it('a reply that cannot be made is logged and answered with the failed reply, so the page does not wait forever', async () => {
    const { c, webview, logged } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    const fail = (): Omit<Answer, 'request'> => {
      throw new Error('no such card');
    };
    const thrown = await c.reply<Answer>({ type: 'ask', request: 1 }, fail, { type: 'answer', text: null });
    const rejected = await c.reply<Answer>({ type: 'ask', request: 2 }, () => Promise.reject(new Error('git failed')), { type: 'answer', text: null });
    assert.deepEqual(thrown, { type: 'answer', text: null, request: 1 });
    assert.deepEqual(rejected, { type: 'answer', text: null, request: 2 });
    assert.equal(webview.posted.length, 2);
    assert.deepEqual(logged, ['error Test view: "ask" 1 failed: Error: no such card', 'error Test view: "ask" 2 failed: Error: git failed']);
  });

  it('a reply for a page discarded or replaced since it asked is not posted', async () => {
    const { c, webview } = channel();
    c.receive({ type: 'ready', protocol: 2 });
    let finish!: () => void;
    const made = new Promise<Omit<Answer, 'request'>>((resolve) => (finish = () => resolve({ type: 'answer', text: 'late' })));
    const replied = c.reply<Answer>({ type: 'ask', request: 3 }, () => made, { type: 'answer', text: null });
    const next = new FakeWebview();
    c.attach(next);
    c.receive({ type: 'ready', protocol: 2 });
    finish();
    assert.equal(await replied, undefined);
    assert.deepEqual(webview.posted, []);
    assert.deepEqual(next.posted, []);
    const afterReset = c.reply<Answer>({ type: 'ask', request: 4 }, () => made, { type: 'answer', text: null });
    c.reset();
    assert.equal(await afterReset, undefined);
    assert.deepEqual(next.posted, []);
  });
});
