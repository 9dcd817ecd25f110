import * as assert from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { tickTasks, tickText } from '../../../../src/core/ops/tick';
import { F, NOW, QUEUE, TICK } from './shuttle-queue';

/** tick: the Shuttle rule an agent follows, byte for byte. */
describe('tick (byte-exact)', () => {
  it('replaces only the trailing tick line', () => {
    const r = tickText(QUEUE, F, NOW);
    assert.deepStrictEqual([r.written, r.idle, r.previous], [true, false, '2026-03-28T10:00']);
    assert.strictEqual(r.text, QUEUE.replace(TICK, `<!-- cortex:last-tick ${NOW} -->`));
  });

  it('adds the tick as the last line, after a blank line, in the file\'s line breaks', () => {
    assert.strictEqual(tickText('## A\n**Status:** ready\n', F, NOW).text, `## A\n**Status:** ready\n\n<!-- cortex:last-tick ${NOW} -->\n`);
    assert.strictEqual(tickText('## A\r\n**Status:** ready', F, NOW).text, `## A\r\n**Status:** ready\r\n\r\n<!-- cortex:last-tick ${NOW} -->\r\n`);
    assert.strictEqual(tickText('## A\n**Status:** ready\n\n', F, NOW).text, `## A\n**Status:** ready\n\n<!-- cortex:last-tick ${NOW} -->\n`);
  });

  it('keeps what follows the tick (blank lines) and never adds a second one', () => {
    const text = `## A\n**Status:** in-progress\n\n${TICK}\n\n`;
    assert.strictEqual(tickText(text, F, NOW).text, `## A\n**Status:** in-progress\n\n<!-- cortex:last-tick ${NOW} -->\n\n`);
  });

  it('leaves one heartbeat at the end: a second trailing tick and a tick left mid-file are taken out (the protocol\'s one comment)', () => {
    const NEW = `<!-- cortex:last-tick ${NOW} -->`;
    // Two at the end (an agent appended instead of replacing): one, the new time.
    assert.strictEqual(tickText(`## A\n**Status:** ready\n\n${TICK}\n<!-- cortex:last-tick 2026-03-28T11:00 -->\n`, F, NOW).text, `## A\n**Status:** ready\n\n${NEW}\n`);
    // One mid-file and none at the end: moved to the end, not doubled.
    assert.strictEqual(tickText(`## A\n**Status:** ready\n${TICK}\n\nBody.\n`, F, NOW).text, `## A\n**Status:** ready\n\nBody.\n\n${NEW}\n`);
    // One mid-file and one at the end: the end one gets the time, the other goes.
    assert.strictEqual(tickText(`## A\n**Status:** in-progress\n\nBody.\n${TICK}\nMore.\n\n${TICK}\n`, F, NOW).text, `## A\n**Status:** in-progress\n\nBody.\nMore.\n\n${NEW}\n`);
    // A tick shown in a code fence is text, not a heartbeat: kept.
    const fenced = `## A\n**Status:** ready\n\n\`\`\`\n${TICK}\n\`\`\`\n`;
    assert.strictEqual(tickText(fenced, F, NOW).text, `${fenced}\n${NEW}\n`);
    // The result has exactly one, and ticking it again changes only its time.
    const once = tickText(`## A\n**Status:** ready\n\n${TICK}\n${TICK}\n`, F, NOW).text;
    assert.strictEqual(once.split('cortex:last-tick').length - 1, 1);
    assert.strictEqual(tickText(once, F, '2026-03-28T12:30').text, once.replace(NOW, '2026-03-28T12:30'));
  });

  it('keeps one tick per file, at its end: a tick left mid-file moves to the end, two are merged into one', () => {
    const now = `<!-- cortex:last-tick ${NOW} -->`;
    // The trailing tick is not the last line (a task was appended after it by hand).
    const mid = `## A\n**Status:** ready\n\n${TICK}\n\n## B\n**Status:** ready\n`;
    assert.strictEqual(tickText(mid, F, NOW).text, `## A\n**Status:** ready\n\n\n## B\n**Status:** ready\n\n${now}\n`);
    // Two at the end (one blank line between): one is left.
    const two = `## A\n**Status:** ready\n\n${TICK}\n\n<!-- cortex:last-tick 2026-03-28T09:00 -->\n`;
    assert.strictEqual(tickText(two, F, NOW).text, `## A\n**Status:** ready\n\n${now}\n`);
    // One mid-file and one at the end, CRLF and no final line break: the end one is replaced, the other goes.
    const both = `## A\r\n**Status:** in-progress\r\n${TICK}\r\nBody.\r\n\r\n${TICK}`;
    const r = tickText(both, F, NOW);
    assert.strictEqual(r.text, `## A\r\n**Status:** in-progress\r\nBody.\r\n\r\n${now}`);
    assert.strictEqual(r.written, true);
    assert.strictEqual((r.text.match(/cortex:last-tick/g) ?? []).length, 1);
    // Already one tick at the end: idempotent.
    assert.strictEqual(tickText(r.text, F, NOW).written, false);
    // A tick inside a code fence is an example, not a heartbeat: kept.
    const fenced = `## A\n**Status:** ready\n\n\`\`\`\n${TICK}\n\`\`\`\n\n${TICK}\n`;
    assert.strictEqual(tickText(fenced, F, NOW).text, `## A\n**Status:** ready\n\n\`\`\`\n${TICK}\n\`\`\`\n\n${now}\n`);
  });

  it('writes nothing when idle (no ready or in-progress task) or when the tick already says now', () => {
    const idle = `## A\n**Status:** done\n\n${TICK}\n`;
    assert.deepStrictEqual(tickText(idle, F, NOW), { text: idle, written: false, idle: true, previous: '2026-03-28T10:00' });
    assert.deepStrictEqual(tickText('', F, NOW), { text: '', written: false, idle: true, previous: null });
    const same = `## A\n**Status:** ready\n\n<!-- cortex:last-tick ${NOW} -->\n`;
    assert.deepStrictEqual(tickText(same, F, NOW), { text: same, written: false, idle: false, previous: NOW });
  });

  it('refuses a time that is not a protocol timestamp', () => {
    assert.throws(() => tickText(QUEUE, F, '2026-03-28T25:00'), /not a real date and time/);
  });

  it('writes through editFile, and refuses a missing task file', async () => {
    const fs = new MemoryTeamFs({ [F]: QUEUE });
    assert.strictEqual((await tickTasks(fs, F, NOW)).written, true);
    assert.ok(fs.get(F)!.endsWith(`<!-- cortex:last-tick ${NOW} -->\n`));
    await assert.rejects(tickTasks(fs, 'agents/bob/tasks.md', NOW), /does not exist/);
  });
});
