import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { editTaskText } from '../../../../src/core/ops/edit-task';

const F = 'agents/ada/tasks.md';
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
