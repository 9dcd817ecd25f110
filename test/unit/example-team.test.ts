// The bundled example team (examples/team/) and its scratch copies: every liveness
// state shows at "now", the core reads it without complaint, and the tracked files
// are never touched.
import * as assert from 'assert';
import { createHash } from 'crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeTeamFs } from '../../src/core/fs/node-fs';
import { agentLiveness, staleAfterMinutes, type Liveness } from '../../src/core/team/liveness';
import { SHUTTLE_FILE, readShuttleFile } from '../../src/core/parse/shuttle';
import { loadTeam } from '../../src/core/team/team-index';
import { parseStamp, wallMinutes } from '../../src/base/time';
import { copyExampleTeam, exampleMetaFile, readExampleMeta, shiftInstants, shiftText } from '../harness/example-team';
import { exampleTeamDir } from '../harness/paths';

const intended: Record<string, Liveness> = {
  'chief-of-staff': 'alive',
  'billing-dev': 'alive',
  'infra-ops': 'alive',
  'dashboard-dev': 'down',
  'docs-writer': 'idle',
  'qa-engineer': 'inactive',
};

function fingerprint(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    try {
      out.set(rel, createHash('sha256').update(readFileSync(path.join(dir, rel))).digest('hex'));
    } catch {
      // a directory
    }
  }
  return out;
}

async function livenessAt(dir: string, nowMinutes: number): Promise<Record<string, Liveness>> {
  const team = await loadTeam(new NodeTeamFs(dir));
  return Object.fromEntries(team.agents.map((a) => [a.slug, agentLiveness(a, nowMinutes, staleAfterMinutes(15))]));
}

describe('example team', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'cortex-example-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('shows every liveness state at its reference time', async () => {
    const reference = parseStamp(readExampleMeta().referenceNow)!;
    assert.deepStrictEqual(await livenessAt(exampleTeamDir, reference), intended);
  });

  it('reads without errors and has the promised size', async () => {
    const team = await loadTeam(new NodeTeamFs(exampleTeamDir));
    assert.deepStrictEqual(
      team.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    const tasks = team.agents.flatMap((a) => a.tasks);
    assert.ok(tasks.length >= 30, `${tasks.length} tasks`);
    for (const status of ['ready', 'in-progress', 'done']) {
      assert.ok(tasks.some((t) => t.status === status), `a ${status} task`);
    }
    assert.ok(team.projects.length >= 2);
    assert.ok(team.templates.agent && team.templates.project, 'both templates');
  });

  it('a scratch copy shows every liveness state now', async () => {
    const now = new Date(); // one reading for the copy and the check, whatever minute it is
    const copy = copyExampleTeam(path.join(scratch, 'team'), { now });
    assert.deepStrictEqual(await livenessAt(copy.dir, wallMinutes(now)), intended);
  });

  it('a copy keeps every file but the metadata, and leaves the example untouched', () => {
    const before = fingerprint(exampleTeamDir);
    const copy = copyExampleTeam(path.join(scratch, 'team'), { now: new Date(2031, 0, 5, 8, 30) });
    assert.deepStrictEqual(fingerprint(exampleTeamDir), before);
    const copied = [...fingerprint(copy.dir).keys()];
    assert.deepStrictEqual(
      copied,
      [...before.keys()].filter((k) => k !== exampleMetaFile),
    );
    const tasks = readFileSync(path.join(copy.dir, 'agents/dashboard-dev/tasks.md'), 'utf8');
    // 2026-03-28T12:00 → 2031-01-05T08:30: the 08:55 tick lands 3 h 05 min earlier.
    assert.match(tasks, /<!-- cortex:last-tick 2031-01-05T05:25 -->/);
  });

  it('shows a lineage tree without lineage findings', async () => {
    const team = await loadTeam(new NodeTeamFs(exampleTeamDir));
    assert.deepStrictEqual(
      team.agents.map((a) => [a.slug, a.parent, a.level]),
      [
        ['billing-dev', 'chief-of-staff', 2],
        ['chief-of-staff', null, 1],
        ['dashboard-dev', 'chief-of-staff', 2],
        ['docs-writer', 'chief-of-staff', 2],
        ['infra-ops', null, null],
        ['qa-engineer', 'dashboard-dev', 3],
      ],
    );
    assert.deepStrictEqual(
      team.diagnostics.filter((d) => /parent|level/i.test(d.message)),
      [],
    );
  });

  it("a copy's project folders resolve, with the Shuttle files of billing-dev and docs-writer", async () => {
    const copy = copyExampleTeam(path.join(scratch, 'team'));
    const team = await loadTeam(new NodeTeamFs(copy.dir));
    const progress = Object.fromEntries(
      team.agents.map((a) => {
        const file = a.project && path.isAbsolute(a.project) ? path.join(a.project, SHUTTLE_FILE) : null;
        if (!file || !existsSync(file)) return [a.slug, null];
        const p = readShuttleFile(readFileSync(file, 'utf8'));
        return [a.slug, `${p.done}/${p.total} ${p.current?.title ?? '-'}`];
      }),
    );
    assert.deepStrictEqual(progress, {
      'billing-dev': '2/5 Send the overdue reminder email',
      'chief-of-staff': null,
      'dashboard-dev': null,
      'docs-writer': '3/3 -',
      'infra-ops': null,
      'qa-engineer': null,
    });
    // Other agents keep their ~ paths; the runner's tick moved in time like the team's.
    assert.strictEqual(team.agents.find((a) => a.slug === 'infra-ops')?.project, '~/Projects/larkspur-infra');
    const billing = readFileSync(path.join(copy.home, 'Projects/larkspur-billing', SHUTTLE_FILE), 'utf8');
    assert.ok(!billing.includes('2026-03-28T11:50') || copy.shiftMinutes === 0);
  });

  it('refuses to write into the example', () => {
    assert.throws(() => copyExampleTeam(path.join(exampleTeamDir, 'copy')), /never written/);
    assert.throws(() => copyExampleTeam(exampleTeamDir), /never written/);
  });
});

