import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { decodeText } from '../../../../src/core/text/text';
import { composeMessageText, NewMessage } from '../../../../src/core/mailbox/compose';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { setMessageStatusText } from '../../../../src/core/mailbox/set-status';
import { escalateOverdue, markEscalatedText, messagesToEscalate } from '../../../../src/core/mailbox/escalate';
import { PRIORITIES, RESPONSE_MINUTES, checkMessageType, checkPriority, messageUrgency } from '../../../../src/core/mailbox/urgency';
import { parseStamp } from '../../../../src/base/time';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/MAILBOX.md'), 'utf8');
const AT = new Date(2026, 2, 28, 14, 5, 9);

function msg(over: Partial<NewMessage> = {}): NewMessage {
  return { from: 'dashboard-dev', to: 'billing-dev', subject: 'overdue filter', body: 'Ready when you are.', at: AT, ...over };
}

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
