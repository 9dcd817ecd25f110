import { deepStrictEqual, ok, strictEqual } from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { LineageRecord, lineageDiagnostics, parentCandidates } from '../../../../src/core/team/lineage';
import { Diagnostic } from '../../../../src/core/team/model';
import { TeamIndex, loadTeam } from '../../../../src/core/team/team-index';

/** A record as the index builds it: `parent:` on line 3, `level:` on line 4 of the note. */
function rec(slug: string, parent: string | null, level: number | null): LineageRecord {
  return { slug, parent, level, file: `agents/${slug}/${slug}.md`, parentLine: 3, levelLine: 4 };
}

function findings(records: LineageRecord[]): Array<[string, number, Diagnostic['severity'], string]> {
  const out: Array<[string, number, Diagnostic['severity'], string]> = [];
  for (const [slug, list] of [...lineageDiagnostics(records)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const d of list) out.push([slug, d.line, d.severity, d.message]);
  }
  return out;
}

describe('lineage: diagnostics', () => {
  it('a well-formed three-level team has no findings', () => {
    deepStrictEqual(findings([rec('lead', null, 1), rec('coder', 'lead', 2), rec('checker', 'coder', 3), rec('solo', null, null), rec('kid', 'lead', null)]), []);
  });

  it('a parent that is not an agent, on the parent line', () => {
    const f = findings([rec('a', 'ghost', 2)]);
    strictEqual(f.length, 1);
    deepStrictEqual(f[0].slice(0, 3), ['a', 3, 'warning']);
    ok(f[0][3].includes('"ghost" is not an agent of this team'), f[0][3]);
  });

  it('an agent naming itself', () => {
    const f = findings([rec('a', 'a', null)]);
    deepStrictEqual(f.map((x) => x.slice(0, 3)), [['a', 3, 'warning']]);
    ok(/itself/.test(f[0][3]));
  });

  it('a level outside 1–3, or not a whole number, on the level line', () => {
    for (const level of [0, 4, -1, 2.5]) {
      const f = findings([rec('a', null, level)]);
      deepStrictEqual(f.map((x) => x.slice(0, 3)), [['a', 4, 'warning']], `level ${level}`);
      ok(f[0][3].includes(`"level" is ${level}`));
    }
  });

  it('a level-3 agent with children, on its level line, naming them', () => {
    const f = findings([rec('l1', null, 1), rec('l2', 'l1', 2), rec('l3', 'l2', 3), rec('x', 'l3', null), rec('y', 'l3', null)]);
    deepStrictEqual(f.map((x) => x.slice(0, 3)), [['l3', 4, 'warning']]);
    ok(f[0][3].includes('"x" and "y" name it as parent'), f[0][3]);
  });

  it('a child not one level below its parent', () => {
    const f = findings([rec('p', null, 2), rec('same', 'p', 2), rec('higher', 'p', 1), rec('skip', 'q', 3), rec('q', null, 1)]);
    deepStrictEqual(
      f.map((x) => x.slice(0, 3)),
      [
        ['higher', 4, 'warning'],
        ['same', 4, 'warning'],
        ['skip', 4, 'warning'],
      ],
    );
    ok(/level-1 agent is at the top/.test(f[0][3]), f[0][3]);
    ok(/Level 2 is not below its parent "p" \(level 2\); a child is one level deeper \(level 3\)/.test(f[1][3]), f[1][3]);
    ok(/Level 3 skips a level: its parent "q" is level 1, whose children are level 2/.test(f[2][3]), f[2][3]);
  });

  it('a level-1 agent with a parent of unknown level', () => {
    const f = findings([rec('p', null, null), rec('c', 'p', 1)]);
    deepStrictEqual(f.map((x) => x.slice(0, 3)), [['c', 4, 'warning']]);
  });

  it('a parent cycle is an error on every member, not on those below it', () => {
    const f = findings([rec('a', 'b', null), rec('b', 'c', null), rec('c', 'a', null), rec('below', 'a', null), rec('free', null, null)]);
    deepStrictEqual(
      f.map((x) => x.slice(0, 3)),
      [
        ['a', 3, 'error'],
        ['b', 3, 'error'],
        ['c', 3, 'error'],
      ],
    );
    strictEqual(f[0][3].split('.')[0], 'Parent cycle: a → b → c → a');
  });

  it('a two-agent cycle reached from a third agent', () => {
    const f = findings([rec('z', 'x', null), rec('x', 'y', null), rec('y', 'x', null)]);
    deepStrictEqual(f.map((x) => x[0]), ['x', 'y']);
  });
});

