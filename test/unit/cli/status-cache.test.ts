import { deepStrictEqual, notStrictEqual, strictEqual } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { fileStamps } from '../../../src/cli/status-cache';
import { NodeTeamFs } from '../../../src/core/fs/node-fs';
import { ParseCache } from '../../../src/core/parse-cache/parse-cache';
import { loadTeam } from '../../../src/core/team/team-index';
import { CountingFs, tempDir } from '../core/team-index-helpers';
import { waitFor } from '../../harness/wait-for';

describe('cli/status-cache: file stamps on a real disk', function () {
  this.timeout(20000);

  it('skips reading a file whose stamp it trusts, and reads it again after an agent rewrites it in the same size and modification time', async () => {
    const dir = tempDir('cortex-stamps-');
    try {
      const write = (p: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
        fs.writeFileSync(path.join(dir, p), text);
      };
      write('agents/ada/ada.md', '---\nname: Ada\n---\n');
      write('agents/ada/tasks.md', '## Working\n**Status:** in-progress\n**Started:** 2026-03-28T09:00\n');
      write('agents/bob/bob.md', '---\nname: Bob\n---\n');
      const ada = path.join(dir, 'agents/ada/tasks.md');
      fs.utimesSync(ada, 1_800_000_000, 1_800_000_000);
      // Trust needs the change 2 s older than now and than the newest change in the team: wait, then change another file.
      const changedAt = fs.statSync(ada).ctimeMs;
      await waitFor(() => Date.now() - changedAt > 2100, 10_000, 'the change to be 2 s old', 50);
      write('agents/bob/tasks.md', '## Later\n**Status:** ready\n');

      const stat = fileStamps(dir)!;
      const first = ParseCache.empty('b', { stat, now: Date.now() });
      await loadTeam(new NodeTeamFs(dir), first.parsers);
      const saved = first.serialize();

      const counting = new CountingFs(new NodeTeamFs(dir));
      const warm = await loadTeam(counting, ParseCache.parse(saved, 'b', { stat, now: Date.now() }).parsers);
      strictEqual(counting.read.includes('agents/ada/tasks.md'), false, `read: ${counting.read.join(', ')}`);
      strictEqual(counting.read.includes('agents/bob/tasks.md'), true, 'the newest change is always read');
      deepStrictEqual(warm.agents[0].tasks.map((t) => t.title), ['Working']);

      // The agent: the whole file rewritten in place (no lock), the same length, the old mtime set back.
      const before = fs.statSync(ada);
      const stampBefore = (await stat('agents/ada/tasks.md'))!.key;
      fs.writeFileSync(ada, '## Testing\n**Status:** in-progress\n**Started:** 2026-03-28T09:00\n');
      fs.utimesSync(ada, 1_800_000_000, 1_800_000_000);
      deepStrictEqual([fs.statSync(ada).size, fs.statSync(ada).mtimeMs], [before.size, before.mtimeMs]);
      notStrictEqual((await stat('agents/ada/tasks.md'))!.key, stampBefore, 'the change time moved');
      counting.reset();
      const after = await loadTeam(counting, ParseCache.parse(saved, 'b', { stat, now: Date.now() }).parsers);
      strictEqual(counting.read.includes('agents/ada/tasks.md'), true);
      deepStrictEqual(after.agents[0].tasks.map((t) => t.title), ['Testing']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives no stamp for a file on another device than the team folder (an agent folder linked from elsewhere is always read)', async () => {
    const dir = tempDir('cortex-stamps-');
    try {
      fs.mkdirSync(path.join(dir, 'agents', 'ada'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'agents', 'ada', 'ada.md'), '---\nname: Ada\n---\n');
      fs.symlinkSync('/proc/version', path.join(dir, 'agents', 'ada', 'tasks.md'));
      const stat = fileStamps(dir)!;
      strictEqual(typeof (await stat('agents/ada/ada.md'))?.key, 'string');
      strictEqual(await stat('agents/ada/tasks.md'), undefined);
      strictEqual(await stat('agents/ada/none.md'), undefined);
      strictEqual(fileStamps(path.join(dir, 'no such folder')), undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
