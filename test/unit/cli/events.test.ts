import * as assert from 'assert';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { cliBundle, runCli } from './cli-bundle';

/** `cortex-team events` run as a real process over a copy of the example WORKLOG.md. */
const ROOT = path.resolve(__dirname, '../../../..');

describe('cortex-team events (real process)', function () {
  this.timeout(30000);
  let root: string;
  let team: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-events-test-'));
    team = path.join(root, 'team');
    mkdirSync(path.join(team, 'agents', 'ada'), { recursive: true });
    writeFileSync(path.join(team, 'agents/ada/tasks.md'), '');
    copyFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), path.join(team, 'WORKLOG.md'));
    mkdirSync(path.join(root, 'home'));
    env = { PATH: process.env.PATH, HOME: path.join(root, 'home') };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const cli = (...args: string[]) => runCli([...args, '--team', team], { env, cwd: root });

  it('--json prints one envelope per entry, in file order, with stable ids', async () => {
    const r = await cli('events', '--json');
    assert.strictEqual(r.code, 0, r.stderr);
    assert.strictEqual(r.stderr, '');
    const events = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    assert.deepStrictEqual(events.map((e) => [e.event_type, e.actor, e.timestamp, e.subject, e.session_id]), [
      ['note.posted', 'chief-of-staff', '2026-03-28T09:12', 'morning briefing', null],
      ['handoff.posted', 'billing-dev', '2026-03-27T12:40', 'handoff: draft invoices', null],
      ['decision.recorded', 'chief-of-staff', '2026-03-26T15:05', 'decision: invoice numbering', null],
      ['handoff.posted', 'billing-dev', '2026-03-25T16:20', 'handoff: integer cents', null],
    ]);
    for (const e of events) {
      assert.deepStrictEqual(Object.keys(e), ['event_id', 'event_type', 'session_id', 'actor', 'timestamp', 'subject', 'payload', 'links']);
      assert.match(String(e.event_id), /^wl-[0-9a-f]{16}$/);
    }
    const again = JSON.parse((await cli('events', '--json')).stdout) as Array<Record<string, unknown>>;
    assert.deepStrictEqual(again.map((e) => e.event_id), events.map((e) => e.event_id));
    assert.deepStrictEqual((events[1].payload as { body: string; line: number }).line, 24);
  });

  it('takes the session id from a session charter', async () => {
    writeFileSync(path.join(team, 'SESSION-CHARTER.md'), '---\nsession_id: billing-2026-03\n---\n# Session charter\n');
    const events = JSON.parse((await cli('events', '--json')).stdout) as Array<{ session_id: string }>;
    assert.ok(events.every((e) => e.session_id === 'billing-2026-03'));
  });

  it('without --json prints a readable list; diagnostics go to stderr', async () => {
    writeFileSync(path.join(team, 'WORKLOG.md'), readFileSync(path.join(team, 'WORKLOG.md'), 'utf8') + '\n## stray heading\n');
    const r = await cli('events');
    assert.strictEqual(r.code, 0);
    assert.strictEqual(r.stderr, 'WORKLOG.md:36: warning: "## stray heading" is not an entry heading (## <ISO time> — <actor> — <subject>); it is left out of the timeline.\n');
    assert.strictEqual(
      r.stdout,
      [
        '4 entries in WORKLOG.md (newest-first), no session charter',
        '',
        'TIME              ACTOR           TYPE               SUBJECT',
        '2026-03-28T09:12  chief-of-staff  note.posted        morning briefing',
        '2026-03-27T12:40  billing-dev     handoff.posted     handoff: draft invoices',
        '2026-03-26T15:05  chief-of-staff  decision.recorded  decision: invoice numbering',
        '2026-03-25T16:20  billing-dev     handoff.posted     handoff: integer cents',
        '',
      ].join('\n'),
    );
  });

  it('says so when there is no WORKLOG.md, and prints [] with --json', async () => {
    rmSync(path.join(team, 'WORKLOG.md'));
    assert.strictEqual((await cli('events')).stdout, 'No WORKLOG.md in the team folder.\n');
    assert.strictEqual((await cli('events', '--json')).stdout, '[]\n');
  });

  it('is listed in the usage text', async () => {
    const r = await runCli(['--help'], { env, cwd: root });
    assert.match(r.stdout, /\n  events +List the WORKLOG\.md entries as events/);
  });
});
