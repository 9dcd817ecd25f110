import * as assert from 'assert';
import { LEAVE_PATHS, planLeave } from '../../../../src/core/agent-setup/leave-plan';
import { planAgentSetup } from '../../../../src/core/agent-setup/setup-plan';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { hookShellCommand } from '../../../../src/core/agents/launch-command';
import { PROTOCOL_RUNTIMES, ProtocolContext } from '../../../../src/core/protocol-file/protocol';
import { decodeText } from '../../../../src/core/text/text';
import { Templates, ctx as ada, launch, shippedTemplates } from './setup-fixture';

const cortex = { kind: 'node' as const, cliPath: '/opt/cortex/cli.js' };
/** Ada with the state hooks, so that leaving takes them out too. */
const ctx: ProtocolContext = {
  ...ada,
  stateHooks: { claudeCode: hookShellCommand(cortex, '/team', 'ada', 'claude-code'), gemini: hookShellCommand(cortex, '/team', 'ada', 'gemini') },
};

/** A project a person filled before the agent joined: their own text and settings in every file the setup touches. */
const PERSON: Record<string, string> = {
  'AGENTS.md': '# Agents\r\n\r\nRun `make check` first.\r\n',
  'GEMINI.md': '# Gemini notes\n\nBe brief.\n',
  '.cursorrules': 'Use tabs.\n',
  'CLAUDE.local.md': '# Local\n\nUse pnpm.\n\n## Secrets\nNever print them.\n',
  '.claude/settings.json': '{\n    "model": "opus",\n    "hooks": {\n        "Stop": [\n            { "hooks": [ { "type": "command", "command": "say done" } ] }\n        ]\n    }\n}\n',
  '.claude/settings.local.json': '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  }\n}\n',
  '.mcp.json': '{\n  "mcpServers": {\n    "docs": { "command": "docs-server" }\n  }\n}\n',
  '.codex/config.toml': 'model = "o4"\n\n[mcp_servers.docs]\ncommand = "docs-server"\n',
  '.cursor/mcp.json': '{\n  // mine\n  "mcpServers": { "docs": { "command": "docs-server" } }\n}\n',
  '.gemini/settings.json': '{\n  // theme\n  "theme": "dark"\n}\n',
  'opencode.json': '{\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://example.com/mcp" }\n  }\n}\n',
};

async function files(fs: MemoryTeamFs): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of LEAVE_PATHS) {
    if (await fs.stat(p)) out[p] = decodeText(await fs.readFile(p));
  }
  return out;
}

async function setUp(fs: MemoryTeamFs, templates: Templates): Promise<void> {
  for (const spec of PROTOCOL_RUNTIMES) {
    const r = await planAgentSetup(fs, spec.id, 'worker', ctx, templates, launch);
    assert.ok(r.plans, `${spec.id}: ${r.problem}`);
    for (const p of r.plans) await fs.writeFile(p.path, new TextEncoder().encode(p.after));
  }
}

async function leave(fs: MemoryTeamFs): Promise<string[]> {
  const plans = planLeave((p) => fs.get(p));
  for (const p of plans) {
    if (p.after === null) await fs.remove(p.path);
    else await fs.writeFile(p.path, new TextEncoder().encode(p.after));
  }
  return plans.map((p) => `${p.path}: ${p.after === null ? 'removed' : p.what}`);
}

