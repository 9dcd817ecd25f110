import * as assert from 'assert';
import { unifiedDiff } from '../../../../src/core/text/text-diff';

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    assert.strictEqual(unifiedDiff('a.md', 'x\n', 'x\n'), '');
  });

  it('shows a new file from /dev/null', () => {
    assert.strictEqual(unifiedDiff('a.md', undefined, 'one\ntwo\n'), '--- /dev/null\n+++ b/a.md\n@@ -0,0 +1,2 @@\n+one\n+two\n');
  });

  it('shows a removed file to /dev/null', () => {
    assert.strictEqual(unifiedDiff('a.md', 'one\n', undefined), '--- a/a.md\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-one\n');
  });

  it('keeps three lines of context and splits far-apart changes into hunks', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'].join('\n') + '\n';
    const after = before.replace('2\n', 'two\n').replace('11\n', 'eleven\n');
    assert.strictEqual(
      unifiedDiff('n', before, after),
      ['--- a/n', '+++ b/n', '@@ -1,5 +1,5 @@', ' 1', '-2', '+two', ' 3', ' 4', ' 5', '@@ -8,5 +8,5 @@', ' 8', ' 9', ' 10', '-11', '+eleven', ' 12', ''].join('\n'),
    );
  });
});
