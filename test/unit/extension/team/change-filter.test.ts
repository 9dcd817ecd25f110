import * as assert from 'node:assert/strict';
import { isIgnored, isSuspiciousContent } from '../../../../src/extension/team/change-filter';

describe('Extension host: watcher events (what the change filter lets through)', () => {
  it('ignores git internals and the core temp files', () => {
    assert.equal(isIgnored('.git/index'), true);
    assert.equal(isIgnored('agents/a/.tasks.md.cortex-1234.tmp'), true);
    assert.equal(isIgnored('agents/a/tasks.md'), false);
  });
  it('suspects empty files and files cut mid-line', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    assert.equal(isSuspiciousContent(enc('')), true);
    assert.equal(isSuspiciousContent(enc('## Task\n**Stat')), true);
    assert.equal(isSuspiciousContent(enc('## Task\n**Status:** ready\n')), false);
    assert.equal(isSuspiciousContent(enc('a\r\n')), false);
  });
});
