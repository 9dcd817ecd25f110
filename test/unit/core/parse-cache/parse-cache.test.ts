import { deepStrictEqual, strictEqual } from 'assert';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { statusTable } from '../../../../src/cli/status';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { TeamFs } from '../../../../src/core/fs/team-fs';
import { Team } from '../../../../src/core/team/model';
import { openWorkOf } from '../../../../src/core/parse-cache/open-work';
import { ParseCache } from '../../../../src/core/parse-cache/parse-cache';
import { loadTeam } from '../../../../src/core/team/team-index';
import { FileStamp } from '../../../../src/core/parse-cache/parse-cache';
import { CountingFs, FIXTURE_TEAMS, memoryCopy, tempDir } from '../team-index-helpers';

const EXAMPLE_TEAM = path.resolve(__dirname, '../../../../../examples/team');
const BUILD = 'build-a';

/** The whole team with each agent's tasks cut to their open work: what a team read through the cache must equal. */
function projected(full: Team): Team {
  return { ...full, agents: full.agents.map((a) => ({ ...a, tasks: openWorkOf({ tasks: a.tasks, lastTick: a.lastTick, lastTickLine: a.lastTickLine, diagnostics: [] }).tasks })) };
}

/** Reads `fs` with an empty cache, then with what that run serialized: both must be the projected full read. */
async function checkCacheOn(fs: TeamFs): Promise<ParseCache> {
  const expected = projected(await loadTeam(fs));
  const cold = ParseCache.empty(BUILD);
  deepStrictEqual(await loadTeam(fs, cold.parsers), expected);
  const warm = ParseCache.parse(cold.serialize(), BUILD);
  deepStrictEqual(await loadTeam(fs, warm.parsers), expected);
  strictEqual(warm.changed, false, 'a second read of the same bytes parses nothing anew');
  return warm;
}

const NOWS = [0, 30, 24 * 60, 400 * 24 * 60].map((d) => 27_000_000 + d);

