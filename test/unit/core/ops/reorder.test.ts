import * as assert from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { reorderTask, reorderText } from '../../../../src/core/ops/reorder';

const F = 'agents/ada/tasks.md';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';
const A = '## A\n**Status:** ready\n\nBody A\n\n';
const B = '## B\n**Status:** ready\n\n';
const C = '## C\n**Status:** in-progress\n**Started:** 2026-03-28T09:00\n\n';

function reorder(text: string, ref: string, where: { before?: string; after?: string }): string {
  return reorderText(text, F, { ref, ...where }).text;
}

describe('reorder (byte-exact)', () => {
  it('moves a task before another', () => {
    assert.strictEqual(reorder(A + B + C, 'C', { before: 'A' }), C + A + B);
    assert.strictEqual(reorder(A + B + C, '3', { before: '2' }), A + C + B);
  });

  it('moves a task after another', () => {
    assert.strictEqual(reorder(A + B + C, 'A', { after: 'C' }), B + C + A);
    assert.strictEqual(reorder(A + B + C, 'A', { after: 'B' }), B + A + C);
  });

  it('keeps free text before the first task and the trailing tick in place', () => {
    const text = `# Ada\n\n${A}${B}${TICK}\n`;
    assert.strictEqual(reorder(text, 'B', { before: 'A' }), `# Ada\n\n${B}${A}${TICK}\n`);
  });

  it('gives a moved last block without a final newline its line break and blank line', () => {
    const text = '## A\n**Status:** ready\n\n## B\n**Status:** ready';
    assert.strictEqual(reorder(text, 'B', { before: 'A' }), '## B\n**Status:** ready\n\n## A\n**Status:** ready\n\n');
  });

  it('separates a moved block that had no blank line after it', () => {
    const text = `## A\n**Status:** ready\n## B\n**Status:** ready\n${TICK}`;
    assert.strictEqual(reorder(text, 'A', { after: 'B' }), `## B\n**Status:** ready\n## A\n**Status:** ready\n\n${TICK}`);
  });

  it('keeps CRLF and a BOM', () => {
    const text = '\uFEFF## A\r\n**Status:** ready\r\n\r\n## B\r\n**Status:** ready';
    assert.strictEqual(reorder(text, 'B', { before: 'A' }), '\uFEFF## B\r\n**Status:** ready\r\n\r\n## A\r\n**Status:** ready\r\n\r\n');
  });

  it('moves fenced content with its task', () => {
    const fenced = '## F\n**Status:** ready\n\n```\n## inside\n```\n\n';
    assert.strictEqual(reorder(A + fenced, 'F', { before: 'A' }), fenced + A);
  });

  it('changes nothing when the task is already there', () => {
    const r = reorderText(A + B, F, { ref: 'A', before: 'B' });
    assert.strictEqual(r.text, A + B);
  });

  it('refuses bad input', () => {
    assert.throws(() => reorder(A + B, 'A', {}), /exactly one/);
    assert.throws(() => reorder(A + B, 'A', { before: 'B', after: 'B' }), /exactly one/);
    assert.throws(() => reorder(A + B, 'A', { before: 'A' }), /itself/);
    assert.throws(() => reorder(A + B, 'Z', { before: 'A' }), /No task titled/);
    assert.throws(() => reorder(A + B, 'A', { after: '9' }), /no task 9/);
  });

  it('writes through editFile', async () => {
    const fs = new MemoryTeamFs({ [F]: A + B });
    const r = await reorderTask(fs, F, { ref: 'B', before: 'A' });
    assert.deepStrictEqual([r.title, r.from, r.to], ['B', 2, 1]);
    assert.strictEqual(fs.get(F), B + A);
  });
});
