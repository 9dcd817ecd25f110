import * as assert from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { claimTask, claimText } from '../../../../src/core/ops/claim';
import { F, NOW, QUEUE } from './shuttle-queue';

/** claim: the Shuttle rule an agent follows, byte for byte. */
describe('claim (byte-exact)', () => {
  it('without a reference claims the first ready task in document order', () => {
    const r = claimText(QUEUE, F, { now: NOW });
    assert.deepStrictEqual([r.title, r.position, r.from], ['First ready', 2, 'ready']);
    assert.strictEqual(r.text, QUEUE.replace('## First ready\n**Status:** ready\n', `## First ready\n**Status:** in-progress\n**Started:** ${NOW}\n`));
  });

  it('claims a task by title or position, keeping CRLF and a BOM', () => {
    const crlf = '\uFEFF' + QUEUE.replace(/\n/g, '\r\n');
    assert.strictEqual(claimText(crlf, F, { ref: 'First ready', now: NOW }).position, 2);
    const r = claimText(crlf, F, { ref: 'Second ready', now: NOW, outOfOrder: true });
    assert.strictEqual(r.position, 3);
    assert.strictEqual(r.text, crlf.replace('## Second ready\r\n**Status:** ready\r\n', `## Second ready\r\n**Status:** in-progress\r\n**Started:** ${NOW}\r\n`));
    assert.strictEqual(claimText(QUEUE, F, { ref: '3', now: NOW, outOfOrder: true }).title, 'Second ready');
  });

  it('pickup order: a ready task that is not the first ready one is refused with the reason unless asked for out of order', () => {
    assert.throws(
      () => claimText(QUEUE, F, { ref: 'Second ready', now: NOW }),
      /^CortexInputError: "Second ready" \(task 3 in agents\/ada\/tasks\.md\) is not the next task: tasks are picked up in document order and "First ready" \(task 2 in agents\/ada\/tasks\.md\) comes first\. Claim it out of order only when that is meant \(--out-of-order, or outOfOrder: true\); nothing was written\.$/,
    );
    assert.throws(() => claimText(QUEUE, F, { ref: '3', now: NOW }), /is not the next task/);
    assert.strictEqual(claimText(QUEUE, F, { ref: '3', now: NOW, outOfOrder: true }).position, 3);
  });

  it('refuses a task someone claimed first, saying since when', () => {
    const claimed = claimText(QUEUE, F, { now: NOW }).text;
    assert.throws(
      () => claimText(claimed, F, { ref: 'First ready', now: NOW }),
      /^CortexInputError: "First ready" \(task 2 in agents\/ada\/tasks\.md\) is already in progress since 2026-03-28T11:42: it was claimed before you; nothing was written\.$/,
    );
  });

  it('one task at a time: refuses while another is in progress (with or without a reference)', () => {
    const claimed = claimText(QUEUE, F, { now: NOW }).text;
    const message = /"First ready" \(task 2 in agents\/ada\/tasks\.md\) is in progress: complete it before claiming another task \(one at a time\)\./;
    assert.throws(() => claimText(claimed, F, { now: NOW }), message);
    assert.throws(() => claimText(claimed, F, { ref: 'Second ready', now: NOW }), message);
  });

  it('says why there is nothing to claim', () => {
    assert.throws(() => claimText('', F, { now: NOW }), /agents\/ada\/tasks\.md has no ready task; there is nothing to claim\./);
    assert.throws(() => claimText('## A\n**Status:** in-progress\n', F, { now: NOW }), /has no ready task; "A" \(task 1 in agents\/ada\/tasks\.md\) is in progress\./);
  });

  it('a done task keeps move\'s sentence (done is terminal); bad references and times are refused', () => {
    assert.throws(() => claimText(QUEUE, F, { ref: 'Old', now: NOW }), /done is terminal in the Shuttle protocol/);
    assert.throws(() => claimText(QUEUE, F, { ref: 'Nope', now: NOW }), /No task titled "Nope"/);
    assert.throws(() => claimText(QUEUE, F, { ref: '9', now: NOW }), /There is no task 9/);
    assert.throws(() => claimText(QUEUE, F, { now: '2026-03-28 11:42' }), /YYYY-MM-DDTHH:MM/);
  });

  it('writes through editFile', async () => {
    const fs = new MemoryTeamFs({ [F]: QUEUE });
    await claimTask(fs, F, { now: NOW });
    assert.match(fs.get(F)!, /## First ready\n\*\*Status:\*\* in-progress\n\*\*Started:\*\* 2026-03-28T11:42\n/);
  });
});
