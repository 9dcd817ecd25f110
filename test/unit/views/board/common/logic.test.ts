import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { cardAge, columnOf, columnsFor, findCard, nextUpIndex } from '../../../../../src/views/board/common/columns';
import { againTitle, isDroppable, planDrop, targetForSlot } from '../../../../../src/views/board/common/drop';
import { NO_FILTER, filterBoard } from '../../../../../src/views/board/common/filter';
import { METRICS, laneHeight, laneRows, layoutLanes, rowTop, scrollToShow, slotAt, visibleLanes, visibleRows } from '../../../../../src/views/board/common/layout';
import { DropTarget } from '../../../../../src/views/board/common/messages';
import { parseStamp } from '../../../../../src/base/time';
import { agent, card, lanes } from '../board-fixture';
import { locateTask } from '../../../../../src/base/task-ref';

describe('Task board logic: columns and cards', () => {
  it('puts the three protocol statuses in their columns and anything else in "other"', () => {
    assert.equal(columnOf('ready'), 'ready');
    assert.equal(columnOf('in-progress'), 'in-progress');
    assert.equal(columnOf('done'), 'done');
    assert.equal(columnOf('blocked'), 'other');
    assert.equal(columnOf(null), 'other');
  });

  it('shows the "other" column only when some lane has an unknown status', () => {
    assert.deepEqual(columnsFor([agent('a', [card(0, 'A', 'ready')])]), ['ready', 'in-progress', 'done']);
    assert.deepEqual(columnsFor([agent('a', [card(0, 'A', 'ready')]), agent('b', [card(0, 'B', 'waiting')])]), ['ready', 'in-progress', 'done', 'other']);
  });

  it('marks the first ready task in document order as next up', () => {
    const cards = [card(0, 'Done', 'done'), card(1, 'Busy', 'in-progress'), card(2, 'First', 'ready'), card(3, 'Second', 'ready')];
    assert.equal(nextUpIndex(cards), 2);
    assert.equal(nextUpIndex([card(0, 'Done', 'done')]), null);
  });

  it('measures age since Completed for done cards, else since Started', () => {
    const now = parseStamp('2026-03-28T12:00')!;
    assert.deepEqual(cardAge({ status: 'done', started: '2026-03-28T09:00', completed: '2026-03-28T11:00' }, now), { minutes: 60, since: 'completed' });
    assert.deepEqual(cardAge({ status: 'in-progress', started: '2026-03-28T11:30', completed: null }, now), { minutes: 30, since: 'started' });
    assert.equal(cardAge({ status: 'ready', started: null, completed: null }, now), null);
    assert.equal(cardAge({ status: 'in-progress', started: 'soon', completed: null }, now), null);
  });

  it('finds a card by index and title, or by a title only one card has', () => {
    const cards = [card(0, 'A', 'ready'), card(1, 'B', 'ready'), card(2, 'B', 'ready'), card(3, 'C', 'ready')];
    assert.equal(findCard(cards, { index: 1, title: 'B' }), cards[1]);
    assert.equal(findCard(cards, { index: 7, title: 'C' }), cards[3]);
    assert.equal(findCard(cards, { index: 0, title: 'B' }), undefined, 'two cards are titled B');
    assert.equal(findCard(cards, { index: 0, title: 'Z' }), undefined);
  });
});

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

describe('Task board logic: windowing', () => {
  it('lays lanes out from their longest column (at least one row), folded lanes as headers', () => {
    assert.equal(laneRows([3, 0, 7]), 7);
    assert.equal(laneRows([0, 0, 0]), 1);
    assert.equal(laneHeight(2, false), METRICS.laneHead + 2 * METRICS.pad + 2 * METRICS.row + METRICS.gap);
    assert.equal(laneHeight(50, true), METRICS.laneHead + METRICS.gap);
    const l = layoutLanes([100, 50, 200]);
    assert.deepEqual(l.tops, [0, 100, 150]);
    assert.equal(l.total, 350);
  });

  it('finds exactly the lanes that intersect the viewport (any heights, any scroll position)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 0, maxLength: 60 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 800 }), (heights, top, viewport, overscan) => {
        const layout = layoutLanes(heights);
        const { first, end } = visibleLanes(layout, top, viewport, overscan);
        const want: number[] = [];
        heights.forEach((_, i) => {
          if (layout.tops[i] + heights[i] > top - overscan && layout.tops[i] < top + viewport + overscan) want.push(i);
        });
        const got: number[] = [];
        for (let i = first; i < end; i++) got.push(i);
        assert.deepEqual(got, want);
      }),
    );
  });

  it('renders only the card rows in view, with a margin', () => {
    // A lane at 0 with 100 rows; the viewport shows rows 10 to about 19.
    const top = METRICS.laneHead + METRICS.pad + 10 * METRICS.row;
    const r = visibleRows(0, 100, top, 9 * METRICS.row, 2);
    assert.deepEqual(r, { first: 8, end: 21 });
    assert.deepEqual(visibleRows(0, 100, 1_000_000, 900, 2), { first: 100, end: 100 }, 'a lane far above the viewport renders no card');
    assert.deepEqual(visibleRows(50_000, 100, 0, 900, 2), { first: 0, end: 0 }, 'a lane far below renders no card');
  });

  it('maps a pointer position in a column to an insertion slot', () => {
    assert.equal(slotAt(0, 5), 0);
    assert.equal(slotAt(rowTop(2) + METRICS.row * 0.4, 5), 2, 'upper half of the third card: before it');
    assert.equal(slotAt(rowTop(2) + METRICS.row * 0.6, 5), 3, 'lower half: after it');
    assert.equal(slotAt(99_999, 5), 5);
    assert.equal(slotAt(-50, 5), 0);
  });

  it('scrolls as little as needed to show an item below a sticky header', () => {
    assert.equal(scrollToShow(0, 500, 100, 50), 0, 'already in view');
    assert.equal(scrollToShow(0, 500, 600, 50), 150, 'below: its bottom at the bottom');
    assert.equal(scrollToShow(400, 500, 300, 50, 34), 266, 'above: its top below the sticky header');
  });
});

