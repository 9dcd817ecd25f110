import * as assert from 'node:assert/strict';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { createProject } from '../../../../src/core/ops/new-project';
import { parseProjectNote } from '../../../../src/core/parse/project-note';

const text = async (fs: MemoryTeamFs, path: string) => new TextDecoder().decode(await fs.readFile(path));

describe('ops: new project', () => {
  it('writes projects/<slug>.md from the built-in template, as the protocol describes project notes', async () => {
    const fs = new MemoryTeamFs();
    const r = await createProject(fs, { name: 'Billing Service', created: '2026-03-28', nextAction: 'Implement the webhook handler for failed payments', notes: 'Agent: billing-dev at ~/Projects/billing-service\n- Stack: Python, FastAPI, PostgreSQL' });
    assert.deepEqual(r, { slug: 'billing-service', path: 'projects/billing-service.md', template: 'built-in' });
    const note = await text(fs, r.path);
    assert.equal(
      note,
      '---\ntype: project\ncreated: 2026-03-28\nstatus: active\n---\n\n## Next Action\n- Implement the webhook handler for failed payments\n\n## Notes\n- Agent: billing-dev at ~/Projects/billing-service\n- Stack: Python, FastAPI, PostgreSQL\n',
    );
    const parsed = parseProjectNote(note, r.path, r.slug).project;
    assert.deepEqual([parsed.type, parsed.status, parsed.created, parsed.nextAction], ['project', 'active', '2026-03-28', 'Implement the webhook handler for failed payments']);
    assert.match(parsed.notes!, /Stack: Python/);
  });

  it("fills the team's template and keeps what else it holds; empty sections stay empty", async () => {
    const fs = new MemoryTeamFs();
    await fs.writeFile('templates/project-template.md', new TextEncoder().encode('---\ntype: project\ncreated: YYYY-MM-DD\nstatus: active\nowner: ""\n---\n\n## Next Action\n\n## Notes\n\n## Links\n- dashboard: TBD\n'));
    const r = await createProject(fs, { name: 'Mobile App', created: '2026-04-01', status: 'on hold' });
    assert.equal(r.template, 'team');
    assert.equal(await text(fs, r.path), '---\ntype: project\ncreated: 2026-04-01\nstatus: on hold\nowner: ""\n---\n\n## Next Action\n\n## Notes\n\n## Links\n- dashboard: TBD\n');
  });

  it('refuses, writing nothing: an existing project, an empty slug, a heading in the notes, a next action of two lines', async () => {
    const fs = new MemoryTeamFs();
    await createProject(fs, { name: 'Billing', created: '2026-03-28' });
    const before = await text(fs, 'projects/billing.md');
    await assert.rejects(createProject(fs, { name: 'billing', created: '2026-03-29', notes: 'x' }), /A project "billing" already exists \(projects\/billing\.md\)/);
    assert.equal(await text(fs, 'projects/billing.md'), before);
    await assert.rejects(createProject(fs, { name: '!!!', created: '2026-03-28' }), /empty slug/);
    await assert.rejects(createProject(fs, { name: 'Docs', created: '2026-03-28', notes: 'fine\n## Not a note\n' }), /"## " heading/);
    await assert.rejects(createProject(fs, { name: 'Docs', created: '2026-03-28', nextAction: 'one\ntwo' }), /next action must be a single line/);
    await assert.rejects(createProject(fs, { name: 'Docs', created: 'March 28' }), /YYYY-MM-DD/);
    assert.equal(await fs.stat('projects/docs.md'), undefined);
  });
});
