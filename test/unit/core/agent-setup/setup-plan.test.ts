import * as assert from 'assert';
import { planAgentSetup } from '../../../../src/core/agent-setup/setup-plan';
import { writePlannedText } from '../../../../src/core/agent-setup/write-plan';
import { CortexConflictError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { CORTEX_BEGIN, CORTEX_END } from '../../../../src/core/protocol-file/marked-section';
import { renderProtocol } from '../../../../src/core/protocol-file/protocol';
import { decodeText } from '../../../../src/core/text/text';
import { Templates, ctx, launch, shippedTemplates } from './setup-fixture';


describe('planAgentSetup (the planner of Generate Protocol File and cortex-team protocol)', () => {
  let templates: Templates;
  before(async () => {
    templates = await shippedTemplates();
  });

  it('OpenCode: the Cortex section in AGENTS.md and a local cortex server in opencode.json, the person\'s servers and comments kept', async () => {
    const opencode = '{\n  // my servers\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://example.com/mcp" }\n  }\n}\n';
    const fs = new MemoryTeamFs({ 'AGENTS.md': '# My project\n\nRun make test.\n', 'opencode.json': opencode });
    const r = await planAgentSetup(fs, 'opencode', 'worker', ctx, templates, launch);
    assert.ok(r.plans, r.problem);
    assert.deepStrictEqual(r.plans.map((p) => [p.path, p.change]), [['AGENTS.md', 'add-section'], ['opencode.json', 'add-entry']]);
    const agents = r.plans[0].after;
    assert.ok(agents.startsWith('# My project\n\nRun make test.\n'));
    assert.ok(agents.includes(CORTEX_BEGIN) && agents.includes(CORTEX_END));
    assert.ok(agents.includes(renderProtocol(templates, 'worker', ctx, 'opencode').trimEnd()));
    assert.ok(agents.includes('in OpenCode.'));
    const json = r.plans[1].after;
    assert.ok(json.startsWith('{\n  // my servers\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://example.com/mcp" }'));
    const parsed = JSON.parse(json.replace('  // my servers\n', '')) as { mcp: Record<string, unknown> };
    assert.deepStrictEqual(parsed.mcp.cortex, { type: 'local', command: ['node', '/opt/cortex/cli.js', 'mcp', '--team', '/team', '--agent', 'ada'], enabled: true });
  });

  it('OpenCode and Codex share AGENTS.md: one Cortex section, whichever wrote it', async () => {
    const first = await planAgentSetup(new MemoryTeamFs(), 'codex', 'worker', ctx, templates, launch);
    const agents = first.plans![0].after;
    const again = await planAgentSetup(new MemoryTeamFs({ 'AGENTS.md': agents }), 'opencode', 'worker', ctx, templates, launch);
    const section = again.plans!.find((p) => p.path === 'AGENTS.md')!;
    assert.strictEqual(section.after.split(CORTEX_BEGIN).length, 2);
  });

  it('any other runtime: the protocol alone in cortex-system-prompt.md, no wiring, the runtime named in words', async () => {
    const r = await planAgentSetup(new MemoryTeamFs(), 'other', 'worker', ctx, templates, launch);
    assert.deepStrictEqual(r.plans!.map((p) => [p.path, p.change]), [['cortex-system-prompt.md', 'create']]);
    assert.ok(r.plans![0].after.includes('in the agent runtime you run in.'));
  });

  it('refuses, with the reason and no plan, a configuration that is not valid JSON', async () => {
    const r = await planAgentSetup(new MemoryTeamFs({ 'opencode.json': '{ "mcp": ' }), 'opencode', 'worker', ctx, templates, launch);
    assert.strictEqual(r.plans, undefined);
    assert.match(r.problem!, /opencode\.json/);
  });

  it('refuses a file with two Cortex sections', async () => {
    const twice = `${CORTEX_BEGIN}\na\n${CORTEX_END}\n${CORTEX_BEGIN}\nb\n${CORTEX_END}\n`;
    const r = await planAgentSetup(new MemoryTeamFs({ 'AGENTS.md': twice }), 'codex', 'worker', ctx, templates, launch);
    assert.match(r.problem!, /AGENTS\.md/);
  });
});

describe('writePlannedText', () => {
  it('writes what was planned, and refuses a file that changed after the plan (nothing written)', async () => {
    const fs = new MemoryTeamFs({ 'AGENTS.md': 'one\n' });
    await writePlannedText(fs, { path: 'AGENTS.md', before: 'one\n', after: 'two\n' });
    assert.strictEqual(decodeText(await fs.readFile('AGENTS.md')), 'two\n');
    await assert.rejects(writePlannedText(fs, { path: 'AGENTS.md', before: 'one\n', after: 'three\n' }), (e: unknown) => e instanceof CortexConflictError && /changed on disk/.test(e.message));
    assert.strictEqual(decodeText(await fs.readFile('AGENTS.md')), 'two\n');
    await assert.rejects(writePlannedText(fs, { path: 'AGENTS.md', before: undefined, after: 'new\n' }), /created by another program/);
    assert.strictEqual(decodeText(await fs.readFile('AGENTS.md')), 'two\n');
  });
});
