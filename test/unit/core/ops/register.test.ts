import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { fillAgentTemplate, projectSlug, registerAgent, slugify } from '../../../../src/core/ops/register';
import { BUILTIN_AGENT_TEMPLATE, BUILTIN_PROJECT_TEMPLATE } from '../../../../src/core/templates';

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
    assert.strictEqual(slugify('Zoë'), 'zoe', 'accented letters keep their base letter');
    assert.strictEqual(slugify('Ünïcode Ågent 🚀'), 'unicode-agent', 'and hyphens left at the ends by dropped characters go');
    assert.strictEqual(slugify('Straße Øre Łódź'), 'strasse-ore-lodz');
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

  it('leaves an existing tasks.md alone', async () => {
    const fs = new MemoryTeamFs({ 'agents/ada/tasks.md': '## Kept\n**Status:** ready\n' });
    const r = await registerAgent(fs, { name: 'Ada', joined: '2026-01-02' });
    assert.strictEqual(r.createdTasks, false);
    assert.strictEqual(fs.get('agents/ada/tasks.md'), '## Kept\n**Status:** ready\n');
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
});