describe('Task board logic: what a drop means', () => {
  const ready = { agent: 'a', index: 2, title: 'R', status: 'ready' };
  const busy = { agent: 'a', index: 1, title: 'P', status: 'in-progress' };
  const done = { agent: 'a', index: 0, title: 'D', status: 'done' };
  const to = (agent: string, column: DropTarget['column'], anchor: DropTarget['anchor'] = null, place: DropTarget['place'] = 'before'): DropTarget => ({ agent, column, anchor, place });

  it('ready → in progress or done in its own lane is a move', () => {
    assert.deepEqual(planDrop(ready, to('a', 'in-progress')), { kind: 'move', to: 'in-progress' });
    assert.deepEqual(planDrop(ready, to('a', 'done')), { kind: 'move', to: 'done' });
    assert.deepEqual(planDrop(busy, to('a', 'done')), { kind: 'move', to: 'done' });
  });

  it('within the ready column it is a reorder before or after the card dropped on', () => {
    assert.deepEqual(planDrop(ready, to('a', 'ready', { index: 5, title: 'X' }, 'after')), { kind: 'reorder', anchor: { index: 5, title: 'X' }, place: 'after' });
    assert.deepEqual(planDrop(ready, to('a', 'ready')), { kind: 'none' });
    assert.deepEqual(planDrop(ready, to('a', 'ready', { index: 2, title: 'R' })), { kind: 'none' });
  });

  it('a ready card into another lane reassigns it; only its ready column takes it', () => {
    assert.deepEqual(planDrop(ready, to('b', 'ready')), { kind: 'reassign', to: 'b' });
    assert.equal(planDrop(ready, to('b', 'done')).kind, 'invalid');
  });

  it('done is terminal: dragging a done card anywhere else is refused with the dispatch-again offer', () => {
    assert.deepEqual(planDrop(done, to('a', 'ready')), { kind: 'refuse-done', dispatchTo: 'a' });
    assert.deepEqual(planDrop(done, to('b', 'in-progress')), { kind: 'refuse-done', dispatchTo: 'b' });
    assert.deepEqual(planDrop(done, to('a', 'done')), { kind: 'none' });
    assert.ok(isDroppable(planDrop(done, to('a', 'ready'))), 'the drop reaches the host, which explains');
  });

  it('in progress never goes back to ready nor to another agent; unknown statuses do not move', () => {
    assert.equal(planDrop(busy, to('a', 'ready')).kind, 'invalid');
    assert.equal(planDrop(busy, to('b', 'ready')).kind, 'invalid');
    assert.equal(planDrop({ ...ready, status: 'blocked' }, to('a', 'ready')).kind, 'invalid');
    assert.equal(planDrop({ ...ready, status: null }, to('a', 'in-progress')).kind, 'invalid');
    assert.equal(planDrop(ready, to('a', 'other')).kind, 'invalid');
    assert.ok(!isDroppable(planDrop(busy, to('a', 'ready'))));
  });

  it('turns an insertion slot into a neighbour, leaving out the dragged card itself', () => {
    const cells = [card(3, 'A', 'ready'), card(4, 'B', 'ready'), card(6, 'C', 'ready')];
    const dragged = { agent: 'a', index: 4, title: 'B', status: 'ready' };
    assert.deepEqual(targetForSlot('a', 'ready', cells, 0, dragged).anchor, { index: 3, title: 'A' });
    assert.equal(targetForSlot('a', 'ready', cells, 1, dragged).anchor, null, 'right before itself: where it is');
    assert.equal(targetForSlot('a', 'ready', cells, 2, dragged).anchor, null, 'right after itself: where it is');
    const end = targetForSlot('a', 'ready', cells, 3, dragged);
    assert.deepEqual([end.anchor, end.place], [{ index: 6, title: 'C' }, 'after']);
    const other = targetForSlot('b', 'ready', cells, 1, dragged);
    assert.deepEqual([other.anchor, other.place], [{ index: 4, title: 'B' }, 'before'], 'another lane: every card counts');
    assert.equal(targetForSlot('a', 'ready', [], 0, dragged).anchor, null);
  });

  it('finds a task again by position and title, or by a title only one task has', () => {
    const tasks = [{ title: 'A' }, { title: 'B' }, { title: 'C' }];
    assert.equal(locateTask(tasks, { index: 1, title: 'B' }), 1);
    assert.equal(locateTask([{ title: 'New' }, ...tasks], { index: 1, title: 'B' }), 2, 'a task added above: found by title');
    assert.equal(locateTask([{ title: 'B' }, ...tasks], { index: 0, title: 'X' }), -1);
    assert.equal(locateTask([{ title: 'B' }, { title: 'A' }, { title: 'B' }], { index: 1, title: 'B' }), -1, 'moved, and two tasks have its title: refused');
  });

  it('suggests a dispatch-again title that no active task has', () => {
    assert.equal(againTitle('Ship it', new Set()), 'Ship it (again)');
    assert.equal(againTitle('Ship it', new Set(['Ship it (again)', 'Ship it (again 2)'])), 'Ship it (again 3)');
  });
});
