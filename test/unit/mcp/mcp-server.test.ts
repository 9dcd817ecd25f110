import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { ACTIVITY_FILE, parseActivity } from '../../../src/core/actions/activity';
import { localDateOf } from '../../../src/base/time';
import { cliBundle } from '../cli/cli-bundle';
import { Connected, call, connect } from './mcp-client';
import { snapshot as snapshotFolder, writeFiles } from '../team-folder';

/**
 * `cortex-team mcp` driven by the MCP SDK's own client over stdio, the server run as a
 * real process from the bundled CLI: the tool list, an agent's whole loop, bad input
 * for every tool, two sessions racing for one task, the resources.
 */

const NOW = '2026-03-28T11:42';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';

const ADA_NOTE = '---\nname: Ada Lovelace\nproject: /home/ada/Projects/api\nstatus: active\n---\n## Role\nBackend work.\n';
const ADA_TASKS = `## Old
**Status:** done
**Started:** 2026-03-27T09:00
**Completed:** 2026-03-27T10:00

## Invoice numbering
**Status:** ready

Number invoices at finalisation.

## Credit notes
**Status:** ready

${TICK}
`;
const BOB_NOTE = '---\nname: Bob\nstatus: active\n---\n## Role\nFrontend.\n';
const WORKLOG = `# Worklog

## Status
| Agent | State | Working on |
|---|---|---|
| ada | active | invoices |

## Decisions
| Date | Decision | Entry |
|---|---|---|
| 2026-03-25 | Integer cents | Amounts migration |

## 2026-03-27T12:40 — bob — handoff: list view
Done.
`;

const TOOLS = ['team_status', 'my_tasks', 'claim_task', 'complete_task', 'tick', 'dispatch_task', 'add_worklog_entry', 'send_message', 'list_messages', 'update_message'];

