import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { NO_FILTER, filterBoard } from '../../../../../src/views/board/common/filter';
import { agent, card, lanes } from '../board-fixture';

describe('Task board logic: filtering', () => {
  const a = agent('billing-dev', [card(0, 'Webhook endpoint', 'in-progress'), card(1, 'Retry emails', 'ready'), card(2, 'Old work', 'done', { summary: 'Shipped the CSV export.' })], { projects: ['billing'] });
  const b = agent('dash-dev', [card(0, 'Chart', 'ready')], { projects: ['dashboard'] });
  const cards = lanes(['billing-dev', [card(0, 'Webhook endpoint', 'in-progress'), card(1, 'Retry emails', 'ready'), card(2, 'Old work', 'done', { summary: 'Shipped the CSV export.' })]], ['dash-dev', [card(0, 'Chart', 'ready')]]);

  it('shows every lane and card without a filter, sorted into columns', () => {
    const shown = filterBoard([a, b], cards, NO_FILTER);
    assert.deepEqual(shown.map((l) => l.agent.slug), ['billing-dev', 'dash-dev']);
    assert.deepEqual(shown[0].columns.ready.map((c) => c.title), ['Retry emails']);
    assert.deepEqual(shown[0].columns['in-progress'].map((c) => c.title), ['Webhook endpoint']);
    assert.equal(shown[0].nextUp, 1);
    assert.equal(shown[0].loaded, true);
  });

  it('filters by words in the title, first line, summary or agent name (all words, any case)', () => {
    assert.deepEqual(filterBoard([a, b], cards, { ...NO_FILTER, text: 'csv' }).map((l) => [l.agent.slug, l.shown]), [['billing-dev', 1]]);
    assert.deepEqual(filterBoard([a, b], cards, { ...NO_FILTER, text: 'RETRY emails' }).map((l) => l.shown), [1]);
    assert.deepEqual(filterBoard([a, b], cards, { ...NO_FILTER, text: 'dash chart' }).map((l) => l.agent.slug), ['dash-dev']);
    assert.deepEqual(filterBoard([a, b], cards, { ...NO_FILTER, text: 'nothing-like-this' }), []);
  });

  it('filters by agent and by project, keeping empty lanes as drop targets', () => {
    assert.deepEqual(filterBoard([a, b], cards, { ...NO_FILTER, agent: 'dash-dev' }).map((l) => l.agent.slug), ['dash-dev']);
    assert.deepEqual(filterBoard([a, b], cards, { ...NO_FILTER, project: 'billing' }).map((l) => l.agent.slug), ['billing-dev']);
    const empty = agent('new', []);
    assert.deepEqual(filterBoard([empty], lanes(['new', []]), NO_FILTER).map((l) => l.shown), [0]);
  });

  it('keeps the next-up mark on the first ready task even when the filter hides it', () => {
    const shown = filterBoard([a], cards, { ...NO_FILTER, text: 'webhook' });
    assert.equal(shown[0].nextUp, 1);
    assert.deepEqual(shown[0].columns.ready, []);
  });

  it('lists a lane whose cards have not arrived as not loaded', () => {
    const shown = filterBoard([a, b], lanes(['billing-dev', cards.get('billing-dev')!]), NO_FILTER);
    assert.deepEqual(shown.map((l) => l.loaded), [true, false]);
  });

  // filterBoard keeps each lane's last results with its cards array (narrowing the next
  // keystroke from them, returning to the unfiltered columns on Escape): whatever the
  // sequence of filters, patches and full-text answers, each result must equal the one
  // computed from scratch (fresh arrays, which no memo knows).
  it('gives, keystroke after keystroke and patch after patch, what filtering from scratch gives', () => {
    const word = fc.constantFrom('a', 'ab', 'abc', 'b', 'bc', 'c', 'x', 'Ab');
    const status = fc.constantFrom('ready', 'in-progress', 'done', 'blocked', null);
    const cardsArb = fc.array(fc.tuple(fc.array(word, { maxLength: 3 }), status, fc.boolean()), { maxLength: 8 }).map((xs) =>
      xs.map(([ws, st, reviewed], i) => card(i, ws.join(' ') || 'T', st, { summary: i % 2 ? ws.join('-') : null, review: reviewed ? 'accepted' : null })),
    );
    const step = fc.oneof(
      fc.record({ kind: fc.constant('type' as const), text: fc.array(word, { maxLength: 3 }).map((ws) => ws.join(' ')), review: fc.boolean() }),
      fc.record({ kind: fc.constant('patch' as const), lane: fc.nat(2), cards: cardsArb }),
      fc.record({ kind: fc.constant('full' as const), keys: fc.array(fc.tuple(fc.nat(2), fc.nat(7)), { maxLength: 4 }) }),
      fc.record({ kind: fc.constant('rename' as const), lane: fc.nat(2), name: word }),
    );
    fc.assert(
      fc.property(fc.array(cardsArb, { minLength: 3, maxLength: 3 }), fc.array(step, { minLength: 1, maxLength: 12 }), (initial, steps) => {
        let agents = initial.map((cs, i) => agent(`agent-${i}`, cs));
        const byLane = new Map(initial.map((cs, i) => [`agent-${i}`, cs] as const));
        let filter = NO_FILTER;
        let full: { text: string; keys: ReadonlySet<string> } | undefined;
        for (const s of steps) {
          if (s.kind === 'type') {
            filter = { ...NO_FILTER, text: s.text, review: s.review };
            full = undefined;
          } else if (s.kind === 'patch') byLane.set(`agent-${s.lane}`, s.cards);
          else if (s.kind === 'full') full = { text: filter.text, keys: new Set(s.keys.map(([l, i]) => `agent-${l}\n${i}`)) };
          else agents = agents.map((x, i) => (i === s.lane ? { ...x, name: s.name } : x));
          const got = filterBoard(agents, byLane, filter, full);
          const fresh = new Map([...byLane].map(([k, v]) => [k, v.map((c) => ({ ...c }))] as const));
          const want = filterBoard(agents, fresh, filter, full);
          assert.deepEqual(got, want);
        }
      }),
      { numRuns: 300 },
    );
  });
});
