import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { ACTIVITY_FILE, parseActivity } from '../../../src/core/actions/activity';
import { CliResult, cliBundle, runCli } from './cli-bundle';
import { call, connect } from '../mcp/mcp-client';
import { snapshot, writeFiles } from '../team-folder';

/**
 * A team folder shared with the Cortex Claude Code plugin: written by the plugin's own
 * rules (its templates and texts, ../shared/notes/cortex-interop.md), then used by our
 * CLI and MCP server as real processes: no second folder for one agent, no second
 * heartbeat, nothing the plugin's agents could not read. And the plugin's older format
 * (flat notes, Work Queue, last-heartbeat), upgraded by `cortex-team upgrade`.
 */

const NOW = '2026-03-28T11:42';

/** `/register "José Dev"` as the plugin does it: slug by its rule (jos-dev), the note from its template, an empty task file. */
const PLUGIN_NOTE = `---
name: José Dev
project: ~/Projects/billing-service
status: active
joined: 2026-03-27
---

## Role
Build and maintain the billing service.

## Projects
- billing-service

## Capabilities
- Stripe integration

## Session Log
Last session: --
Status: registered
`;

/** What the plugin's coordinator dispatches, and a worker's heartbeat as the plugin's protocol writes it (one comment, at the end). */
const PLUGIN_TASKS = `## Add Stripe webhook endpoint
**Status:** ready

Create POST /webhooks/stripe.

## Retry failed invoices
**Status:** ready

<!-- cortex:last-tick 2026-03-28T09:00 -->
`;