const note = (name: string, fm = '') => `---\nname: ${name}\nstatus: active\n${fm}---\n## Role\nWorks.\n`;

describe('lineage: in the team index', () => {
  it('reports on the frontmatter line of the note, in the team diagnostics', async () => {
    const team = await loadTeam(
      new MemoryTeamFs({
        'agents/ada/ada.md': note('Ada', 'level: 1\n'),
        'agents/bob/bob.md': note('Bob', 'parent: nobody\nlevel: 2\n'),
        'agents/cy/cy.md': note('Cy', 'level: 7\n'),
      }),
    );
    const lineage = team.diagnostics.filter((d) => /parent|level/.test(d.message));
    deepStrictEqual(
      lineage.map((d) => [d.file, d.line, d.severity]),
      [
        ['agents/bob/bob.md', 4, 'warning'],
        ['agents/cy/cy.md', 4, 'warning'],
      ],
    );
  });

  it('updates when another agent appears, goes or changes its level', async () => {
    const mem = new MemoryTeamFs({
      'agents/kid/kid.md': note('Kid', 'parent: mom\nlevel: 3\n'),
      'agents/kid/tasks.md': '',
    });
    const index = new TeamIndex(mem);
    const lineageOf = (d: readonly Diagnostic[]) => d.filter((x) => /parent|level/i.test(x.message)).map((x) => `${x.file}:${x.line}:${x.message.slice(0, 24)}`);
    let team = await index.load();
    deepStrictEqual(lineageOf(team.diagnostics), ['agents/kid/kid.md:4:The parent "mom" is not ']);

    mem.put('agents/mom/mom.md', note('Mom', 'level: 2\n'));
    mem.put('agents/mom/tasks.md', '');
    team = await index.update(['agents/mom']);
    deepStrictEqual(lineageOf(team.diagnostics), []);

    mem.put('agents/mom/mom.md', note('Mom', 'level: 1\n'));
    team = await index.update(['agents/mom/mom.md']);
    deepStrictEqual(lineageOf(team.diagnostics), ['agents/kid/kid.md:5:Level 3 skips a level: i']);

    // The same diagnostics as a fresh scan.
    deepStrictEqual(team.diagnostics, (await loadTeam(mem)).diagnostics);

    // A folder without a note is still an agent (and a parent); one renamed away is not.
    await mem.rename('agents/mom/mom.md', 'agents/mum/mum.md');
    await mem.rename('agents/mom/tasks.md', 'agents/mum/tasks.md');
    mem.put('agents/kid/kid.md', note('Kid', 'parent: mum\nlevel: 3\n'));
    team = await index.update(['agents/kid/kid.md', 'agents/mom', 'agents/mum']);
    deepStrictEqual(lineageOf(team.diagnostics), ['agents/kid/kid.md:5:Level 3 skips a level: i']);
    mem.put('agents/kid/kid.md', note('Kid', 'parent: dad\nlevel: 3\n'));
    team = await index.update(['agents/kid/kid.md']);
    deepStrictEqual(lineageOf(team.diagnostics), ['agents/kid/kid.md:4:The parent "dad" is not ']);
    deepStrictEqual(team.diagnostics, (await loadTeam(mem)).diagnostics);
  });

  it('a change to tasks.md keeps the lineage findings of that note', async () => {
    const mem = new MemoryTeamFs({ 'agents/a/a.md': note('A', 'parent: ghost\n'), 'agents/a/tasks.md': '' });
    const index = new TeamIndex(mem);
    await index.load();
    mem.put('agents/a/tasks.md', '## One\n**Status:** ready\n');
    const team = await index.update(['agents/a/tasks.md']);
    strictEqual(team.diagnostics.filter((d) => d.message.includes('"ghost"')).length, 1);
  });

  it('offers as parents only registered agents of level 1 or 2, by level then name', () => {
    const agent = (slug: string, level: number | null, notePath: string | null = `agents/${slug}/${slug}.md`) => ({ slug, name: slug.toUpperCase(), level, notePath });
    const picked = parentCandidates([agent('zed', 1), agent('sub', 2), agent('leaf', 3), agent('plain', null), agent('odd', 7), agent('ghost', 1, null), agent('amy', 1)]);
    deepStrictEqual(picked.map((a) => [a.slug, a.level]), [['amy', 1], ['zed', 1], ['sub', 2]]);
  });
});
