import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { ACTIVITY_FILE, parseActivity } from '../../../src/core/actions/activity';
import { CliResult, cliBundle, runCli } from './cli-bundle';
import { snapshot, writeFiles } from '../team-folder';

/** `cortex-team leave` (the plugin's /leave), run as a real process, on what `cortex-team protocol` wrote over a person's files. */

describe('cortex-team leave (real process)', function () {
  this.timeout(30000);
  let root: string;
  let team: string;
  let project: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-leave-verb-'));
    team = path.join(root, 'team');
    project = path.join(root, 'ada-project');
    mkdirSync(project);
    mkdirSync(path.join(root, 'home'));
    writeFiles(team, { 'agents/ada/ada.md': `---\nname: Ada Lovelace\nproject: ${project}\nstatus: active\n---\n## Role\nBackend.\n`, 'agents/ada/tasks.md': '' });
    env = { PATH: process.env.PATH, HOME: path.join(root, 'home'), TZ: process.env.TZ, CORTEX_TEAM_SETTLE_MS: '0' };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const cli = (...args: string[]) => runCli([...args, '--team', team], { env, cwd: root });

  function ok(r: CliResult): string {
    assert.strictEqual(r.code, 0, `exit ${r.code}: ${r.stderr}`);
    assert.strictEqual(r.stderr, '');
    return r.stdout;
  }

  async function refused(code: number, args: string[], pattern: RegExp): Promise<void> {
    const before = [snapshot(team), snapshot(project)];
    const r = await cli(...args);
    assert.strictEqual(r.code, code, `expected exit ${code}, got ${r.code}: ${r.stderr}${r.stdout}`);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /^[^\n]+\n$/, `not one line: ${JSON.stringify(r.stderr)}`);
    assert.match(r.stderr, pattern);
    assert.deepStrictEqual([snapshot(team), snapshot(project)], before);
  }

  it("leave: after protocol for three runtimes over a person's files, --dry-run shows the diff, then every file of theirs is back byte for byte", async () => {
    const person: Record<string, string> = {
      'AGENTS.md': '# Notes\r\n\r\nRun make test.\r\n',
      'CLAUDE.local.md': '# Local\n\nUse pnpm.\n',
      '.mcp.json': '{\n  "mcpServers": {\n    "docs": { "command": "docs-server" }\n  }\n}\n',
      '.codex/config.toml': 'model = "o4"\n',
    };
    writeFiles(project, person);
    for (const runtime of ['claude-code', 'codex', 'opencode']) ok(await cli('protocol', '--agent', 'ada', '--runtime', runtime));
    const setUp = snapshot(project);
    const dry = ok(await cli('leave', '--agent', 'ada', '--dry-run'));
    assert.match(dry, /^--- a\/\.cortex\.md\n\+\+\+ \/dev\/null\n/);
    assert.match(dry, /Ada Lovelace would leave .*: \.cortex\.md \(removed\), CLAUDE\.local\.md \(the "## Cortex" section taken out\), .*; agents\/ada\/ada\.md would say status: inactive\. Dry run: nothing was changed\.\n$/);
    assert.match(dry, /--- a\/agents\/ada\/ada\.md\n\+\+\+ b\/agents\/ada\/ada\.md\n[^]*-status: active\n\+status: inactive\n/);
    assert.deepStrictEqual(snapshot(project), setUp);
    const note = readFileSync(path.join(team, 'agents/ada/ada.md'), 'utf8');
    const out = ok(await cli('leave', '--agent', 'ada'));
    assert.match(out, /^Ada Lovelace left .*: \.cortex\.md \(removed\), CLAUDE\.local\.md \(the "## Cortex" section taken out\), \.claude\/hooks\/cortex-precheck\.sh \(removed\), \.claude\/settings\.json \(removed\), \.claude\/settings\.local\.json \(removed\), \.mcp\.json \(the cortex MCP server taken out\), AGENTS\.md \(the Cortex section taken out\), \.codex\/config\.toml \(the cortex MCP server block taken out\), opencode\.json \(removed\)\. agents\/ada\/ada\.md now says status: inactive\.\n$/);
    // The plugin's /leave: the note's status goes to inactive, every other byte kept.
    assert.strictEqual(readFileSync(path.join(team, 'agents/ada/ada.md'), 'utf8'), note.replace('status: active', 'status: inactive'));
    assert.deepStrictEqual(snapshot(project), Object.fromEntries(Object.entries(person).map(([k, v]) => [k, Buffer.from(v).toString('base64')])));
    const feed = parseActivity(readFileSync(path.join(team, ACTIVITY_FILE), 'utf8')).events;
    assert.deepStrictEqual(feed.map((e) => e.event_type), ['protocol.generated', 'protocol.generated', 'protocol.generated', 'protocol.removed']);
    assert.strictEqual(feed[3].payload.status, 'inactive');
    assert.match(ok(await cli('leave', '--agent', 'ada')), /holds no Cortex setup for Ada Lovelace; nothing was changed\.\n$/);
  });

  it('leave refuses a project whose Cortex part it cannot take out safely, changing nothing', async () => {
    writeFileSync(path.join(project, 'GEMINI.md'), '<!-- cortex:begin -->\nhalf a section\n');
    writeFileSync(path.join(project, '.cortex.md'), 'the protocol\n');
    await refused(2, ['leave', '--agent', 'ada'], /nothing was changed in .*GEMINI\.md: the Cortex section that starts on line 1 has no end marker/);
  });
});
