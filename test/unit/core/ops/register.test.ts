import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { fillAgentTemplate, projectSlug, registerAgent, slugify } from '../../../../src/core/ops/register';
import { parseAgentNote } from '../../../../src/core/parse/agent-note';
import { BUILTIN_AGENT_TEMPLATE, BUILTIN_PROJECT_TEMPLATE } from '../../../../src/core/team/builtin-templates';

const ROOT = path.resolve(__dirname, '../../../../..');

describe('register', () => {
  it('keeps the built-in templates equal to templates/*.md', () => {
    assert.strictEqual(BUILTIN_AGENT_TEMPLATE, readFileSync(path.join(ROOT, 'templates/agent-template.md'), 'utf8'));
    assert.strictEqual(BUILTIN_PROJECT_TEMPLATE, readFileSync(path.join(ROOT, 'templates/project-template.md'), 'utf8'));
  });

  it('derives slugs as the protocol says', () => {
    assert.strictEqual(slugify('Billing Dev'), 'billing-dev');
    assert.strictEqual(slugify('Chief of Staff'), 'chief-of-staff');
    assert.strictEqual(slugify('  R2-D2 (beta)! '), 'r2-d2-beta');
    assert.strictEqual(slugify('José Dev'), 'jos-dev', 'accented letters are dropped, as the plugin does');
    assert.strictEqual(slugify('Straße Øre Łódź'), 'strae-re-d');
    assert.strictEqual(slugify('Two  Spaces'), 'two--spaces', 'as the plugin: runs of hyphens stay');
    assert.strictEqual(slugify('../etc'), 'etc');
    assert.strictEqual(projectSlug('~/Projects/Billing Service/'), 'billing-service');
    assert.strictEqual(projectSlug('C:\\work\\api'), 'api');
  });

  it('writes the note from the built-in template and an empty tasks.md', async () => {
    const fs = new MemoryTeamFs();
    const r = await registerAgent(fs, {
      name: 'Billing Dev',
      project: '~/Projects/billing-service',
      role: 'Build and maintain the billing service.',
      capabilities: ['Python/FastAPI development', 'Stripe integration'],
      joined: '2026-03-28',
    });
    assert.deepStrictEqual(r, {
      slug: 'billing-dev',
      notePath: 'agents/billing-dev/billing-dev.md',
      tasksPath: 'agents/billing-dev/tasks.md',
      createdTasks: true,
      template: 'built-in',
      otherSpelling: false,
    });
    assert.strictEqual(
      fs.get(r.notePath),
      [
        '---',
        'name: Billing Dev',
        'project: ~/Projects/billing-service',
        'status: active',
        'joined: 2026-03-28',
        '---',
        '',
        '## Role',
        'Build and maintain the billing service.',
        '',
        '## Projects',
        '- billing-service',
        '',
        '## Capabilities',
        '- Python/FastAPI development',
        '- Stripe integration',
        '',
        '## Session Log',
        'Last session: --',
        'Status: registered',
        '',
      ].join('\n'),
    );
    assert.strictEqual(fs.get(r.tasksPath), '');
    assert.deepStrictEqual(fs.paths(), ['agents/billing-dev/billing-dev.md', 'agents/billing-dev/tasks.md']);
  });

  it("uses the team's template, keeping what it adds, in its line-ending style", async () => {
    const template = '---\r\nname: ""\r\nproject: ""\r\nstatus: active\r\njoined: ""\r\nlevel: 2\r\n---\r\n## Role\r\n\r\n## Notes\r\nKeep me.\r\n';
    const fs = new MemoryTeamFs({ 'templates/agent-template.md': template });
    const r = await registerAgent(fs, { name: 'Ada', role: 'Reviews', capabilities: ['TS'], joined: '2026-01-02' });
    assert.strictEqual(r.template, 'team');
    assert.strictEqual(
      fs.get(r.notePath),
      '---\r\nname: Ada\r\nproject: ""\r\nstatus: active\r\njoined: 2026-01-02\r\nlevel: 2\r\n---\r\n## Role\r\nReviews\r\n\r\n## Notes\r\nKeep me.\r\n' +
        '\r\n## Capabilities\r\n- TS\r\n\r\n## Session Log\r\nLast session: --\r\nStatus: registered\r\n',
    );
  });

  it('quotes YAML values that need it and adds missing frontmatter', () => {
    const out = fillAgentTemplate('## Role\n', { name: 'Yes: no', project: '/p/x', capabilities: [], joined: '2026-01-02' });
    assert.strictEqual(
      out,
      '---\nname: "Yes: no"\nproject: /p/x\nstatus: active\njoined: 2026-01-02\n---\n## Role\n\n## Projects\n- x\n\n## Session Log\nLast session: --\nStatus: registered\n',
    );
  });

  it("writes the launch profile chosen as launch:, in place of a template's own (with its indented lines), and reads back as that profile", async () => {
    const codex = { cli: 'codex' as const, command: null, args: [], env: {}, worktree: null, heartbeat: null };
    const custom = { ...codex, cli: 'custom' as const, command: './run agent.sh --fast' };
    assert.match(fillAgentTemplate('## Role\n', { name: 'Ada', capabilities: [], joined: '2026-01-02', launch: codex }), /^---\nname: Ada\nstatus: active\njoined: 2026-01-02\nlaunch: codex\n---\n/);
    const template = '---\nname: ""\nlaunch:\n  cli: gemini\n  args: [-m, x]\nlevel: 2\n---\n## Role\n';
    const out = fillAgentTemplate(template, { name: 'Ada', capabilities: [], joined: '2026-01-02', launch: custom });
    assert.match(out, /^---\nname: Ada\nlaunch:\n  cli: custom\n  command: "\.\/run agent\.sh --fast"\nlevel: 2\nstatus: active\njoined: 2026-01-02\n---\n/);
    const fs = new MemoryTeamFs({});
    const r = await registerAgent(fs, { name: 'Ada', joined: '2026-01-02', launch: custom });
    assert.deepEqual(parseAgentNote(fs.get(r.notePath)!, r.notePath, 'ada').launch, custom);
    await assert.rejects(registerAgent(new MemoryTeamFs({}), { name: 'Bo', joined: '2026-01-02', launch: { ...custom, command: 'a\nb' } }), /launch command/);
  });

  it('leaves an existing tasks.md alone', async () => {
    const fs = new MemoryTeamFs({ 'agents/ada/tasks.md': '## Kept\n**Status:** ready\n' });
    const r = await registerAgent(fs, { name: 'Ada', joined: '2026-01-02' });
    assert.strictEqual(r.createdTasks, false);
    assert.strictEqual(fs.get('agents/ada/tasks.md'), '## Kept\n**Status:** ready\n');
  });

  it('finds a name\'s folder under its earlier spelling instead of making a second agent', async () => {
    const fs = new MemoryTeamFs({ 'agents/jose-dev/jose-dev.md': '---\nname: José Dev\n---\n', 'agents/rene/tasks.md': '' });
    await assert.rejects(registerAgent(fs, { name: 'José Dev', joined: '2026-01-02' }), /An agent "jose-dev" is already registered .* under another spelling \(jos-dev by the protocol's rule\), so no second folder/);
    // A folder with only a task file (written by hand or another tool) becomes the agent's.
    const r = await registerAgent(fs, { name: 'René', joined: '2026-01-02' });
    assert.deepStrictEqual([r.slug, r.otherSpelling, r.createdTasks], ['rene', true, false]);
    assert.ok(!fs.paths().some((p) => p.startsWith('agents/jos-dev') || p.startsWith('agents/ren/')), 'no second folder');
    // The protocol's folder wins when both exist, and a new name gets the protocol's slug.
    const both = new MemoryTeamFs({ 'agents/jose-dev/tasks.md': '', 'agents/jos-dev/tasks.md': '' });
    assert.strictEqual((await registerAgent(both, { name: 'José Dev', joined: '2026-01-02' })).slug, 'jos-dev');
    assert.strictEqual((await registerAgent(new MemoryTeamFs(), { name: 'Zoë', joined: '2026-01-02' })).otherSpelling, false);
  });

  it('refuses an empty slug, an existing agent and multi-line fields, writing nothing', async () => {
    const fs = new MemoryTeamFs({ 'agents/ada/ada.md': 'mine' });
    await assert.rejects(registerAgent(fs, { name: 'Ada', joined: '2026-01-02' }), /already registered/);
    await assert.rejects(registerAgent(fs, { name: '!!!', joined: '2026-01-02' }), /empty slug/);
    await assert.rejects(registerAgent(fs, { name: '---', joined: '2026-01-02' }), /empty slug/);
    await assert.rejects(registerAgent(fs, { name: 'Bob', role: 'a\nb', joined: '2026-01-02' }), /single line/);
    await assert.rejects(registerAgent(fs, { name: 'Bob', joined: 'today' }), /YYYY-MM-DD/);
    assert.deepStrictEqual(fs.paths(), ['agents/ada/ada.md']);
    assert.strictEqual(fs.get('agents/ada/ada.md'), 'mine');
  });

  it('writes parent and level as the lineage fields, checked against the parent note, and refuses invalid places writing nothing', async () => {
    const files = {
      'agents/lead/lead.md': '---\nname: Lead\nlevel: 1\n---\n',
      'agents/coder/coder.md': '---\nname: Coder\nparent: lead\nlevel: 2\n---\n',
      'agents/helper/helper.md': '---\nname: Helper\nparent: coder\nlevel: 3\n---\n',
      'agents/loose/loose.md': '---\nname: Loose\n---\n',
    };
    const fs = new MemoryTeamFs(files);
    await registerAgent(fs, { name: 'Checker', parent: 'coder', joined: '2026-03-28' });
    const note = fs.get('agents/checker/checker.md')!;
    assert.match(note, /^---\nname: Checker\nproject: ""\nstatus: active\njoined: 2026-03-28\nparent: coder\nlevel: 3\n---\n/);
    const parsed = parseAgentNote(note, 'agents/checker/checker.md', 'checker');
    assert.deepStrictEqual([parsed.parent, parsed.level, parsed.diagnostics], ['coder', 3, []]);
    await registerAgent(fs, { name: 'Top', level: 1, joined: '2026-03-28' });
    assert.match(fs.get('agents/top/top.md')!, /\nlevel: 1\n---/);
    assert.doesNotMatch(fs.get('agents/top/top.md')!, /parent:/);

    const before = fs.paths();
    await assert.rejects(registerAgent(fs, { name: 'Deep', parent: 'helper', joined: '2026-03-28' }), /level-3 support agent; it starts no agents/);
    await assert.rejects(registerAgent(fs, { name: 'Lost', parent: 'nobody', joined: '2026-03-28' }), /not a registered agent/);
    await assert.rejects(registerAgent(fs, { name: 'Odd', parent: 'loose', joined: '2026-03-28' }), /has no level/);
    await assert.rejects(registerAgent(fs, { name: 'Skip', parent: 'lead', level: 3, joined: '2026-03-28' }), /is level 2, not 3/);
    await assert.rejects(registerAgent(fs, { name: 'Four', level: 4, joined: '2026-03-28' }), /must be 1, 2 or 3/);
    await assert.rejects(registerAgent(fs, { name: 'Self', parent: 'self', level: 2, joined: '2026-03-28' }), /its own parent/);
    await assert.rejects(registerAgent(fs, { name: 'Path', parent: '../lead', joined: '2026-03-28' }), /not an agent slug/);
    assert.deepStrictEqual(fs.paths(), before);
  });
});
