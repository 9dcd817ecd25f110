import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { CortexInputError } from '../../../../src/core/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { decodeText, encodeText } from '../../../../src/core/text';
import { composeMessage, composeMessageText, NewMessage } from '../../../../src/core/mailbox/compose';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { setMessageStatus, setMessageStatusText } from '../../../../src/core/mailbox/set-status';
import { nextStatuses } from '../../../../src/core/mailbox/statuses';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/MAILBOX.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-MAILBOX.md'), 'utf8');
const AT = new Date(2026, 2, 28, 14, 5, 9);

function msg(over: Partial<NewMessage> = {}): NewMessage {
  return { from: 'dashboard-dev', to: 'billing-dev', subject: 'overdue filter', body: 'Ready when you are.', at: AT, ...over };
}

describe('MAILBOX parser', () => {
  it('reads the example: inbox snapshot, messages newest first', () => {
    const m = parseMailbox(EXAMPLE);
    assert.deepStrictEqual(m.diagnostics, []);
    assert.deepStrictEqual(m.inbox?.rows.map((r) => [r.to, r.newCount, r.openCount]), [['billing-dev', 1, 1], ['docs-writer', 0, 0]]);
    assert.strictEqual(m.order, 'newest-first');
    assert.deepStrictEqual(
      m.messages.map((x) => [x.id, x.subject, x.from, x.to, x.sent, x.status, x.line, x.statusLine]),
      [
        ['MSG-0003', 'credit note PDF layout', 'docs-writer', 'billing-dev', '2026-03-27T17:05', 'new', 9, 15],
        ['MSG-0002', 'status filter on /invoices', 'dashboard-dev', 'billing-dev', '2026-03-26T15:12', 'acknowledged', 20, 26],
        ['MSG-0001', 'webhook guide review', 'billing-dev', 'docs-writer', '2026-03-17T17:00', 'closed', 31, 37],
      ],
    );
    assert.strictEqual(m.messages[1].body, 'The overdue list filters client-side for now. A `status` query parameter would let\nus page through large accounts.');
  });

  it('tolerates a malformed mailbox and says where', () => {
    const m = parseMailbox(MALFORMED);
    assert.deepStrictEqual(m.messages.map((x) => [x.id, x.subject, x.status]), [['MSG-0001', 'first question', 'pending'], ['MSG-0002', 'no table', ''], ['MSG-0003', 'follow-up', 'new']]);
    assert.strictEqual(m.order, 'oldest-first');
    assert.deepStrictEqual(
      m.diagnostics.map((d) => [d.line, d.message.slice(0, 36)]),
      [
        [14, '"pending" is not a message status (n'],
        [18, 'MSG-0002 has no Field/Value table un'],
        [18, 'MSG-0002 has no Status row.'],
        [18, 'MSG-0002 has no From.'],
        [18, 'MSG-0002 has no To.'],
        [18, 'MSG-0002 has no Sent.'],
        [21, '"## Hello there" is not a message he'],
        [6, 'The snapshot says 3 new for bob; the'],
      ],
    );
  });
});

describe('message status (byte-exact, in place)', () => {
  it('changes only the Status cell and the recipient\'s snapshot counts', () => {
    const { text, result } = setMessageStatusText(EXAMPLE, { id: 'MSG-0003', status: 'acknowledged', expected: 'new' });
    assert.deepStrictEqual(result, { id: 'MSG-0003', from: 'new', to: 'acknowledged', recipient: 'billing-dev' });
    const expected = EXAMPLE.replace('| billing-dev | 1 | 1 |', '| billing-dev | 0 | 2 |').replace('| Sent | 2026-03-27T17:05 |\n| Status | new |', '| Sent | 2026-03-27T17:05 |\n| Status | acknowledged |');
    assert.strictEqual(text, expected);
    assert.deepStrictEqual(parseMailbox(text).diagnostics, []);
  });

  it('keeps CRLF and the cell padding', () => {
    const crlf = EXAMPLE.replace(/\n/g, '\r\n').replace('| Status | acknowledged |', '|  Status  |   acknowledged   |');
    const out = setMessageStatusText(crlf, { id: 'msg-0002', status: 'Closed' }).text;
    assert.strictEqual(out, crlf.replace('|   acknowledged   |', '|   closed   |').replace('| billing-dev | 1 | 1 |', '| billing-dev | 1 | 0 |'));
  });

  it('refuses unknown statuses, going back, leaving a final status, and a stale view', () => {
    assert.throws(() => setMessageStatusText(EXAMPLE, { id: 'MSG-0003', status: 'done' }), /not a message status/);
    assert.throws(() => setMessageStatusText(EXAMPLE, { id: 'MSG-0002', status: 'new' }), /cannot go back/);
    assert.throws(() => setMessageStatusText(EXAMPLE, { id: 'MSG-0001', status: 'resolved' }), /final/);
    assert.throws(() => setMessageStatusText(EXAMPLE, { id: 'MSG-0003', status: 'actioned', expected: 'acknowledged' }), /is now "new"/);
    assert.throws(() => setMessageStatusText(EXAMPLE, { id: 'MSG-0009', status: 'closed' }), CortexInputError);
    assert.throws(() => setMessageStatusText(MALFORMED, { id: 'MSG-0002', status: 'closed' }), /no Status row/);
  });

  it('lists the statuses a message may move to', () => {
    assert.deepStrictEqual(nextStatuses('acknowledged'), ['actioned', 'closed', 'resolved', 'superseded', 'withdrawn', 'abandoned']);
    assert.deepStrictEqual(nextStatuses('withdrawn'), []);
  });

  it('writes through editFile', async () => {
    const fs = new MemoryTeamFs();
    await fs.writeFile('MAILBOX.md', encodeText(EXAMPLE));
    await setMessageStatus(fs, { id: 'MSG-0002', status: 'actioned' });
    assert.ok(decodeText(await fs.readFile('MAILBOX.md')).includes('| Status | actioned |'));
  });
});

describe('compose a message (byte-exact)', () => {
  it('takes the next number, goes on top, and counts it in the inbox', () => {
    const { text, result } = composeMessageText(EXAMPLE, msg());
    assert.deepStrictEqual(result, { id: 'MSG-0004', sent: '2026-03-28T14:05', line: 9 });
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
