import * as assert from 'assert';
import { chownSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { createExclusive, editFile } from '../../../../src/core/edit/edit-file';
import { lockPathFor } from '../../../../src/core/edit/temp-names';
import { writeOperation } from '../../../../src/core/edit/writer';
import { ProcessInfo, thisProcess } from '../../../../src/core/edit/process-info';
import { CortexConflictError, CortexFileError } from '../../../../src/core/edit/errors';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { OwnershipError, TeamFs, isCortexTempName } from '../../../../src/core/fs/team-fs';
import { dispatchOperation, dispatchText } from '../../../../src/core/ops/dispatch';
import { hooked } from './fs-hooks';

/** The one writer on a real disk: hard links, the lock, files kept as they were, OS errors. */
const F = 'agents/ada/tasks.md';
const enc = (s: string) => new TextEncoder().encode(s);

/** A process id that is certainly not running (beyond the kernel's pid range). */
const DEAD_PID = 4_194_305;

/**
 * `renameIf` with an agent's in-place write slipped in after the check and before
 * the rename (the moment the writer cannot close): `write(n)` for the n-th replace.
 */
function inPlaceAfterCheck(fs: NodeTeamFs, write: (n: number) => void): TeamFs {
  let n = 0;
  return hooked(fs, {
    renameIf: (args, call) => {
      const [from, to, guard, check] = args as [string, string, string, (b: Uint8Array) => boolean];
      if (to !== F) return call();
      return fs.renameIf(from, to, guard, (bytes) => {
        const ok = check(bytes);
        if (ok) write(n++);
        return ok;
      });
    },
  });
}

describe('writer on disk', () => {
  let dir: string;
  let fs: NodeTeamFs;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cortex-writer-'));
    fs = new NodeTeamFs(path.join(dir, 'team'));
    mkdirSync(path.join(dir, 'team', 'agents', 'ada'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const abs = (p: string) => path.join(dir, 'team', ...p.split('/'));
  const folder = () => path.dirname(abs(F));
  const leftovers = () => readdirSync(folder()).filter(isCortexTempName);
  const put = (text: string) => writeFileSync(abs(F), text);
  const read = () => readFileSync(abs(F), 'utf8');

  describe('in-place writers and the replaced file', () => {
    it('puts back an in-place write that landed on the replaced file', async () => {
      put('## A\n**Status:** ready\n');
      const racing = inPlaceAfterCheck(fs, (n) => {
        if (n === 0) writeFileSync(abs(F), '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n');
      });
      const r = await editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text);
      assert.strictEqual(r.attempts, 2);
      assert.strictEqual(read(), '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n\n## B\n**Status:** ready\n');
      assert.deepStrictEqual(leftovers(), []);
    });

    it("puts the other writer's text back when it makes the operation invalid", async () => {
      put('## A\n**Status:** ready\n');
      const theirs = '## A\n**Status:** ready\n\n## B\n**Status:** ready\n';
      const racing = inPlaceAfterCheck(fs, (n) => {
        if (n === 0) writeFileSync(abs(F), theirs);
      });
      await assert.rejects(editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text), /already has a ready task/);
      assert.strictEqual(read(), theirs);
      assert.deepStrictEqual(leftovers(), []);
    });

    it('keeps the claim when, while it restores an in-place write, the writer claims the task it saw us add', async () => {
      put('## A\n**Status:** ready\n');
      const claimed = '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n\n## B\n**Status:** in-progress\n**Started:** 2026-01-01T00:01\n';
      const racing = inPlaceAfterCheck(fs, (n) => {
        if (n === 0) writeFileSync(abs(F), '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n');
        if (n === 1) writeFileSync(abs(F), claimed);
      });
      const r = await editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text);
      assert.ok(r.changed);
      assert.strictEqual(read(), claimed, "the agent's claim of the dispatched task is what stays");
      assert.deepStrictEqual(leftovers(), []);
    });
  });

  describe('the lock', () => {
    it('serializes concurrent writers of one file (every write lands, nothing doubled)', async () => {
      put('');
      await Promise.all(Array.from({ length: 25 }, (_, i) => writeOperation(fs, F, dispatchOperation(F, { title: `T${i}` }))));
      const text = read();
      for (let i = 0; i < 25; i++) assert.strictEqual(text.split(`## T${i}\n`).length, 2, `T${i} missing or doubled`);
      assert.deepStrictEqual(leftovers(), []);
      assert.ok(!readdirSync(folder()).some((n) => n.includes('cortex-lock')), 'lock left behind');
    });

    it('waits for a live holder, then gives up with a conflict', async () => {
      put('x\n');
      writeFileSync(abs(lockPathFor(F)), `${process.pid} ${thisProcess.host} 0123456789ab\n`);
      const other: ProcessInfo = { ...thisProcess, pid: process.pid + 1, isAlive: () => true };
      await assert.rejects(editFile(fs, F, (t) => t + 'y\n', { lockTimeoutMs: 50, who: other }), (e: unknown) => e instanceof CortexConflictError && /being edited by another cortex-team process \(process \d+/.test(e.message));
      assert.strictEqual(read(), 'x\n');
    });

    it('takes over the lock of a dead process at once, and the next write is not delayed', async () => {
      put('x\n');
      writeFileSync(abs(lockPathFor(F)), `${DEAD_PID} ${thisProcess.host} 0123456789ab\n`);
      // A zero wait: any wait on a live holder would fail.
      const r = await writeOperation(fs, F, { apply: (t) => ({ text: t + 'y\n', result: null }) }, { lockTimeoutMs: 0 });
      assert.strictEqual(r.tookOverLock, `${DEAD_PID} ${thisProcess.host} 0123456789ab`);
      assert.strictEqual(read(), 'x\ny\n');
      assert.deepStrictEqual(readdirSync(folder()).sort(), ['tasks.md']);
    });

    it('takes over an old lock of another host or an older version by its age', async () => {
      put('x\n');
      writeFileSync(abs(lockPathFor(F)), 'dead\n');
      const old = new Date(Date.now() - 60_000);
      utimesSync(abs(lockPathFor(F)), old, old);
      await editFile(fs, F, (t) => t + 'y\n', { lockTimeoutMs: 0 });
      assert.strictEqual(read(), 'x\ny\n');
      assert.deepStrictEqual(readdirSync(folder()).sort(), ['tasks.md']);
    });
  });

  describe('temp files', () => {
    it('removes what dead writers left at once, unidentifiable leftovers when old, and never a live writer\'s', async () => {
      put('x\n');
      const host = thisProcess.host;
      const old = new Date(Date.now() - 3600_000);
      const names = {
        deadTmp: `.tasks.md.cortex-${host}-${DEAD_PID}-aaaaaaaaaa.tmp`,
        deadBak: `.tasks.md.cortex-${host}-${DEAD_PID}-bbbbbbbbbb.bak`,
        deadOther: `.ada.md.cortex-${host}-${DEAD_PID}-cccccccccc.tmp`,
        live: `.tasks.md.cortex-${host}-${process.ppid}-dddddddddd.tmp`,
        oldDoubleDot: '..tasks.md.cortex-lock.tmp.cortex-eeeeeeeeeeee.tmp',
        oldLegacy: '.tasks.md.cortex-ffffffffffff.bak',
        youngLegacy: '.tasks.md.cortex-999999999999.tmp',
        foreignHostYoung: `.tasks.md.cortex-000000-${DEAD_PID}-1111111111.tmp`,
      };
      for (const [key, name] of Object.entries(names)) {
        writeFileSync(path.join(folder(), name), 'left');
        if (key.startsWith('old')) utimesSync(path.join(folder(), name), old, old);
      }
      // A dead writer's second name of the file: the file now has two links.
      linkSync(abs(F), path.join(folder(), `.tasks.md.cortex-${host}-${DEAD_PID}-2222222222.bak`));
      await editFile(fs, F, (t) => t + 'y\n');
      assert.deepStrictEqual(readdirSync(folder()).sort(), [names.foreignHostYoung, names.live, names.youngLegacy, 'tasks.md'].sort());
      assert.strictEqual(statSync(abs(F)).nlink, 1, 'replaced (the dead writer\'s link was removed first), not written in place');
    });

    it('createExclusive creates once, and never replaces', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createExclusive(fs, F, enc(`v${i}`))));
      assert.strictEqual(results.filter(Boolean).length, 1);
      assert.strictEqual(read(), `v${results.indexOf(true)}`);
      assert.deepStrictEqual(leftovers(), []);
    });
  });

  describe('files are what they were', () => {
    it('refuses a symbolic link, leaving the link and its target as they are', async () => {
      const secret = path.join(dir, 'secret.env');
      writeFileSync(secret, 'TOKEN=hunter2\n');
      symlinkSync(secret, abs(F));
      await assert.rejects(writeOperation(fs, F, dispatchOperation(F, { title: 'Leak' })), (e: unknown) => {
        return e instanceof CortexFileError && e.code === 'ELINK' && /agents\/ada\/tasks\.md is a symbolic link; Cortex Team does not write through links/.test(e.message);
      });
      assert.strictEqual(readFileSync(secret, 'utf8'), 'TOKEN=hunter2\n');
      assert.ok(statSync(abs(F), { bigint: false }).isFile() && readFileSync(abs(F), 'utf8') === 'TOKEN=hunter2\n', 'the link still points at the secret');
      assert.deepStrictEqual(leftovers(), []);
    });

    it('refuses a folder that is a link to outside the team folder; a link inside it is fine', async () => {
      const outside = path.join(dir, 'elsewhere');
      mkdirSync(outside);
      symlinkSync(outside, abs('agents/eve'));
      await assert.rejects(writeOperation(fs, 'agents/eve/tasks.md', dispatchOperation('agents/eve/tasks.md', { title: 'X' }), { ifMissing: 'create' }), /outside the team folder/);
      assert.deepStrictEqual(readdirSync(outside), []);
      symlinkSync(abs('agents/ada'), abs('agents/ada-alias'));
      await writeOperation(fs, 'agents/ada-alias/tasks.md', dispatchOperation('agents/ada-alias/tasks.md', { title: 'Y' }), { ifMissing: 'create' });
      assert.match(read(), /## Y\n/);
    });

    it('keeps mode 0600', async () => {
      put('## A\n**Status:** ready\n');
      require('fs').chmodSync(abs(F), 0o600);
      await writeOperation(fs, F, dispatchOperation(F, { title: 'B' }));
      assert.strictEqual(statSync(abs(F)).mode & 0o7777, 0o600);
      assert.match(read(), /## B\n/);
    });

    it("keeps a file another user owns theirs (as root: the replacement is given to them; else: written in place)", async () => {
      put('## A\n**Status:** ready\n');
      const root = process.getuid?.() === 0;
      if (root) chownSync(abs(F), 12345, 23456);
      const before = statSync(abs(F));
      // Without root, giving a file away fails: the writer must fall back to writing in place.
      const target = root ? fs : hooked(fs, { writeNewFile: async () => Promise.reject(new OwnershipError('x')) });
      await writeOperation(target, F, dispatchOperation(F, { title: 'B' }));
      const after = statSync(abs(F));
      assert.deepStrictEqual([after.uid, after.gid, after.mode], [before.uid, before.gid, before.mode]);
      if (root) assert.deepStrictEqual([after.uid, after.gid], [12345, 23456]);
      else assert.strictEqual(after.ino, before.ino, 'written in place');
      assert.match(read(), /## B\n/);
      assert.deepStrictEqual(leftovers(), []);
    });

    it('writes a file with several hard links in place, so every name sees the change', async () => {
      put('## A\n**Status:** ready\n');
      const other = path.join(dir, 'other-name.md');
      linkSync(abs(F), other);
      await writeOperation(fs, F, dispatchOperation(F, { title: 'B' }));
      assert.strictEqual(readFileSync(other, 'utf8'), read());
      assert.strictEqual(statSync(abs(F)).nlink, 2);
      assert.match(read(), /## B\n/);
      assert.deepStrictEqual(leftovers(), []);
    });

    it('gives a new file its folder\'s owner and group', async () => {
      const root = process.getuid?.() === 0;
      if (root) chownSync(folder(), 12345, 23456);
      await writeOperation(fs, F, dispatchOperation(F, { title: 'B' }), { ifMissing: 'create' });
      const s = statSync(abs(F));
      assert.deepStrictEqual([s.uid, s.gid], root ? [12345, 23456] : [process.getuid!(), s.gid]);
    });
  });

  describe('OS errors are sentences', () => {
    it('a folder where the file should be', async () => {
      mkdirSync(abs(F));
      await assert.rejects(writeOperation(fs, F, dispatchOperation(F, { title: 'B' })), (e: unknown) => e instanceof CortexFileError && e.code === 'EISDIR' && /agents\/ada\/tasks\.md is a folder where a file should be: rename or remove that folder/.test(e.message));
    });

    it('a name too long for the file system', async () => {
      const long = `agents/${'a'.repeat(300)}/tasks.md`;
      await assert.rejects(writeOperation(fs, long, dispatchOperation(long, { title: 'B' }), { ifMissing: 'create' }), (e: unknown) => e instanceof CortexFileError && e.code === 'ENAMETOOLONG' && /is too long for the file system: use a shorter name/.test(e.message));
    });

    for (const [code, pattern] of [
      ['EACCES', /Permission denied writing agents\/ada\/tasks\.md: check that you may write it and its folder/],
      ['ENOSPC', /The disk that holds agents\/ada\/tasks\.md is full: free some space/],
      ['EROFS', /agents\/ada\/tasks\.md is on a read-only file system/],
      ['EDQUOT', /disk quota is used up/],
    ] as const) {
      it(`${code} while writing, and nothing is left behind`, async () => {
        put('## A\n**Status:** ready\n');
        const failing = hooked(fs, {
          writeNewFile: async () => {
            throw Object.assign(new Error(`${code}: simulated, open '/x'`), { code });
          },
        });
        await assert.rejects(writeOperation(failing, F, dispatchOperation(F, { title: 'B' })), (e: unknown) => e instanceof CortexFileError && e.code === code && pattern.test(e.message) && /nothing was changed/.test(e.message));
        assert.strictEqual(read(), '## A\n**Status:** ready\n');
        assert.deepStrictEqual(readdirSync(folder()).sort(), ['tasks.md']);
      });
    }
  });
});
