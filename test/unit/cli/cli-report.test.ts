// `cortex-team briefing` and `cortex-team review`: the same reports as the extension's
// commands, on stdout, for a team folder on disk; they write nothing.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { run } from '../../../src/cli/verbs';
import { reportTeamFiles } from '../core/reports/report-fixture';

async function cli(argv: string[], home: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { env: { HOME: home, USERPROFILE: home }, cwd: home, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('cortex-team briefing and review', () => {
  let root: string;
  let team: string;
  const files = reportTeamFiles();

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-cli-report-'));
    team = path.join(root, 'tiny');
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(team, rel)), { recursive: true });
      writeFileSync(path.join(team, rel), text);
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('prints the Daily Briefing as markdown, for the time given', async () => {
    const r = await cli(['briefing', '--team', team, '--now', '2026-03-28T09:00'], root);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.startsWith('# Daily Briefing: tiny\n\nSaturday 2026-03-28, 09:00. 4 agents: 1 alive, 1 idle, 1 down, 1 inactive;'), r.stdout.slice(0, 200));
    assert.match(r.stdout, /## Done since 2026-03-27 09:00 \(the last 24 hours: no review recorded yet\)/);
  });

  it('review --since covers what was done after the last review', async () => {
    const r = await cli(['review', '--team', team, '--now', '2026-03-28T09:00', '--since', '2026-03-28T07:00'], root);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Covers the time since the last review, 2026-03-28 07:00: 0 tasks done\./);
    // What `prune` (its default 7 days) would remove now, read from the folder; nothing is written.
    assert.match(r.stdout, /\n## Housekeeping\n\nHousekeeping would prune 1 done task completed more than 7 days ago \(api-dev\) and 1 older Session Log entry \(web-dev\)\. .*`cortex-team prune --dry-run` lists them/);
    for (const [rel, text] of Object.entries(files)) assert.equal(readFileSync(path.join(team, rel), 'utf8'), text, rel);
  });

  it('--json prints the facts and the markdown', async () => {
    const r = await cli(['review', '--json', '--team', team, '--now', '2026-03-28T09:00', '--since', '2026-03-27T18:00'], root);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.equal(json.kind, 'review');
    assert.equal(json.since, '2026-03-27T18:00');
    assert.equal(json.sinceBasis, 'lastReview');
    assert.deepEqual(json.done.map((d: { title: string }) => d.title), ['Ship v1']);
    assert.deepEqual(json.blockers.map((b: { kind: string; agent: string }) => `${b.kind}:${b.agent}`), ['down:web-dev', 'session-log:web-dev', 'task-status:web-dev']);
    assert.deepEqual(json.agents.find((a: { slug: string }) => a.slug === 'api-dev').ready, ['Add *rate* limits', 'Write <docs>']);
    assert.ok(json.markdown.startsWith('# Daily Review: tiny\n'));
  });

  it('refuses a bad --since with one line and exit code 2, and writes nothing', async () => {
    const before = readFileSync(path.join(team, 'agents/api-dev/tasks.md'), 'utf8');
    let r = await cli(['review', '--team', team, '--since', 'yesterday'], root);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'cortex-team review: --since must look like YYYY-MM-DDTHH:MM, not "yesterday".\n');
    r = await cli(['review', '--team', team, '--now', '2026-03-28T09:00', '--since', '2026-03-29T09:00'], root);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--since 2026-03-29T09:00 is after now \(2026-03-28T09:00\)/);
    assert.equal(readFileSync(path.join(team, 'agents/api-dev/tasks.md'), 'utf8'), before);
  });
});