describe("a team folder shared with the Cortex plugin (real processes)", function () {
  this.timeout(60000);
  let root: string;
  let team: string;
  let env: Record<string, string>;

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-interop-'));
    team = path.join(root, 'team');
    mkdirSync(path.join(root, 'home'));
    env = { PATH: process.env.PATH ?? '', HOME: path.join(root, 'home'), TZ: process.env.TZ ?? 'UTC', CORTEX_TEAM_SETTLE_MS: '0' };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const cli = (...args: string[]) => runCli([...args, '--team', team], { env, cwd: root });
  const read = (p: string) => readFileSync(path.join(team, p), 'utf8');

  function ok(r: CliResult): string {
    assert.strictEqual(r.code, 0, `exit ${r.code}: ${r.stderr}`);
    return r.stdout;
  }

  it("the plugin's jos-dev is found, not doubled; CLI and MCP claim, tick and complete in its file with one heartbeat at the end", async () => {
    writeFiles(team, {
      'agents/chief-of-staff/chief-of-staff.md': '---\nname: Chief of Staff\nstatus: active\n---\n\n## Role\nCoordinates the team.\n',
      'agents/chief-of-staff/tasks.md': '',
      'agents/jos-dev/jos-dev.md': PLUGIN_NOTE,
      'agents/jos-dev/tasks.md': PLUGIN_TASKS,
      'templates/agent-template.md': '---\nname: {{name}}\n---\n',
      'projects/billing-service.md': '---\ntype: project\n---\n\n## Notes\n- Agent: jos-dev\n',
    });
    // Registering the same person again, from our side: the plugin's folder, not a second one.
    const reg = await cli('register', '--name', 'José Dev');
    assert.deepStrictEqual(readdirSync(path.join(team, 'agents')).sort(), ['chief-of-staff', 'jos-dev'], reg.stdout + reg.stderr);
    ok(await cli('claim', '--agent', 'jos-dev', '--now', NOW));
    ok(await cli('tick', '--agent', 'jos-dev', '--now', NOW));
    const mcp = await connect(['--agent', 'jos-dev', '--team', team, '--now', '2026-03-28T12:10'], env);
    try {
      const done = await call(mcp, 'complete_task', { summary: 'Endpoint added, signature verified.' });
      assert.strictEqual(done.isError, false, done.text);
      const ticked = await call(mcp, 'tick');
      assert.strictEqual(ticked.isError, false, ticked.text);
    } finally {
      await mcp.close();
    }
    const tasks = read('agents/jos-dev/tasks.md');
    assert.deepStrictEqual(tasks.match(/<!-- cortex:last-tick [^>]*-->/g), ['<!-- cortex:last-tick 2026-03-28T12:10 -->'], tasks);
    assert.ok(tasks.endsWith('<!-- cortex:last-tick 2026-03-28T12:10 -->\n'), 'the tick is the last line');
    // What the plugin's agents grep for: status lines at column 1, in its exact shape.
    assert.deepStrictEqual(tasks.match(/^\*\*Status:\*\* \S+$/gm), ['**Status:** done', '**Status:** ready']);
    assert.match(tasks, /^## Add Stripe webhook endpoint\n\*\*Status:\*\* done\n\*\*Started:\*\* 2026-03-28T11:42\n\*\*Completed:\*\* 2026-03-28T12:10\n/m);
    assert.match(tasks, /\n### Summary\nEndpoint added, signature verified\.\n/);
    assert.strictEqual(read('agents/jos-dev/jos-dev.md'), PLUGIN_NOTE, "the plugin's note is not rewritten");
    const status = JSON.parse(ok(await cli('status', '--json', '--now', NOW))) as { agents: Array<{ slug: string }> };
    assert.deepStrictEqual(status.agents.map((a) => a.slug).sort(), ['chief-of-staff', 'jos-dev']);
  });

  it("the plugin's older format: upgrade --dry-run lists the agents with their tasks and heartbeat, then upgrade moves them, every other byte kept", async () => {
    const note = '---\nname: Billing Dev\nstatus: active\nlast-heartbeat: 2026-03-27T11:45\n---\n\n## Projects\n- billing-service\n';
    const project = '---\ntype: project\n---\n\n## Next Action\n- Webhooks\n\n## Work Queue\n\n### 2026-03-27T10:00\n**Task:** Add Stripe webhook endpoint\n**Scope:** POST /webhooks/stripe\n**Status:** in-progress\n\n## Notes\n- Agent: billing-dev\n';
    writeFiles(team, { 'agents/billing-dev.md': note, 'projects/billing-service.md': project, 'templates/agent-template.md': 'mine\n' });
    const before = snapshot(team);
    // Read as it is, before any upgrade: the agent, its Work Queue task and its liveness, and the upgrade offered.
    const asIs = ok(await cli('status', '--now', '2026-03-27T12:00'));
    assert.match(asIs, /\nbilling-dev +alive +15m +0 +Add Stripe webhook endpoint\n/);
    assert.match(asIs, /older format: 1 agent read from flat agents\/<slug>\.md .*Upgrade in one step: cortex-team upgrade \(--dry-run shows the diff\)\.\n$/);
    const asJson = JSON.parse(ok(await cli('status', '--json', '--now', '2026-03-27T12:00'))) as { agents: Array<{ slug: string }>; olderFormat: { agents: string[]; problem: string | null } };
    assert.deepStrictEqual([asJson.agents.map((a) => a.slug), asJson.olderFormat], [['billing-dev'], { agents: ['billing-dev'], problem: null, upgrade: 'cortex-team upgrade' }]);
    assert.deepStrictEqual(snapshot(team), before);
    const dry = ok(await cli('upgrade', '--dry-run'));
    assert.match(dry, /^Billing Dev \(billing-dev\): last heartbeat 2026-03-27T11:45, 1 task\n  - Add Stripe webhook endpoint \(in-progress, dispatched 2026-03-27T10:00, from projects\/billing-service\.md\)\n/);
    assert.match(dry, /\+\+\+ b\/agents\/billing-dev\/tasks\.md\n/);
    assert.match(dry, /Dry run: nothing was written\.\n$/);
    assert.deepStrictEqual(snapshot(team), before);
    assert.match(ok(await cli('upgrade')), /^Upgraded .*: 1 agent moved to agents\/<slug>\/ with 1 task from 1 Work Queue\.\n$/);
    assert.strictEqual(read('agents/billing-dev/billing-dev.md'), note.replace('last-heartbeat: 2026-03-27T11:45\n', ''));
    assert.strictEqual(read('agents/billing-dev/tasks.md'), '## Add Stripe webhook endpoint\n**Status:** in-progress\n\nPOST /webhooks/stripe\n\n<!-- cortex:last-tick 2026-03-27T11:45 -->\n');
    assert.strictEqual(read('projects/billing-service.md'), '---\ntype: project\n---\n\n## Next Action\n- Webhooks\n\n## Notes\n- Agent: billing-dev\n');
    assert.strictEqual(read('templates/agent-template.md'), 'mine\n');
    assert.deepStrictEqual(readdirSync(path.join(team, 'agents')), ['billing-dev']);
    assert.deepStrictEqual(parseActivity(read(ACTIVITY_FILE)).events.map((e) => e.event_type), ['team.upgraded']);
    const status = JSON.parse(ok(await cli('status', '--json', '--now', NOW))) as { agents: Array<{ slug: string; lastTick: string | null }> };
    assert.deepStrictEqual(status.agents.map((a) => [a.slug, a.lastTick]), [['billing-dev', '2026-03-27T11:45']]);
    assert.match(ok(await cli('upgrade')), /is not in the older format/);
  });

  it('upgrade refuses what it cannot map, writing nothing', async () => {
    writeFiles(team, { 'projects/orphan.md': '## Work Queue\n\n### 2026-03-27T10:00\n**Task:** Lost\n**Status:** ready\n', 'agents/keep/keep.md': '---\nname: Keep\n---\n' });
    const before = snapshot(team);
    const r = await cli('upgrade');
    assert.strictEqual(r.code, 2, r.stderr);
    assert.match(r.stderr, /projects\/orphan\.md has a Work Queue, but no agent lists it under ## Projects/);
    assert.deepStrictEqual(snapshot(team), before);
    writeFileSync(path.join(team, 'agents/keep.md'), '---\nname: Keep\n---\n## Projects\n- orphan\n');
    const twice = await cli('upgrade');
    assert.strictEqual(twice.code, 2);
    assert.match(twice.stderr, /agents\/keep\/ exists already/);
  });
});
