import * as assert from 'node:assert/strict';
import { labelLines } from '../../../../../src/views/threads/common/label-lines';

describe('threads: edge labels on several lines', () => {
  it('keeps a short label on one line', () => {
    assert.deepStrictEqual(labelLines('always'), ['always']);
  });

  it('breaks a convergence after its parenthesis and keeps the marker whole', () => {
    assert.deepStrictEqual(labelLines('convergence([IMPLEMENTATION COMPLETE], max 5)'), ['convergence(', '[IMPLEMENTATION COMPLETE],', 'max 5)']);
  });

  it('loses no character but the spaces it breaks at', () => {
    for (const label of ['output_contains(/APPROVED|LGTM/)', 'output_not_contains(/needs (more|further) work/)', 'a'.repeat(60)]) {
      const lines = labelLines(label);
      assert.equal(lines.join(' ').replace(/\( /g, '('), label);
      for (const line of lines) assert.ok(line.length <= 26 || !line.includes(' '), line);
    }
  });
});
