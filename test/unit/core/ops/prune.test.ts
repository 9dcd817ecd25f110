import * as assert from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { applyPrune, planPrune, pruneTasksText, trimSessionLogText } from '../../../../src/core/ops/prune';

const F = 'agents/ada/tasks.md';
const NOW = '2026-03-28T12:00';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';

const OLD = '## Old\n**Status:** done\n**Started:** 2026-03-01T09:00\n**Completed:** 2026-03-01T10:00\n\n### Summary\nDone.\n\n';
const RECENT = '## Recent\n**Status:** done\n**Completed:** 2026-03-25T10:00\n\n';
const NO_DATE = '## Undated\n**Status:** done\n\n';
const BAD_DATE = '## Bad date\n**Status:** done\n**Completed:** sometime\n\n';
const READY = '## Ready\n**Status:** ready\n\n';
const WORKING = '## Working\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n**Completed:** 2026-01-01T00:00\n\n';

describe('prune', () => {
  it('removes only done tasks completed more than N days ago', () => {
    const text = `# Ada\n\n${OLD}${READY}${RECENT}${OLD.replace('Old', 'Old 2')}${NO_DATE}${BAD_DATE}${WORKING}${TICK}\n`;
    const r = pruneTasksText(text, F, { now: NOW });
    assert.strictEqual(r.text, `# Ada\n\n${READY}${RECENT}${NO_DATE}${BAD_DATE}${WORKING}${TICK}\n`);
    assert.deepStrictEqual(r.items, [
      { line: 3, label: 'Old' },
      { line: 18, label: 'Old 2' },
    ]);
    assert.strictEqual(pruneTasksText(text, F, { now: NOW, days: 2 }).items.length, 3);
    assert.strictEqual(pruneTasksText(text, F, { now: NOW, days: 60 }).items.length, 0);
  });

  it('compares to the minute: exactly N days old stays', () => {
    const t = '## T\n**Status:** done\n**Completed:** 2026-03-21T12:00\n';
    assert.strictEqual(pruneTasksText(t, F, { now: NOW }).items.length, 0);
    assert.strictEqual(pruneTasksText(t, F, { now: '2026-03-28T12:01' }).items.length, 1);
  });

  it('keeps CRLF, BOM and a file without a final newline intact around the removal', () => {
    const text = '\uFEFF## Old\r\n**Status:** done\r\n**Completed:** 2026-01-01T00:00\r\n\r\n## Keep\r\n**Status:** ready';
    assert.strictEqual(pruneTasksText(text, F, { now: NOW }).text, '\uFEFF## Keep\r\n**Status:** ready');
    const last = '## Keep\n**Status:** ready\n\n## Old\n**Status:** done\n**Completed:** 2026-01-01T00:00';
    assert.strictEqual(pruneTasksText(last, F, { now: NOW }).text, '## Keep\n**Status:** ready\n\n');
  });

  it('trims a Session Log to its latest entry, keeping text before the first entry', () => {
    const note =
      '---\nname: Ada\n---\n## Role\nR\n\n## Session Log\nKept intro.\n\nLast session: 2026-03-20\nStatus: a\n\nLast session: 2026-03-27\nStatus: b\nBlocker: none\n\n## Notes\nx\n';
    const r = trimSessionLogText(note);
    assert.strictEqual(r.text, '---\nname: Ada\n---\n## Role\nR\n\n## Session Log\nKept intro.\n\nLast session: 2026-03-27\nStatus: b\nBlocker: none\n\n## Notes\nx\n');
    assert.deepStrictEqual(r.items, [{ line: 10, label: '2026-03-20' }]);
  });

  it('keeps the latest by date when newer entries come first', () => {
    const note = '## Session Log\nLast session: 2026-03-27\nStatus: new\n\nLast session: 2026-03-20\nStatus: old\n';
    assert.strictEqual(trimSessionLogText(note).text, '## Session Log\nLast session: 2026-03-27\nStatus: new\n\n');
    const crlf = '## Session Log\r\nLast session: --\r\nStatus: registered\r\nLast session: 2026-03-20\r\nStatus: x\r\n';
    assert.strictEqual(trimSessionLogText(crlf).text, '## Session Log\r\nLast session: 2026-03-20\r\nStatus: x\r\n');
  });

  it('leaves a log with one entry, and entries inside a fence, alone', () => {
    const one = '## Session Log\nLast session: 2026-03-20\nStatus: a\n';
    assert.strictEqual(trimSessionLogText(one).text, one);
    const fenced = '## Session Log\n```\nLast session: 2026-01-01\n```\nLast session: 2026-03-20\n';
    assert.strictEqual(trimSessionLogText(fenced).text, fenced);
  });

  it('plans per file, writes nothing when planning, applies through editFile', async () => {
    const note = '## Session Log\nLast session: 2026-03-20\nStatus: a\nLast session: 2026-03-21\nStatus: b\n';
    const files = {
      [F]: `${OLD}${READY}`,
      'agents/ada/ada.md': note,
      'agents/bob/tasks.md': READY,
      'agents/bob/bob.md': '## Session Log\nLast session: --\n',
    };
    const fs = new MemoryTeamFs(files);
    const plan = await planPrune(fs, { now: NOW });
    assert.deepStrictEqual(
      plan.files.map((f) => [f.path, f.kind, f.items.map((i) => i.label)]),
      [
        [F, 'tasks', ['Old']],
        ['agents/ada/ada.md', 'session-log', ['2026-03-20']],
      ],
    );
    for (const [p, t] of Object.entries(files)) assert.strictEqual(fs.get(p), t);
    const done = await applyPrune(fs, plan);
    assert.strictEqual(done.length, 2);
    assert.strictEqual(fs.get(F), READY);
    assert.strictEqual(fs.get('agents/ada/ada.md'), '## Session Log\nLast session: 2026-03-21\nStatus: b\n');
  });

  it('refuses bad options', () => {
    assert.throws(() => pruneTasksText('', F, { now: 'now' }), /YYYY-MM-DDTHH:MM/);
    assert.throws(() => pruneTasksText('', F, { now: NOW, days: -1 }), /days/i);
  });
});
