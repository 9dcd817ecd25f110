import * as assert from 'assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { ACTIVITY_FILE, parseActivity } from '../../../src/core/actions/activity';
import { hookShellCommand } from '../../../src/core/agents/launch-command';
import { planAgentSetup } from '../../../src/core/agent-setup/setup-plan';
import { NodeTeamFs } from '../../../src/core/fs/node-fs';
import { cortexLaunch } from '../../../src/core/mcp-wiring/launch';
import { CORTEX_BEGIN } from '../../../src/core/protocol-file/marked-section';
import { PROTOCOL_TEMPLATE_DIR, ProtocolRuntime, loadProtocolTemplates } from '../../../src/core/protocol-file/protocol';
import { CliResult, cliBundle, runCli } from './cli-bundle';
import { snapshot, writeFiles } from '../team-folder';

/** `cortex-team protocol`, run as a real process: the planner of Generate Protocol File, from a terminal. */

const ROOT = path.resolve(__dirname, '../../../..');

describe('cortex-team protocol (real process)', function () {
  this.timeout(30000);
  let root: string;
  let team: string;
  let project: string;
  let home: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    await cliBundle();
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-protocol-verb-'));
    team = path.join(root, 'team');
    project = path.join(root, 'ada-project');
    home = path.join(root, 'home');
    mkdirSync(project);
    mkdirSync(home);
    writeFiles(team, {
      'agents/ada/ada.md': `---\nname: Ada Lovelace\nproject: ${project}\n---\n## Role\nBackend.\n`,
      'agents/ada/tasks.md': '',
      'agents/nofolder/nofolder.md': '---\nname: No Folder\n---\n',
      'agents/nofolder/tasks.md': '',
    });
    env = { PATH: process.env.PATH, HOME: home, TZ: process.env.TZ, CORTEX_TEAM_SETTLE_MS: '0' };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const cli = (...args: string[]) => runCli([...args, '--team', team], { env, cwd: root });
  const read = (p: string) => readFileSync(path.join(project, p), 'utf8');

  function ok(r: CliResult): string {
    assert.strictEqual(r.code, 0, `exit ${r.code}: ${r.stderr}`);
    assert.strictEqual(r.stderr, '');
    return r.stdout;
  }

  async function refused(code: number, args: string[], pattern: RegExp): Promise<void> {
    const before = [snapshot(team), snapshot(project), snapshot(home)];
    const r = await cli(...args);
    assert.strictEqual(r.code, code, `expected exit ${code}, got ${r.code}: ${r.stderr}${r.stdout}`);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /^[^\n]+\n$/, `not one line: ${JSON.stringify(r.stderr)}`);
    assert.match(r.stderr, pattern);
    assert.deepStrictEqual([snapshot(team), snapshot(project), snapshot(home)], before);
  }

  /** What the core planner writes for this agent, with the CLI bundle as the Cortex command. */
  async function expected(runtime: ProtocolRuntime): Promise<Map<string, string>> {
    const cortex = { kind: 'node' as const, cliPath: await cliBundle() };
    const templates = await loadProtocolTemplates(async (name) => readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
    const ctx = {
      agentName: 'Ada Lovelace',
      agentSlug: 'ada',
      teamDir: team,
      project,
      heartbeatMinutes: 15,
      staleAfterMinutes: 30,
      dailyBriefing: '09:00',
      dailyReview: '18:00',
      stateHooks: { claudeCode: hookShellCommand(cortex, team, 'ada', 'claude-code'), gemini: hookShellCommand(cortex, team, 'ada', 'gemini') },
    };
    const r = await planAgentSetup(new NodeTeamFs(project), runtime, 'worker', ctx, templates, cortexLaunch(cortex, team, 'ada'));
    return new Map(r.plans!.map((p) => [p.path, p.after]));
  }

  it('writes the same files as the Generate Protocol File planner, records it, and is then up to date', async () => {
    const want = await expected('claude-code');
    const out = ok(await cli('protocol', '--agent', 'ada', '--runtime', 'claude-code'));
    assert.match(out, /^Wrote Ada Lovelace's worker protocol for Claude Code in .*: creates \.cortex\.md; creates CLAUDE\.local\.md; creates \.claude\/hooks\/cortex-precheck\.sh; creates \.claude\/settings\.json; creates \.mcp\.json; creates \.claude\/settings\.local\.json\.\n/);
    assert.match(out, /Claude Code will not load the Cortex MCP server until .* is trusted \(~\/\.claude\.json\): run again with --trust/);
    for (const [file, text] of want) assert.strictEqual(read(file), text, file);
    assert.strictEqual(statSync(path.join(project, '.claude/hooks/cortex-precheck.sh')).mode & 0o777, 0o755);
    const feed = parseActivity(readFileSync(path.join(team, ACTIVITY_FILE), 'utf8')).events;
    assert.deepStrictEqual(feed.map((e) => [e.event_type, e.actor, e.payload.via, e.subject]), [['protocol.generated', 'cortex-team', 'cli', 'claude-code protocol for ada']]);
    const again = ok(await cli('protocol', '--agent', 'ada', '--runtime', 'claude-code'));
    assert.match(again, /^Ada Lovelace's Claude Code protocol in .* is up to date \(.*\); nothing was written\.\n/);
  });

  it("OpenCode: the section added to the person's AGENTS.md and the server to their opencode.json, every other byte kept", async () => {
    const mine = '# Notes\n\nRun `make test` before committing.\n';
    const config = '{\n  // the docs server\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://example.com/mcp" }\n  }\n}\n';
    writeFileSync(path.join(project, 'AGENTS.md'), mine);
    writeFileSync(path.join(project, 'opencode.json'), config);
    const want = await expected('opencode');
    ok(await cli('protocol', '--agent', 'ada', '--runtime', 'opencode'));
    assert.ok(read('AGENTS.md').startsWith(mine + '\n' + CORTEX_BEGIN), read('AGENTS.md'));
    assert.strictEqual(read('AGENTS.md'), want.get('AGENTS.md'));
    assert.strictEqual(read('opencode.json'), want.get('opencode.json'));
    assert.ok(read('opencode.json').startsWith('{\n  // the docs server\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://example.com/mcp" }'));
    assert.match(read('opencode.json'), /"cortex": \{\s*"type": "local",\s*"command": \[/);
  });

  it('any other runtime: cortex-system-prompt.md, and how to add the server by hand', async () => {
    const out = ok(await cli('protocol', '--agent', 'ada', '--runtime', 'other'));
    assert.deepStrictEqual(Object.keys(snapshot(project)), ['cortex-system-prompt.md']);
    assert.match(out, /Give cortex-system-prompt\.md to the agent as its system prompt; .*"cortex-team mcp --team .* --agent ada"/);
  });

  it('--dry-run prints the diff and writes nothing', async () => {
    writeFileSync(path.join(project, 'GEMINI.md'), '# Mine\n');
    const before = [snapshot(team), snapshot(project)];
    const out = ok(await cli('protocol', '--agent', 'ada', '--runtime', 'gemini', '--dry-run', '--trust'));
    assert.match(out, /^--- a\/GEMINI\.md\n\+\+\+ b\/GEMINI\.md\n@@ -1,1 \+1,\d+ @@\n # Mine\n\+\n\+<!-- cortex:begin/);
    assert.match(out, /\n--- \/dev\/null\n\+\+\+ b\/\.gemini\/settings\.json\n/);
    assert.match(out, /\n--- \/dev\/null\n\+\+\+ b\/~\/\.gemini\/trustedFolders\.json\n/);
    assert.match(out, /Dry run: nothing was written\.\n$/);
    assert.deepStrictEqual([snapshot(team), snapshot(project)], before);
    assert.deepStrictEqual(snapshot(home), {});
  });

  it('--trust writes the trust in the home folder too', async () => {
    const out = ok(await cli('protocol', '--agent', 'ada', '--runtime', 'gemini', '--trust'));
    assert.match(out, /Trusted .* for Gemini CLI in ~\/\.gemini\/trustedFolders\.json\.\n$/);
    assert.deepStrictEqual(JSON.parse(readFileSync(path.join(home, '.gemini/trustedFolders.json'), 'utf8')), { [project]: 'TRUST_FOLDER' });
  });

  it('refuses an unknown runtime, an unknown agent, a missing project folder and invalid JSON, writing nothing', async () => {
    await refused(2, ['protocol', '--agent', 'ada', '--runtime', 'vim'], /unknown runtime "vim"; the runtimes are claude-code, codex, cursor, gemini, opencode, other/);
    await refused(2, ['protocol', '--agent', 'zed', '--runtime', 'codex'], /zed/);
    await refused(2, ['protocol', '--agent', 'nofolder', '--runtime', 'codex'], /No Folder's note has no project folder/);
    writeFileSync(path.join(project, '.mcp.json'), '{ "mcpServers": ');
    await refused(2, ['protocol', '--agent', 'ada', '--runtime', 'claude-code'], /nothing was written in .*\.mcp\.json/);
  });
});
