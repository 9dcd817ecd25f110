import * as assert from 'assert';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { archiveText, archivedBlock, cancelText, unarchiveText } from '../../../../src/core/ops/cancel';

const F = 'agents/ada/tasks.md';
const A = 'agents/ada/cancelled.md';
const NOW = '2026-11-24T10:00';
const TICK = '<!-- cortex:last-tick 2026-11-24T09:55 -->';

describe('cancel a ready task', () => {
  const text = `## A\n**Status:** ready\n\nBody A\n\n## B\n**Status:** ready\n\nBody B\n\n${TICK}\n`;

  it('takes the block out of the queue and keeps it whole in cancelled.md, status cancelled', () => {
    const r = cancelText(text, F, 'A');
    assert.strictEqual(r.text, `## B\n**Status:** ready\n\nBody B\n\n${TICK}\n`);
    assert.strictEqual(r.block, '## A\n**Status:** ready\n\nBody A');
    assert.strictEqual(r.before, 'B');
    const archived = archivedBlock(r.block, F, NOW);
    assert.strictEqual(archived, `## A\n**Status:** cancelled\n**Cancelled:** ${NOW}\n\nBody A`);
    const archive = archiveText('', A, archived);
    assert.ok(archive.startsWith('# Cancelled tasks\n'));
    assert.ok(archive.endsWith(`\n\n${archived}\n`));
    assert.ok(!/^\*\*Status:\*\* (ready|in-progress)/m.test(archive), 'no agent would see work in the archive');
    const second = archiveText(archive, A, archivedBlock('## C\n**Status:** ready', F, NOW));
    assert.deepStrictEqual(parseTaskFile(second, A).tasks.map((t) => t.title), ['A', 'C']);
    assert.strictEqual(unarchiveText(second, A, 'C', archivedBlock('## C\n**Status:** ready', F, NOW)), archive + '\n');
  });

  it('refuses a task that is not ready', () => {
    assert.throws(() => cancelText('## A\n**Status:** in-progress\n', F, 'A'), /Only ready tasks/);
  });
});
