import * as assert from 'node:assert/strict';
import { duration } from '../../../src/base/words';

describe('base: words (durations)', () => {
  it('words durations', () => {
    assert.equal(duration(0), '0 min');
    assert.equal(duration(42), '42 min');
    assert.equal(duration(65), '1 h 5 min');
    assert.equal(duration(120), '2 h');
    assert.equal(duration(11 * 60 + 7), '11 h');
    assert.equal(duration(3 * 24 * 60 + 5), '3 days');
  });
});
