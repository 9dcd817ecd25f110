import * as assert from 'assert';
import { CortexConflictError, CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { reassignTask } from '../../../../src/core/ops/reassign';

const ADA = 'agents/ada/tasks.md';
const BOB = 'agents/bob/tasks.md';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';
/** The copy gets an id marker (a fresh one when the task had none): shown as ID. */
const ids = (text: string | undefined) => text?.replace(/<!-- cortex-team:id [0-9a-f]{12} -->/g, '<!-- cortex-team:id ID -->');
const MARK = '<!-- cortex-team:id ID -->';

describe('reassign', () => {
  it('moves a ready task to the end of the other queue, keeping its content', async () => {
    const fs = new MemoryTeamFs({
      [ADA]: `## A\n**Status:** ready\n**Priority:** high\n\nBody\n\n\`\`\`\n## fenced\n\`\`\`\n\n## B\n**Status:** ready\n\n${TICK}\n`,
      [BOB]: `## X\n**Status:** done\n\n${TICK}\n`,
    });
    const r = await reassignTask(fs, ADA, BOB, 'A');
    assert.deepStrictEqual(r, { title: 'A', position: 2 });
    assert.strictEqual(fs.get(ADA), `## B\n**Status:** ready\n\n${TICK}\n`);
    assert.strictEqual(ids(fs.get(BOB)), `## X\n**Status:** done\n\n## A\n**Status:** ready\n**Priority:** high\n\nBody\n\n\`\`\`\n## fenced\n\`\`\`\n\n${MARK}\n\n${TICK}\n`);
  });

  it('converts line breaks to the target style and creates a missing target', async () => {
    const fs = new MemoryTeamFs({ [ADA]: '## A\r\n**Status:** ready\r\n\r\nBody\r\n', 'agents/bob/bob.md': 'x' });
    await reassignTask(fs, ADA, BOB, '1');
    assert.strictEqual(fs.get(ADA), '');
    assert.strictEqual(ids(fs.get(BOB)), `## A\n**Status:** ready\n\nBody\n\n${MARK}\n`);
    const fs2 = new MemoryTeamFs({ [ADA]: '## A\n**Status:** ready\n', [BOB]: '## Y\r\n**Status:** ready\r\n' });
    await reassignTask(fs2, ADA, BOB, 'A');
    assert.strictEqual(ids(fs2.get(BOB)), `## Y\r\n**Status:** ready\r\n\r\n## A\r\n**Status:** ready\r\n\r\n${MARK}\r\n`);
  });

  it('removes the right one of two same-titled tasks', async () => {
    const fs = new MemoryTeamFs({ [ADA]: '## T\n**Status:** done\n\nold\n\n## T\n**Status:** ready\n\nnew\n', [BOB]: '' });
    await reassignTask(fs, ADA, BOB, '2');
    assert.strictEqual(fs.get(ADA), '## T\n**Status:** done\n\nold\n\n');
    assert.strictEqual(ids(fs.get(BOB)), `## T\n**Status:** ready\n\nnew\n\n${MARK}\n`);
  });

  it('refuses tasks that are not ready, with the reason, writing nothing', async () => {
    const text = '## P\n**Status:** in-progress\n\n## D\n**Status:** done\n\n## N\nno status\n';
    const fs = new MemoryTeamFs({ [ADA]: text, [BOB]: '' });
    await assert.rejects(reassignTask(fs, ADA, BOB, 'P'), /in progress: its agent is working on it/);
    await assert.rejects(reassignTask(fs, ADA, BOB, 'D'), /it is done/);
    await assert.rejects(reassignTask(fs, ADA, BOB, 'N'), /no status line/);
    await assert.rejects(reassignTask(fs, ADA, ADA, 'P'), /not to the same one/);
    assert.strictEqual(fs.get(ADA), text);
    assert.strictEqual(fs.get(BOB), '');
  });

  it('refuses when the target already has that title ready', async () => {
    const fs = new MemoryTeamFs({ [ADA]: '## A\n**Status:** ready\n', [BOB]: '## A\n**Status:** ready\n' });
    await assert.rejects(reassignTask(fs, ADA, BOB, 'A'), CortexInputError);
    assert.strictEqual(fs.get(ADA), '## A\n**Status:** ready\n');
  });

  it('takes the copy back out when the task was claimed in the source meanwhile', async () => {
    const fs = new MemoryTeamFs({ [ADA]: '## A\n**Status:** ready\n', [BOB]: '## Y\n**Status:** ready\n' });
    // The agent claims A right after the target was written.
    const claiming = new Proxy(fs, {
      get(target, prop, receiver) {
        if (prop === 'rename') {
          return async (from: string, to: string) => {
            await target.rename(from, to);
            if (to === BOB && fs.get(ADA)!.includes('ready')) fs.put(ADA, '## A\n**Status:** in-progress\n**Started:** 2026-03-28T10:00\n');
          };
        }
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await assert.rejects(reassignTask(claiming, ADA, BOB, 'A'), (e: unknown) => e instanceof CortexConflictError && /removed again; nothing changed/.test(e.message));
    assert.strictEqual(fs.get(BOB), '## Y\n**Status:** ready\n\n');
    assert.ok(fs.get(ADA)!.includes('in-progress'));
  });

  it('says the task is in both files when the source cannot be written', async () => {
    const fs = new MemoryTeamFs({ [ADA]: '## A\n**Status:** ready\n', [BOB]: '' });
    let n = 0;
    const busy = new Proxy(fs, {
      get(target, prop, receiver) {
        if (prop === 'writeFile') {
          // Whenever the source is about to be replaced, the agent ticks first: the edit never settles.
          return async (p: string, data: Uint8Array) => {
            await target.writeFile(p, data);
            if (p.startsWith('agents/ada/.tasks.md.cortex-')) {
              n++;
              target.put(ADA, `## A\n**Status:** ready\n\n<!-- cortex:last-tick 2026-03-28T10:${String(n % 60).padStart(2, '0')} -->\n`);
            }
          };
        }
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await assert.rejects(reassignTask(busy, ADA, BOB, 'A', { backoffMs: 0 }), (e: unknown) => e instanceof CortexConflictError && /now in both/.test(e.message));
    assert.ok(fs.get(BOB)!.includes('## A'));
    assert.ok(fs.get(ADA)!.includes('## A'));
  });
});