describe('shiftText', () => {
  it('moves timestamps by the shift and dates as the reference time of day would move', () => {
    const text = [
      '**Started:** 2026-03-28T11:10',
      'Last session: 2026-03-27',
      'joined: 2026-02-16',
      '<!-- cortex:last-tick 2026-03-28T23:55 -->',
    ].join('\n');
    assert.strictEqual(
      shiftText(text, 10, '12:00'),
      [
        '**Started:** 2026-03-28T11:20',
        'Last session: 2026-03-27',
        'joined: 2026-02-16',
        '<!-- cortex:last-tick 2026-03-29T00:05 -->',
      ].join('\n'),
    );
    assert.strictEqual(shiftText('Last session: 2026-03-27', 13 * 60, '12:00'), 'Last session: 2026-03-28');
    assert.strictEqual(shiftText('joined: 2026-03-01', -24 * 60, '12:00'), 'joined: 2026-02-28');
  });

  it('leaves placeholders and non-dates alone', () => {
    const text = 'created: YYYY-MM-DD\nLast session: --\nversion 2026-13-40 and 12:30\n';
    assert.strictEqual(shiftText(text, 600), text);
  });
});

describe('shiftInstants', () => {
  it('moves the UTC instants of the thread records and nothing else', () => {
    const text = '{"createdAt": "2026-03-28T11:20:00.000Z", "updatedAt": "2026-03-28T23:52:00Z", "note": "2026-03-28T11:20"}';
    assert.strictEqual(
      shiftInstants(text, 10),
      '{"createdAt": "2026-03-28T11:30:00.000Z", "updatedAt": "2026-03-29T00:02:00.000Z", "note": "2026-03-28T11:20"}',
    );
    assert.strictEqual(shiftInstants(text, 0), text);
  });

  it('shifts the example threads.json in a copy so the thread records are as recent as the tasks', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cortex-example-json-'));
    try {
      const copy = copyExampleTeam(path.join(dir, 'team'), { now: new Date(2026, 2, 29, 12, 0) });
      const json = readFileSync(path.join(copy.dir, '.cortex', 'data', 'threads.json'), 'utf8');
      const source = readFileSync(path.join(exampleTeamDir, '.cortex', 'data', 'threads.json'), 'utf8');
      assert.strictEqual(json, shiftInstants(source, copy.shiftMinutes));
      assert.notStrictEqual(json, source);
      JSON.parse(json);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
