import * as assert from 'node:assert/strict';
import { lineDiff } from '../../../../src/base/line-diff';
import { answerOptions, diffView } from '../../../../src/views/shared/permission-view';
import { permissionItem } from '../session-builders';

describe('A proposed change and its answers, as pages show them', () => {
  it('a line diff keeps three lines of context around each change and folds the rest into a gap', () => {
    const old = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const next = old.replace('line 10\n', 'line ten\n');
    assert.deepEqual(lineDiff(old, next), [
      { op: 'gap', count: 6 },
      { op: 'same', text: 'line 7' },
      { op: 'same', text: 'line 8' },
      { op: 'same', text: 'line 9' },
      { op: 'remove', text: 'line 10' },
      { op: 'add', text: 'line ten' },
      { op: 'same', text: 'line 11' },
      { op: 'same', text: 'line 12' },
      { op: 'same', text: 'line 13' },
      { op: 'gap', count: 7 },
    ]);
  });

  it('a new file is every line added; insertions and deletions in the middle line up with what stayed', () => {
    assert.deepEqual(lineDiff(null, 'a\nb\n'), [
      { op: 'add', text: 'a' },
      { op: 'add', text: 'b' },
    ]);
    assert.deepEqual(
      lineDiff('a\nb\nc\nd', 'a\nc\nx\nd').map((l) => (l.op === 'gap' ? '…' : `${l.op[0]} ${l.text}`)),
      ['s a', 'r b', 's c', 'a x', 's d'],
    );
    assert.deepEqual(lineDiff('same\n', 'same\n'), [], 'no change, nothing to show');
  });

  it('a diff view says how many lines a gap leaves out and whether the file is new', () => {
    const d = diffView({ path: 'agents/docs/tasks.md', oldText: 'a\n'.repeat(10) + 'b\n', newText: 'a\n'.repeat(10) + 'c\n' });
    assert.equal(d.newFile, false);
    assert.deepEqual(d.lines[0], { op: 'gap', text: '7 unchanged lines' });
    assert.deepEqual(d.lines.slice(-2), [
      { op: 'remove', text: 'b' },
      { op: 'add', text: 'c' },
    ]);
    assert.equal(diffView({ path: 'new.md', oldText: null, newText: 'x' }).newFile, true);
  });

  it('answers read allow once, always, reject, whatever order the agent sent them in', () => {
    assert.deepEqual(
      answerOptions(permissionItem().options).map((o) => o.kind),
      ['allow_once', 'allow_always', 'reject_once'],
    );
  });
});
