import * as assert from 'assert';
import { parse } from 'smol-toml';
import { codexConfig, codexTrust, tomlString } from '../../../../src/core/mcp-wiring/codex-toml';
import { cortexLaunch } from '../../../../src/core/mcp-wiring/launch';
import { planAgentTrust, planMcpWiring } from '../../../../src/core/mcp-wiring/plan';

/** The Cortex server in Codex's config.toml, and the project trust in ~/.codex/config.toml, byte for byte. */

const launch = cortexLaunch({ kind: 'node', cliPath: '/opt/cortex/dist/cli.js' }, '/home/ada/team', 'billing-dev');
const BEGIN = '# cortex:begin: written by Cortex Team, replaced when it is generated again; keep your own settings outside this block';
const BLOCK = [
  BEGIN,
  '[mcp_servers.cortex]',
  'command = "node"',
  'args = ["/opt/cortex/dist/cli.js", "mcp", "--team", "/home/ada/team", "--agent", "billing-dev"]',
  'default_tools_approval_mode = "approve"',
  'required = true',
  '# cortex:end',
].join('\n');

describe('MCP wiring: Codex .codex/config.toml', () => {
  it('creates the file with the marked block, which Codex reads as the cortex server', () => {
    const r = codexConfig(undefined, launch);
    assert.deepStrictEqual(r, { after: BLOCK + '\n', change: 'create' });
    assert.deepStrictEqual(JSON.parse(JSON.stringify(parse(r.after))), { mcp_servers: { cortex: { command: 'node', args: [...launch.args], default_tools_approval_mode: 'approve', required: true } } });
  });

  it("appends the block after the user's settings and comments, in the file's line breaks", () => {
    const text = '# my settings\r\nmodel = "o3"\r\n\r\n[mcp_servers.db]\r\ncommand = "pg-mcp"\r\n';
    const r = codexConfig(text, launch);
    assert.strictEqual(r.change, 'add');
    assert.strictEqual(r.after, text + '\r\n' + BLOCK.replace(/\n/g, '\r\n') + '\r\n');
  });

  it('replaces only its own block when generated again, and leaves an equal one alone', () => {
    const old = `model = "o3"\n\n${BLOCK.replace('/opt/cortex', '/old')}\n\n[profiles.fast]\nmodel = "mini"\n`;
    const r = codexConfig(old, launch);
    assert.strictEqual(r.change, 'replace');
    assert.strictEqual(r.after, `model = "o3"\n\n${BLOCK}\n\n[profiles.fast]\nmodel = "mini"\n`);
    assert.deepStrictEqual(codexConfig(r.after, launch), { after: r.after, change: 'unchanged' });
  });

  it('refuses invalid TOML, a cortex server of the user\'s own, and a clash with an inline mcp_servers', () => {
    assert.throws(() => codexConfig('model = \n', launch), /^CortexInputError: \.codex\/config\.toml is not valid TOML \(line 1, column 9: invalid value\)\. Fix it, or add \[mcp_servers\.cortex\] yourself; nothing was changed\.$/);
    assert.throws(() => codexConfig('[mcp_servers.cortex]\ncommand = "mine"\n', launch), /already defines the cortex MCP server outside a Cortex block; remove or rename it/);
    assert.throws(() => codexConfig('mcp_servers = { db = { command = "pg" } }\n', launch), /cannot take a \[mcp_servers\.cortex\] table/);
    assert.throws(() => codexConfig(`${BEGIN}\n[mcp_servers.cortex]\n`, launch), /has no end marker \(# cortex:end\)/);
  });

  it('escapes strings the TOML way', () => {
    assert.strictEqual(tomlString('C:\\Users\\ada "x"\u007f'), '"C:\\\\Users\\\\ada \\"x\\"\\u007F"');
    const odd = cortexLaunch({ kind: 'node', cliPath: 'C:\\cortex\\cli.js' }, 'C:\\Team "A"', 'ada');
    const read = parse(codexConfig(undefined, odd).after) as { mcp_servers: { cortex: { args: string[] } } };
    assert.deepStrictEqual(read.mcp_servers.cortex.args, ['C:\\cortex\\cli.js', 'mcp', '--team', 'C:\\Team "A"', '--agent', 'ada']);
  });
});

describe('MCP wiring: Codex project trust (~/.codex/config.toml)', () => {
  it('appends the trusted project table, or creates the file', () => {
    assert.deepStrictEqual(codexTrust(undefined, '/home/ada/api'), { after: '[projects."/home/ada/api"]\ntrust_level = "trusted"\n', change: 'create' });
    const text = 'model = "o3"\n[projects."/home/ada/other"]\ntrust_level = "trusted"';
    assert.deepStrictEqual(codexTrust(text, '/home/ada/api'), { after: `${text}\n\n[projects."/home/ada/api"]\ntrust_level = "trusted"\n`, change: 'add' });
  });

  it('leaves a trusted project alone and refuses to flip one the user set otherwise', () => {
    const trusted = '[projects."/home/ada/api"]\ntrust_level = "trusted"\n';
    assert.strictEqual(codexTrust(trusted, '/home/ada/api').change, 'unchanged');
    assert.throws(() => codexTrust('[projects."/home/ada/api"]\ntrust_level = "untrusted"\n', '/home/ada/api'), /already has \[projects\."\/home\/ada\/api"\] with trust_level = "untrusted"; set it to "trusted" there yourself/);
  });
});

describe('MCP wiring: the plans per agent kind', () => {
  const none = () => undefined;
  it('names the project files each agent kind gets, and the trust each needs in the home folder', () => {
    const files = (r: Parameters<typeof planMcpWiring>[0]) => planMcpWiring(r, launch, none).map((p) => [p.path, p.scope, p.change]);
    assert.deepStrictEqual(files('claude-code'), [['.mcp.json', 'project', 'create'], ['.claude/settings.local.json', 'project', 'create']]);
    assert.deepStrictEqual(files('codex'), [['.codex/config.toml', 'project', 'create']]);
    assert.deepStrictEqual(files('gemini'), [['.gemini/settings.json', 'project', 'create']]);
    assert.deepStrictEqual(files('cursor'), [['.cursor/mcp.json', 'project', 'create']]);
    const trust = (r: Parameters<typeof planAgentTrust>[0]) => planAgentTrust(r, '/home/ada/api', none).map((p) => [p.path, p.scope]);
    assert.deepStrictEqual(trust('claude-code'), [['.claude.json', 'home']]);
    assert.deepStrictEqual(trust('codex'), [['.codex/config.toml', 'home']]);
    assert.deepStrictEqual(trust('gemini'), [['.gemini/trustedFolders.json', 'home']]);
    assert.deepStrictEqual(trust('cursor'), []);
  });

  it('says unchanged when everything is in place, and replace-entry when the launch moved', () => {
    const first = planMcpWiring('gemini', launch, none)[0];
    assert.strictEqual(planMcpWiring('gemini', launch, () => first.after)[0].change, 'unchanged');
    const moved = cortexLaunch({ kind: 'path' }, '/home/ada/team', 'billing-dev');
    assert.strictEqual(planMcpWiring('gemini', moved, () => first.after)[0].change, 'replace-entry');
  });
});
