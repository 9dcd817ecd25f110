import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { unclaimText } from '../../../../src/core/ops/unclaim';

const F = 'agents/ada/tasks.md';
const NOW = '2026-11-24T10:00';
const TICK = '<!-- cortex:last-tick 2026-11-24T09:55 -->';

describe('unclaim an in-progress task', () => {
  it('back to ready, Started removed, a note with the time and the reason', () => {
    const text = `## A\n**Status:** in-progress\n**Started:** 2026-11-24T08:00\n\nBody\n\n${TICK}\n`;
    const out = unclaimText(text, F, { ref: 'A', now: NOW, reason: 'Ada was down' }).text;
    assert.strictEqual(out, `## A\n**Status:** ready\n**Unclaimed:** ${NOW} (Ada was down)\n\nBody\n\n${TICK}\n`);
    assert.strictEqual(parseTaskFile(out, F).tasks[0].started, null);
    assert.strictEqual(parseTaskFile(out, F).diagnostics.length, 0);
  });

  it('works on a last line without a line break, and refuses a ready task', () => {
    assert.strictEqual(unclaimText('## A\n**Status:** in-progress\n**Started:** 2026-11-24T08:00', F, { ref: 'A', now: NOW, reason: '' }).text, `## A\n**Status:** ready\n**Unclaimed:** ${NOW}\n`);
    assert.throws(() => unclaimText('## A\n**Status:** ready\n', F, { ref: 'A', now: NOW, reason: '' }), CortexInputError);
  });
});
