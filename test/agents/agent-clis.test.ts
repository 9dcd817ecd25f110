import * as assert from 'assert';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import * as path from 'path';
import { CortexCommand, McpLaunch, cortexLaunch } from '../../src/core/mcp-wiring/launch';
import { WiringFilePlan, planAgentTrust, planMcpWiring } from '../../src/core/mcp-wiring/plan';
import { ProtocolRuntime } from '../../src/core/protocol-file/protocol';
import { AgentCliRun, runAgentCli } from '../harness/agent-cli';
import { AGENT, BIN, CLI, assertClisInstalled, scratchTeam } from './scratch-team';

/**
 * The real agent CLIs read the wiring our generators write, and connect to our server:
 * each test writes the project files (`planMcpWiring`) into a scratch project and the
 * trust step (`planAgentTrust`) into a scratch HOME, then runs the CLI's own MCP
 * listing there. Without the trust step each CLI is checked to refuse the project's
 * server, which is why the dashboard must offer it. No network and no model: the
 * listings read configuration and (Claude Code, Gemini CLI) start the server to check
 * it. Codex's listing reads the configuration only; starting its servers needs a model
 * turn, so that step is not tested.
 *
 * The CLIs come from .vscode-test/agent-clis (scripts/install-agent-clis.mjs, which
 * `npm test` runs); the server is the built dist/cli.js, as the wiring names it.
 */


describe('real agent CLIs read the Cortex MCP wiring and connect to the server', function () {
  this.timeout(120000);
  let root: string;
  let team: string;
  let project: string;
  let home: string;
  let launch: McpLaunch;

  before(assertClisInstalled);

  beforeEach(() => {
    ({ root, team, project, home } = scratchTeam('cortex-agents-'));
    const command: CortexCommand = { kind: 'node', cliPath: CLI };
    launch = cortexLaunch(command, team, AGENT);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Writes each plan's text where it goes (project or home), creating folders. */
  function write(plans: readonly WiringFilePlan[]): void {
    for (const p of plans) {
      const file = path.join(p.scope === 'home' ? home : project, p.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, p.after);
    }
  }

  const existing = (base: () => string) => (rel: string) => {
    const file = path.join(base(), rel);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };

  function wire(runtime: ProtocolRuntime, trust: boolean): void {
    write(planMcpWiring(runtime, launch, existing(() => project)));
    if (trust) write(planAgentTrust(runtime, project, existing(() => home)));
  }

  /** Runs an agent CLI in the project with the scratch HOME (never the user's own configuration). */
  const agent = (name: string, args: readonly string[]): Promise<AgentCliRun> => runAgentCli(BIN, name, args, { cwd: project, home });

  const serverLine = () => `node ${CLI} mcp --team ${team} --agent ${AGENT}`;

  it('Claude Code: .mcp.json, approved in .claude/settings.local.json, trusted in ~/.claude.json → "claude mcp list" connects', async () => {
    wire('claude-code', true);
    const r = await agent('claude', ['mcp', 'list']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes(`cortex: ${serverLine()} - ✔ Connected`), r.stdout);
  });

  it('Claude Code without the trust step: the server waits for approval and is not started', async () => {
    wire('claude-code', false);
    const r = await agent('claude', ['mcp', 'list']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes(`cortex: ${serverLine()} - ⏸ Pending approval`), r.stdout);
  });

  it('Gemini CLI: .gemini/settings.json, the folder trusted in ~/.gemini/trustedFolders.json → "gemini mcp list" connects', async () => {
    // A comment of the user's, kept by the merge, which Gemini CLI reads past.
    mkdirSync(path.join(project, '.gemini'), { recursive: true });
    writeFileSync(path.join(project, '.gemini', 'settings.json'), '{\n  // the user\'s own setting\n  "ui": { "hideTips": true }\n}\n');
    wire('gemini', true);
    assert.match(readFileSync(path.join(project, '.gemini', 'settings.json'), 'utf8'), /^\{\n {2}\/\/ the user's own setting\n {2}"ui": \{ "hideTips": true \},\n {2}"mcpServers": \{\n/);
    const r = await agent('gemini', ['mcp', 'list']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.ok((r.stdout + r.stderr).includes(`✓ cortex: ${serverLine()} (stdio) - Connected`), r.stdout + r.stderr);
  });

  it('Gemini CLI without the trust step: the server is listed as disabled, with the reason', async () => {
    wire('gemini', false);
    const r = await agent('gemini', ['mcp', 'list']);
    const out = r.stdout + r.stderr;
    assert.match(out, /MCP servers are configured but disabled because this folder is untrusted/);
    assert.ok(out.includes(`○ cortex: ${serverLine()} (stdio) - Disabled`), out);
  });

  it('Codex: .codex/config.toml, the project trusted in ~/.codex/config.toml → "codex mcp list" has the server enabled', async () => {
    wire('codex', true);
    const r = await agent('codex', ['mcp', 'list', '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const servers = JSON.parse(r.stdout) as Array<{ name: string; enabled: boolean; transport: { type: string; command: string; args: string[] } }>;
    const cortex = servers.find((s) => s.name === 'cortex');
    assert.ok(cortex, r.stdout);
    assert.strictEqual(cortex.enabled, true);
    assert.deepStrictEqual(cortex.transport.type, 'stdio');
    assert.deepStrictEqual([cortex.transport.command, ...cortex.transport.args], [launch.command, ...launch.args]);
    const table = await agent('codex', ['mcp', 'list']);
    assert.match(table.stdout, new RegExp(`^cortex +node +${CLI.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} mcp --team .* +enabled\\b`, 'm'));
  });

  it('Codex without the trust step: no server configured', async () => {
    wire('codex', false);
    const r = await agent('codex', ['mcp', 'list']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stdout, /No MCP servers configured yet/);
  });
});
