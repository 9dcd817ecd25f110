import * as assert from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { completeTask, completeText } from '../../../../src/core/ops/complete';
import { F, NOW, QUEUE } from './shuttle-queue';

/** complete: the Shuttle rule an agent follows, byte for byte. */
describe('complete (byte-exact)', () => {
  const WORKING = QUEUE.replace('## First ready\n**Status:** ready\n', '## First ready\n**Status:** in-progress\n**Started:** 2026-03-28T10:15\n');

  it('without a reference completes the task in progress: done, Completed after Started, a Summary at its end', () => {
    const r = completeText(WORKING, F, { now: NOW, summary: 'Did it.\nTests pass.' });
    assert.deepStrictEqual([r.title, r.position, r.from], ['First ready', 2, 'in-progress']);
    assert.strictEqual(
      r.text,
      WORKING.replace(
        '## First ready\n**Status:** in-progress\n**Started:** 2026-03-28T10:15\n\nDo the first thing.\n',
        `## First ready\n**Status:** done\n**Started:** 2026-03-28T10:15\n**Completed:** ${NOW}\n\nDo the first thing.\n\n### Summary\nDid it.\nTests pass.\n`,
      ),
    );
  });

  it('requires a summary', () => {
    assert.throws(() => completeText(WORKING, F, { now: NOW, summary: '  \n' }), /The summary is empty/);
    assert.throws(() => completeText(WORKING, F, { now: NOW, summary: '## Heading' }), /agents would read it as a new task/);
  });

  it('refuses a ready task (claim first), a done task (terminal), nothing in progress, several in progress', () => {
    assert.throws(() => completeText(WORKING, F, { ref: 'Second ready', now: NOW, summary: 'x' }), /is ready, not in progress: claim it first/);
    assert.throws(() => completeText(WORKING, F, { ref: 'Old', now: NOW, summary: 'x' }), /done is terminal/);
    assert.throws(() => completeText(QUEUE, F, { now: NOW, summary: 'x' }), /has no task in progress; claim one before completing it\./);
    const two = '## A\n**Status:** in-progress\n\n## B\n**Status:** in-progress\n';
    assert.throws(() => completeText(two, F, { now: NOW, summary: 'x' }), /has 2 tasks in progress \(tasks 1, 2\); say which one is complete\./);
    assert.strictEqual(completeText(two, F, { ref: 'B', now: NOW, summary: 'x' }).title, 'B');
  });

  it('writes through editFile', async () => {
    const fs = new MemoryTeamFs({ [F]: WORKING });
    await completeTask(fs, F, { now: NOW, summary: 'ok' });
    assert.match(fs.get(F)!, /\*\*Status:\*\* done\n\*\*Started:\*\* 2026-03-28T10:15\n\*\*Completed:\*\* 2026-03-28T11:42\n/);
  });
});
