import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { ACTIVITY_FILE, parseActivity } from '../../../src/core/actions/activity';
import { lockPathFor } from '../../../src/core/edit/temp-names';
import { CliResult, cliBundle, runCli } from './cli-bundle';
import { waitFor } from '../../harness/wait-for';
import { snapshot as snapshotFolder, writeFiles } from '../team-folder';

/** The verbs agents use without MCP (claim, complete, tick, log, message), run as real processes. */

const NOW = '2026-03-28T11:42';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';
const TASKS = `## Invoice numbering
**Status:** ready

Number invoices at finalisation.

## Credit notes
**Status:** ready

${TICK}
`;

describe('cortex-team agent verbs (real process)', function () {
  this.timeout(30000);
  let root: string;
  let team: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-verbs-test-'));
    team = path.join(root, 'team');
    const files: Record<string, string> = {
      'agents/ada/ada.md': '---\nname: Ada\n---\n## Role\nBackend.\n',
      'agents/ada/tasks.md': TASKS,
      'agents/bob/bob.md': '---\nname: Bob\n---\n',
      'agents/bob/tasks.md': '## Done one\n**Status:** done\n',
    };
    writeFiles(team, files);
    mkdirSync(path.join(root, 'home'));
    // No settle window in these tests of what each verb writes (test/unit/core/actions and
    // the stress suite cover the re-apply): a write is read back once.
    env = { PATH: process.env.PATH, HOME: path.join(root, 'home'), TZ: process.env.TZ, CORTEX_TEAM_SETTLE_MS: '0' };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const read = (p: string) => readFileSync(path.join(team, p), 'utf8');
  const cli = (...args: string[]) => runCli([...args, '--team', team], { env, cwd: root });

  const snapshot = () => snapshotFolder(team);

  function ok(r: CliResult): string {
    assert.strictEqual(r.code, 0, `exit ${r.code}: ${r.stderr}`);
    assert.strictEqual(r.stderr, '');
    return r.stdout;
  }

  async function refused(code: number, args: string[], pattern: RegExp): Promise<void> {
    const before = snapshot();
    const r = await cli(...args);
    assert.strictEqual(r.code, code, `expected exit ${code}, got ${r.code}: ${r.stderr}${r.stdout}`);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /^[^\n]+\n$/, `not one line: ${JSON.stringify(r.stderr)}`);
    assert.match(r.stderr, pattern);
    assert.deepStrictEqual(snapshot(), before);
  }

  it('claim → tick → complete: the same sentences as the MCP tools, the file byte for byte, the feed via cli', async () => {
    assert.strictEqual(ok(await cli('claim', '--agent', 'ada', '--now', NOW)), `Claimed "Invoice numbering" (task 1 in agents/ada/tasks.md) at ${NOW}.\n`);
    assert.strictEqual(ok(await cli('tick', '--agent', 'ada', '--now', NOW)), `Ticked agents/ada/tasks.md at ${NOW} (the last tick was 2026-03-28T10:00).\n`);
    assert.strictEqual(ok(await cli('tick', '--agent', 'ada', '--now', NOW)), `agents/ada/tasks.md already ends with the tick ${NOW}; nothing was written.\n`);
    assert.strictEqual(
      ok(await cli('complete', '--agent', 'ada', '--summary', 'Done in finalise().', '--now', '2026-03-28T12:05')),
      'Completed "Invoice numbering" (task 1 in agents/ada/tasks.md) at 2026-03-28T12:05.\n',
    );
    assert.strictEqual(
      read('agents/ada/tasks.md'),
      TASKS.replace(
        '## Invoice numbering\n**Status:** ready\n\nNumber invoices at finalisation.\n',
        `## Invoice numbering\n**Status:** done\n**Started:** ${NOW}\n**Completed:** 2026-03-28T12:05\n\nNumber invoices at finalisation.\n\n### Summary\nDone in finalise().\n`,
      ).replace(TICK, `<!-- cortex:last-tick ${NOW} -->`),
    );
    const feed = parseActivity(read(ACTIVITY_FILE));
    assert.deepStrictEqual(feed.events.map((e) => [e.event_type, e.actor, e.payload.via]), [
      ['task.claimed', 'ada', 'cli'],
      ['agent.ticked', 'ada', 'cli'],
      ['task.completed', 'ada', 'cli'],
    ]);
  });

  it('--json prints the operation\'s data', async () => {
    assert.match((await cli('claim', '--agent', 'ada', '--task', 'Credit notes', '--now', NOW)).stderr, /is not the next task: tasks are picked up in document order/);
    const claim = JSON.parse(ok(await cli('claim', '--agent', 'ada', '--task', 'Credit notes', '--out-of-order', '--json', '--now', NOW)));
    assert.deepStrictEqual(claim, {
      agent: 'ada',
      file: 'agents/ada/tasks.md',
      task: { position: 2, title: 'Credit notes', status: 'in-progress', started: NOW, completed: null, body: '' },
    });
    // The out-of-order claim is said in the activity feed.
    const claimed = read('.cortex/activity.jsonl').trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.event_type === 'task.claimed');
    assert.deepStrictEqual(claimed.map((e) => [e.subject, e.payload.outOfOrder]), [['Credit notes', true]]);
    const tick = JSON.parse(ok(await cli('tick', '--agent', 'bob', '--json', '--now', NOW)));
    assert.deepStrictEqual(tick, { agent: 'bob', file: 'agents/bob/tasks.md', written: false, idle: true, lastTick: null, previous: null });
    const sent = JSON.parse(ok(await cli('message', 'send', '--from', 'ada', '--to', 'bob', '--subject', 'Hi', '--json', '--now', NOW)));
    assert.deepStrictEqual(sent, { file: 'MAILBOX.md', id: 'MSG-0001', sent: NOW, line: 8, type: null, priority: null, respondBy: null });
    const list = JSON.parse(ok(await cli('message', 'list', '--to', 'bob', '--status', 'new', '--json')));
    assert.deepStrictEqual(list.messages.map((m: { id: string; from: string }) => [m.id, m.from]), [['MSG-0001', 'ada']]);
  });

  it('tick writes nothing for an idle agent and exits 0 (idle ticks are suppressed)', async () => {
    const before = snapshot();
    assert.strictEqual(ok(await cli('tick', '--agent', 'bob')), 'agents/bob/tasks.md has no ready or in-progress task: idle ticks are suppressed, so nothing was written.\n');
    assert.deepStrictEqual(snapshot(), before);
  });

  it('log appends a worklog entry (a decision with its index row); message send, list, update', async () => {
    assert.strictEqual(
      ok(await cli('log', '--actor', 'ada', '--type', 'decision.recorded', '--subject', 'invoice numbering', '--body', 'At finalisation.', '--decision', 'Numbers at finalisation', '--now', NOW)),
      `Added "## ${NOW} — ada — decision: invoice numbering" to WORKLOG.md (line 8) and a row in its decision index.\n`,
    );
    assert.strictEqual(
      read('WORKLOG.md'),
      `# Worklog\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-28 | Numbers at finalisation | invoice numbering |\n\n## ${NOW} — ada — decision: invoice numbering\nAt finalisation.\n`,
    );
    assert.strictEqual(ok(await cli('message', 'send', '--from', 'ada', '--to', 'bob', '--subject', 'Numbers', '--body', 'See the worklog.', '--now', NOW)), 'Sent MSG-0001 to bob (MAILBOX.md, line 8).\n');
    assert.strictEqual(ok(await cli('message', 'list', '--now', NOW)), `1 message in MAILBOX.md.\nMSG-0001 [new] P2 from ada to bob, ${NOW}: Numbers\n`);
    assert.strictEqual(ok(await cli('message', 'list', '--to', 'ada')), '0 messages to ada in MAILBOX.md.\n');
    assert.strictEqual(ok(await cli('message', 'update', '--id', 'msg-0001', '--status', 'acknowledged', '--actor', 'bob')), 'MSG-0001: new → acknowledged.\n');
    assert.strictEqual(ok(await cli('message', 'update', '--id', 'MSG-0001', '--status', 'acknowledged')), 'MSG-0001 is already acknowledged; nothing was written.\n');
    const feed = parseActivity(read(ACTIVITY_FILE)).events;
    assert.deepStrictEqual(feed.map((e) => [e.event_type, e.actor]), [['decision.recorded', 'ada'], ['message.sent', 'ada'], ['message.updated', 'bob']]);
  });

  it('message send takes a type and a priority (Respond by from its tier); list marks overdue; escalate writes the WORKLOG entry once', async () => {
    assert.strictEqual(
      ok(await cli('message', 'send', '--from', 'ada', '--to', 'bob', '--subject', 'Prod is down', '--type', 'alert', '--priority', 'P0', '--now', NOW)),
      'Sent MSG-0001 to bob (MAILBOX.md, line 8, P0, respond by 2026-03-28T12:42).\n',
    );
    assert.match(read('MAILBOX.md'), /\| Sent \| 2026-03-28T11:42 \|\n\| Type \| alert \|\n\| Priority \| P0 \|\n\| Respond by \| 2026-03-28T12:42 \|\n\| Status \| new \|\n/);
    assert.strictEqual(ok(await cli('message', 'list', '--now', '2026-03-28T12:00')), `1 message in MAILBOX.md.\nMSG-0001 [new] P0 alert from ada to bob, ${NOW}: Prod is down\n`);
    assert.strictEqual(ok(await cli('message', 'escalate', '--now', '2026-03-28T12:00')), 'No overdue P0 or P1 message to escalate.\n');
    assert.strictEqual(ok(await cli('message', 'list', '--now', '2026-03-28T13:00')), `1 message in MAILBOX.md.\nMSG-0001 [new] P0 alert from ada to bob, ${NOW}: Prod is down (OVERDUE since 2026-03-28T12:42)\n`);
    assert.strictEqual(
      ok(await cli('message', 'escalate', '--actor', 'chief-of-staff', '--now', '2026-03-28T13:00')),
      'Escalated MSG-0001 (P0 to bob) as "## 2026-03-28T13:00 — chief-of-staff — escalation: MSG-0001 overdue: P0 alert to bob" (WORKLOG.md, line 3); marked Escalated 2026-03-28T13:00 in MAILBOX.md.\n',
    );
    assert.match(read('MAILBOX.md'), /\| Status \| new \|\n\| Escalated \| 2026-03-28T13:00 \|\n/);
    assert.strictEqual(ok(await cli('message', 'escalate', '--now', '2026-03-28T14:00')), 'No overdue P0 or P1 message to escalate.\n');
    await refused(2, ['message', 'escalate', '--id', 'MSG-0001', '--now', '2026-03-28T14:00'], /MSG-0001 does not escalate: it was escalated at 2026-03-28T13:00\. Nothing was written\./);
    const feed = parseActivity(read(ACTIVITY_FILE)).events;
    assert.deepStrictEqual(feed.map((e) => [e.event_type, e.actor, e.payload.id]), [['message.sent', 'ada', 'MSG-0001'], ['escalation.requested', 'chief-of-staff', 'MSG-0001']]);
    assert.deepStrictEqual([feed[0].payload.type, feed[0].payload.priority], ['alert', 'P0']);
  });

  it('refuses bad input with one line, exit 2, nothing written; a held lock is exit 3', async () => {
    await refused(2, ['claim', '--agent', 'nobody'], /^cortex-team claim: Unknown agent "nobody" \(--agent\); known agents: ada, bob\.\n$/);
    await refused(2, ['claim', '--agent', 'bob'], /^cortex-team claim: agents\/bob\/tasks\.md has no ready task; there is nothing to claim\.\n$/);
    await refused(2, ['claim'], /--agent is required/);
    await refused(2, ['complete', '--agent', 'ada'], /--summary is required/);
    await refused(2, ['complete', '--agent', 'ada', '--summary', 'x'], /^cortex-team complete: agents\/ada\/tasks\.md has no task in progress; claim one before completing it\.\n$/);
    await refused(2, ['complete', '--agent', 'ada', '--summary', 'x', '--task', '2'], /is ready, not in progress: claim it first/);
    await refused(2, ['tick', '--agent', 'ada', '--now', 'noon'], /--now must look like YYYY-MM-DDTHH:MM/);
    await refused(2, ['log', '--actor', 'ada', '--type', 'gossip', '--subject', 'x'], /"gossip" is not an event type; use one of task\.claimed, /);
    await refused(2, ['log', '--actor', 'a — b', '--type', 'note.posted', '--subject', 'x'], /contains a dash separator/);
    await refused(2, ['message'], /^cortex-team message: missing verb; the verbs are send, list, update, escalate \(cortex-team message --help\)\.\n$/);
    await refused(2, ['message', 'send', '--from', 'ada', '--to', 'bob', '--subject', 'x', '--priority', 'urgent'], /"urgent" is not a priority; use one of P0, P1, P2, P3/);
    await refused(2, ['message', 'send', '--from', 'ada', '--to', 'bob', '--subject', 'x', '--type', 'gossip'], /"gossip" is not a message type/);
    await refused(2, ['message', 'shout'], /unknown verb "shout"/);
    await refused(2, ['message', 'send', '--from', 'ada', '--to', 'bob'], /^cortex-team message send: --subject is required/);
    await refused(2, ['message', 'list', '--status', 'lost'], /"lost" is not a message status/);
    await refused(2, ['message', 'update', '--id', 'MSG-0004', '--status', 'closed'], /MAILBOX\.md does not exist/);
    writeFileSync(path.join(team, lockPathFor('agents/ada/tasks.md')), 'held\n');
    env.CORTEX_TEAM_LOCK_WAIT_MS = '100';
    await refused(3, ['claim', '--agent', 'ada'], /being edited by another cortex-team process/);
  });

  it('exits 5 when the file system refuses (a symbolic link), nothing written', async () => {
    const elsewhere = path.join(root, 'elsewhere.md');
    writeFileSync(elsewhere, '## Outside\n**Status:** ready\n');
    rmSync(path.join(team, 'agents/bob/tasks.md'));
    symlinkSync(elsewhere, path.join(team, 'agents/bob/tasks.md'));
    await refused(5, ['tick', '--agent', 'bob'], /^cortex-team tick: agents\/bob\/tasks\.md is a symbolic link; Cortex Team does not write through links/);
    assert.strictEqual(readFileSync(elsewhere, 'utf8'), '## Outside\n**Status:** ready\n');
  });

  it('exits 4 when an agent\'s stale write undoes a claim within the settle window and it cannot be made again', async () => {
    env.CORTEX_TEAM_SETTLE_MS = '20000';
    const file = path.join(team, 'agents/ada/tasks.md');
    const running = cli('claim', '--agent', 'ada', '--now', NOW);
    // As soon as the claim is in the file, the agent writes back what it read before with
    // another task claimed: one task at a time, so ours cannot be claimed again.
    await waitFor(() => readFileSync(file, 'utf8').includes('in-progress'), 20_000, 'the claim in tasks.md', 5);
    const theirs = TASKS.replace('## Credit notes\n**Status:** ready\n', '## Credit notes\n**Status:** in-progress\n**Started:** 2026-03-28T11:40\n');
    writeFileSync(file, theirs);
    const r = await running;
    assert.strictEqual(r.code, 4, r.stderr);
    assert.match(r.stderr, /^cortex-team claim: agents\/ada\/tasks\.md was written, but another program then changed the file so that the change is gone and can no longer be made: .*complete it before claiming another task/);
    assert.strictEqual(read('agents/ada/tasks.md'), theirs, "the agent's write stays");
  });

  it('prints help for every verb, and message lists its verbs', async () => {
    for (const c of [['claim'], ['complete'], ['tick'], ['log'], ['message', 'send'], ['message', 'list'], ['message', 'update'], ['message', 'escalate'], ['mcp']]) {
      const r = await runCli([...c, '--help'], { env });
      assert.strictEqual(r.code, 0, c.join(' '));
      assert.ok(r.stdout.startsWith(`Usage: cortex-team ${c.join(' ')}`), r.stdout);
    }
    const message = await runCli(['message', '--help'], { env });
    assert.strictEqual(message.code, 0);
    assert.match(message.stdout, /^Usage: cortex-team message <send\|list\|update\|escalate> \[options\]\n/);
    const all = ok(await runCli(['--help'], { env }));
    for (const verb of ['claim', 'complete', 'tick', 'log', 'message', 'mcp']) assert.match(all, new RegExp(`^  ${verb} +\\S`, 'm'));
  });

  it('keeps the MCP SDK out of cli.js: the other verbs never parse it', async () => {
    const bundle = readFileSync(await cliBundle(), 'utf8');
    assert.ok(!bundle.includes('StdioServerTransport'), 'the SDK is not in cli.js');
    assert.ok(bundle.includes('import("./mcp.js")'), 'cli.js loads mcp.js beside it');
  });
});
