import { deepStrictEqual, strictEqual } from 'assert';
import { parseAgentNote, projectSlug } from '../../../../src/core/parse/agent-note';

const F = 'agents/ada/ada.md';
const diag = (r: { diagnostics: readonly { line: number; severity: string }[] }) => r.diagnostics.map((d) => [d.line, d.severity]);

describe('read: agent notes', () => {
  it('reads the protocol example', () => {
    const r = parseAgentNote(
      '---\nname: Billing Dev\nproject: ~/Projects/billing-service\nstatus: active\njoined: 2026-03-28\n---\n## Role\nBuild and maintain the billing service.\n\n## Projects\n- billing-service — primary project\n\n## Capabilities\n- Python/FastAPI development\n- Stripe integration\n\n## Session Log\nLast session: 2026-03-28\nStatus: active — implemented webhook endpoint\n',
      F,
      'billing-dev',
    );
    deepStrictEqual(r, {
      name: 'Billing Dev',
      status: 'active',
      project: '~/Projects/billing-service',
      joined: '2026-03-28',
      parent: null,
      level: null,
      parentLine: 1,
      levelLine: 1,
      role: 'Build and maintain the billing service.',
      projects: ['billing-service'],
      capabilities: ['Python/FastAPI development', 'Stripe integration'],
      sessionLog: [{ lastSession: '2026-03-28', status: 'active — implemented webhook endpoint', line: 18 }],
      diagnostics: [],
    });
  });

  it('project slugs: the text before " — ", " – ", " - " or ":"', () => {
    deepStrictEqual(
      ['billing — primary', 'billing – en dash', 'billing - hyphen', 'billing: colon', 'billing-service', 'a-b - c: d', '[[wiki]] — x', '[[wiki|Alias]]', '`code` - x', '**bold**', 'web: api — x'].map(projectSlug),
      ['billing', 'billing', 'billing', 'billing', 'billing-service', 'a-b', 'wiki', 'wiki', 'code', 'bold', 'web'],
    );
  });

  it('lineage: parent and level', () => {
    strictEqual(parseAgentNote('---\nparent: chief-of-staff\nlevel: 1\n---\n', F, 'ada').level, 1);
    strictEqual(parseAgentNote('---\nparent: chief-of-staff\nlevel: "2"\n---\n', F, 'ada').level, 2);
    const lines = parseAgentNote('---\nname: Ada\nparent: chief-of-staff\nlevel: 2\n---\n', F, 'ada');
    deepStrictEqual([lines.parentLine, lines.levelLine], [3, 4]);
    deepStrictEqual(diag(parseAgentNote('---\nlevel: " "\n---\n', F, 'ada')), []);
    strictEqual(parseAgentNote('---\nlevel: " "\n---\n', F, 'ada').level, null);
    strictEqual(parseAgentNote('---\nparent: chief-of-staff\nlevel: 1\n---\n', F, 'ada').parent, 'chief-of-staff');
    const r = parseAgentNote('---\nname: Ada\nparent:\nlevel: high\n---\n', F, 'ada');
    deepStrictEqual([r.parent, r.level, diag(r)], [null, null, [[4, 'warning']]]);
  });

  it('invalid YAML: an error at its line, the name from the folder, the body still read', () => {
    const r = parseAgentNote('---\nname: Ada\nproject: a: b\nstatus: active\n---\n## Role\nStill here.\n', F, 'ada');
    deepStrictEqual([r.name, r.status, r.role, diag(r)], ['ada', null, 'Still here.', [[3, 'error']]]);
    // An unclosed quote is noticed where the block ends.
    deepStrictEqual(diag(parseAgentNote('---\nname: Ada\nrole: "unclosed\n---\n', F, 'ada')), [[4, 'error']]);
  });

  it('line numbers are 1-based in the file, through a BOM and CRLF', () => {
    const r = parseAgentNote('\ufeff---\r\nname: Ada\r\nstatus: asleep\r\njoined: someday\r\n---\r\n## Session Log\r\nLast session: 2026-03-28\r\nStatus: ok\r\nLast session: tuesday\r\n', F, 'ada');
    deepStrictEqual(diag(r), [
      [3, 'info'],
      [4, 'info'],
      [9, 'info'],
    ]);
    deepStrictEqual(r.sessionLog, [
      { lastSession: '2026-03-28', status: 'ok', line: 7 },
      { lastSession: 'tuesday', status: null, line: 9 },
    ]);
  });

  it('the template placeholders are not reported', () => {
    const r = parseAgentNote('---\nname: ""\nproject: ""\nstatus: active\njoined: ""\n---\n## Role\n\n## Projects\n\n## Capabilities\n\n## Session Log\nLast session: --\nStatus: registered\n', F, 'ada');
    deepStrictEqual([r.name, r.joined, r.role, r.projects, r.capabilities, r.diagnostics], ['ada', null, null, [], [], []]);
    deepStrictEqual(r.sessionLog, [{ lastSession: '--', status: 'registered', line: 14 }]);
  });

  it('code blocks are neither list items nor log entries', () => {
    const r = parseAgentNote('## Capabilities\n- real\n~~~\n- fake\n~~~\n## Session Log\n```\nLast session: 2020-01-01\n```\nLast session: 2026-03-28\n', F, 'ada');
    deepStrictEqual(r.capabilities, ['real']);
    deepStrictEqual(r.sessionLog.map((e) => e.lastSession), ['2026-03-28']);
  });

  it('reports a key written twice', () => {
    const r = parseAgentNote('---\nname: A\nstatus: active\nname: B\n---\n', F, 'ada');
    deepStrictEqual([r.name, diag(r)], ['B', [[4, 'warning']]]);
  });
});
