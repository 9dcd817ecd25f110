import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { CortexInputError } from '../../../../src/core/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { encodeText } from '../../../../src/core/text';
import { appendWorklogEntry, appendWorklogEntryText, NewWorklogEntry } from '../../../../src/core/worklog/append';
import { inferEventType, subjectWithoutType } from '../../../../src/core/worklog/event-type';
import { eventIdOf, loadWorklogEvents, sessionIdOf, worklogEvents } from '../../../../src/core/worklog/events';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { currentStatusBlock, proposeStatusTable, updateStatusBlockText } from '../../../../src/core/worklog/status-block';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-WORKLOG.md'), 'utf8');

/** A local wall-clock time (the file's style is local time with no zone). */
const AT = new Date(2026, 2, 28, 14, 5, 9);

function entry(over: Partial<NewWorklogEntry> = {}): NewWorklogEntry {
  return { type: 'handoff.posted', actor: 'billing-dev', subject: 'credit notes', body: 'Done.', at: AT, ...over };
}

const NEWEST = '# Worklog\n\n## 2026-03-02T10:00 — a — second\nB.\n\n## 2026-03-01T10:00 — a — first\nA.\n';
const OLDEST = '# Worklog\n\n## 2026-03-01T10:00 - a - first\nA.\n\n## 2026-03-02T10:00 - a - second\nB.\n';

describe('WORKLOG parser', () => {
  it('reads the example: status, decisions, entries newest first with types', () => {
    const w = parseWorklog(EXAMPLE);
    assert.deepStrictEqual(w.diagnostics, []);
    assert.deepStrictEqual(w.status?.columns, ['Agent', 'State', 'Working on']);
    assert.strictEqual(w.status?.rows.length, 6);
    assert.deepStrictEqual(w.status?.rows[2].cells, ['dashboard-dev', 'no tick since 2026-03-28T08:55', 'revenue chart']);
    assert.strictEqual(w.decisions?.rows.length, 2);
    assert.deepStrictEqual({ ...w.decisions!.rows[1], cells: undefined }, { line: 17, date: '2026-03-26', decision: 'Invoices get their number at finalisation, not at creation', entry: 'Invoicing v2 plan', cells: undefined });
    assert.strictEqual(w.order, 'newest-first');
    assert.deepStrictEqual(
      w.entries.map((e) => [e.timestamp, e.actor, e.subject, e.eventType, e.line]),
      [
        ['2026-03-28T09:12', 'chief-of-staff', 'morning briefing', 'note.posted', 19],
        ['2026-03-27T12:40', 'billing-dev', 'handoff: draft invoices', 'handoff.posted', 24],
        ['2026-03-26T15:05', 'chief-of-staff', 'decision: invoice numbering', 'decision.recorded', 28],
        ['2026-03-25T16:20', 'billing-dev', 'handoff: integer cents', 'handoff.posted', 32],
      ],
    );
    assert.strictEqual(w.entries[1].body, 'Draft invoices are done (POST /invoices/{id}/finalise). Handing the list view to\ndashboard-dev; task dispatched by chief-of-staff.');
  });

  it('tolerates a malformed file and says where', () => {
    const w = parseWorklog(MALFORMED);
    assert.deepStrictEqual(
      w.diagnostics.map((d) => [d.line, d.severity, d.message.slice(0, 40)]),
      [
        [8, 'warning', '"## Not an entry" is not an entry headin'],
        [17, 'warning', '"2026-02-31T10:00" is not a real date an'],
        [4, 'warning', 'The status table has no |---| line under'],
        [6, 'warning', 'This row has 2 cells; its table has 3 co'],
      ],
    );
    assert.strictEqual(w.order, 'oldest-first');
    assert.deepStrictEqual(w.entries.map((e) => [e.actor, e.eventType, e.separator]), [
      ['ada', 'task.claimed', ' - '],
      ['bob', 'objection.raised', ' – '],
      ['ada', 'decision.recorded', ' — '],
      ['ada', 'task.completed', ' — '],
    ]);
    assert.strictEqual(w.decisions, null);
  });

  it('reads CRLF and a BOM', () => {
    const w = parseWorklog('\uFEFF' + EXAMPLE.replace(/\n/g, '\r\n'));
    assert.strictEqual(w.entries.length, 4);
    assert.strictEqual(w.entries[3].body, 'Migration 0042 converted all amounts. docs-writer to note the export change in the\nchangelog.');
  });

  it('does not take headings inside code fences for entries', () => {
    const w = parseWorklog('## 2026-03-01T10:00 — a — x\n```\n## 2026-03-02T10:00 — b — y\n```\n');
    assert.strictEqual(w.entries.length, 1);
  });
});

