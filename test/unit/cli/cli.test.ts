import * as assert from 'assert';
import { execFileSync } from 'child_process';
import { isolateGitConfig } from '../git/git-fixture';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { lockPathFor } from '../../../src/core/edit/temp-names';
import { formatDate, wallMinutes } from '../../../src/base/time';
import { CliResult, cliBundle, runCli } from './cli-bundle';
import { waitFor } from '../../harness/wait-for';

/** The CLI run as a real process (node cli.js) on temporary team folders. */

const ADA_NOTE = `---
name: Ada
project: ~/Projects/api
status: active
joined: 2026-03-01
---
## Role
Backend work.

## Projects
- api

## Capabilities
- TypeScript

## Session Log
Last session: 2026-03-20
Status: old

Last session: 2026-03-27
Status: active
`;

const ADA_TASKS = `## Old done
**Status:** done
**Started:** 2026-03-01T09:00
**Completed:** 2026-03-01T10:00

### Summary
Shipped.

## Working
**Status:** in-progress
**Started:** 2026-03-28T09:00

Body of working.

## Next
**Status:** ready

<!-- cortex:last-tick 2026-03-28T10:00 -->
`;

const BOB_NOTE = '---\nname: Bob\nstatus: active\n---\n## Role\nFrontend.\n';
const BOB_TASKS = '\uFEFF## Bob task\r\n**Status:** ready\r\n';
/** Dispatched and reassigned tasks carry an id marker: shown as ID. */
const ids = (text: string) => text.replace(/<!-- cortex-team:id [0-9a-f]{12} -->/g, '<!-- cortex-team:id ID -->');
const MARK = '<!-- cortex-team:id ID -->';
const PROJECT = '---\ntype: project\ncreated: 2026-03-01\nstatus: active\n---\n## Next Action\n- Ship v2\n\n## Notes\n- none\n';

