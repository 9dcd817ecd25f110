import * as assert from 'node:assert/strict';
import { isDroppable, planDrop, targetForSlot } from '../../../../../src/views/board/common/drop';
import { locateTask } from '../../../../../src/base/task-ref';
import { DropTarget } from '../../../../../src/views/board/common/messages';
import { card } from '../board-fixture';

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
});
