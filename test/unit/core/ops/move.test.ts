import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { moveTask, moveText } from '../../../../src/core/ops/move';

const F = 'agents/ada/tasks.md';
const NOW = '2026-03-28T11:42';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';

function move(text: string, ref: string, to: 'in-progress' | 'done', summary?: string): string {
  return moveText(text, F, { ref, to, now: NOW, summary }).text;
}

describe('move (byte-exact)', () => {
  it('ready → in-progress rewrites the status and adds Started after it', () => {
    const text = '## A\n**Status:** ready\n\nBody.\n';
    assert.strictEqual(move(text, 'A', 'in-progress'), `## A\n**Status:** in-progress\n**Started:** ${NOW}\n\nBody.\n`);
  });

  it('replaces an existing Started value', () => {
    const text = '## A\n**Status:** ready\n**Started:** yesterday\n';
    assert.strictEqual(move(text, '1', 'in-progress'), `## A\n**Status:** in-progress\n**Started:** ${NOW}\n`);
  });

  it('in-progress → done adds Completed after Started, and a summary at the end of the task', () => {
    const text = `## A\n**Status:** in-progress\n**Started:** 2026-03-28T10:15\n\nBody.\n\n## B\n**Status:** ready\n`;
    assert.strictEqual(
      move(text, 'A', 'done', 'Did it.\nAll tests pass.'),
      `## A\n**Status:** done\n**Started:** 2026-03-28T10:15\n**Completed:** ${NOW}\n\nBody.\n\n### Summary\nDid it.\nAll tests pass.\n\n## B\n**Status:** ready\n`,
    );
  });

  it('ready → done goes through in-progress in one step: Started and Completed, then the summary', () => {
    assert.strictEqual(move('## A\n**Status:** ready\n', 'A', 'done'), `## A\n**Status:** done\n**Started:** ${NOW}\n**Completed:** ${NOW}\n`);
    assert.strictEqual(move('## A\n**Status:** ready', 'A', 'done', 'ok'), `## A\n**Status:** done\n**Started:** ${NOW}\n**Completed:** ${NOW}\n\n### Summary\nok`);
    assert.strictEqual(
      move('## A\r\n**Status:** ready\r\n**Started:** yesterday\r\n**Priority:** high\r\n', 'A', 'done'),
      `## A\r\n**Status:** done\r\n**Started:** ${NOW}\r\n**Completed:** ${NOW}\r\n**Priority:** high\r\n`,
    );
  });

  it('pickup order: starting a ready task that is not the first ready one is refused with the reason unless out of order', () => {
    const text = '## Working\n**Status:** done\n\n## First\n**Status:** ready\n\n## Second\n**Status:** ready\n';
    for (const to of ['in-progress', 'done'] as const) {
      assert.throws(
        () => move(text, 'Second', to),
        /^CortexInputError: "Second" \(task 3 in agents\/ada\/tasks\.md\) is not the next task: tasks are picked up in document order and "First" \(task 2 in agents\/ada\/tasks\.md\) comes first\. Start it out of order only when that is meant \(--out-of-order\); nothing was written\.$/,
      );
      assert.strictEqual(moveText(text, F, { ref: 'Second', to, now: NOW, outOfOrder: true }).position, 3);
    }
    // The next one moves without asking; an in-progress task is not a pickup.
    assert.strictEqual(move(text, 'First', 'done').includes(`## First\n**Status:** done\n**Started:** ${NOW}`), true);
    assert.strictEqual(move('## A\n**Status:** ready\n\n## B\n**Status:** in-progress\n', 'B', 'done').startsWith('## A\n**Status:** ready\n'), true);
  });

  it('keeps other fields (Priority) where they are', () => {
    const text = '## A\n**Status:** ready\n**Priority:** high\n\nBody\n';
    assert.strictEqual(move(text, 'A', 'in-progress'), `## A\n**Status:** in-progress\n**Started:** ${NOW}\n**Priority:** high\n\nBody\n`);
  });

  it('fixes a status written in another shape', () => {
    const text = '## A\n**status:**   Ready\n';
    assert.strictEqual(move(text, 'A', 'in-progress'), `## A\n**Status:** in-progress\n**Started:** ${NOW}\n`);
  });

  it('handles a file without a final newline (status line last)', () => {
    assert.strictEqual(move('## A\n**Status:** ready', 'A', 'in-progress'), `## A\n**Status:** in-progress\n**Started:** ${NOW}`);
    assert.strictEqual(
      move('## A\n**Status:** in-progress', 'A', 'done', 'ok'),
      `## A\n**Status:** done\n**Completed:** ${NOW}\n\n### Summary\nok`,
    );
  });

  it('keeps CRLF, a BOM and a trailing tick', () => {
    const text = `\uFEFF## A\r\n**Status:** in-progress\r\n**Started:** 2026-03-28T10:15\r\n\r\n${TICK}\r\n`;
    assert.strictEqual(
      move(text, 'A', 'done', 'line1\nline2'),
      `\uFEFF## A\r\n**Status:** done\r\n**Started:** 2026-03-28T10:15\r\n**Completed:** ${NOW}\r\n\r\n### Summary\r\nline1\r\nline2\r\n\r\n${TICK}\r\n`,
    );
  });

  it('puts the summary after a fenced block that ends the task', () => {
    const text = '## A\n**Status:** in-progress\n\n```\n## not a heading\n```\n\n## B\n**Status:** ready\n';
    assert.strictEqual(
      move(text, 'A', 'done', 'ok'),
      `## A\n**Status:** done\n**Completed:** ${NOW}\n\n\`\`\`\n## not a heading\n\`\`\`\n\n### Summary\nok\n\n## B\n**Status:** ready\n`,
    );
  });

  it('never reverses done', () => {
    const text = `## A\n**Status:** done\n**Completed:** ${NOW}\n`;
    assert.throws(() => move(text, 'A', 'in-progress'), /done is terminal in the Shuttle protocol/);
    assert.throws(() => move(text, 'A', 'done'), /done is terminal/);
  });

  it('refuses a move to the same status, a task without status, an unknown status', () => {
    assert.throws(() => move('## A\n**Status:** in-progress\n', 'A', 'in-progress'), /already in-progress/);
    assert.throws(() => move('## A\nno status\n', 'A', 'done'), /no "\*\*Status:\*\*" line/);
    assert.throws(() => move('## A\n**Status:** blocked\n', 'A', 'done'), /"blocked"/);
  });

  it('refuses bad input', () => {
    const text = '## A\n**Status:** ready\n\n## A\n**Status:** ready\n';
    assert.throws(() => move(text, 'A', 'done'), /ambiguous.*tasks 1, 2/);
    assert.throws(() => move(text, '2', 'done'), /is not the next task/);
    assert.throws(() => move(text, '3', 'done'), /no task 3/);
    assert.throws(() => move(text, 'Z', 'done'), /No task titled "Z"/);
    assert.throws(() => move(text, '1', 'in-progress', 'early'), /summary/);
    assert.throws(() => move(text, '1', 'done', '## x'), CortexInputError);
    assert.throws(() => moveText(text, F, { ref: '1', to: 'done', now: '2026-02-30T10:00' }), /not a real date/);
    assert.throws(() => moveText(text, F, { ref: '1', to: 'done', now: '2026-03-28 10:00' }), /YYYY-MM-DDTHH:MM/);
    assert.throws(() => moveText(text, F, { ref: '1', to: 'ready' as 'done', now: NOW }), /in-progress" or "done/);
  });

  it('refuses a second summary', () => {
    assert.throws(() => move('## A\n**Status:** in-progress\n\n### Summary\nold\n', 'A', 'done', 'new'), /already has a "### Summary"/);
  });

  it('writes through editFile', async () => {
    const fs = new MemoryTeamFs({ [F]: '## A\n**Status:** ready\n' });
    const r = await moveTask(fs, F, { ref: 'A', to: 'in-progress', now: NOW });
    assert.deepStrictEqual([r.title, r.position, r.from], ['A', 1, 'ready']);
    assert.strictEqual(fs.get(F), `## A\n**Status:** in-progress\n**Started:** ${NOW}\n`);
  });
});
