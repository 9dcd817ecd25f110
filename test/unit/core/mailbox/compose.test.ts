import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { decodeText, encodeText } from '../../../../src/core/text/text';
import { composeMessage, composeMessageText, NewMessage } from '../../../../src/core/mailbox/compose';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/MAILBOX.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-MAILBOX.md'), 'utf8');
const AT = new Date(2026, 2, 28, 14, 5, 9);

function msg(over: Partial<NewMessage> = {}): NewMessage {
  return { from: 'dashboard-dev', to: 'billing-dev', subject: 'overdue filter', body: 'Ready when you are.', at: AT, ...over };
}

describe('compose a message (byte-exact)', () => {
  it('takes the next number, goes on top, and counts it in the inbox', () => {
    const { text, result } = composeMessageText(EXAMPLE, msg());
    assert.deepStrictEqual(result, { id: 'MSG-0004', sent: '2026-03-28T14:05', type: null, priority: null, respondBy: null, line: 9 });
    const block = '## MSG-0004 — overdue filter\n| Field | Value |\n|---|---|\n| From | dashboard-dev |\n| To | billing-dev |\n| Sent | 2026-03-28T14:05 |\n| Status | new |\n\nReady when you are.\n\n';
    const expected = EXAMPLE.replace('| billing-dev | 1 | 1 |', '| billing-dev | 2 | 1 |').replace('## MSG-0003', block + '## MSG-0003');
    assert.strictEqual(text, expected);
  });

  it('adds an inbox row for a new recipient', () => {
    const { text } = composeMessageText(EXAMPLE, msg({ to: 'qa-engineer', body: '' }));
    assert.ok(text.includes('| docs-writer | 0 | 0 |\n| qa-engineer | 1 | 0 |\n\n## MSG-0004 — overdue filter\n'));
  });

  it('follows an oldest-first file, its separator and its Sent style (CRLF)', () => {
    const crlf = MALFORMED.replace(/\n/g, '\r\n');
    const { text, result } = composeMessageText(crlf, msg({ to: 'bob', body: 'x' }));
    assert.strictEqual(result.sent, '2026-03-28 14:05');
    assert.ok(text.endsWith('| Status | New |\r\n\r\n## MSG-0004: overdue filter\r\n| Field | Value |\r\n|---|---|\r\n| From | dashboard-dev |\r\n| To | bob |\r\n| Sent | 2026-03-28 14:05 |\r\n| Status | new |\r\n\r\nx\r\n'));
    // bob: MSG-0003 "New" is not lowercase "new" in the file, but statuses are read case-insensitively.
    assert.ok(text.includes('| bob | 2 | 0 |'));
  });

  it('creates a missing mailbox', async () => {
    const fs = new MemoryTeamFs();
    await fs.writeFile('agents/a/tasks.md', encodeText(''));
    await composeMessage(fs, msg({ body: '' }));
    assert.strictEqual(
      decodeText(await fs.readFile('MAILBOX.md')),
      '# Mailbox\n\n## Inbox\n| To | New | Open |\n|---|---|---|\n| billing-dev | 1 | 0 |\n\n## MSG-0001 — overdue filter\n| Field | Value |\n|---|---|\n| From | dashboard-dev |\n| To | billing-dev |\n| Sent | 2026-03-28T14:05 |\n| Status | new |\n',
    );
  });

  it('refuses empty or multi-line fields and block-breaking bodies', () => {
    assert.throws(() => composeMessageText(EXAMPLE, msg({ to: '' })), CortexInputError);
    assert.throws(() => composeMessageText(EXAMPLE, msg({ subject: 'a\nb' })), CortexInputError);
    assert.throws(() => composeMessageText(EXAMPLE, msg({ body: '## MSG-0009 — fake' })), CortexInputError);
  });
});
