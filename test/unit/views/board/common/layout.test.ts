import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { METRICS, laneHeight, laneRows, layoutLanes, rowTop, scrollToShow, slotAt, visibleLanes, visibleRows } from '../../../../../src/views/board/common/layout';

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