describe('core/parse-cache: what status reads, kept by the bytes of each file', () => {
  const teams = [EXAMPLE_TEAM, ...fs.readdirSync(FIXTURE_TEAMS).map((t) => path.join(FIXTURE_TEAMS, t))];
  for (const dir of teams) {
    it(`reads ${path.basename(dir)} as the full parse's open work, from an empty cache and from its saved form`, async () => {
      await checkCacheOn(memoryCopy(dir));
    });
  }

  it('prints the very status table the full parse prints', async () => {
    for (const dir of teams) {
      const mem = memoryCopy(dir);
      const full = await loadTeam(mem);
      const cold = ParseCache.empty(BUILD);
      const viaCold = await loadTeam(mem, cold.parsers);
      const warm = ParseCache.parse(cold.serialize(), BUILD);
      const viaWarm = await loadTeam(mem, warm.parsers);
      for (const now of NOWS) {
        const expected = statusTable(full, '/t', 'now', now, 30);
        strictEqual(statusTable(viaCold, '/t', 'now', now, 30, (a) => cold.readyCount(a.tasksPath)), expected, `${dir} at ${now}`);
        strictEqual(statusTable(viaWarm, '/t', 'now', now, 30, (a) => warm.readyCount(a.tasksPath)), expected, `${dir} at ${now}`);
      }
    }
  });

  it('any task files and notes: a hit gives what a miss gives, and both what the full parse gives', async () => {
    const line = fc.constantFrom(
      '## Task A', '## Task B', '## Task A', '**Status:** ready', '**Status:** in-progress', '**Status:** Done', '**Status:** blocked',
      '**Started:** 2026-03-28T09:00', '**Started:** yesterday', '**Completed:** 2026-03-28T10:00', '### Summary', 'Shipped.', '```', '',
      '<!-- cortex:last-tick 2026-03-28T10:00 -->', '<!-- cortex-team:id 01J -->', '**Priority:** high', '# Title',
    );
    const text = fc.tuple(fc.array(line, { maxLength: 14 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([ls, eol, bom]) => (bom ? '\ufeff' : '') + ls.join(eol));
    const noteText = fc.constantFrom('---\nname: Ada\nstatus: inactive\n---\n## Role\nx\n', '---\nname: [\n---\n', '---\nparent: bob\nlevel: 2\n---\n', '## Role\nNo frontmatter.\n', '');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('ada', 'bob', 'cy'), text, noteText), { minLength: 1, maxLength: 4 }), async (agents) => {
        const mem = new MemoryTeamFs({ 'projects/p.md': '---\nstatus: active\n---\n## Next Action\n- Go\n' });
        for (const [slug, tasks, note] of agents) {
          mem.put(`agents/${slug}/tasks.md`, tasks);
          mem.put(`agents/${slug}/${slug}.md`, note);
        }
        await checkCacheOn(mem);
      }),
      { numRuns: 150 },
    );
  });

  it('keys on the bytes, not the size and time: an agent rewriting the file in the same size and mtime is read anew', async () => {
    const dir = tempDir('cortex-parse-cache-');
    try {
      const file = path.join(dir, 'agents', 'ada', 'tasks.md');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(path.join(dir, 'agents', 'ada', 'ada.md'), '---\nname: Ada\n---\n');
      fs.writeFileSync(file, '## One\n**Status:** ready\n');
      const wholeSecond = 1_800_000_000; // whole seconds, so the time set back is exactly the time read
      fs.utimesSync(file, wholeSecond, wholeSecond);
      const fsys = new NodeTeamFs(dir);
      const first = ParseCache.empty(BUILD);
      await loadTeam(fsys, first.parsers);
      const before = fs.statSync(file);
      // What an agent does: write the whole file in place (no lock), same length, then the old times back.
      fs.writeFileSync(file, '## Two\n**Status:** ready\n');
      fs.utimesSync(file, wholeSecond, wholeSecond);
      strictEqual(fs.statSync(file).size, before.size);
      strictEqual(fs.statSync(file).mtimeMs, before.mtimeMs);
      const second = ParseCache.parse(first.serialize(), BUILD);
      const team = await loadTeam(fsys, second.parsers);
      deepStrictEqual(team.agents[0].tasks.map((t) => t.title), ['Two']);
      strictEqual(second.changed, true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a cache that is torn, of another format or of another build is not used (everything is parsed again)', async () => {
    const mem = memoryCopy(EXAMPLE_TEAM);
    const expected = projected(await loadTeam(mem));
    const good = ParseCache.empty(BUILD);
    await loadTeam(mem, good.parsers);
    const saved = good.serialize();
    const other = JSON.parse(saved) as Record<string, unknown>;
    const bad = [null, '', '{', saved.slice(0, saved.length / 2), '[]', 'null', JSON.stringify({ ...other, format: 0 }), JSON.stringify({ ...other, entries: [] })];
    for (const text of [...bad, saved]) {
      for (const build of text === saved ? ['build-b'] : [BUILD]) {
        const cache = ParseCache.parse(text, build);
        deepStrictEqual(await loadTeam(mem, cache.parsers), expected);
        strictEqual(cache.changed, true, `${String(text).slice(0, 20)} / ${build}`);
      }
    }
  });

  it('a stored value is used for exactly its bytes: a doctored entry with another hash is ignored', async () => {
    const mem = new MemoryTeamFs({ 'agents/ada/ada.md': '---\nname: Ada\n---\n', 'agents/ada/tasks.md': '## Real\n**Status:** ready\n' });
    const cache = ParseCache.empty(BUILD);
    await loadTeam(mem, cache.parsers);
    const data = JSON.parse(cache.serialize()) as { entries: Record<string, [string, string, string, { readyKept: [string, number][] }]> };
    const key = 'agents/ada/tasks.md';
    data.entries[key][3].readyKept = [['Doctored', 1]];
    const sameHash = ParseCache.parse(JSON.stringify(data), BUILD);
    deepStrictEqual((await loadTeam(mem, sameHash.parsers)).agents[0].tasks.map((t) => t.title), ['Doctored'], 'the entry is what is used when the hash matches');
    data.entries[key][2] = '0'.repeat(64);
    const otherHash = ParseCache.parse(JSON.stringify(data), BUILD);
    deepStrictEqual((await loadTeam(mem, otherHash.parsers)).agents[0].tasks.map((t) => t.title), ['Real']);
  });

  it('stores what the table prints, not every open title: the cache does not grow with the queues of agents at work', async () => {
    const sizeWith = async (ready: number, inProgress: boolean) => {
      const mem = new MemoryTeamFs();
      for (let a = 0; a < 20; a++) {
        const queue = Array.from({ length: ready }, (_, i) => `## A fairly long task title of agent ${a}, number ${i}\n**Status:** ready\n\nWhat to do.\n`);
        if (inProgress) queue.unshift('## Current work\n**Status:** in-progress\n**Started:** 2026-03-28T09:00\n');
        mem.put(`agents/a${a}/a${a}.md`, `---\nname: A${a}\n---\n`);
        mem.put(`agents/a${a}/tasks.md`, queue.join('\n') + '\n<!-- cortex:last-tick 2026-03-28T10:00 -->\n');
      }
      const cache = ParseCache.empty(BUILD);
      const team = await loadTeam(mem, cache.parsers);
      const table = statusTable(team, '/t', 'now', 27_000_000, 30, (ag) => cache.readyCount(ag.tasksPath));
      strictEqual(table, statusTable(await loadTeam(mem), '/t', 'now', 27_000_000, 30), 'the same table as the full parse');
      return cache.serialize().length;
    };
    const few = await sizeWith(10, true);
    const many = await sizeWith(1000, true);
    // 1,000 ready tasks instead of 10 in each of the 20 files: only the counts' digits and the lines' grow.
    strictEqual(many - few < 20 * 16, true, `${few} → ${many} bytes`);
    // With nothing in progress every ready title is kept: liveness may need each one's dispatch time.
    strictEqual((await sizeWith(1000, false)) > 20 * 1000 * 30, true);
  });

  it('keeps only the files read: an agent removed leaves the cache with its folder', async () => {
    const mem = memoryCopy(EXAMPLE_TEAM);
    const first = ParseCache.empty(BUILD);
    const team = await loadTeam(mem, first.parsers);
    const gone = team.agents[0].slug;
    for (const p of mem.paths().filter((p) => p.startsWith(`agents/${gone}/`))) await mem.remove(p);
    const second = ParseCache.parse(first.serialize(), BUILD);
    await loadTeam(mem, second.parsers);
    strictEqual(second.changed, true);
    const keys = Object.keys((JSON.parse(second.serialize()) as { entries: object }).entries);
    strictEqual(keys.some((k) => k.includes(`agents/${gone}/`)), false);
    strictEqual(keys.length > 0, true);
  });

  describe('with file stamps: a file whose trusted stamp is unchanged is not even read', () => {
    const NOW = 1_800_000_000_000;
    /** Stamps the test sets: a path's version and change time. */
    function stamps(files: Record<string, { v: number; ctimeMs: number }>) {
      return async (p: string): Promise<FileStamp | undefined> => (files[p] ? { key: `${p}@${files[p].v}`, ctimeMs: files[p].ctimeMs } : undefined);
    }
    const teamFiles = () => memoryCopy(EXAMPLE_TEAM);
    const stampAll = (mem: MemoryTeamFs, ctimeMs: number) => Object.fromEntries(mem.paths().map((p) => [p, { v: 1, ctimeMs }]));

    it('reads only what it cannot trust, and still gives the full parse\'s open work', async () => {
      const mem = teamFiles();
      const expected = projected(await loadTeam(mem));
      const files = stampAll(mem, NOW - 60_000);
      files['agents/billing-dev/tasks.md'].ctimeMs = NOW - 10_000; // the newest change in the team
      const counting = new CountingFs(mem);
      const first = ParseCache.empty(BUILD, { stat: stamps(files), now: NOW });
      deepStrictEqual(await loadTeam(counting, first.parsers), expected);
      const readFirst = counting.read.filter((p) => !p.startsWith('templates/') && p !== 'data/activity.jsonl').length;
      counting.reset();
      const second = ParseCache.parse(first.serialize(), BUILD, { stat: stamps(files), now: NOW + 1000 });
      deepStrictEqual(await loadTeam(counting, second.parsers), expected);
      const parsedReads = counting.read.filter((p) => p.startsWith('agents/') || p.startsWith('projects/'));
      deepStrictEqual(parsedReads, ['agents/billing-dev/tasks.md'], 'only the newest change (within 2 s of the newest) is read again');
      strictEqual(readFirst > 10, true);
      strictEqual(second.changed, false);
    });

    it('reads a file again when its stamp changed, and takes nothing on trust within 2 s of now or of the newest change', async () => {
      const mem = teamFiles();
      const files = stampAll(mem, NOW - 60_000);
      files['projects/docs-site.md'].ctimeMs = NOW - 40_000; // the newest change: not trusted on the first save
      const first = ParseCache.empty(BUILD, { stat: stamps(files), now: NOW });
      await loadTeam(mem, first.parsers);
      // An agent's rewrite: new bytes, a new stamp (its change time, whatever it did to the modification time).
      const path0 = 'agents/billing-dev/tasks.md';
      mem.put(path0, '## Rewritten\n**Status:** ready\n');
      files[path0] = { v: 2, ctimeMs: NOW - 30_000 };
      const counting = new CountingFs(mem);
      const second = ParseCache.parse(first.serialize(), BUILD, { stat: stamps(files), now: NOW });
      const team = await loadTeam(counting, second.parsers);
      deepStrictEqual(team.agents.find((a) => a.slug === 'billing-dev')!.tasks.map((t) => t.title), ['Rewritten']);
      deepStrictEqual(counting.read.filter((p) => p.startsWith('agents/') || p.startsWith('projects/')).sort(), [path0, 'projects/docs-site.md']);

      // Change times within the margin of now (our clock) or of the newest change (the team's clock): read every time.
      for (const [ctime, now] of [[NOW - 1000, NOW], [NOW - 61_000, NOW + 3_600_000]] as const) {
        const recent = stampAll(mem, ctime);
        if (ctime === NOW - 61_000) recent[path0].ctimeMs = NOW - 60_000; // the newest, 1 s after the rest
        const a = ParseCache.empty(BUILD, { stat: stamps(recent), now });
        await loadTeam(mem, a.parsers);
        const c = new CountingFs(mem);
        await loadTeam(c, ParseCache.parse(a.serialize(), BUILD, { stat: stamps(recent), now }).parsers);
        const parsedFiles = mem.paths().filter((p) => /^(agents\/[^/]+\/[^/]+\.md|projects\/[^/]+\.md)$/.test(p));
        deepStrictEqual(c.read.filter((p) => p.startsWith('agents/') || p.startsWith('projects/')).sort(), parsedFiles.sort(), `ctime ${ctime}, now ${now}: nothing trusted`);
      }
    });

    it('an entry becomes trusted once its change is old enough: the cache is saved again for that', async () => {
      const mem = new MemoryTeamFs({ 'agents/ada/ada.md': '---\nname: Ada\n---\n', 'agents/ada/tasks.md': '## One\n**Status:** ready\n', 'projects/p.md': '---\nstatus: active\n---\n' });
      const files = stampAll(mem, NOW - 1000);
      files['projects/p.md'].ctimeMs = NOW - 500;
      const first = ParseCache.empty(BUILD, { stat: stamps(files), now: NOW });
      await loadTeam(mem, first.parsers);
      const later = ParseCache.parse(first.serialize(), BUILD, { stat: stamps(files), now: NOW + 10_000 });
      await loadTeam(mem, later.parsers);
      strictEqual(later.changed, false, 'the team clock: nothing is 2 s older than the newest change yet');
      files['projects/p.md'] = { v: 2, ctimeMs: NOW + 5000 };
      const third = ParseCache.parse(later.serialize(), BUILD, { stat: stamps(files), now: NOW + 10_000 });
      await loadTeam(mem, third.parsers);
      strictEqual(third.changed, true);
      const c = new CountingFs(mem);
      await loadTeam(c, ParseCache.parse(third.serialize(), BUILD, { stat: stamps(files), now: NOW + 10_000 }).parsers);
      deepStrictEqual(c.read.filter((p) => p.startsWith('agents/') || p.startsWith('projects/')), ['projects/p.md']);
    });
  });
});
