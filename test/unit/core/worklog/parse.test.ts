import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { parseWorklog } from '../../../../src/core/worklog/parse';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-WORKLOG.md'), 'utf8');

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
