import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { decodeText, encodeText } from '../../../../src/core/text/text';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { setMessageStatus, setMessageStatusText } from '../../../../src/core/mailbox/set-status';
import { nextStatuses } from '../../../../src/core/mailbox/statuses';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/MAILBOX.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-MAILBOX.md'), 'utf8');

describe('message status (byte-exact, in place)', () => {
  it('changes only the Status cell and the recipient\'s snapshot counts', () => {
    const { text, result } = setMessageStatusText(EXAMPLE, { id: 'MSG-0003', status: 'acknowledged', expected: 'new' });
    assert.deepStrictEqual(result, { id: 'MSG-0003', from: 'new', to: 'acknowledged', recipient: 'billing-dev' });
    const expected = EXAMPLE.replace('| billing-dev | 1 | 1 |', '| billing-dev | 0 | 2 |').replace('| Respond by | 2026-03-28T09:05 |\n| Status | new |', '| Respond by | 2026-03-28T09:05 |\n| Status | acknowledged |');
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