describe('cortex-team mcp (the SDK client over stdio)', function () {
  this.timeout(60000);
  let root: string;
  let team: string;
  let env: Record<string, string>;
  const open: Connected[] = [];

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-mcp-test-'));
    team = path.join(root, 'team');
    const files: Record<string, string> = {
      'agents/ada/ada.md': ADA_NOTE,
      'agents/ada/tasks.md': ADA_TASKS,
      'agents/bob/bob.md': BOB_NOTE,
      'agents/bob/tasks.md': '',
      'WORKLOG.md': WORKLOG,
    };
    writeFiles(team, files);
    const home = path.join(root, 'home');
    mkdirSync(home);
    // The server's clock reads in the test's time zone (the pinned --now is local time).
    // No settle window but where a test says so (test/unit/core/actions covers the re-apply).
    env = { PATH: process.env.PATH ?? '', HOME: home, CORTEX_TEAM_SETTLE_MS: '0', ...(process.env.TZ !== undefined ? { TZ: process.env.TZ } : {}) };
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    rmSync(root, { recursive: true, force: true });
  });

  const read = (rel: string) => readFileSync(path.join(team, rel), 'utf8');

  async function server(...args: string[]): Promise<Connected> {
    return serverWith(env, ...args);
  }

  async function serverWith(vars: Record<string, string>, ...args: string[]): Promise<Connected> {
    const c = await connect([...args, '--team', team, '--now', NOW], vars);
    open.push(c);
    return c;
  }

  const snapshot = () => snapshotFolder(team);

  function activity() {
    const feed = parseActivity(read(ACTIVITY_FILE));
    assert.deepStrictEqual(feed.diagnostics, []);
    return feed.events;
  }

  it('lists ten tools, each described, with a strict input schema; a server for one agent asks for no agent', async () => {
    // Workers do not create tasks: a worker's server offers no dispatch_task; the coordinator's (by role) and the team's do.
    writeFileSync(path.join(team, 'agents/bob/bob.md'), '---\nname: Bob\nstatus: active\n---\n## Role\nChief of staff: coordinates the team.\n');
    const ada = await server('--agent', 'ada');
    assert.deepStrictEqual((await ada.client.listTools()).tools.map((t) => t.name), TOOLS.filter((t) => t !== 'dispatch_task'));
    const chief = await server('--agent', 'bob');
    const tools = (await chief.client.listTools()).tools;
    assert.deepStrictEqual(tools.map((t) => t.name), TOOLS);
    for (const t of tools) {
      assert.ok((t.description ?? '').length > 40, `${t.name} is described`);
      assert.strictEqual(t.inputSchema.type, 'object');
      assert.strictEqual((t.inputSchema as { additionalProperties?: boolean }).additionalProperties, false, `${t.name} refuses unknown arguments`);
      assert.ok(!('agent' in (t.inputSchema.properties ?? {})), `${t.name} takes no agent`);
    }
    assert.deepStrictEqual(tools.find((t) => t.name === 'complete_task')!.inputSchema.required, ['summary']);
    assert.match(tools.find((t) => t.name === 'my_tasks')!.description!, /agents\/bob\/tasks\.md/);
    assert.match(ada.client.getInstructions() ?? '', /You act as the agent ada\./);

    const whole = await server();
    const unbound = (await whole.client.listTools()).tools;
    assert.deepStrictEqual(unbound.map((t) => t.name), TOOLS);
    for (const name of ['my_tasks', 'claim_task', 'complete_task', 'tick']) {
      assert.ok(unbound.find((t) => t.name === name)!.inputSchema.required!.includes('agent'), `${name} asks for the agent`);
    }
    assert.ok(unbound.find((t) => t.name === 'add_worklog_entry')!.inputSchema.required!.includes('actor'));
    assert.ok(unbound.find((t) => t.name === 'send_message')!.inputSchema.required!.includes('from'));
    assert.strictEqual(ada.stderr() + chief.stderr() + whole.stderr(), '');
  });

  it("runs an agent's whole loop: next → claim → tick → complete → worklog entry → message, each write in the activity feed", async () => {
    const ada = await server('--agent', 'ada');

    const queue = await call(ada, 'my_tasks');
    assert.strictEqual(queue.isError, false, queue.text);
    assert.match(queue.text, /^Next: "Invoice numbering" \(task 2\)\.\n1 more ready after it\.\n1 done\. Last tick: 2026-03-28T10:00\./);
    assert.deepStrictEqual((queue.data!.next as { title: string; body: string }).body, 'Number invoices at finalisation.');

    const claim = await call(ada, 'claim_task');
    assert.strictEqual(claim.text.split('\n')[0], `Claimed "Invoice numbering" (task 2 in agents/ada/tasks.md) at ${NOW}.`);
    const tick = await call(ada, 'tick');
    assert.strictEqual(tick.text.split('\n')[0], `Ticked agents/ada/tasks.md at ${NOW} (the last tick was 2026-03-28T10:00).`);
    const done = await call(ada, 'complete_task', { summary: 'Numbers are assigned in finalise().\nTests in invoice.test.ts.' });
    assert.strictEqual(done.text.split('\n')[0], `Completed "Invoice numbering" (task 2 in agents/ada/tasks.md) at ${NOW}.`);
    assert.strictEqual(
      read('agents/ada/tasks.md'),
      ADA_TASKS.replace(
        '## Invoice numbering\n**Status:** ready\n\nNumber invoices at finalisation.\n',
        `## Invoice numbering\n**Status:** done\n**Started:** ${NOW}\n**Completed:** ${NOW}\n\nNumber invoices at finalisation.\n\n### Summary\nNumbers are assigned in finalise().\nTests in invoice.test.ts.\n`,
      ).replace(TICK, `<!-- cortex:last-tick ${NOW} -->`),
    );

    const entry = await call(ada, 'add_worklog_entry', { type: 'handoff.posted', subject: 'invoice numbering', body: '**To:** bob\n\nThe list view can show numbers now.' });
    assert.strictEqual(entry.text.split('\n')[0], `Added "## ${NOW} — ada — handoff: invoice numbering" to WORKLOG.md (line 13).`);
    assert.ok(read('WORKLOG.md').includes(`| 2026-03-25 | Integer cents | Amounts migration |\n\n## ${NOW} — ada — handoff: invoice numbering\n**To:** bob\n\nThe list view can show numbers now.\n\n## 2026-03-27T12:40 — bob — handoff: list view\n`));

    const sent = await call(ada, 'send_message', { to: 'bob', subject: 'numbers in the list', body: 'Show them in the first column?' });
    assert.strictEqual(sent.text.split('\n')[0], 'Sent MSG-0001 to bob (MAILBOX.md, line 8).');
    assert.strictEqual(
      read('MAILBOX.md'),
      `# Mailbox\n\n## Inbox\n| To | New | Open |\n|---|---|---|\n| bob | 1 | 0 |\n\n## MSG-0001 — numbers in the list\n| Field | Value |\n|---|---|\n| From | ada |\n| To | bob |\n| Sent | ${NOW} |\n| Status | new |\n\nShow them in the first column?\n`,
    );

    // bob reads his inbox and acknowledges.
    const bob = await server('--agent', 'bob');
    const inbox = await call(bob, 'list_messages', { status: ['new'] });
    assert.deepStrictEqual((inbox.data!.messages as Array<{ id: string }>).map((m) => m.id), ['MSG-0001']);
    assert.deepStrictEqual(((await call(ada, 'list_messages')).data!.messages as unknown[]).length, 0, "ada's inbox is empty");
    const ack = await call(bob, 'update_message', { id: 'MSG-0001', status: 'acknowledged', expected: 'new' });
    assert.strictEqual(ack.text.split('\n')[0], 'MSG-0001: new → acknowledged.');
    assert.match(read('MAILBOX.md'), /\| bob \| 0 \| 1 \|[\s\S]*\| Status \| acknowledged \|/);

    const events = activity();
    assert.deepStrictEqual(
      events.map((e) => [e.event_type, e.actor, e.subject, e.payload.file]),
      [
        ['task.claimed', 'ada', 'Invoice numbering', 'agents/ada/tasks.md'],
        ['agent.ticked', 'ada', `last tick ${NOW}`, 'agents/ada/tasks.md'],
        ['task.completed', 'ada', 'Invoice numbering', 'agents/ada/tasks.md'],
        ['handoff.posted', 'ada', 'handoff: invoice numbering', 'WORKLOG.md'],
        ['message.sent', 'ada', 'numbers in the list', 'MAILBOX.md'],
        ['message.updated', 'bob', 'MSG-0001 new → acknowledged', 'MAILBOX.md'],
      ],
    );
    const instant = localDateOf(NOW)!.toISOString();
    for (const e of events) {
      assert.match(e.event_id, /^act-[0-9a-z]{9}-[0-9a-f]{8}$/);
      assert.strictEqual(e.timestamp, instant);
      assert.strictEqual(e.session_id, null);
      assert.strictEqual(e.payload.via, 'mcp');
      assert.deepStrictEqual(e.links[0], { kind: 'file', target: e.payload.file });
    }
    assert.strictEqual(new Set(events.map((e) => e.event_id)).size, events.length);
    assert.deepStrictEqual(events[2].payload, { via: 'mcp', file: 'agents/ada/tasks.md', agent: 'ada', position: 2, completed: NOW, summary: 'Numbers are assigned in finalise().\nTests in invoice.test.ts.' });
    assert.deepStrictEqual(events[4].links, [{ kind: 'file', target: 'MAILBOX.md' }, { kind: 'message', target: 'MSG-0001' }]);
  });

  it('send_message takes a type and a priority; list_messages shows them and marks what is overdue', async () => {
    const ada = await server('--agent', 'ada');
    const sent = await call(ada, 'send_message', { to: 'bob', subject: 'deploy keys', type: 'request', priority: 'P1' });
    assert.strictEqual(sent.text.split('\n')[0], 'Sent MSG-0001 to bob (MAILBOX.md, line 8, P1, respond by 2026-03-28T15:42).');
    assert.match(read('MAILBOX.md'), /\| Type \| request \|\n\| Priority \| P1 \|\n\| Respond by \| 2026-03-28T15:42 \|\n\| Status \| new \|/);
    writeFileSync(path.join(team, 'MAILBOX.md'), read('MAILBOX.md').replace('| Respond by | 2026-03-28T15:42 |', '| Respond by | 2026-03-28T11:00 |'));
    const bob = await server('--agent', 'bob');
    const list = await call(bob, 'list_messages');
    const [m] = list.data!.messages as Array<Record<string, unknown>>;
    assert.deepStrictEqual([m.type, m.priority, m.respondBy, m.overdue, m.escalated], ['request', 'P1', '2026-03-28T11:00', true, null]);
    assert.match(list.text, /MSG-0001 \[new\] P1 request from ada to bob, 2026-03-28T11:42: deploy keys \(OVERDUE since 2026-03-28T11:00\)/);
  });

  it('dispatches, reports the team, and records the session id of the charter', async () => {
    writeFileSync(path.join(team, 'SESSION-CHARTER.md'), '---\nsession_id: S-7\n---\n# Charter\n');
    writeFileSync(path.join(team, 'agents/ada/ada.md'), ADA_NOTE.replace('Backend work.', 'Coordinator of the team, and backend work.'));
    const chief = await server('--agent', 'ada');
    const r = await call(chief, 'dispatch_task', { to: 'bob', title: 'Show invoice numbers', body: 'In the first column.' });
    assert.strictEqual(r.text.split('\n')[0], 'Dispatched "Show invoice numbers" to bob (task 1 in agents/bob/tasks.md).');
    // The task carries its hidden id line (how the writer recognises it after an agent's rewrite).
    assert.match(read('agents/bob/tasks.md'), /^## Show invoice numbers\n\*\*Status:\*\* ready\n\nIn the first column\.\n\n<!-- cortex-team:id [0-9a-f]{12} -->\n$/);
    const status = await call(chief, 'team_status');
    const agents = status.data!.agents as Array<{ slug: string; liveness: string; next: string | null; ready: number }>;
    // bob never ticked, but his only task was dispatched just now: he waits for pickup, he is not down.
    assert.deepStrictEqual(agents.map((a) => [a.slug, a.liveness, a.next, a.ready]), [['ada', 'down', 'Invoice numbering', 2], ['bob', 'waiting', 'Show invoice numbers', 1]]);
    assert.match(status.text, /^ada: down, nothing in progress, 2 ready, last tick 2026-03-28T10:00\.\nbob: waiting for pickup \(dispatched less than a heartbeat ago\), nothing in progress, 1 ready, no tick\./);
    const [e] = activity();
    assert.deepStrictEqual([e.event_type, e.actor, e.session_id, e.payload.agent], ['task.dispatched', 'ada', 'S-7', 'bob']);
  });

  it('refuses bad input for every tool with a clear sentence, and writes nothing', async () => {
    writeFileSync(
      path.join(team, 'MAILBOX.md'),
      '# Mailbox\n\n## MSG-0001 — hello\n| Field | Value |\n|---|---|\n| From | bob |\n| To | ada |\n| Sent | 2026-03-27T09:00 |\n| Status | actioned |\n',
    );
    const ada = await server('--agent', 'ada');
    const whole = await server();
    const before = snapshot();
    const cases: Array<[Connected, string, Record<string, unknown>, RegExp]> = [
      [ada, 'team_status', { verbose: true }, /Input validation error.*Unrecognized key: "verbose"/s],
      [ada, 'my_tasks', { agent: 'bob' }, /Unrecognized key: "agent"/],
      [whole, 'my_tasks', {}, /Input validation error.*agent/s],
      [whole, 'my_tasks', { agent: '../ada' }, /^Unknown agent "\.\.\/ada" \(agent\); known agents: ada, bob\.$/],
      [ada, 'claim_task', { task: 'Nope' }, /^No task titled "Nope" in agents\/ada\/tasks\.md\.$/],
      [ada, 'claim_task', { task: 'Old' }, /done is terminal in the Shuttle protocol/],
      [ada, 'claim_task', { task: 7 }, /Input validation error.*task/s],
      [ada, 'complete_task', {}, /Input validation error.*summary/s],
      [ada, 'complete_task', { summary: 'x' }, /^agents\/ada\/tasks\.md has no task in progress; claim one before completing it\.$/],
      [ada, 'complete_task', { summary: 'x', task: 'Credit notes' }, /is ready, not in progress: claim it first/],
      [whole, 'tick', { agent: 'nobody' }, /^Unknown agent "nobody" \(agent\); known agents: ada, bob\.$/],
      [ada, 'tick', { now: '2026-03-28T12:00' }, /Unrecognized key: "now"/],
      [whole, 'dispatch_task', { to: 'bob', title: 'Two\nlines' }, /^A task title must be a single line\.$/],
      [whole, 'dispatch_task', { to: 'ada', title: 'Credit notes' }, /already has a ready task titled "Credit notes"/],
      [whole, 'dispatch_task', { to: 'carol', title: 'x' }, /^Unknown agent "carol" \(to\); known agents: ada, bob\.$/],
      [whole, 'dispatch_task', { to: 'bob', title: 'x', body: '## Sneaky' }, /agents would read it as a new task/],
      [ada, 'add_worklog_entry', { type: 'gossip', subject: 'x' }, /Input validation error.*type/s],
      [ada, 'add_worklog_entry', { type: 'note.posted', subject: 'x', body: '# Title' }, /heading on its line 1; it would be read as a new block/],
      [ada, 'add_worklog_entry', { type: 'note.posted', subject: 'x', decision: 'y' }, /^A decision line goes with the type decision\.recorded, not note\.posted\.$/],
      [ada, 'send_message', { to: 'bob' }, /Input validation error.*subject/s],
      [ada, 'send_message', { to: 'bob', subject: 'a\nb' }, /^The subject must be a single line\.$/],
      [ada, 'list_messages', { status: ['lost'] }, /Input validation error.*status/s],
      [ada, 'update_message', { id: 'MSG-0009', status: 'closed' }, /^There is no MSG-0009 in MAILBOX\.md\.$/],
      [ada, 'update_message', { id: 'nine', status: 'closed' }, /a message id looks like MSG-0003/],
      [ada, 'update_message', { id: 'MSG-0001', status: 'new' }, /^MSG-0001 cannot go back from actioned to new: messages move new → acknowledged → actioned → closed \(or to a terminal status\)\.$/],
      [ada, 'update_message', { id: 'MSG-0001', status: 'closed', expected: 'new' }, /^MSG-0001 is now "actioned" \(it was "new" when you chose\); nothing was written\.$/],
    ];
    const wrong: string[] = [];
    for (const [c, tool, args, pattern] of cases) {
      const r = await call(c, tool, args);
      if (!r.isError || !pattern.test(r.text)) wrong.push(`${tool} ${JSON.stringify(args)}: ${r.isError ? 'refused' : 'accepted'} with ${JSON.stringify(r.text)}`);
    }
    assert.deepStrictEqual(wrong, []);
    const toolsCovered = new Set(cases.map((c) => c[1]));
    assert.deepStrictEqual([...toolsCovered].sort(), [...TOOLS].sort());
    assert.deepStrictEqual(snapshot(), before);
  });

  it('two sessions racing for the same task: exactly one claim wins, every time', async () => {
    const one = await server('--agent', 'ada');
    const two = await server('--agent', 'ada');
    for (let round = 0; round < 5; round++) {
      writeFileSync(path.join(team, 'agents/ada/tasks.md'), ADA_TASKS);
      const results = await Promise.all([call(one, 'claim_task', { task: 'Credit notes', outOfOrder: true }), call(two, 'claim_task', { task: 'Credit notes', outOfOrder: true })]);
      const won = results.filter((r) => !r.isError);
      const lost = results.filter((r) => r.isError);
      assert.strictEqual(won.length, 1, `round ${round}: ${results.map((r) => r.text).join(' | ')}`);
      assert.match(lost[0].text, /^"Credit notes" \(task 3 in agents\/ada\/tasks\.md\) is already in progress since 2026-03-28T11:42: it was claimed before you; nothing was written\.$/);
      assert.strictEqual(read('agents/ada/tasks.md'), ADA_TASKS.replace('## Credit notes\n**Status:** ready\n', `## Credit notes\n**Status:** in-progress\n**Started:** ${NOW}\n`));
    }
    assert.strictEqual(activity().filter((e) => e.event_type === 'task.claimed').length, 5);
  });

  it('keeps the edits of an agent that rewrites the task file in place without our lock', async () => {
    // The default settle window: each write is watched for a second after it.
    const { CORTEX_TEAM_SETTLE_MS: _none, ...settling } = env;
    const ada = await serverWith(settling, '--agent', 'ada');
    const file = path.join(team, 'agents/ada/tasks.md');
    let stop = false;
    let added = 0;
    // Another agent adds tasks by rewriting the whole file, each time from a fresh read.
    const writer = (async () => {
      while (!stop && added < 200) {
        const text = readFileSync(file, 'utf8');
        writeFileSync(file, text.replace(/\n(<!-- cortex:last-tick [^>]*-->\n)$/, `\n## Extra ${added}\n**Status:** ready\n\n$1`));
        added++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const claim = await call(ada, 'claim_task');
    const tick = await call(ada, 'tick');
    stop = true;
    await writer;
    const text = read('agents/ada/tasks.md');
    // Their edits are all there, whatever happened to ours.
    for (let i = 0; i < added; i++) assert.ok(text.includes(`## Extra ${i}\n**Status:** ready\n`), `Extra ${i} kept`);
    // Ours is there too, or (a writer this relentless can outlast the retries) refused as a conflict, having overwritten nothing.
    // Or written and then not confirmed (the settle window saw it undone and could not put it back).
    const conflict = /kept changing while it was being (edited|read)|nothing was (overwritten|written)|was written, but/;
    if (claim.isError) assert.match(claim.text, conflict);
    else assert.ok(text.includes(`## Invoice numbering\n**Status:** in-progress\n**Started:** ${NOW}\n`));
    if (tick.isError) assert.match(tick.text, conflict);
    else assert.ok(text.endsWith(`<!-- cortex:last-tick ${NOW} -->\n`));
  });

  it('answers a write before its settle window ends, puts it back after a stale rewrite made after the answer, feeds that, and finishes the window when told to stop', async () => {
    // A window long enough that the stale rewrite below lands inside it on a loaded machine.
    const ada = await serverWith({ ...env, CORTEX_TEAM_SETTLE_MS: '3000' }, '--agent', 'ada');
    const file = path.join(team, 'agents/ada/tasks.md');
    const claim = await call(ada, 'claim_task');
    assert.strictEqual(claim.isError, false, claim.text);
    const claimed = `## Invoice numbering\n**Status:** in-progress\n**Started:** ${NOW}\n`;
    assert.ok(read('agents/ada/tasks.md').includes(claimed), 'on disk when answered');
    // The answer came; now an agent writes back the text it read before the claim, with a task of its own.
    writeFileSync(file, ADA_TASKS.replace(`\n${TICK}`, `\n## Agent own\n**Status:** ready\n\n${TICK}`));
    // Asked to stop, the server first finishes the window (which puts the claim back), then ends.
    process.kill(ada.pid!, 'SIGTERM');
    await ada.ended;
    const text = read('agents/ada/tasks.md');
    assert.ok(text.includes(claimed), 'the claim put back');
    assert.ok(text.includes('## Agent own\n**Status:** ready\n'), "the agent's edit kept");
    const events = activity();
    assert.deepStrictEqual(events.map((e) => e.event_type), ['task.claimed', 'write.reapplied']);
    assert.deepStrictEqual([events[1].actor, events[1].payload.file, events[1].payload.what, events[1].payload.times], ['ada', 'agents/ada/tasks.md', 'claim_task', 1]);
  });

  it('tells failures apart as the CLI does: the kind in structuredContent.error, the sentence as text', async () => {
    const ada = await server();
    rmSync(path.join(team, 'agents/bob/tasks.md'));
    symlinkSync(path.join(root, 'elsewhere.md'), path.join(team, 'agents/bob/tasks.md'));
    const linked = await call(ada, 'dispatch_task', { to: 'bob', title: 'Through the link' });
    assert.strictEqual(linked.isError, true);
    assert.match(linked.text, /agents\/bob\/tasks\.md is a symbolic link; .*nothing was changed/);
    assert.deepStrictEqual((linked.data?.error as { kind: string }).kind, 'file');
    const bad = await call(ada, 'dispatch_task', { to: 'bob', title: '' });
    assert.deepStrictEqual([bad.text, (bad.data?.error as { kind: string }).kind], ['A task title must not be empty.', 'input']);
  });

  it('offers the worklog status and (for one agent) its protocol for each agent kind as resources', async () => {
    const ada = await server('--agent', 'ada');
    const listed = (await ada.client.listResources()).resources.map((r) => r.uri);
    assert.deepStrictEqual(listed, ['cortex://worklog/status', 'cortex://protocol/claude-code', 'cortex://protocol/codex', 'cortex://protocol/cursor', 'cortex://protocol/gemini', 'cortex://protocol/opencode', 'cortex://protocol/other']);
    const status = await ada.client.readResource({ uri: 'cortex://worklog/status' });
    assert.strictEqual(
      (status.contents[0] as { text: string }).text,
      '## Status\n| Agent | State | Working on |\n|---|---|---|\n| ada | active | invoices |\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-25 | Integer cents | Amounts migration |\n',
    );
    const protocol = (await ada.client.readResource({ uri: 'cortex://protocol/codex' })).contents[0] as { text: string; mimeType: string };
    assert.strictEqual(protocol.mimeType, 'text/markdown');
    assert.match(protocol.text, /^# Cortex team protocol: Ada Lovelace\n/);
    assert.ok(protocol.text.includes(`- Task file: \`${path.join(team, 'agents/ada/tasks.md')}\``));
    assert.match(protocol.text, /in Codex\./);
    const whole = await server();
    assert.deepStrictEqual((await whole.client.listResources()).resources.map((r) => r.uri), ['cortex://worklog/status']);
  });
});
