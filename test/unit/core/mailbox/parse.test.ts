import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { parseMailbox } from '../../../../src/core/mailbox/parse';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/MAILBOX.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-MAILBOX.md'), 'utf8');

describe('MAILBOX parser', () => {
  it('reads the example: inbox snapshot, messages newest first', () => {
    const m = parseMailbox(EXAMPLE);
    assert.deepStrictEqual(m.diagnostics, []);
    assert.deepStrictEqual(m.inbox?.rows.map((r) => [r.to, r.newCount, r.openCount]), [['billing-dev', 1, 1], ['docs-writer', 0, 0]]);
    assert.strictEqual(m.order, 'newest-first');
    assert.deepStrictEqual(
      m.messages.map((x) => [x.id, x.subject, x.from, x.to, x.sent, x.status, x.line, x.statusLine]),
      [
        ['MSG-0003', 'credit note PDF layout', 'docs-writer', 'billing-dev', '2026-03-27T09:05', 'new', 9, 18],
        ['MSG-0002', 'status filter on /invoices', 'dashboard-dev', 'billing-dev', '2026-03-26T15:12', 'acknowledged', 23, 32],
        ['MSG-0001', 'webhook guide review', 'billing-dev', 'docs-writer', '2026-03-17T17:00', 'closed', 37, 44],
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