describe('event types', () => {
  const cases: Array<[string, string, string]> = [
    ['handoff: x', '', 'handoff.posted'],
    ['Hand-off - x', '', 'handoff.posted'],
    ['claimed: x', '', 'task.claimed'],
    ['Completed: x', '', 'task.completed'],
    ['proposal: x', '', 'proposal.created'],
    ['Proposal amended: x', '', 'proposal.amended'],
    ['Counter-recommendation: x', '', 'objection.raised'],
    ['objection: x', '', 'objection.raised'],
    ['Decision: x', '', 'decision.recorded'],
    ['escalation: x', '', 'escalation.requested'],
    ['morning briefing', '', 'note.posted'],
    ['notes: handoff later', '', 'note.posted'],
    ['invoice numbering', '**Decision:** numbers at finalisation', 'decision.recorded'],
    ['list view', '\n**Handoff:** to dashboard-dev', 'handoff.posted'],
  ];
  for (const [subject, body, type] of cases) {
    it(`"${subject}" ${body ? `with "${body.trim()}" ` : ''}→ ${type}`, () => assert.strictEqual(inferEventType(subject, body), type));
  }
  it('drops the type word for display', () => {
    assert.strictEqual(subjectWithoutType('handoff: draft invoices'), 'draft invoices');
    assert.strictEqual(subjectWithoutType('notes: x'), 'notes: x');
  });
});