describe('planLeave (/leave: the Cortex part out of a project, every other byte kept)', () => {
  let templates: Templates;
  before(async () => {
    templates = await shippedTemplates();
  });

  it('after every runtime was set up in a project a person had filled, leaves every file of theirs byte for byte', async () => {
    const fs = new MemoryTeamFs(PERSON);
    await setUp(fs, templates);
    assert.notDeepStrictEqual(await files(fs), PERSON);
    const done = await leave(fs);
    assert.deepStrictEqual(await files(fs), PERSON);
    assert.ok(done.includes('.cortex.md: removed') && done.includes('.claude/hooks/cortex-precheck.sh: removed') && done.includes('cortex-system-prompt.md: removed'), done.join('\n'));
    assert.deepStrictEqual(planLeave((p) => fs.get(p)), [], 'a second leave finds nothing');
  });

  it('in an empty project, removes every file the setup created', async () => {
    const fs = new MemoryTeamFs();
    await setUp(fs, templates);
    await leave(fs);
    assert.deepStrictEqual(await files(fs), {});
  });

  it('keeps what a person wrote inside our files after the setup: their text around the section, their servers and hooks', async () => {
    const fs = new MemoryTeamFs();
    await setUp(fs, templates);
    const agents = fs.get('AGENTS.md')!;
    await fs.writeFile('AGENTS.md', new TextEncoder().encode(`# Mine, added later\n\n${agents}\n## After\nKeep me.\n`));
    const mcp = JSON.parse(fs.get('.mcp.json')!) as { mcpServers: Record<string, unknown> };
    await fs.writeFile('.mcp.json', new TextEncoder().encode(JSON.stringify({ mcpServers: { docs: { command: 'd' }, ...mcp.mcpServers } }, null, 2) + '\n'));
    await leave(fs);
    assert.strictEqual(fs.get('AGENTS.md')!, '# Mine, added later\n\n## After\nKeep me.\n');
    assert.strictEqual(fs.get('.mcp.json')!, '{\n  "mcpServers": {\n    "docs": {\n      "command": "d"\n    }\n  }\n}\n');
  });

  it("takes out the Cortex plugin's own /join files: a whole .cortex.md without markers, the ## Cortex section, its hook entry", () => {
    const plans = planLeave(
      (p) =>
        ({
          '.cortex.md': '# Cortex Protocol\n\nYou are ada.\n',
          'CLAUDE.local.md': '## Cortex\nRead .cortex.md at the start of every session.\n',
          '.claude/settings.json': '{\n  "hooks": {\n    "UserPromptSubmit": [\n      { "hooks": [{ "type": "command", "command": ".claude/hooks/cortex-precheck.sh" }] }\n    ]\n  }\n}\n',
        })[p],
    );
    assert.deepStrictEqual(plans.map((p) => [p.path, p.after]), [['.cortex.md', null], ['CLAUDE.local.md', null], ['.claude/settings.json', null]]);
  });

  it("takes out the plugin's older /join-cortex files: TEAM.md, and the ## Cortex section of CLAUDE.md with the person's sections kept", () => {
    const plans = planLeave(
      (p) =>
        ({
          'TEAM.md': '# Cortex Team Protocol\n\nYou are ada.\n',
          'CLAUDE.md': '# Project\n\nUse make.\n\n## Cortex\nAt session start, read TEAM.md.\n\n## Style\nTabs.\n',
        })[p],
    );
    assert.deepStrictEqual(plans.map((p) => [p.path, p.after]), [['TEAM.md', null], ['CLAUDE.md', '# Project\n\nUse make.\n\n## Style\nTabs.\n']]);
  });

  it('refuses, naming the file, what it cannot take out safely: two sections, invalid JSON, a comment inside the entry', () => {
    const refuse = (texts: Record<string, string>, pattern: RegExp) => assert.throws(() => planLeave((p) => texts[p]), (e: unknown) => e instanceof CortexInputError && pattern.test(e.message));
    refuse({ 'AGENTS.md': '<!-- cortex:begin -->\na\n<!-- cortex:end -->\n<!-- cortex:begin -->\nb\n<!-- cortex:end -->\n' }, /AGENTS\.md has two Cortex sections/);
    refuse({ '.mcp.json': '{ "mcpServers": ' }, /\.mcp\.json is not valid JSON/);
    refuse({ '.cursor/mcp.json': '{ "mcpServers": { "docs": {}, /* keep */ "cortex": {} } }' }, /\.cursor\/mcp\.json: a comment sits in the Cortex entry/);
  });
});
