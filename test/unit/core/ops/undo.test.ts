import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { appendCopy, takeReadyTask, removeTask } from '../../../../src/core/ops/reassign';
import { archiveText, archivedBlock, cancelText } from '../../../../src/core/ops/cancel';
import { dispatchText } from '../../../../src/core/ops/dispatch';
import { editTaskText } from '../../../../src/core/ops/edit-task';
import { moveText } from '../../../../src/core/ops/move';
import { reorderText } from '../../../../src/core/ops/reorder';
import { reviewText, sendBackText } from '../../../../src/core/ops/review';
import { unclaimText } from '../../../../src/core/ops/unclaim';
import { UndoStep, applyUndoStep, undoAdd, undoBlockChange, undoCancel, undoReassign, undoReorder } from '../../../../src/core/ops/undo';

const F = 'agents/ada/tasks.md';
const G = 'agents/bob/tasks.md';
const ARCHIVE = 'agents/ada/cancelled.md';
const NOW = '2026-11-24T10:00';
const TICK = '<!-- cortex:last-tick 2026-11-24T09:55 -->';
const QUEUE = `Notes before the first task.\n\n## A\n**Status:** ready\n\nBody A\n\n## B\n**Status:** ready\n\nBody B\n\n## C\n**Status:** ready\n\n${TICK}\n`;
const WORKED = `## Done one\n**Status:** done\n**Started:** 2026-11-24T09:00\n**Completed:** 2026-11-24T09:40\n\nBody.\n\n### Summary\nDid it.\n\n## Busy\n**Status:** in-progress\n**Started:** 2026-11-24T09:45\n\n${TICK}\n`;

/** Applies the steps to a set of files by path. */
function undo(files: Record<string, string>, steps: readonly UndoStep[]): Record<string, string> {
  const out = { ...files };
  for (const s of steps) out[s.path] = applyUndoStep(out[s.path], s);
  return out;
}