describe('append a WORKLOG entry (byte-exact)', () => {
  it('puts a handoff above the first entry of a newest-first file', () => {
    const { text, result } = appendWorklogEntryText(NEWEST, entry());
    assert.strictEqual(text, '# Worklog\n\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\nDone.\n\n## 2026-03-02T10:00 — a — second\nB.\n\n## 2026-03-01T10:00 — a — first\nA.\n');
    assert.strictEqual(result.line, 3);
  });

  it('puts it after the last entry of an oldest-first file, copying its separator', () => {
    const { text } = appendWorklogEntryText(OLDEST, entry({ type: 'note.posted', subject: 'plain note', body: '' }));
    assert.strictEqual(text, OLDEST + '\n## 2026-03-28T14:05 - billing-dev - plain note\n');
  });

  it('adds a decision row to the index, keeping every other byte', () => {
    const { text, result } = appendWorklogEntryText(EXAMPLE, entry({ type: 'decision.recorded', subject: 'credit note numbers', decision: 'Credit notes share the invoice sequence', body: 'Agreed with the owner.' }));
    const expected = EXAMPLE.replace(
      '| 2026-03-26 | Invoices get their number at finalisation, not at creation | Invoicing v2 plan |\n',
      '| 2026-03-26 | Invoices get their number at finalisation, not at creation | Invoicing v2 plan |\n| 2026-03-28 | Credit notes share the invoice sequence | credit note numbers |\n',
    ).replace('## 2026-03-28T09:12', '## 2026-03-28T14:05 — billing-dev — decision: credit note numbers\nAgreed with the owner.\n\n## 2026-03-28T09:12');
    assert.strictEqual(text, expected);
    assert.strictEqual(result.decisionRow, true);
    const w = parseWorklog(text);
    assert.strictEqual(w.entries[0].eventType, 'decision.recorded');
    assert.deepStrictEqual(w.diagnostics, []);
  });

  it('creates the decision index under the status block when there is none', () => {
    const text = '# Worklog\n\n## Status\n| Agent | State |\n|---|---|\n| a | active |\n\n## 2026-03-01T10:00 — a — first\nA.\n';
    const out = appendWorklogEntryText(text, entry({ type: 'decision.recorded', subject: 'x', body: '' })).text;
    assert.strictEqual(out, '# Worklog\n\n## Status\n| Agent | State |\n|---|---|\n| a | active |\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-28 | x | x |\n\n## 2026-03-28T14:05 — billing-dev — decision: x\n\n## 2026-03-01T10:00 — a — first\nA.\n');
  });

  it('keeps CRLF and the BOM, and writes the body with the file\'s line breaks', () => {
    const crlf = '\uFEFF' + NEWEST.replace(/\n/g, '\r\n');
    const out = appendWorklogEntryText(crlf, entry({ body: 'line 1\nline 2' })).text;
    assert.strictEqual(out, '\uFEFF# Worklog\r\n\r\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\r\nline 1\r\nline 2\r\n\r\n## 2026-03-02T10:00 — a — second\r\nB.\r\n\r\n## 2026-03-01T10:00 — a — first\r\nA.\r\n');
  });

  it('copies the timestamp style (seconds, space) of the entries there', () => {
    // One entry: its order cannot be told, so newest first (the adopted format).
    const out = appendWorklogEntryText('## 2026-03-01 10:00:00 — a — first\n', entry({ type: 'note.posted', subject: 's', body: '' })).text;
    assert.strictEqual(out, '## 2026-03-28 14:05:09 — billing-dev — s\n\n## 2026-03-01 10:00:00 — a — first\n');
  });

  it('starts a new file with a title', () => {
    assert.strictEqual(appendWorklogEntryText('', entry()).text, '# Worklog\n\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\nDone.\n');
    assert.strictEqual(
      appendWorklogEntryText('', entry({ type: 'decision.recorded', body: '' })).text,
      '# Worklog\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-28 | credit notes | credit notes |\n\n## 2026-03-28T14:05 — billing-dev — decision: credit notes\n',
    );
  });

  it('does not double a type word the subject already has', () => {
    const out = appendWorklogEntryText(NEWEST, entry({ subject: 'Handoff: x' })).text;
    assert.ok(out.includes('## 2026-03-28T14:05 — billing-dev — Handoff: x\n'));
  });

  it('refuses bodies that would start a new block, and bad actors and subjects', () => {
    const bad: Array<Partial<NewWorklogEntry>> = [
      { body: 'ok\n## 2026-01-01T00:00 — x — y' },
      { body: '# Title' },
      { body: '```\nunclosed' },
      { actor: '' },
      { actor: 'a — b' },
      { subject: 'two\nlines' },
      { subject: '  ' },
    ];
    for (const b of bad) assert.throws(() => appendWorklogEntryText(NEWEST, entry(b)), CortexInputError, JSON.stringify(b));
    assert.doesNotThrow(() => appendWorklogEntryText(NEWEST, entry({ body: '### Details\n```\n## inside a fence\n```' })));
  });

  it('writes through editFile and creates a missing WORKLOG.md', async () => {
    const fs = new MemoryTeamFs();
    await fs.writeFile('agents/a/tasks.md', encodeText(''));
    const r = await appendWorklogEntry(fs, entry());
    assert.strictEqual(r.heading, '2026-03-28T14:05 — billing-dev — handoff: credit notes');
    assert.strictEqual(new TextDecoder().decode(await fs.readFile('WORKLOG.md')), '# Worklog\n\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\nDone.\n');
  });
});

