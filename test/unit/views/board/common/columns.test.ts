import * as assert from 'node:assert/strict';
import { cardAge, columnOf, columnsFor, findCard, nextUpIndex } from '../../../../../src/views/board/common/columns';
import { parseStamp } from '../../../../../src/base/time';
import { agent, card } from '../board-fixture';

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