describe('undo: each action and its inverse', () => {
  for (const crlf of [false, true]) {
    const q = crlf ? QUEUE.replace(/\n/g, '\r\n') : QUEUE;
    const w = crlf ? WORKED.replace(/\n/g, '\r\n') : WORKED;
    const eol = crlf ? ' (CRLF)' : '';

    it(`a move to in progress and to done is undone byte for byte${eol}`, () => {
      const started = moveText(q, F, { ref: 'B', to: 'in-progress', now: NOW, outOfOrder: true }).text;
      assert.strictEqual(undo({ [F]: started }, undoBlockChange(F, q, 1, started, 1))[F], q);
      const done = moveText(q, F, { ref: 'B', to: 'done', now: NOW, summary: 'Did B.', outOfOrder: true }).text;
      assert.strictEqual(undo({ [F]: done }, undoBlockChange(F, q, 1, done, 1))[F], q);
    });

    it(`a reorder is undone byte for byte${eol}`, () => {
      for (const [ref, place, anchor] of [['C', 'before', 'A'], ['A', 'after', 'C'], ['B', 'before', 'A']] as const) {
        const moved = reorderText(q, F, place === 'before' ? { ref, before: anchor } : { ref, after: anchor }).text;
        const index = ['A', 'B', 'C'].indexOf(ref);
        assert.strictEqual(undo({ [F]: moved }, undoReorder(F, q, index))[F], q, `${ref} ${place} ${anchor}`);
      }
    });

    it(`a dispatch is undone byte for byte${eol}`, () => {
      const r = dispatchText(q, F, { title: 'D', body: 'New.' });
      assert.strictEqual(undo({ [F]: r.text }, undoAdd(F, r.text, r.position - 1))[F], q);
    });

    it(`a reassign is undone in both files${eol}`, () => {
      const target = `## X\n**Status:** ready\n\n${TICK}\n`;
      const task = takeReadyTask(q, F, 'B');
      const copied = appendCopy(target, G, task);
      const source = removeTask(q, F, task);
      const copy = undoAdd(G, copied.text, copied.position - 1)[0];
      assert.ok(copy.kind === 'remove');
      const steps = undoReassign(F, q, 1, task.block, G, 'B', copy.expected);
      const back = undo({ [F]: source, [G]: copied.text }, steps);
      assert.strictEqual(back[F], q);
      assert.strictEqual(back[G], target);
    });

    it(`a cancel is undone in the queue and the archive${eol}`, () => {
      const r = cancelText(q, F, 'A');
      const archived = archivedBlock(r.block, F, NOW);
      const archive = archiveText('', ARCHIVE, archived);
      const back = undo({ [F]: r.text, [ARCHIVE]: archive }, undoCancel(F, r, ARCHIVE, archived));
      assert.strictEqual(back[F], q);
      assert.ok(!back[ARCHIVE].includes('## A'));
    });

    it(`an edit is undone${eol}`, () => {
      const r = editTaskText(q, F, { ref: 'B', expected: { title: 'B', body: 'Body B' }, title: 'B2', body: 'Other' });
      assert.strictEqual(undo({ [F]: r.text }, undoBlockChange(F, q, 1, r.text, 1))[F], q);
    });

    it(`an accept, a send-back and an unclaim are undone${eol}`, () => {
      const accepted = reviewText(w, F, { ref: '1', verdict: 'accepted', now: NOW }).text;
      assert.strictEqual(undo({ [F]: accepted }, undoBlockChange(F, w, 0, accepted, 0))[F], w);
      const sent = sendBackText(w, F, { ref: '1', comment: 'More tests.', now: NOW });
      const steps = [...undoAdd(F, sent.text, sent.reworkPosition - 1), ...undoBlockChange(F, w, 0, sent.text, 0)];
      assert.strictEqual(undo({ [F]: sent.text }, steps)[F], w);
      const unclaimed = unclaimText(w, F, { ref: 'Busy', now: NOW, reason: 'down' }).text;
      assert.strictEqual(undo({ [F]: unclaimed }, undoBlockChange(F, w, 1, unclaimed, 1))[F], w);
    });
  }
});

describe('undo: refused once the agent has touched the task', () => {
  it('a move undone after the agent completed the task is refused, and names why', () => {
    const started = moveText(QUEUE, F, { ref: 'B', to: 'in-progress', now: NOW, outOfOrder: true }).text;
    const steps = undoBlockChange(F, QUEUE, 1, started, 1);
    const agent = moveText(started, F, { ref: 'B', to: 'done', now: '2026-11-24T10:20' }).text;
    assert.throws(() => undo({ [F]: agent }, steps), (e: Error) => e instanceof CortexInputError && /"B" in agents\/ada\/tasks.md has changed since/.test(e.message));
  });

  it('a dispatch undone after the agent claimed it is refused; one removed by hand says it is gone', () => {
    const r = dispatchText(QUEUE, F, { title: 'D' });
    const steps = undoAdd(F, r.text, r.position - 1);
    const claimed = moveText(r.text, F, { ref: 'D', to: 'in-progress', now: NOW, outOfOrder: true }).text;
    assert.throws(() => undo({ [F]: claimed }, steps), /has changed since/);
    assert.throws(() => undo({ [F]: QUEUE }, steps), /"D" is no longer in/);
  });

  it('a reorder undone after the agent edited the moved task is refused; other edits in the file do not matter', () => {
    const moved = reorderText(QUEUE, F, { ref: 'C', before: 'A' }).text;
    const steps = undoReorder(F, QUEUE, 2);
    assert.throws(() => undo({ [F]: moved.replace('## C\n**Status:** ready', '## C\n**Status:** in-progress') }, steps), /has changed since/);
    const ticked = moved.replace(TICK, '<!-- cortex:last-tick 2026-11-24T10:30 -->');
    assert.strictEqual(undo({ [F]: ticked }, steps)[F], QUEUE.replace(TICK, '<!-- cortex:last-tick 2026-11-24T10:30 -->'));
  });
});
