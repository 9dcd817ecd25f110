import * as assert from 'node:assert/strict';
import { checkBoardHostMessage, checkBoardWebviewMessage } from '../../../../../src/views/board/common/messages';
import { fullMessage, snapshotOf } from '../board-fixture';

const card = { agent: 'billing-dev', index: 2, title: 'Retry emails', status: 'ready' };

describe('Task board protocol (runtime checks)', () => {
  it('accepts the messages the page sends: ids, never paths', () => {
    const good = [
      { type: 'ready', protocol: 1 },
      { type: 'resync' },
      { type: 'drop', op: 1, card, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' } },
      { type: 'drop', op: 2, card, target: { agent: 'billing-dev', column: 'ready', anchor: { index: 3, title: 'Credit notes' }, place: 'after' } },
      { type: 'reassign', op: 3, card },
      { type: 'dispatchAgain', card: { ...card, status: 'done' } },
      { type: 'openTask', card },
      { type: 'detail', request: 7, card },
      { type: 'openLink', card, link: 0 },
      { type: 'openTeamView' },
    ];
    for (const m of good) assert.ok(checkBoardWebviewMessage(m).ok, JSON.stringify(m));
  });

  it('refuses anything else: unknown types, extra fields, paths as slugs, bad columns, wrong types', () => {
    const bad: unknown[] = [
      null,
      'drop',
      [],
      { type: 'writeFile', path: '/etc/passwd' },
      { type: 'drop', op: 1, card, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' }, path: 'agents/x/tasks.md' },
      { type: 'drop', op: 1, card: { ...card, agent: '../../etc' }, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' } },
      { type: 'drop', op: 1, card: { ...card, agent: '.hidden' }, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' } },
      { type: 'drop', op: 1, card, target: { agent: 'dash-dev', column: 'archive', anchor: null, place: 'before' } },
      { type: 'drop', op: 1, card, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'inside' } },
      { type: 'drop', op: -1, card, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' } },
      { type: 'drop', op: 1, card: { ...card, index: 1.5 }, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' } },
      { type: 'drop', op: 1, card: { ...card, title: 'x'.repeat(5000) }, target: { agent: 'dash-dev', column: 'ready', anchor: null, place: 'before' } },
      { type: 'openLink', card, link: 'https://evil.example' },
      { type: 'openTask', card: { agent: 'a', index: 0 } },
      { type: '__proto__' },
      { type: 'constructor' },
    ];
    for (const m of bad) assert.equal(checkBoardWebviewMessage(m).ok, false, JSON.stringify(m));
  });

  it('checks what the host sends: states, results, details, reveals', async () => {
    const s = await snapshotOf();
    assert.ok(checkBoardHostMessage(fullMessage(s)).ok);
    assert.ok(checkBoardHostMessage({ ...fullMessage(s, 2), base: 1, lanes: [] }).ok);
    assert.ok(checkBoardHostMessage({ type: 'result', op: 1, ok: false, message: null }).ok);
    assert.ok(checkBoardHostMessage({ type: 'reveal', agent: 'billing-dev' }).ok);
    assert.ok(checkBoardHostMessage({ type: 'detail', request: 1, detail: null }).ok);
    const broken = fullMessage(s);
    assert.equal(checkBoardHostMessage({ ...broken, agents: [{ ...broken.agents[0], liveness: 'zombie' }] }).ok, false);
    assert.equal(checkBoardHostMessage({ ...broken, agents: [{ ...broken.agents[0], counts: [1, 2, 3] }] }).ok, false);
    assert.equal(checkBoardHostMessage({ ...broken, lanes: [{ slug: 'a', cards: [{ index: 0 }] }] }).ok, false);
  });

  it('accepts only known elements in rendered markdown, nested to a bounded depth', () => {
    const detail = (body: unknown) => ({ type: 'detail', request: 1, detail: { agent: 'a', agentName: 'A', index: 0, title: 'T', status: null, started: null, completed: null, line: 1, fields: [], body, summary: null, source: null, review: null, reworkOf: null, unclaimable: false } });
    assert.ok(checkBoardHostMessage(detail(['text', { tag: 'p', children: ['x', { tag: 'a', children: ['l'], link: 0, href: 'https://x' }] }])).ok);
    assert.equal(checkBoardHostMessage(detail([{ tag: 'script', children: ['alert(1)'] }])).ok, false);
    assert.equal(checkBoardHostMessage(detail([{ tag: 'img', children: [] }])).ok, false);
    assert.equal(checkBoardHostMessage(detail([{ tag: 'a', children: [], onclick: 'alert(1)' }])).ok, false);
    assert.equal(checkBoardHostMessage(detail([{ tag: 'a', children: [], link: 'x' }])).ok, false);
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { tag: 'em', children: [deep] };
    assert.equal(checkBoardHostMessage(detail([deep])).ok, false);
  });
});
