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
import { escalateOverdue, markEscalatedText, messagesToEscalate } from '../../../../src/core/mailbox/escalate';
import { PRIORITIES, RESPONSE_MINUTES, checkMessageType, checkPriority, messageUrgency } from '../../../../src/core/mailbox/urgency';
import { parseStamp } from '../../../../src/base/time';

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

describe('message types, priorities, response times and escalation', () => {
  const wall = (s: string) => parseStamp(s)!;
  it('reads Type, Priority and Respond by from the example; a message without them is P2 due Sent + 24 h', () => {
    const [m3, m2, m1] = parseMailbox(EXAMPLE).messages;
    const u3 = messageUrgency(m3, wall('2026-03-28T12:00'));
    assert.deepStrictEqual([u3.type, u3.priority, u3.priorityGiven, u3.dueAt, u3.overdue, u3.overdueBy, u3.shouldEscalate], ['question', 'P2', true, wall('2026-03-28T09:05'), true, 175, false]);
    const u2 = messageUrgency(m2, wall('2026-03-28T12:00'));
    assert.deepStrictEqual([u2.type, u2.priority, u2.overdue], ['request', 'P1', false], 'acknowledged: answered, never overdue');
    const u1 = messageUrgency(m1, wall('2026-03-28T12:00'));
    assert.deepStrictEqual([u1.type, u1.priority, u1.priorityGiven, u1.dueAt], ['review', 'P2', false, wall('2026-03-18T17:00')]);
    assert.strictEqual(messageUrgency({ ...m3, fields: [['Type', 'gossip']] }, 0).otherType, 'gossip');
  });

  it('composes Type, Priority and Respond by (Sent + the tier, in the file\'s stamp style) before Status', () => {
    const r = composeMessageText(EXAMPLE, msg({ type: 'Alert', priority: 'p0' }));
    assert.deepStrictEqual([r.result.type, r.result.priority, r.result.respondBy], ['alert', 'P0', '2026-03-28T15:05']);
    assert.ok(r.text.includes('| Sent | 2026-03-28T14:05 |\n| Type | alert |\n| Priority | P0 |\n| Respond by | 2026-03-28T15:05 |\n| Status | new |\n'));
    const plain = composeMessageText(EXAMPLE, msg()).text;
    assert.ok(plain.includes('| Sent | 2026-03-28T14:05 |\n| Status | new |\n'), 'without them, no rows');
    assert.throws(() => composeMessageText(EXAMPLE, msg({ type: 'gossip' })), /"gossip" is not a message type; use one of question, request, review, fyi, alert\./);
    assert.throws(() => composeMessageText(EXAMPLE, msg({ priority: 'P9' })), /"P9" is not a priority; use one of P0, P1, P2, P3/);
    assert.strictEqual(checkPriority('1'), 'P1');
    assert.strictEqual(checkMessageType(' FYI '), 'fyi');
    assert.deepStrictEqual(PRIORITIES.map((p) => RESPONSE_MINUTES[p] / 60), [1, 4, 24, 72]);
  });

  it('an acknowledged but unresolved P0 past its response time escalates too; a resolved one and an acknowledged P1 do not', async () => {
    const sent = new Date(2026, 2, 28, 9, 0);
    let text = composeMessageText('', msg({ at: sent, priority: 'P0', type: 'alert', subject: 'db down' })).text;
    text = composeMessageText(text, msg({ at: sent, priority: 'P0', subject: 'fixed' })).text;
    text = composeMessageText(text, msg({ at: sent, priority: 'P1', subject: 'seen' })).text;
    text = setMessageStatusText(text, { id: 'MSG-0001', status: 'acknowledged' }).text;
    text = setMessageStatusText(text, { id: 'MSG-0002', status: 'resolved' }).text;
    text = setMessageStatusText(text, { id: 'MSG-0003', status: 'acknowledged' }).text;
    const due = messagesToEscalate(parseMailbox(text), wall('2026-03-28T10:30'));
    assert.deepStrictEqual(due.map((m) => [m.message.id, m.urgency.overdue, m.urgency.unresolved]), [['MSG-0001', false, true]]);
    assert.deepStrictEqual(messagesToEscalate(parseMailbox(text), wall('2026-03-28T09:30')), [], 'not before its Respond by time');
    const fs = new MemoryTeamFs({ 'MAILBOX.md': text, 'WORKLOG.md': '# Worklog\n' });
    const at = new Date(2026, 2, 28, 10, 30);
    await assert.rejects(escalateOverdue(fs, { actor: 'maintainer', at, ids: ['MSG-0003'] }), /it is acknowledged, not new \(only an overdue P0 escalates once acknowledged\)/);
    const done = await escalateOverdue(fs, { actor: 'maintainer', at });
    assert.deepStrictEqual(done.map((d) => d.id), ['MSG-0001']);
    assert.match(decodeText(await fs.readFile('WORKLOG.md')), /Unresolved: it is acknowledged in MAILBOX\.md, past its response time\. Escalated to the maintainer\./);
    assert.deepStrictEqual(await escalateOverdue(fs, { actor: 'maintainer', at }), [], 'once');
  });

  it('overdue P0 and P1 messages escalate once: a WORKLOG entry, then an Escalated row (CRLF kept); others are refused by id', async () => {
    const fs = new MemoryTeamFs();
    const sent = new Date(2026, 2, 28, 9, 0);
    let text = composeMessageText('', msg({ at: sent, priority: 'P0', type: 'question', subject: 'prod is down' })).text;
    text = composeMessageText(text, msg({ at: new Date(2026, 2, 26, 9, 0), priority: 'P2', subject: 'no hurry' })).text;
    text = composeMessageText(text, msg({ at: sent, priority: 'P1', subject: 'answered', to: 'qa' })).text;
    text = setMessageStatusText(text, { id: 'MSG-0003', status: 'acknowledged' }).text;
    fs.put('MAILBOX.md', text.replace(/\n/g, '\r\n'));
    fs.put('WORKLOG.md', '# Worklog\r\n\r\n## 2026-03-28T08:00 — qa — note: hello\r\nHi.\r\n');
    const at = new Date(2026, 2, 28, 10, 30);
    assert.deepStrictEqual(messagesToEscalate(parseMailbox(decodeText(await fs.readFile('MAILBOX.md'))), wall('2026-03-28T10:30')).map((m) => m.message.id), ['MSG-0001']);
    await assert.rejects(escalateOverdue(fs, { actor: 'maintainer', at, ids: ['MSG-0002'] }), /MSG-0002 does not escalate: it is P2; only P0 and P1 escalate\. Nothing was written\./);
    await assert.rejects(escalateOverdue(fs, { actor: 'maintainer', at, ids: ['MSG-0003'] }), /it is acknowledged, not new/);
    const done = await escalateOverdue(fs, { actor: 'maintainer', at });
    assert.deepStrictEqual(done.map((d) => [d.id, d.priority, d.escalated, d.entry?.heading]), [['MSG-0001', 'P0', '2026-03-28T10:30', '2026-03-28T10:30 — maintainer — escalation: MSG-0001 overdue: P0 question to billing-dev']]);
    const mailbox = decodeText(await fs.readFile('MAILBOX.md'));
    assert.ok(mailbox.includes('| Respond by | 2026-03-28T10:00 |\r\n| Status | new |\r\n| Escalated | 2026-03-28T10:30 |\r\n\r\nReady when you are.'), mailbox);
    assert.strictEqual(mailbox.replace('| Escalated | 2026-03-28T10:30 |\r\n', ''), text.replace(/\n/g, '\r\n'), 'only the row was added');
    const worklog = decodeText(await fs.readFile('WORKLOG.md'));
    assert.match(worklog, /## 2026-03-28T10:30 — maintainer — escalation: MSG-0001 overdue: P0 question to billing-dev\r\n\*\*Message:\*\* MSG-0001 — prod is down\r\n/);
    assert.match(worklog, /respond within 1 h, by 2026-03-28T10:00\)\r\n\r\nNo response yet/);
    // Again: nothing left to escalate, nothing written.
    assert.deepStrictEqual(await escalateOverdue(fs, { actor: 'maintainer', at }), []);
    assert.strictEqual(decodeText(await fs.readFile('WORKLOG.md')), worklog);
    // An entry already in the WORKLOG (a mark that failed last time) is not written twice.
    fs.put('MAILBOX.md', text);
    const again = await escalateOverdue(fs, { actor: 'maintainer', at });
    assert.deepStrictEqual(again.map((d) => [d.id, d.entry]), [['MSG-0001', null]]);
    assert.strictEqual(decodeText(await fs.readFile('WORKLOG.md')), worklog);
    assert.strictEqual(markEscalatedText(decodeText(await fs.readFile('MAILBOX.md')), 'MSG-0001', 'later'), decodeText(await fs.readFile('MAILBOX.md')), 'marked once');
  });
});
