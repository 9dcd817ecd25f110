import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { dispatchTask, dispatchText } from '../../../../src/core/ops/dispatch';

const F = 'agents/ada/tasks.md';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';

function dispatch(text: string, title = 'New task', body?: string): string {
  return dispatchText(text, F, { title, body }).text;
}

describe('dispatch (byte-exact)', () => {
  it('writes the first task of an empty file', () => {
    assert.strictEqual(dispatch(''), '## New task\n**Status:** ready\n');
  });

  it('adds a body after a blank line', () => {
    assert.strictEqual(dispatch('', 'T', 'Do this.\nThen that.'), '## T\n**Status:** ready\n\nDo this.\nThen that.\n');
  });

  it('trims blank lines around the body and keeps its inner lines', () => {
    assert.strictEqual(dispatch('', 'T', '\n\n  indented\n\nnext\n\n'), '## T\n**Status:** ready\n\n  indented\n\nnext\n');
  });

  it('appends after the last task with a blank line between', () => {
    const text = '## A\n**Status:** ready\n';
    assert.strictEqual(dispatch(text), '## A\n**Status:** ready\n\n## New task\n**Status:** ready\n');
  });

  it('does not double a blank line that is already there', () => {
    const text = '## A\n**Status:** ready\n\n';
    assert.strictEqual(dispatch(text), '## A\n**Status:** ready\n\n## New task\n**Status:** ready\n');
  });

  it('handles a file without a final newline', () => {
    const text = '## A\n**Status:** done\n\nbody';
    assert.strictEqual(dispatch(text), '## A\n**Status:** done\n\nbody\n\n## New task\n**Status:** ready\n');
  });

  it('goes before a trailing last-tick comment, separated from it by a blank line', () => {
    const text = `## A\n**Status:** ready\n\n${TICK}\n`;
    assert.strictEqual(dispatch(text), `## A\n**Status:** ready\n\n## New task\n**Status:** ready\n\n${TICK}\n`);
  });

  it('goes before a tick that directly follows the last task', () => {
    const text = `## A\n**Status:** ready\n${TICK}`;
    assert.strictEqual(dispatch(text), `## A\n**Status:** ready\n\n## New task\n**Status:** ready\n\n${TICK}`);
  });

  it('works on a file with only a tick', () => {
    assert.strictEqual(dispatch(`${TICK}\n`), `## New task\n**Status:** ready\n\n${TICK}\n`);
    assert.strictEqual(dispatch(TICK), `## New task\n**Status:** ready\n\n${TICK}`);
  });

  it('keeps CRLF files in CRLF', () => {
    const text = `## A\r\n**Status:** ready\r\n\r\n${TICK}\r\n`;
    assert.strictEqual(
      dispatch(text, 'B', 'line 1\nline 2'),
      `## A\r\n**Status:** ready\r\n\r\n## B\r\n**Status:** ready\r\n\r\nline 1\r\nline 2\r\n\r\n${TICK}\r\n`,
    );
  });

  it('keeps a BOM and puts the first task right after it', () => {
    assert.strictEqual(dispatch('\uFEFF'), '\uFEFF## New task\n**Status:** ready\n');
    assert.strictEqual(dispatch(`\uFEFF${TICK}\n`), `\uFEFF## New task\n**Status:** ready\n\n${TICK}\n`);
    assert.strictEqual(dispatch('\uFEFF## A\r\n**Status:** ready\r\n'), '\uFEFF## A\r\n**Status:** ready\r\n\r\n## New task\r\n**Status:** ready\r\n');
  });

  it('keeps free text before the first task', () => {
    assert.strictEqual(dispatch('# Ada\nNotes.\n'), '# Ada\nNotes.\n\n## New task\n**Status:** ready\n');
  });

  it('accepts a "## " inside a fenced block of the body', () => {
    const body = '```md\n## not a task\n```';
    assert.strictEqual(dispatch('', 'T', body), `## T\n**Status:** ready\n\n${body}\n`);
  });

  it('is not fooled by a "## " or a tick inside a fence of the file', () => {
    const text = '## A\n**Status:** ready\n\n```\n## inside\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n```\n';
    assert.strictEqual(dispatch(text), text + '\n## New task\n**Status:** ready\n');
  });

  it('refuses bad titles and bodies, writing nothing', () => {
    assert.throws(() => dispatch('', ''), CortexInputError);
    assert.throws(() => dispatch('', '   '), CortexInputError);
    assert.throws(() => dispatch('', 'two\nlines'), CortexInputError);
    assert.throws(() => dispatch('', 'T', 'text\n## Sneaky task\n'), /new task/);
    assert.throws(() => dispatch('', 'T', '##'), /new task/);
    assert.throws(() => dispatch('', 'T', '**Status:** ready'), /status line/);
    assert.throws(() => dispatch('', 'T', '```\n**Status:** done\n```'), /status line/);
    assert.throws(() => dispatch('', 'T', `x\n${TICK}`), /last-tick/);
    assert.throws(() => dispatch('', 'T', '```\nopen fence'), /never closes/);
  });

  it('refuses a title that a ready or in-progress task already has', () => {
    const text = '## A\n**Status:** ready\n\n## B\n**Status:** in-progress\n\n## C\n**Status:** done\n';
    assert.throws(() => dispatch(text, 'A'), /already has a ready task titled "A"/);
    assert.throws(() => dispatch(text, 'B'), /already has an in-progress task titled "B"/);
    assert.ok(dispatch(text, 'C').endsWith('## C\n**Status:** ready\n'));
  });

  it('refuses to append into a code fence that is never closed', () => {
    assert.throws(() => dispatch('## A\n**Status:** ready\n\n```\ncode\n'), /never closed/);
  });

  it('reports the new position', () => {
    assert.strictEqual(dispatchText('## A\n**Status:** ready\n', F, { title: 'B' }).position, 2);
  });

  it('creates a missing task file through the writer, the task marked with its id', async () => {
    const fs = new MemoryTeamFs({ 'agents/ada/ada.md': '---\nname: Ada\n---\n' });
    const r = await dispatchTask(fs, F, { title: 'First' });
    assert.match(r.id!, /^[0-9a-f]{12}$/);
    assert.strictEqual(fs.get(F), `## First\n**Status:** ready\n\n<!-- cortex-team:id ${r.id} -->\n`);
  });
});