describe('cortex-team CLI (real process)', function () {
  this.timeout(30000);
  let root: string;
  let team: string;
  let home: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-cli-test-'));
    team = path.join(root, 'team');
    home = path.join(root, 'home');
    mkdirSync(home);
    const files: Record<string, string> = {
      'agents/ada/ada.md': ADA_NOTE,
      'agents/ada/tasks.md': ADA_TASKS,
      'agents/bob/bob.md': BOB_NOTE,
      'agents/bob/tasks.md': BOB_TASKS,
      'projects/api.md': PROJECT,
    };
    for (const [p, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(team, p)), { recursive: true });
      writeFileSync(path.join(team, p), text);
    }
    // The run's time zone too: the CLI's "today" is the test's. No settle window in these
    // tests of what each command writes (the writer's tests and the stress suite cover
    // it): a write is read back once.
    env = { PATH: process.env.PATH, HOME: home, TZ: process.env.TZ, CORTEX_TEAM_SETTLE_MS: '0' };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const read = (p: string) => readFileSync(path.join(team, p), 'utf8');
  const cli = (...args: string[]) => runCli([...args, '--team', team], { env, cwd: root });

  /** Every file of the team folder with its bytes, to show nothing was written. */
  function snapshot(dir = team): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const full = path.join(d, name);
        if (statSync(full).isDirectory()) walk(full);
        else out[path.relative(dir, full)] = readFileSync(full, 'base64');
      }
    };
    walk(dir);
    return out;
  }

  function ok(r: CliResult): string {
    assert.strictEqual(r.code, 0, `exit ${r.code}: ${r.stderr}`);
    assert.strictEqual(r.stderr, '');
    return r.stdout;
  }

  /** A refusal: the exit code, exactly one line on stderr, nothing on stdout, nothing written. */
  async function refused(code: number, args: string[], pattern: RegExp): Promise<void> {
    const before = snapshot();
    const r = await cli(...args);
    assert.strictEqual(r.code, code, `expected exit ${code}, got ${r.code}: ${r.stderr}${r.stdout}`);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /^[^\n]+\n$/, `not one line: ${JSON.stringify(r.stderr)}`);
    assert.match(r.stderr, pattern);
    assert.deepStrictEqual(snapshot(), before);
  }

  it('the team-changing verbs record their events in the activity feed (via cli, by cortex-team)', async () => {
    ok(await cli('dispatch', '--agent', 'ada', '--title', 'Write docs'));
    ok(await cli('reorder', '--agent', 'ada', '--task', 'Write docs', '--before', 'Next'));
    ok(await cli('move', '--agent', 'ada', '--task', 'Working', '--to', 'done', '--summary', 'Shipped it.', '--now', '2026-03-28T11:00'));
    ok(await cli('reassign', '--agent', 'ada', '--task', 'Next', '--to-agent', 'bob'));
    ok(await cli('register', '--name', 'Cleo Writer', '--project', root));
    const feed = read('.cortex/activity.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepStrictEqual(
      feed.map((e) => [e.event_type, e.actor, e.subject, e.payload.via, e.payload.file, e.payload.agent]),
      [
        ['task.dispatched', 'cortex-team', 'Write docs', 'cli', 'agents/ada/tasks.md', 'ada'],
        ['task.reordered', 'cortex-team', 'Write docs', 'cli', 'agents/ada/tasks.md', 'ada'],
        ['task.completed', 'cortex-team', 'Working', 'cli', 'agents/ada/tasks.md', 'ada'],
        ['task.reassigned', 'cortex-team', 'Next', 'cli', 'agents/bob/tasks.md', 'bob'],
        ['agent.registered', 'cortex-team', 'Cleo Writer', 'cli', 'agents/cleo-writer/cleo-writer.md', 'cleo-writer'],
      ],
    );
    assert.deepStrictEqual([feed[1].payload.from, feed[1].payload.to], [4, 3]);
    assert.deepStrictEqual([feed[2].payload.completed, feed[2].payload.summary], ['2026-03-28T11:00', 'Shipped it.']);
    assert.strictEqual(feed[3].payload.from, 'ada');
    // --now is the event's time too (the feed holds the instant in UTC).
    assert.strictEqual(feed[2].timestamp, new Date(2026, 2, 28, 11, 0).toISOString());
  });

  it('dispatch appends a ready task before the tick, in the file style (CRLF + BOM kept)', async () => {
    assert.strictEqual(ok(await cli('dispatch', '--agent', 'ada', '--title', 'Write docs', '--body', 'README and --help.')), 'Dispatched "Write docs" to ada (task 4 in agents/ada/tasks.md).\n');
    assert.strictEqual(ids(read('agents/ada/tasks.md')), ADA_TASKS.replace('<!--', `## Write docs\n**Status:** ready\n\nREADME and --help.\n\n${MARK}\n\n<!--`));
    ok(await cli('dispatch', '--agent', 'bob', '--title=Fix CSS'));
    assert.strictEqual(ids(read('agents/bob/tasks.md')), `\uFEFF## Bob task\r\n**Status:** ready\r\n\r\n## Fix CSS\r\n**Status:** ready\r\n\r\n${MARK}\r\n`);
    // Agents see what they always saw: the idle-suppression grep finds the new task, lint is clean.
    const grep = execFileSync('grep', ['-c', '^\\*\\*Status:\\*\\* \\(ready\\|in-progress\\)', path.join(team, 'agents/ada/tasks.md')], { encoding: 'utf8' });
    assert.strictEqual(grep.trim(), '3');
    assert.strictEqual((await cli('lint')).code, 0);
    const status = JSON.parse(ok(await cli('status', '--json', '--now', '2026-03-28T10:20')));
    assert.deepStrictEqual(status.agents[0].tasks[3].body, 'README and --help.', 'the marker is not part of the body');
  });

  it('workers do not create tasks: a dispatch from a worker (--from, or $CORTEX_AGENT) is refused and says to send a message; the coordinator dispatches', async () => {
    await refused(2, ['dispatch', '--agent', 'bob', '--title', 'Help me', '--from', 'ada'], /^cortex-team dispatch: ada is a worker, and workers do not create tasks: the chief of staff dispatches, workers execute\. To have work done elsewhere, send a message to chief-of-staff .*; nothing was written\.\n$/);
    env.CORTEX_AGENT = 'ada';
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'My own follow-up'], /ada is a worker, and workers do not create tasks/);
    await refused(2, ['dispatch', '--agent', 'bob', '--title', 'x', '--from', 'carol'], /^cortex-team dispatch: Unknown agent "carol" \(--from\)/);
    // An agent of another team in $CORTEX_AGENT is not one of this team's: the dispatch is a person's.
    env.CORTEX_AGENT = 'someone-elsewhere';
    ok(await cli('dispatch', '--agent', 'bob', '--title', 'From a person'));
    // The coordinator (by its role) dispatches, and the feed names it.
    writeFileSync(path.join(team, 'agents/ada/ada.md'), '---\nname: Ada\nstatus: active\n---\n## Role\nCoordinator of the team.\n');
    env.CORTEX_AGENT = 'ada';
    ok(await cli('dispatch', '--agent', 'bob', '--title', 'From the coordinator'));
    const feed = read('.cortex/activity.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepStrictEqual(feed.map((e) => [e.subject, e.actor]), [['From a person', 'cortex-team'], ['From the coordinator', 'ada']]);
  });

  it('move adds Started, then Completed and a Summary; done is never reversed', async () => {
    ok(await cli('move', '--agent', 'ada', '--task', 'Next', '--to', 'in-progress', '--now', '2026-03-28T11:00'));
    ok(await cli('move', '--agent', 'ada', '--task', '2', '--to', 'done', '--summary', 'All good.', '--now', '2026-03-28T12:00'));
    assert.strictEqual(
      read('agents/ada/tasks.md'),
      ADA_TASKS.replace('**Started:** 2026-03-28T09:00\n', '**Started:** 2026-03-28T09:00\n**Completed:** 2026-03-28T12:00\n')
        .replace('**Status:** in-progress', '**Status:** done')
        .replace('Body of working.\n', 'Body of working.\n\n### Summary\nAll good.\n')
        .replace('## Next\n**Status:** ready\n', '## Next\n**Status:** in-progress\n**Started:** 2026-03-28T11:00\n'),
    );
    await refused(2, ['move', '--agent', 'ada', '--task', 'Old done', '--to', 'in-progress'], /done is terminal in the Shuttle protocol/);
  });

  it('move keeps the pickup order unless --out-of-order (said in the feed), and takes a ready task to done through in-progress', async () => {
    ok(await cli('dispatch', '--agent', 'ada', '--title', 'Write docs'));
    await refused(2, ['move', '--agent', 'ada', '--task', 'Write docs', '--to', 'in-progress'], /"Write docs" \(task 4 in agents\/ada\/tasks\.md\) is not the next task: .* "Next" \(task 3 in agents\/ada\/tasks\.md\) comes first/);
    await refused(2, ['move', '--agent', 'ada', '--task', 'Write docs', '--to', 'done'], /is not the next task/);
    const out = ok(await cli('move', '--agent', 'ada', '--task', 'Write docs', '--to', 'done', '--out-of-order', '--summary', 'Written.', '--now', '2026-03-28T11:00'));
    assert.match(out, /^Moved "Write docs" \(task 4 in agents\/ada\/tasks\.md\) from ready through in-progress to done at 2026-03-28T11:00, out of order as asked\./);
    assert.ok(read('agents/ada/tasks.md').includes('## Write docs\n**Status:** done\n**Started:** 2026-03-28T11:00\n**Completed:** 2026-03-28T11:00\n'));
    ok(await cli('move', '--agent', 'ada', '--task', 'Next', '--to', 'done', '--now', '2026-03-28T11:05'));
    assert.ok(read('agents/ada/tasks.md').includes('## Next\n**Status:** done\n**Started:** 2026-03-28T11:05\n**Completed:** 2026-03-28T11:05\n'));
    const moved = read('.cortex/activity.jsonl').trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.event_type === 'task.completed');
    assert.deepStrictEqual(
      moved.map((e) => [e.subject, e.payload.outOfOrder, e.payload.started, e.payload.completed]),
      [
        ['Write docs', true, '2026-03-28T11:00', '2026-03-28T11:00'],
        ['Next', undefined, '2026-03-28T11:05', '2026-03-28T11:05'],
      ],
    );
  });

  it('reorder moves a block; reassign moves a ready task to another agent', async () => {
    ok(await cli('reorder', '--agent', 'ada', '--task', 'Next', '--before', '1'));
    assert.ok(read('agents/ada/tasks.md').startsWith('## Next\n**Status:** ready\n\n## Old done\n'));
    assert.match(ok(await cli('reorder', '--agent', 'ada', '--task', '1', '--before', '2')), /already there/);
    assert.strictEqual(ok(await cli('reassign', '--agent', 'ada', '--task', 'Next', '--to-agent', 'bob')), 'Reassigned "Next" from ada to bob (task 2 in agents/bob/tasks.md).\n');
    assert.ok(!read('agents/ada/tasks.md').includes('## Next'));
    assert.strictEqual(ids(read('agents/bob/tasks.md')), `\uFEFF## Bob task\r\n**Status:** ready\r\n\r\n## Next\r\n**Status:** ready\r\n\r\n${MARK}\r\n`);
    await refused(2, ['reassign', '--agent', 'ada', '--task', 'Working', '--to-agent', 'bob'], /in progress/);
  });

  it('register writes the note and an empty tasks.md', async () => {
    const day = () => formatDate(wallMinutes(new Date()));
    const dayBefore = day();
    const out = ok(await cli('register', '--name', 'Chief of Staff', '--project', 'work/cos', '--role', 'Coordinates', '--capability', 'Planning', '--capability', 'Review'));
    const dayAfter = day();
    assert.match(out, /as chief-of-staff: agents\/chief-of-staff\/chief-of-staff\.md \(from the built-in template\)/);
    // The CLI's clock is its own: the day it read is the day before or after it ran (midnight may pass).
    const today = /^joined: (.*)$/m.exec(read('agents/chief-of-staff/chief-of-staff.md'))?.[1];
    assert.ok(today === dayBefore || today === dayAfter, `joined ${today}, run between ${dayBefore} and ${dayAfter}`);
    assert.strictEqual(
      read('agents/chief-of-staff/chief-of-staff.md'),
      `---\nname: Chief of Staff\nproject: ${path.join(root, 'work/cos')}\nstatus: active\njoined: ${today}\n---\n\n## Role\nCoordinates\n\n## Projects\n- cos\n\n## Capabilities\n- Planning\n- Review\n\n## Session Log\nLast session: --\nStatus: registered\n`,
    );
    assert.strictEqual(read('agents/chief-of-staff/tasks.md'), '');
    await refused(2, ['register', '--name', 'ADA'], /already registered/);
    await refused(2, ['register', '--name', '!!!'], /empty slug/);
    // The protocol's slug (accents dropped), and a folder under the earlier spelling found, not doubled.
    assert.match(ok(await cli('register', '--name', 'José Dev')), /as jos-dev: agents\/jos-dev\/jos-dev\.md/);
    await refused(2, ['register', '--name', 'JOSÉ DEV'], /"jos-dev" is already registered/);
    mkdirSync(path.join(team, 'agents', 'rene-ops'), { recursive: true });
    writeFileSync(path.join(team, 'agents', 'rene-ops', 'tasks.md'), '');
    assert.match(ok(await cli('register', '--name', 'René Ops')), /as rene-ops \(the existing folder under an earlier spelling of the name\): agents\/rene-ops\/rene-ops\.md/);
    assert.ok(!existsSync(path.join(team, 'agents', 'ren-ops')));
  });

  it('register --parent/--level places the agent in the hierarchy, and refuses what core/team/lineage.ts would not read', async () => {
    ok(await cli('register', '--name', 'Lead One', '--level', '1'));
    assert.match(read('agents/lead-one/lead-one.md'), /\nlevel: 1\n/);
    ok(await cli('register', '--name', 'Sub Two', '--parent', 'lead-one'));
    const sub = read('agents/sub-two/sub-two.md');
    assert.match(sub, /\nparent: lead-one\n/);
    assert.match(sub, /\nlevel: 2\n/, 'the level follows from the parent');
    const before = snapshot();
    await refused(2, ['register', '--name', 'Bad Level', '--level', 'two'], /--level should be 1, 2 or 3, not "two"/);
    await refused(2, ['register', '--name', 'Bad Level', '--level', '4'], /level must be 1, 2 or 3/);
    await refused(2, ['register', '--name', 'Orphan', '--parent', 'nobody'], /not a registered agent/);
    await refused(2, ['register', '--name', 'Wrong Step', '--parent', 'lead-one', '--level', '3'], /is level 2, not 3/);
    assert.deepStrictEqual(snapshot(), before, 'a refused register writes nothing');
  });

  it('register resolves a relative --project against the working folder', async () => {
    const r = await runCli(['register', '--name', 'Cy', '--project', 'proj', '--team', team], { env, cwd: root });
    ok(r);
    assert.match(read('agents/cy/cy.md'), new RegExp(`project: ${path.join(root, 'proj').replace(/[/\\]/g, '.')}\n`));
  });

  it('prune --dry-run lists and writes nothing; prune removes', async () => {
    const before = snapshot();
    const dry = ok(await cli('prune', '--dry-run', '--now', '2026-03-28T12:00'));
    assert.strictEqual(
      dry,
      [
        'agents/ada/tasks.md: would remove 1 done task completed more than 7 days ago',
        '  - Old done (line 1)',
        'agents/ada/ada.md: would remove 1 older session log entry',
        '  - Last session: 2026-03-20 (line 17)',
        'Dry run: nothing was written.',
        '',
      ].join('\n'),
    );
    assert.deepStrictEqual(snapshot(), before);
    ok(await cli('prune', '--now', '2026-03-28T12:00', '--days', '7'));
    assert.strictEqual(read('agents/ada/tasks.md'), ADA_TASKS.slice(ADA_TASKS.indexOf('## Working')));
    assert.ok(read('agents/ada/ada.md').endsWith('## Session Log\nLast session: 2026-03-27\nStatus: active\n'));
    assert.match(ok(await cli('prune', '--now', '2026-03-28T12:00')), /^Nothing to prune/);
  });

  it('prune --commit commits what the cleanup changed (the pruned files and the activity feed) with the housekeeping message; outside a repository it says so', async () => {
    const isolation = isolateGitConfig();
    env.GIT_CONFIG_NOSYSTEM = '1'; // the CLI's HOME is a fresh folder: no global git config either
    try {
      assert.match(ok(await cli('prune', '--dry-run', '--commit', '--now', '2026-03-28T12:00')), /Dry run: nothing was written\.\n$/);
      const git = (...args: string[]) => execFileSync('git', args, { cwd: team, encoding: 'utf8' });
      git('init', '--quiet', '-b', 'main');
      git('config', 'user.name', 'CLI Test');
      git('config', 'user.email', 'cli@example.invalid');
      git('config', 'commit.gpgsign', 'false');
      git('add', '-A');
      git('commit', '--quiet', '-m', 'start');
      writeFileSync(path.join(team, 'unrelated.txt'), 'not committed\n');
      writeFileSync(path.join(team, 'staged.txt'), 'a person staged this\n');
      git('add', 'staged.txt');
      const out = ok(await cli('prune', '--commit', '--now', '2026-03-28T12:00'));
      assert.match(out, /Committed [0-9a-f]{7} "chore: prune completed tasks and old session logs"\.\n$/);
      assert.strictEqual(git('log', '-1', '--format=%s').trim(), 'chore: prune completed tasks and old session logs');
      assert.deepStrictEqual(git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort(), ['.cortex/activity.jsonl', 'agents/ada/ada.md', 'agents/ada/tasks.md']);
      // The feed the cleanup appended to is committed with it (as the protocol's `git add -A` would); what a person staged stays staged, the rest untouched.
      assert.strictEqual(git('status', '--porcelain'), 'A  staged.txt\n?? unrelated.txt\n');
      const feed = readFileSync(path.join(team, '.cortex/activity.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      assert.deepStrictEqual(feed.map((e) => [e.event_type, e.actor, e.payload.via, e.payload.tasks, e.payload.logEntries]), [['team.pruned', 'cortex-team', 'cli', 1, 1]]);
      rmSync(path.join(team, '.git'), { recursive: true, force: true });
      writeFileSync(path.join(team, 'agents/ada/tasks.md'), ADA_TASKS);
      assert.match(ok(await cli('prune', '--commit', '--now', '2026-03-28T12:00')), /Not committed: the team folder is not in a git repository\.\n$/);
    } finally {
      isolation.restore();
    }
  });

  it('status --json prints exactly one object of the documented shape', async () => {
    const r = ok(await cli('status', '--json', '--now', '2026-03-28T10:20'));
    const json = JSON.parse(r);
    assert.deepStrictEqual(Object.keys(json), ['teamDir', 'now', 'agents', 'projects', 'diagnostics']);
    assert.strictEqual(json.teamDir, team);
    assert.strictEqual(json.now, '2026-03-28T10:20');
    assert.deepStrictEqual(
      json.agents.map((a: Record<string, unknown>) => Object.keys(a)),
      // Exactly the documented fields, in their order (lineage stays out: the interface is fixed).
      [0, 1].map(() => ['slug', 'name', 'status', 'project', 'joined', 'role', 'capabilities', 'projects', 'lastTick', 'liveness', 'tasks']),
    );
    const [ada, bob] = json.agents;
    assert.deepStrictEqual(
      { ...ada, tasks: undefined },
      {
        slug: 'ada',
        name: 'Ada',
        status: 'active',
        project: '~/Projects/api',
        joined: '2026-03-01',
        role: 'Backend work.',
        capabilities: ['TypeScript'],
        projects: ['api'],
        lastTick: '2026-03-28T10:00',
        liveness: 'alive',
        tasks: undefined,
      },
    );
    assert.deepStrictEqual(ada.tasks, [
      { title: 'Old done', status: 'done', started: '2026-03-01T09:00', completed: '2026-03-01T10:00', summary: 'Shipped.', body: '', line: 1 },
      { title: 'Working', status: 'in-progress', started: '2026-03-28T09:00', completed: null, summary: null, body: 'Body of working.', line: 9 },
      { title: 'Next', status: 'ready', started: null, completed: null, summary: null, body: '', line: 15 },
    ]);
    assert.deepStrictEqual([bob.slug, bob.project, bob.joined, bob.lastTick, bob.liveness], ['bob', null, null, null, 'down']);
    assert.deepStrictEqual(json.projects, [{ slug: 'api', status: 'active', created: '2026-03-01', nextAction: 'Ship v2' }]);
    for (const d of json.diagnostics) {
      assert.deepStrictEqual(Object.keys(d), ['file', 'line', 'severity', 'message']);
      assert.ok(!d.file.includes('\\') && !path.isAbsolute(d.file), d.file);
    }
    // Liveness follows --now: an hour later Ada's tick is stale and she has work.
    const later = JSON.parse(ok(await cli('status', '--json', '--now', '2026-03-28T11:00')));
    assert.strictEqual(later.agents[0].liveness, 'down');
  });

  it('status without --json prints an aligned table', async () => {
    const out = ok(await cli('status', '--now', '2026-03-28T10:20'));
    const lines = out.split('\n');
    assert.match(lines[0], /^Team .*, now 2026-03-28T10:20 \(a tick older than 30 min is stale\)$/);
    const header = lines.indexOf(lines.find((l) => l.startsWith('AGENT'))!);
    assert.match(lines[header], /^AGENT\s+LIVENESS\s+TICK AGE\s+READY\s+IN PROGRESS$/);
    assert.match(lines[header + 1], /^ada\s+alive\s+20m\s+1\s+Working$/);
    assert.match(lines[header + 2], /^bob\s+down\s+-\s+1\s+-$/);
    const col = lines[header].indexOf('LIVENESS');
    assert.strictEqual(lines[header + 1].indexOf('alive'), col);
    assert.ok(lines.some((l) => /^api\s+active\s+2026-03-01\s+Ship v2$/.test(l)));
    assert.match(lines[lines.length - 2], /diagnostic|No problems/);
  });

  it('status keeps what it parsed in ~/.cortex/cache, its owner\'s only, and reads a file anew when its bytes change in the same size and time', async () => {
    const table = async (extra: Record<string, string> = {}) => {
      const r = await runCli(['status', '--team', team, '--now', '2026-03-28T10:20'], { env: { ...env, ...extra }, cwd: root });
      return ok(r);
    };
    const first = await table();
    const dir = path.join(home, '.cortex', 'cache', 'status');
    const [name] = readdirSync(dir);
    const file = path.join(dir, name);
    assert.strictEqual(statSync(dir).mode & 0o777, 0o700);
    assert.strictEqual(statSync(file).mode & 0o777, 0o600);
    assert.strictEqual(await table({ CORTEX_TEAM_CACHE: 'off' }), first);
    assert.strictEqual(await table(), first);

    // The process reads the cache: an entry doctored under the file's own hash shows.
    const saved = readFileSync(file, 'utf8');
    writeFileSync(file, saved.replace('"Working"', '"From the cache"'));
    assert.match(await table(), /^ada\s+alive\s+20m\s+1\s+From the cache$/m);
    writeFileSync(file, saved);

    // An agent rewrites the whole file, no lock, the same length, then sets the old mtime back.
    const tasks = path.join(team, 'agents/ada/tasks.md');
    utimesSync(tasks, 1_800_000_000, 1_800_000_000);
    const before = statSync(tasks);
    writeFileSync(tasks, ADA_TASKS.replace('## Working', '## Testing'));
    utimesSync(tasks, 1_800_000_000, 1_800_000_000);
    assert.deepStrictEqual([statSync(tasks).size, statSync(tasks).mtimeMs], [before.size, before.mtimeMs]);
    assert.match(await table(), /^ada\s+alive\s+20m\s+1\s+Testing$/m);

    // A cache that cannot be written costs nothing but the next run's parse; a bad setting is refused.
    rmSync(path.join(home, '.cortex'), { recursive: true });
    writeFileSync(path.join(home, '.cortex'), 'not a folder');
    assert.match(await table(), /^ada\s+alive\s+20m\s+1\s+Testing$/m);
    const bad = await runCli(['status', '--team', team], { env: { ...env, CORTEX_TEAM_CACHE: 'maybe' }, cwd: root });
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /^cortex-team status: CORTEX_TEAM_CACHE is "on" or "off", not "maybe" \(cortex-team status --help\)\n$/);
  });

  it('lint exits 1 on errors and 0 without, with --json', async () => {
    const clean = await cli('lint');
    assert.strictEqual(clean.code, 0, clean.stdout + clean.stderr);
    writeFileSync(path.join(team, 'agents/bob/tasks.md'), '## No status\nbody\n');
    const r = await cli('lint');
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, /^agents\/bob\/tasks\.md:1: error: .*no "\*\*Status:\*\* ready\|in-progress\|done" line/m);
    const j = await cli('lint', '--json');
    assert.strictEqual(j.code, 1);
    const json = JSON.parse(j.stdout);
    assert.ok(json.errors >= 1);
    assert.ok(json.diagnostics.some((d: { file: string; line: number; severity: string }) => d.file === 'agents/bob/tasks.md' && d.line === 1 && d.severity === 'error'));
  });

  it('lint flags a decision.recorded entry with no row in the WORKLOG decision index (a warning: exit 0)', async () => {
    const worklog = '# Worklog\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-25 | Integer cents | integer cents |\n\n## 2026-03-26T15:05 — ada — decision: invoice numbering\nAt finalisation.\n\n## 2026-03-25T16:20 — ada — decision: integer cents\nCents.\n';
    writeFileSync(path.join(team, 'WORKLOG.md'), worklog);
    const r = await cli('lint');
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^WORKLOG\.md:8: warning: The decision "decision: invoice numbering" has no row in the decision index .*all decisions must appear there\.$/m);
    assert.ok(!r.stdout.includes('integer cents" has no row'));
  });

  it('refuses bad usage and bad input with exit 2, one line, nothing written', async () => {
    await refused(2, ['dispatch', '--agent', 'nobody', '--title', 'x'], /Unknown agent "nobody".*known agents: ada, bob/);
    await refused(2, ['dispatch', '--agent', '../ada', '--title', 'x'], /Unknown agent/);
    await refused(2, ['dispatch', '--agent', 'ada'], /--title is required/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'Next'], /already has a ready task titled "Next"/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'x', '--body', '## Sneaky'], /new task/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'x', '--colour', 'red'], /unknown option --colour/);
    await refused(2, ['dispatch', 'stray', '--agent', 'ada', '--title', 'x'], /unexpected argument "stray"/);
    await refused(2, ['move', '--agent', 'ada', '--task', 'Next', '--to', 'ready'], /--to is "in-progress" or "done"/);
    await refused(2, ['move', '--agent', 'ada', '--task', 'Next', '--to', 'done', '--now', 'noon'], /YYYY-MM-DDTHH:MM/);
    await refused(2, ['move', '--agent', 'ada', '--task', '9', '--to', 'done'], /no task 9/);
    await refused(2, ['move', '--agent', 'ada', '--task', 'Working', '--to', 'in-progress'], /already in-progress/);
    await refused(2, ['reorder', '--agent', 'ada', '--task', '1', '--before', '2', '--after', '3'], /exactly one of --before/);
    await refused(2, ['reorder', '--agent', 'ada', '--task', '1'], /exactly one of --before/);
    await refused(2, ['reassign', '--agent', 'ada', '--task', 'Next', '--to-agent', 'ada'], /same agent/);
    await refused(2, ['prune', '--days', 'seven'], /whole number/);
    await refused(2, ['frobnicate'], /unknown command "frobnicate"/);
    const none = await runCli([], { env });
    assert.strictEqual(none.code, 2);
    assert.match(none.stderr, /^cortex-team: missing command[^\n]*\n$/);
  });

  it('refuses titles and bodies that carry structure, escapes or direction overrides, and never echoes them raw', async () => {
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'Fix **Status:** done'], /must not contain "\*\*Status:\*\*"/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'x <!-- cortex:last-tick 2026-01-01T00:00 -->'], /must not contain "<!--"/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', '## Nested'], /must not start with "#"/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'a\nb'], /single line/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'red \u001b[31mALERT'], /U\+001B \(ESC, which starts terminal escape codes\)/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'invoice \u202Efdp.exe'], /U\+202E \(right-to-left override\)/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'x'.repeat(100_000)], /is 100,000 characters long; at most 200/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'ok', '--body', 'see <!-- cortex-team:id 0123456789ab -->'], /marker/);
    await refused(2, ['dispatch', '--agent', 'ada', '--title', 'ok', '--body', 'bell \u0007'], /U\+0007/);
    // An unknown agent named with an escape code: the message shows it escaped.
    const r = await cli('dispatch', '--agent', '\u001b[2Jwipe', '--title', 'x');
    assert.strictEqual(r.code, 2);
    assert.ok(!r.stderr.includes('\u001b'), JSON.stringify(r.stderr));
    assert.match(r.stderr, /Unknown agent "\\u001B\[2Jwipe"/);
  });

  it('shows control and direction characters that agents wrote into a file escaped, never raw', async () => {
    writeFileSync(path.join(team, 'agents/bob/tasks.md'), '## Bob \u001b[31mtask \u202Eevil\n**Status:** in-progress\n**Started:** 2026-03-28T09:00\n');
    const table = ok(await cli('status', '--now', '2026-03-28T10:20'));
    assert.ok(!/[\u001b\u202e]/.test(table), JSON.stringify(table));
    assert.match(table, /Bob \\u001B\[31mtask \\u202Eevil/);
    const json = JSON.parse(ok(await cli('status', '--json', '--now', '2026-03-28T10:20')));
    assert.strictEqual(json.agents[1].tasks[0].title, 'Bob \u001b[31mtask \u202Eevil', 'JSON stays exact (escaped as JSON escapes)');
  });

  it('a non-UTF-8 task file is refused and left as it is; lint reports it and a binary one', async () => {
    writeFileSync(path.join(team, 'agents/bob/tasks.md'), Buffer.from([0x23, 0x23, 0x20, 0xe9, 0x0a]));
    await refused(2, ['dispatch', '--agent', 'bob', '--title', 'x'], /not valid UTF-8/);
    const latin = await cli('lint');
    assert.strictEqual(latin.code, 1);
    assert.match(latin.stdout, /^agents\/bob\/tasks\.md:1: error: agents\/bob\/tasks\.md is not valid UTF-8 text; agents cannot read its tasks/m);
    writeFileSync(path.join(team, 'agents/bob/tasks.md'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0xff, 0xfe]));
    const binary = await cli('lint');
    assert.strictEqual(binary.code, 1);
    assert.match(binary.stdout, /agents\/bob\/tasks\.md contains NUL bytes: it is a binary file/);
  });

  it('lint reports the lifecycle mistakes agents make', async () => {
    writeFileSync(
      path.join(team, 'agents/bob/tasks.md'),
      [
        '## Early start\n**Status:** ready\n**Started:** 2026-03-28T09:00\n',
        '## No start\n**Status:** in-progress\n',
        '## Second\n**Status:** in-progress\n**Started:** 2026-03-28T09:30\n',
        '## Finished\n**Status:** done\n**Started:** 2026-03-28T08:00\n',
        '## Early start\n**Status:** ready\n',
      ].join('\n'),
    );
    const out = (await cli('lint')).stdout;
    for (const m of [
      /tasks\.md:1: warning: "Early start" is ready but has a \*\*Started:\*\* time/,
      /tasks\.md:5: warning: "No start" is in progress but has no \*\*Started:\*\* time/,
      /tasks\.md:8: warning: "Second" is in progress while "No start" \(line 5\) is too/,
      /tasks\.md:12: warning: "Finished" is done but has no \*\*Completed:\*\* time/,
      /tasks\.md:12: info: "Finished" is done but has no "### Summary"/,
      /tasks\.md:16: warning: Another open task is also titled "Early start" \(line 1\)/,
    ]) {
      assert.match(out, m);
    }
  });

  it('OS errors and symbolic links: exit 5 with a sentence that names the file, nothing written', async () => {
    rmSync(path.join(team, 'agents/bob/tasks.md'));
    mkdirSync(path.join(team, 'agents/bob/tasks.md'));
    await refused(5, ['dispatch', '--agent', 'bob', '--title', 'x'], /agents\/bob\/tasks\.md is a folder where a file should be: rename or remove that folder/);
    rmSync(path.join(team, 'agents/bob/tasks.md'), { recursive: true });
    writeFileSync(path.join(root, 'secret.env'), 'TOKEN=1\n');
    symlinkSync(path.join(root, 'secret.env'), path.join(team, 'agents/bob/tasks.md'));
    await refused(5, ['dispatch', '--agent', 'bob', '--title', 'x'], /is a symbolic link; Cortex Team does not write through links/);
    assert.strictEqual(readFileSync(path.join(root, 'secret.env'), 'utf8'), 'TOKEN=1\n');
  });

  it('exits 4 when another program undoes the change within the settle window and it cannot be made again', async () => {
    env.CORTEX_TEAM_SETTLE_MS = '20000';
    const file = path.join(team, 'agents/ada/tasks.md');
    const running = cli('dispatch', '--agent', 'ada', '--title', 'Write docs');
    // As soon as the dispatch is in the file, a program writes back what it read before,
    // plus an open task of another dispatch with the same title: ours cannot be added again.
    await waitFor(() => readFileSync(file, 'utf8').includes('## Write docs'), 20_000, 'the dispatch in tasks.md', 5);
    const theirs = ADA_TASKS.replace('<!--', '## Write docs\n**Status:** in-progress\n**Started:** 2026-03-28T10:05\n\n<!-- cortex-team:id 0123456789ab -->\n\n<!--');
    writeFileSync(file, theirs);
    const r = await running;
    assert.strictEqual(r.code, 4, r.stderr);
    assert.match(r.stderr, /^cortex-team dispatch: agents\/ada\/tasks\.md was written, but another program then changed the file so that the change is gone and can no longer be made: .*already has an in-progress task titled "Write docs"/);
    assert.strictEqual(read('agents/ada/tasks.md'), theirs, "the agent's write stays");
  });

  it('exits 3 when another cortex-team process holds the file, overwriting nothing', async () => {
    writeFileSync(path.join(team, lockPathFor('agents/ada/tasks.md')), 'held\n');
    env.CORTEX_TEAM_LOCK_WAIT_MS = '100';
    await refused(3, ['dispatch', '--agent', 'ada', '--title', 'x'], /being edited by another cortex-team process/);
  });

  it('prints help for every command', async () => {
    for (const c of ['status', 'dispatch', 'move', 'reorder', 'reassign', 'register', 'prune', 'lint']) {
      const r = await runCli([c, '--help'], { env });
      assert.strictEqual(r.code, 0, c);
      assert.ok(r.stdout.startsWith(`Usage: cortex-team ${c}`), r.stdout);
      assert.match(r.stdout, /--help\s+show this help/);
    }
    const all = await runCli(['--help'], { env });
    assert.strictEqual(all.code, 0);
    assert.match(all.stdout, /Exit codes: 0 done; 1 lint found errors; 2 bad usage/);
  });

  it('finds the team folder: --team, then CORTEX_TEAM_DIR, then ~/.cortex/config.yaml, then ~/cortex-team', async () => {
    const teamOf = async (extraEnv: Record<string, string>, args: string[] = []) => {
      const r = await runCli(['status', '--json', ...args], { env: { ...env, ...extraEnv } });
      assert.strictEqual(r.code, 0, r.stderr);
      return JSON.parse(r.stdout).teamDir;
    };
    // Default: ~/cortex-team (must exist).
    const missing = await runCli(['status'], { env });
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, new RegExp(`${path.join(home, 'cortex-team').replace(/[/\\.]/g, '.')} \\(from the default ~/cortex-team\\) does not exist`));
    mkdirSync(path.join(home, 'cortex-team'));
    assert.strictEqual(await teamOf({}), path.join(home, 'cortex-team'));
    // The plugin's config, with ~.
    mkdirSync(path.join(home, '.cortex'));
    mkdirSync(path.join(home, 'teams/main'), { recursive: true });
    writeFileSync(path.join(home, '.cortex/config.yaml'), 'team_dir: ~/teams/main\nheartbeat_minutes: 10\ntelegram_chat_id: 1\n');
    assert.strictEqual(await teamOf({}), path.join(home, 'teams/main'));
    // $CORTEX_HOME stands for ~/.cortex.
    mkdirSync(path.join(home, 'other-cortex'));
    writeFileSync(path.join(home, 'other-cortex/config.yaml'), `team_dir: ${team}\n`);
    assert.strictEqual(await teamOf({ CORTEX_HOME: path.join(home, 'other-cortex') }), team);
    // The environment wins over the config; --team wins over both.
    assert.strictEqual(await teamOf({ CORTEX_TEAM_DIR: team }), team);
    assert.strictEqual(await teamOf({ CORTEX_TEAM_DIR: path.join(home, 'teams/main') }, ['--team', team]), team);
    // heartbeat_minutes sets the stale threshold.
    const table = ok(await runCli(['status', '--now', '2026-03-28T10:25', '--team', team], { env }));
    assert.match(table, /a tick older than 20 min is stale/);
    assert.match(table, /^ada\s+down\s+25m/m);
  });
});
