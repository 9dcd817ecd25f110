import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { SettleWatches, Settling } from '../../../../src/core/edit/settle-watches';
import { writeOperation } from '../../../../src/core/edit/writer';
import { CortexUnconfirmedError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { isCortexTempName } from '../../../../src/core/fs/team-fs';
import { dispatchOperation } from '../../../../src/core/ops/dispatch';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { StepClock, advanceUntil } from './fs-hooks';

/**
 * A write that answers before its settle window ends (`WriteOptions.background`, the
 * MCP server's writes): the answer comes with the change on disk and read back, at
 * the instant of the write (the clock moves only when the test moves it); the window
 * then goes on in the tracker, and a writer that does not take our lock, writing
 * after the answer, gets the change put back on its text, which is reported.
 */
const F = 'agents/ada/tasks.md';
const START = '## A\n**Status:** ready\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n';
/** What an agent writes back after claiming A from the text it read before our write. */
const AGENT_CLAIMED = '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:01\n\n<!-- cortex:last-tick 2026-01-01T00:01 -->\n';

const titles = (text: string) => parseTaskFile(text, F).tasks.map((t) => `${t.title}:${t.status}`);

function watchesWithLog(): { watches: SettleWatches; log: string[] } {
  const log: string[] = [];
  const watches = new SettleWatches({
    onReapplied: (s: Settling, r) => void log.push(`reapplied ${s.label} ${s.path} ${r.reapplied}×`),
    onUnconfirmed: (s: Settling, e) => void log.push(`unconfirmed ${s.label}: ${e instanceof CortexUnconfirmedError ? 'CortexUnconfirmedError' : String(e)}`),
  });
  return { watches, log };
}

describe('settle windows in the background (a write that answers at once)', () => {
  it('answers at the instant of the write, then puts the change back on a stale rewrite made after the answer, and reports it', async () => {
    const fs = new MemoryTeamFs({ [F]: START });
    const clock = new StepClock();
    const { watches, log } = watchesWithLog();
    const r = await writeOperation(fs, F, dispatchOperation(F, { title: 'B' }), { clock, settleMs: 1000, background: watches, label: 'dispatch B' });
    // Answered: written and read back, the window not waited out.
    assert.deepStrictEqual([r.changed, r.settled, r.lastWriteAt, clock.now()], [true, false, 1_000_000, 1_000_000]);
    assert.deepStrictEqual(titles(fs.get(F)!), ['A:ready', 'B:ready']);
    assert.strictEqual(watches.pending, 1, 'the window goes on');
    // The agent writes the claim it made on the text it read before our write.
    fs.put(F, AGENT_CLAIMED);
    await advanceUntil(clock, () => watches.pending === 0);
    assert.deepStrictEqual(titles(fs.get(F)!), ['A:in-progress', 'B:ready'], "ours put back, the agent's claim kept");
    assert.deepStrictEqual(log, [`reapplied dispatch B ${F} 1×`]);
    assert.deepStrictEqual(watches.counts, { settled: 1, reapplied: 1, unconfirmed: 0 });
    assert.ok(clock.now() - 1_000_000 >= 1000, 'watched for the window');
  });

  it('reports a change it could not keep as unconfirmed, leaving the other writer\'s text as it is', async () => {
    const fs = new MemoryTeamFs({ [F]: START });
    const clock = new StepClock();
    const { watches, log } = watchesWithLog();
    await writeOperation(fs, F, dispatchOperation(F, { title: 'B', id: 'b0b0b0b0b0b0' }), { clock, settleMs: 1000, background: watches, label: 'dispatch B' });
    // Their own open task "B" (another id): ours can no longer be added.
    const theirs = START.replace('\n<!--', '\n## B\n**Status:** in-progress\n**Started:** 2026-01-01T00:03\n\n<!-- cortex-team:id 111111111111 -->\n\n<!--');
    fs.put(F, theirs);
    await advanceUntil(clock, () => watches.pending === 0);
    assert.deepStrictEqual(log, ['unconfirmed dispatch B: CortexUnconfirmedError']);
    assert.strictEqual(fs.get(F), theirs);
  });

  it('a window that sees nothing ends quietly; without a window nothing is handed on', async () => {
    const fs = new MemoryTeamFs({ [F]: START });
    const clock = new StepClock();
    const { watches, log } = watchesWithLog();
    await writeOperation(fs, F, dispatchOperation(F, { title: 'B' }), { clock, settleMs: 1000, background: watches });
    await writeOperation(fs, F, dispatchOperation(F, { title: 'C' }), { clock, settleMs: 0, background: watches });
    assert.strictEqual(watches.pending, 1);
    await advanceUntil(clock, () => watches.pending === 0);
    await watches.drained();
    assert.deepStrictEqual([log, watches.counts], [[], { settled: 1, reapplied: 0, unconfirmed: 0 }]);
    assert.deepStrictEqual(titles(fs.get(F)!), ['A:ready', 'B:ready', 'C:ready']);
  });

  describe('on disk', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'cortex-settle-'));
      mkdirSync(path.join(dir, 'agents', 'ada'), { recursive: true });
      writeFileSync(path.join(dir, F), START);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const folder = () => path.join(dir, 'agents', 'ada');

    it('keeps the replaced file until the window ends: an in-place write into it after the answer is put back, with ours', async () => {
      const clock = new StepClock();
      const { watches, log } = watchesWithLog();
      await writeOperation(new NodeTeamFs(dir), F, dispatchOperation(F, { title: 'B' }), { clock, settleMs: 1000, background: watches, label: 'dispatch B' });
      // An agent that had the file open before our replace writes its claim into it (the old inode, now our second name of it).
      const kept = readdirSync(folder()).filter((n) => n.endsWith('.bak'));
      assert.strictEqual(kept.length, 1, 'the replaced file is kept while the window runs');
      writeFileSync(path.join(folder(), kept[0]), AGENT_CLAIMED);
      await advanceUntil(clock, () => watches.pending === 0);
      assert.deepStrictEqual(titles(readFileSync(path.join(dir, F), 'utf8')), ['A:in-progress', 'B:ready']);
      assert.deepStrictEqual(log, []);
      assert.deepStrictEqual(readdirSync(folder()).filter(isCortexTempName), [], 'nothing left behind');
    });

    it('re-applies after a stale whole-file rewrite made after the answer', async () => {
      const clock = new StepClock();
      const { watches, log } = watchesWithLog();
      await writeOperation(new NodeTeamFs(dir), F, dispatchOperation(F, { title: 'B' }), { clock, settleMs: 1000, background: watches, label: 'dispatch B' });
      writeFileSync(path.join(dir, F), AGENT_CLAIMED);
      await advanceUntil(clock, () => watches.pending === 0);
      assert.deepStrictEqual(titles(readFileSync(path.join(dir, F), 'utf8')), ['A:in-progress', 'B:ready']);
      assert.deepStrictEqual(log, [`reapplied dispatch B ${F} 1×`]);
      assert.deepStrictEqual(readdirSync(folder()).filter(isCortexTempName), []);
    });
  });
});