describe('pinned status block', () => {
  it('proposes states for known agents, keeps other rows and adds new agents', () => {
    const w = parseWorklog(EXAMPLE);
    const t = proposeStatusTable(w.status, [
      { agent: 'dashboard-dev', state: 'active', workingOn: null },
      { agent: 'qa-engineer', state: 'idle', workingOn: 'mobile beta' },
      { agent: 'new-agent', state: 'idle', workingOn: null },
    ]);
    assert.deepStrictEqual(t.rows[2], ['dashboard-dev', 'active', 'revenue chart']);
    assert.deepStrictEqual(t.rows[5], ['qa-engineer', 'idle', 'mobile beta']);
    assert.deepStrictEqual(t.rows[6], ['new-agent', 'idle', '']);
    assert.deepStrictEqual(t.rows[0], ['chief-of-staff', 'active', 'finding out why dashboard-dev stopped ticking']);
  });

  it('replaces only the table\'s bytes (CRLF kept)', () => {
    const crlf = EXAMPLE.replace(/\n/g, '\r\n');
    const table = { columns: ['Agent', 'State', 'Working on'], rows: [['a', 'active', 'x | y']] };
    const out = updateStatusBlockText(crlf, table, currentStatusBlock(crlf));
    const start = crlf.indexOf('| Agent |');
    const end = crlf.indexOf('\r\n\r\n## Decisions');
    assert.strictEqual(out, crlf.slice(0, start) + '| Agent | State | Working on |\r\n|---|---|---|\r\n| a | active | x \\| y |' + crlf.slice(end));
  });

  it('refuses when the block changed since the proposal', () => {
    const before = currentStatusBlock(EXAMPLE);
    const changed = EXAMPLE.replace('| billing-dev | active |', '| billing-dev | idle |');
    assert.throws(() => updateStatusBlockText(changed, { columns: ['Agent'], rows: [] }, before), /changed since the proposal/);
  });

  it('creates the block under the title when there is none', () => {
    const out = updateStatusBlockText(NEWEST, { columns: ['Agent', 'State'], rows: [['a', 'idle']] }, null);
    assert.strictEqual(out, '# Worklog\n\n## Status\n| Agent | State |\n|---|---|\n| a | idle |\n\n## 2026-03-02T10:00 — a — second\nB.\n\n## 2026-03-01T10:00 — a — first\nA.\n');
  });
});

describe('events (seed 001 envelope)', () => {
  it('projects each entry with a stable id, fields, links and decisions', () => {
    const w = parseWorklog(EXAMPLE.replace('| Invoicing v2 plan |', '| invoice numbering |'));
    const events = worklogEvents(w, 'S-1');
    assert.strictEqual(events.length, 4);
    const d = events[2];
    assert.strictEqual(d.event_id, eventIdOf({ timestamp: '2026-03-26T15:05', actor: 'chief-of-staff', subject: 'decision: invoice numbering' }));
    assert.match(d.event_id, /^wl-[0-9a-f]{16}$/);
    assert.strictEqual(d.event_type, 'decision.recorded');
    assert.strictEqual(d.session_id, 'S-1');
    assert.deepStrictEqual(d.payload.decisions, [{ date: '2026-03-26', decision: 'Invoices get their number at finalisation, not at creation', line: 17 }]);
    assert.deepStrictEqual(d.links, [{ kind: 'decision', target: 'WORKLOG.md#L17' }]);
    assert.deepStrictEqual(Object.keys(d), ['event_id', 'event_type', 'session_id', 'actor', 'timestamp', 'subject', 'payload', 'links']);
  });

  it('finds files, URLs and messages, and numbers repeated headings', () => {
    const w = parseWorklog(MALFORMED + '\n## 2026-03-22T08:00 — ada — shipped the parser\nAgain.\n');
    const events = worklogEvents(w, null);
    const shipped = events.filter((e) => e.subject === 'shipped the parser');
    assert.strictEqual(shipped[1].event_id, `${shipped[0].event_id}-2`);
    assert.deepStrictEqual(shipped[0].payload.fields, { Completed: 'yes' });
    assert.deepStrictEqual(shipped[0].links, [
      { kind: 'file', target: 'src/core/parse.ts' },
      { kind: 'message', target: 'MSG-0002' },
      { kind: 'file', target: 'docs/spec.md' },
      { kind: 'url', target: 'https://example.com/x' },
    ]);
  });

  it('reads the session id from a charter', async () => {
    assert.strictEqual(sessionIdOf('---\nsession_id: S-2026-03\n---\n'), 'S-2026-03');
    assert.strictEqual(sessionIdOf('| Field | Value |\n|---|---|\n| Session ID | `abc-1` |\n'), 'abc-1');
    assert.strictEqual(sessionIdOf('**Session ID:** s9\n'), 's9');
    assert.strictEqual(sessionIdOf('# Charter\nno id'), null);
    const fs = new MemoryTeamFs();
    await fs.writeFile('WORKLOG.md', encodeText(EXAMPLE));
    assert.strictEqual((await loadWorklogEvents(fs)).events[0].session_id, null);
    await fs.writeFile('SESSION-CHARTER.md', encodeText('Session ID: run-7\n'));
    const loaded = await loadWorklogEvents(fs);
    assert.strictEqual(loaded.sessionId, 'run-7');
    assert.strictEqual(loaded.charter, 'SESSION-CHARTER.md');
  });
});
