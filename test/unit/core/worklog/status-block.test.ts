import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { currentStatusBlock, proposeStatusTable, updateStatusBlockText } from '../../../../src/core/worklog/status-block';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');
const NEWEST = '# Worklog\n\n## 2026-03-02T10:00 — a — second\nB.\n\n## 2026-03-01T10:00 — a — first\nA.\n';

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
