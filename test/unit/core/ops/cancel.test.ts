import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/errors';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { archiveText, archivedBlock, cancelText, unarchiveText } from '../../../../src/core/ops/cancel';
import { editTaskText } from '../../../../src/core/ops/edit-task';
import { unclaimText } from '../../../../src/core/ops/unclaim';

const F = 'agents/ada/tasks.md';
const A = 'agents/ada/cancelled.md';
const NOW = '2026-11-24T10:00';
const TICK = '<!-- cortex:last-tick 2026-11-24T09:55 -->';

function edit(text: string, ref: string, expected: { title: string; body: string }, title: string, body: string): string {
  return editTaskText(text, F, { ref, expected, title, body }).text;
}

describe('edit a ready task', () => {
  const text = `## A\n**Status:** ready\n**Priority:** high\n\nOld body\nsecond line\n\n## B\n**Status:** ready\n\n${TICK}\n`;
  const seen = { title: 'A', body: 'Old body\nsecond line' };

  it('changes only the heading and the description lines', () => {
    assert.strictEqual(edit(text, 'A', seen, 'A2', 'New body'), text.replace('## A\n', '## A2\n').replace('Old body\nsecond line', 'New body'));
  });

  it('adds a description to a task without one, and removes one', () => {
    const bare = `## A\n**Status:** ready\n\n## B\n**Status:** ready\n`;
    const added = edit(bare, 'A', { title: 'A', body: '' }, 'A', 'Now with a body');
    assert.strictEqual(added, `## A\n**Status:** ready\n\nNow with a body\n\n## B\n**Status:** ready\n`);
    assert.strictEqual(edit(added, 'A', { title: 'A', body: 'Now with a body' }, 'A', ''), bare);
    assert.strictEqual(edit('## A\n**Status:** ready', 'A', { title: 'A', body: '' }, 'A', 'x'), '## A\n**Status:** ready\n\nx\n');
  });

  it('keeps CRLF and what follows the description', () => {
    const crlf = text.replace(/\n/g, '\r\n');
    assert.strictEqual(edit(crlf, '1', seen, 'A', 'One\ntwo'), crlf.replace('Old body\r\nsecond line', 'One\r\ntwo'));
  });

  it('refuses when the task changed since the form opened, when it was claimed, and a clashing title', () => {
    const changed = text.replace('Old body', 'Agent wrote this');
    assert.throws(() => edit(changed, 'A', seen, 'A', 'x'), (e: Error) => e instanceof CortexInputError && /changed in the file since you opened it/.test(e.message));
    const claimed = text.replace('**Status:** ready\n**Priority', '**Status:** in-progress\n**Priority');
    assert.throws(() => edit(claimed, 'A', seen, 'A', 'x'), (e: Error) => e instanceof CortexInputError && /in-progress now/.test(e.message));
    assert.throws(() => edit(text, 'A', seen, 'B', 'x'), /already has a ready task titled "B"/);
    assert.throws(() => edit(text, 'A', seen, 'A', '## heading'), CortexInputError);
  });
});

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
