import { deepStrictEqual, notStrictEqual, ok, strictEqual } from 'assert';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { Team } from '../../../../src/core/team/model';
import { TeamIndex, loadTeam } from '../../../../src/core/team/team-index';
import { CountingFs, tempDir } from '../team-index-helpers';

const note = (name: string, extra = '') => `---\nname: ${name}\nstatus: active\n${extra}---\n## Role\nWorks.\n`;
const tasks = (...titles: string[]) => titles.map((t) => `## ${t}\n**Status:** ready\n`).join('\n');
const project = (next: string) => `---\ntype: project\nstatus: active\n---\n## Next Action\n- ${next}\n`;

function team(agents: string[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const a of agents) {
    files[`agents/${a}/${a}.md`] = note(a.toUpperCase());
    files[`agents/${a}/tasks.md`] = tasks(`${a} one`, `${a} two`);
  }
  files['projects/alpha.md'] = project('Ship it');
  files['templates/agent-template.md'] = note('');
  return files;
}

const slugs = (t: Team) => t.agents.map((a) => a.slug);

describe('read: TeamIndex.update', () => {
  it('re-reads one changed tasks.md and keeps every other agent and the projects as they were', async () => {
    const mem = new MemoryTeamFs(team(['ada', 'bob', 'cy']));
    const index = new TeamIndex(mem);
    const before = await index.load();
    mem.put('agents/bob/tasks.md', tasks('bob one', 'bob two', 'bob three') + '\n<!-- cortex:last-tick 2026-03-28T10:00 -->\n');
    const after = await index.update(['agents/bob/tasks.md']);
    notStrictEqual(after, before);
    strictEqual(index.team, after);
    strictEqual(after.agents[0], before.agents[0]);
    strictEqual(after.agents[2], before.agents[2]);
    notStrictEqual(after.agents[1], before.agents[1]);
    deepStrictEqual(after.agents[1].tasks.map((t) => t.title), ['bob one', 'bob two', 'bob three']);
    strictEqual(after.agents[1].lastTick, '2026-03-28T10:00');
    // The note part is reused, not re-read.
    strictEqual(after.agents[1].name, 'BOB');
    strictEqual(after.agents[1].sessionLog, before.agents[1].sessionLog);
    strictEqual(after.projects, before.projects);
    strictEqual(after.templates, before.templates);
    deepStrictEqual(after, await loadTeam(mem));
  });

  it('a file read again with the same bytes changes nothing (same Team, same agent)', async () => {
    const mem = new MemoryTeamFs({ ...team(['ada', 'bob']), 'agents/cy/tasks.md': tasks('x'), 'projects/broken.md': '---\n: [\n---\n' });
    const index = new TeamIndex(mem);
    const before = await index.load();
    mem.put('agents/ada/tasks.md', mem.get('agents/ada/tasks.md')!);
    mem.put('agents/ada/ada.md', mem.get('agents/ada/ada.md')!);
    mem.put('projects/alpha.md', mem.get('projects/alpha.md')!);
    const paths = ['agents/ada/tasks.md', 'agents/ada/ada.md', 'agents/cy/tasks.md', 'agents/cy/cy.md', 'agents/bob', 'projects/alpha.md', 'projects/broken.md', 'templates/agent-template.md', 'templates/project-template.md'];
    strictEqual(await index.update(paths), before);
    mem.put('agents/ada/tasks.md', tasks('changed'));
    const after = await index.update(paths);
    notStrictEqual(after.agents[0], before.agents[0]);
    strictEqual(after.agents[0].sessionLog, before.agents[0].sessionLog);
    strictEqual(after.agents[1], before.agents[1]);
    strictEqual(after.agents[2], before.agents[2]);
    strictEqual(after.projects, before.projects);
    strictEqual(after.templates, before.templates);
  });

  it('costs one read for one tasks.md, whatever the team size', async () => {
    for (const size of [5, 200]) {
      const names = Array.from({ length: size }, (_, i) => `agent-${String(i).padStart(3, '0')}`);
      const counting = new CountingFs(new MemoryTeamFs(team(names)));
      const index = new TeamIndex(counting);
      await index.load();
      counting.reset();
      await index.update(['agents/agent-002/tasks.md']);
      deepStrictEqual(counting.calls, { readFile: 1, writeFile: 0, stat: 0, list: 0, rename: 0, remove: 0 }, `team of ${size}`);
      deepStrictEqual(counting.read, ['agents/agent-002/tasks.md']);
    }
  });

  it('reads nothing for paths it does not scan (temp files, dot-files, other folders)', async () => {
    const counting = new CountingFs(new MemoryTeamFs(team(['ada'])));
    const index = new TeamIndex(counting);
    const before = await index.load();
    counting.reset();
    const after = await index.update([
      'agents/ada/.tasks.md.cortex-1f2e.tmp',
      'agents/.git/config',
      '.obsidian/workspace.json',
      'README.md',
      'projects/notes.txt',
      'projects/sub/deep.md',
      'templates/other.md',
    ]);
    strictEqual(after, before);
    strictEqual(counting.calls.readFile + counting.calls.list + counting.calls.stat, 0);
  });

  it('adds an agent whose folder appears, in slug order', async () => {
    const mem = new MemoryTeamFs(team(['ada', 'cy']));
    const index = new TeamIndex(mem);
    const before = await index.load();
    mem.put('agents/bob/bob.md', note('Bob'));
    mem.put('agents/bob/tasks.md', tasks('first'));
    const after = await index.update(['agents/bob/bob.md', 'agents/bob/tasks.md']);
    deepStrictEqual(slugs(after), ['ada', 'bob', 'cy']);
    strictEqual(after.agents[0], before.agents[0]);
    strictEqual(after.agents[2], before.agents[1]);
    deepStrictEqual(after, await loadTeam(mem));
  });

  it('adds an agent from the folder event alone, and fills it in as its files arrive', async () => {
    const dir = tempDir('cortex-index-');
    try {
      const nfs = new NodeTeamFs(dir);
      for (const [p, c] of Object.entries(team(['ada']))) await nfs.writeFile(p, Buffer.from(c));
      const index = new TeamIndex(nfs);
      await index.load();
      fs.mkdirSync(path.join(dir, 'agents', 'zed'));
      let t = await index.update(['agents/zed']);
      deepStrictEqual(slugs(t), ['ada', 'zed']);
      strictEqual(t.agents[1].notePath, null);
      deepStrictEqual(
        t.diagnostics.filter((d) => d.file.startsWith('agents/zed/')).map((d) => [d.file, d.severity]),
        [
          ['agents/zed/tasks.md', 'info'],
          ['agents/zed/zed.md', 'warning'],
        ],
      );
      await nfs.writeFile('agents/zed/zed.md', Buffer.from(note('Zed')));
      t = await index.update(['agents/zed/zed.md']);
      strictEqual(t.agents[1].name, 'Zed');
      deepStrictEqual(t, await loadTeam(nfs));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes an agent whose folder is deleted (folder event or file events)', async () => {
    const dir = tempDir('cortex-index-');
    try {
      const nfs = new NodeTeamFs(dir);
      for (const [p, c] of Object.entries(team(['ada', 'bob', 'cy']))) await nfs.writeFile(p, Buffer.from(c));
      await nfs.writeFile('agents/bob/broken.md', Buffer.from('x'));
      await nfs.writeFile('agents/cy/tasks.md', Buffer.from('## no status\n'));
      const index = new TeamIndex(nfs);
      const before = await index.load();
      ok(before.diagnostics.some((d) => d.file === 'agents/cy/tasks.md'));
      fs.rmSync(path.join(dir, 'agents', 'cy'), { recursive: true });
      let t = await index.update(['agents/cy']);
      deepStrictEqual(slugs(t), ['ada', 'bob']);
      ok(!t.diagnostics.some((d) => d.file.startsWith('agents/cy/')));
      fs.rmSync(path.join(dir, 'agents', 'bob'), { recursive: true });
      t = await index.update(['agents/bob/tasks.md', 'agents/bob/bob.md', 'agents/bob/broken.md']);
      deepStrictEqual(slugs(t), ['ada']);
      strictEqual(t.agents[0], before.agents[0]);
      deepStrictEqual(t, await loadTeam(nfs));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file in agents/ is no agent, even when named as one', async () => {
    const dir = tempDir('cortex-index-');
    try {
      const nfs = new NodeTeamFs(dir);
      for (const [p, c] of Object.entries(team(['ada']))) await nfs.writeFile(p, Buffer.from(c));
      const index = new TeamIndex(nfs);
      const before = await index.load();
      await nfs.writeFile('agents/README.md', Buffer.from('hello'));
      const t = await index.update(['agents/README.md']);
      strictEqual(t, before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows a note that changes, disappears, or comes back under another name', async () => {
    const mem = new MemoryTeamFs(team(['ada', 'bob']));
    const index = new TeamIndex(mem);
    const first = await index.load();

    mem.put('agents/ada/ada.md', note('Ada Lovelace', 'level: 2\n'));
    let t = await index.update(['agents/ada/ada.md']);
    strictEqual(t.agents[0].name, 'Ada Lovelace');
    strictEqual(t.agents[0].level, 2);
    strictEqual(t.agents[0].tasks, first.agents[0].tasks, 'the task list is reused when only the note changed');
    strictEqual(t.agents[1], first.agents[1]);

    await mem.remove('agents/ada/ada.md');
    t = await index.update(['agents/ada/ada.md']);
    strictEqual(t.agents[0].name, 'ada');
    strictEqual(t.agents[0].notePath, null);
    deepStrictEqual(
      t.diagnostics.map((d) => [d.file, d.severity]),
      [['agents/ada/ada.md', 'warning']],
    );

    mem.put('agents/ada/profile.md', note('Ada again'));
    t = await index.update(['agents/ada/profile.md']);
    strictEqual(t.agents[0].name, 'Ada again');
    strictEqual(t.agents[0].notePath, 'agents/ada/profile.md');
    deepStrictEqual(
      t.diagnostics.map((d) => [d.file, d.line, d.severity]),
      [['agents/ada/profile.md', 1, 'warning']],
    );
    deepStrictEqual(t, await loadTeam(mem));
  });

  it('a deleted tasks.md leaves the agent with no tasks and an info diagnostic', async () => {
    const mem = new MemoryTeamFs(team(['ada']));
    const index = new TeamIndex(mem);
    await index.load();
    await mem.remove('agents/ada/tasks.md');
    const t = await index.update(['agents/ada/tasks.md']);
    deepStrictEqual(t.agents[0].tasks, []);
    deepStrictEqual(
      t.diagnostics.map((d) => [d.file, d.line, d.severity]),
      [['agents/ada/tasks.md', 1, 'info']],
    );
  });

  it('adds, changes and removes projects and templates', async () => {
    const mem = new MemoryTeamFs(team(['ada']));
    const index = new TeamIndex(mem);
    const first = await index.load();
    mem.put('projects/beta.md', project('Plan'));
    mem.put('projects/alpha.md', '---\ntype: [\n---\n');
    let t = await index.update(['projects/beta.md', 'projects/alpha.md']);
    deepStrictEqual(
      t.projects.map((p) => [p.slug, p.nextAction]),
      [
        ['alpha', null],
        ['beta', 'Plan'],
      ],
    );
    strictEqual(t.agents, first.agents);
    deepStrictEqual(
      t.diagnostics.map((d) => [d.file, d.severity]),
      [['projects/alpha.md', 'error']],
    );
    await mem.remove('projects/alpha.md');
    mem.put('templates/project-template.md', 'P');
    await mem.remove('templates/agent-template.md');
    t = await index.update(['projects/alpha.md', 'templates/project-template.md', 'templates/agent-template.md']);
    deepStrictEqual(t.projects.map((p) => p.slug), ['beta']);
    deepStrictEqual(t.templates, { agent: null, project: 'P' });
    deepStrictEqual(t.diagnostics, []);
    deepStrictEqual(t, await loadTeam(mem));
  });

  it('folder-level and whole-team paths rescan that part', async () => {
    const mem = new MemoryTeamFs(team(['ada']));
    const index = new TeamIndex(mem);
    await index.load();
    mem.put('agents/bob/bob.md', note('Bob'));
    mem.put('projects/beta.md', project('x'));
    mem.put('templates/project-template.md', 'P');
    let t = await index.update(['agents', 'projects', 'templates']);
    deepStrictEqual(t, await loadTeam(mem));
    mem.put('agents/cy/cy.md', note('Cy'));
    t = await index.update(['']);
    deepStrictEqual(slugs(t), ['ada', 'bob', 'cy']);
  });

  it('keeps diagnostics sorted by file, then line, as agents come and go', async () => {
    const mem = new MemoryTeamFs({
      'agents/ab/ab.md': note('AB'),
      'agents/ab/tasks.md': '## x\n**Status:** Ready\n## y\n',
      'agents/ab-c/ab-c.md': note('ABC'),
      'agents/ab-c/tasks.md': '## z\n',
    });
    const index = new TeamIndex(mem);
    await index.load();
    mem.put('agents/a/a.md', '---\nname: [\n---\n');
    mem.put('agents/ab/tasks.md', '## y\n\n## x\n**Status:** Ready\n');
    const t = await index.update(['agents/a/a.md', 'agents/ab/tasks.md']);
    const keys = t.diagnostics.map((d) => `${d.file}:${d.line}`);
    deepStrictEqual(keys, [
      'agents/a/a.md:3',
      'agents/a/tasks.md:1',
      'agents/ab-c/tasks.md:1',
      'agents/ab/tasks.md:1',
      'agents/ab/tasks.md:4',
    ]);
    deepStrictEqual(t, await loadTeam(mem));
  });

  it('serializes overlapping calls', async () => {
    const mem = new MemoryTeamFs(team(['ada', 'bob']));
    const index = new TeamIndex(mem);
    const loading = index.load();
    mem.put('agents/ada/tasks.md', tasks('changed'));
    const updating = index.update(['agents/ada/tasks.md']);
    const [, t] = await Promise.all([loading, updating]);
    deepStrictEqual(t.agents[0].tasks.map((x) => x.title), ['changed']);
    deepStrictEqual(t, await loadTeam(mem));
  });

  it('after any sequence of changes, update gives what a fresh scan gives', async () => {
    const agents = ['ada', 'bob', 'cy', 'dee'];
    const texts = [
      tasks('a'),
      tasks('a', 'b') + '<!-- cortex:last-tick 2026-03-28T10:00 -->\n',
      '## broken\n**Status:** READY\n',
      '',
      '\ufeff## bom\r\n**Status:** done\r\n',
    ];
    const notes = [note('One'), note('Two', 'parent: ada\nlevel: 1\n'), '---\nname: [\n---\n', '## Role\nNo frontmatter.\n'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('tasks' as const), agent: fc.constantFrom(...agents), text: fc.constantFrom(...texts) }),
      fc.record({ kind: fc.constant('note' as const), agent: fc.constantFrom(...agents), name: fc.constantFrom('self', 'other.md', 'x.md'), text: fc.constantFrom(...notes) }),
      fc.record({ kind: fc.constant('rm' as const), agent: fc.constantFrom(...agents), name: fc.constantFrom('self', 'tasks.md', 'other.md', 'x.md') }),
      fc.record({ kind: fc.constant('project' as const), slug: fc.constantFrom('p', 'q'), text: fc.option(fc.constantFrom(project('go'), '---\n: :\n---\n'), { nil: undefined }) }),
      fc.record({ kind: fc.constant('template' as const), name: fc.constantFrom('agent-template.md', 'project-template.md'), text: fc.option(fc.constantFrom('T1', 'T2'), { nil: undefined }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { maxLength: 8 }), async (batches) => {
        const mem = new MemoryTeamFs(team(['ada', 'cy']));
        const index = new TeamIndex(mem);
        let prev = await index.load();
        for (const batch of batches) {
          const changed: string[] = [];
          for (const o of batch) {
            let p: string;
            if (o.kind === 'tasks') {
              p = `agents/${o.agent}/tasks.md`;
              mem.put(p, o.text);
            } else if (o.kind === 'note') {
              p = `agents/${o.agent}/${o.name === 'self' ? `${o.agent}.md` : o.name}`;
              mem.put(p, o.text);
            } else if (o.kind === 'rm') {
              p = `agents/${o.agent}/${o.name === 'self' ? `${o.agent}.md` : o.name}`;
              await mem.remove(p);
            } else if (o.kind === 'project') {
              p = `projects/${o.slug}.md`;
              if (o.text === undefined) await mem.remove(p);
              else mem.put(p, o.text);
            } else {
              p = `templates/${o.name}`;
              if (o.text === undefined) await mem.remove(p);
              else mem.put(p, o.text);
            }
            changed.push(p);
          }
          const t = await index.update(changed);
          deepStrictEqual(t, await loadTeam(mem));
          // Agents whose folder was not named keep their identity.
          const touched = new Set(changed.filter((c) => c.startsWith('agents/')).map((c) => c.split('/')[1]));
          for (const a of t.agents) {
            const old = prev.agents.find((x) => x.slug === a.slug);
            if (old && !touched.has(a.slug)) strictEqual(a, old);
          }
          if (!changed.some((c) => c.startsWith('projects/'))) strictEqual(t.projects, prev.projects);
          prev = t;
        }
      }),
      { numRuns: 100 },
    );
  });
});
