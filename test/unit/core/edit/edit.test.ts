import * as assert from 'assert';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { createExclusive, editFile, lockPathFor, writeAtomic } from '../../../../src/core/edit';
import { CortexConflictError, CortexInputError } from '../../../../src/core/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { TeamFs, isCortexTempName } from '../../../../src/core/fs/team-fs';
import { dispatchText } from '../../../../src/core/ops/dispatch';

const F = 'agents/ada/tasks.md';

/** Wraps a TeamFs, letting a test run code around chosen calls. */
function hooked(fs: TeamFs, hooks: Partial<Record<keyof TeamFs, (args: string[], call: () => Promise<unknown>) => Promise<unknown>>>): TeamFs {
  return new Proxy(fs, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      const hook = hooks[prop as keyof TeamFs];
      if (!hook) return v.bind(target);
      return (...args: string[]) => hook(args, () => v.apply(target, args));
    },
  }) as TeamFs;
}

const append = (line: string) => (text: string) => text + line + '\n';

describe('editFile', () => {
  it('applies the operation and writes through a temp file, leaving no temp behind', async () => {
    const fs = new MemoryTeamFs({ [F]: 'a\n' });
    const renames: string[][] = [];
    const r = await editFile(hooked(fs, { rename: async (args, call) => (renames.push(args), call()) }), F, append('b'));
    assert.deepStrictEqual([r.changed, r.before, r.after, r.attempts], [true, 'a\n', 'a\nb\n', 1]);
    assert.strictEqual(fs.get(F), 'a\nb\n');
    assert.strictEqual(renames.length, 1);
    assert.ok(isCortexTempName(path.basename(renames[0][0])), renames[0][0]);
    assert.deepStrictEqual(fs.paths(), [F]);
  });

  it('writes nothing when the operation changes nothing or throws', async () => {
    const fs = new MemoryTeamFs({ [F]: 'a\n' });
    let writes = 0;
    const counting = hooked(fs, { writeFile: async (_a, call) => (writes++, call()) });
    assert.strictEqual((await editFile(counting, F, (t) => t)).changed, false);
    await assert.rejects(
      editFile(counting, F, () => {
        throw new CortexInputError('no');
      }),
      CortexInputError,
    );
    assert.strictEqual(writes, 0);
  });

  it('refuses a file that is not UTF-8, leaving it as it is', async () => {
    const latin1 = Uint8Array.from([0x23, 0x23, 0x20, 0xe9, 0x0a]);
    const fs = new MemoryTeamFs({ [F]: latin1 });
    await assert.rejects(editFile(fs, F, append('x')), /not valid UTF-8/);
    assert.deepStrictEqual(await fs.readFile(F), latin1);
  });

  it('keeps a BOM and every byte the operation does not touch', async () => {
    const fs = new MemoryTeamFs({ [F]: '\uFEFFa\r\n' });
    await editFile(fs, F, append('b'));
    assert.deepStrictEqual([...(await fs.readFile(F))], [0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x62, 0x0a]);
  });

  it('reports a missing file, or creates it when asked', async () => {
    const fs = new MemoryTeamFs();
    await assert.rejects(editFile(fs, F, append('x')), /does not exist/);
    assert.deepStrictEqual(fs.paths(), []);
    await editFile(fs, F, append('x'), { ifMissing: 'create' });
    assert.strictEqual(fs.get(F), 'x\n');
  });

  /** Runs `change` whenever the editor writes its temp file: after it read and applied the operation, before it checks and renames. */
  const onTempWrite = (fs: MemoryTeamFs, change: (n: number) => void) => {
    let n = 0;
    return hooked(fs, {
      writeFile: async (args, call) => {
        await call();
        if (isCortexTempName(path.basename(args[0]))) change(n++);
      },
    });
  };

  it('re-applies the operation when the file changed after it was read', async () => {
    const fs = new MemoryTeamFs({ [F]: '## A\n**Status:** ready\n' });
    // An agent claims A and ticks while our first attempt is on its way.
    const racing = onTempWrite(fs, (n) => {
      if (n === 0) fs.put(F, '## A\n**Status:** in-progress\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n');
    });
    const r = await editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text, { backoffMs: 0 });
    assert.strictEqual(r.attempts, 2);
    assert.strictEqual(fs.get(F), '## A\n**Status:** in-progress\n\n## B\n**Status:** ready\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n');
    assert.deepStrictEqual(fs.paths(), [F]);
  });

  it('gives up with a conflict after the retries, overwriting nothing', async () => {
    const fs = new MemoryTeamFs({ [F]: 'v0\n' });
    const busy = onTempWrite(fs, (n) => fs.put(F, `v${n + 1}\n`));
    await assert.rejects(editFile(busy, F, append('mine'), { retries: 3, backoffMs: 0 }), (e: unknown) => e instanceof CortexConflictError && /\(4 attempts\); nothing was overwritten/.test(e.message));
    assert.strictEqual(fs.get(F), 'v4\n');
    assert.deepStrictEqual(fs.paths(), [F]);
  });

  it('lets the operation refuse the new text (nothing written)', async () => {
    const fs = new MemoryTeamFs({ [F]: '## A\n**Status:** ready\n' });
    const racing = onTempWrite(fs, (n) => {
      if (n === 0) fs.put(F, '## A\n**Status:** ready\n\n## B\n**Status:** ready\n');
    });
    await assert.rejects(editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text, { backoffMs: 0 }), /already has a ready task titled "B"/);
    assert.strictEqual(fs.get(F), '## A\n**Status:** ready\n\n## B\n**Status:** ready\n');
  });
});

describe('editFile on disk (hard links)', () => {
  let dir: string;
  let fs: NodeTeamFs;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cortex-edit-'));
    fs = new NodeTeamFs(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const abs = (p: string) => path.join(dir, ...p.split('/'));
  const leftovers = () => readdirSync(path.dirname(abs(F))).filter(isCortexTempName);

  it('recovers an in-place write that landed on the replaced file', async () => {
    await fs.writeFile(F, new TextEncoder().encode('## A\n**Status:** ready\n'));
    let once = true;
    const racing = hooked(fs, {
      rename: async (args, call) => {
        // An agent writes in place (same inode) after our check, just before our rename.
        if (args[1] === F && once) {
          once = false;
          writeFileSync(abs(F), '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n');
        }
        return call();
      },
    });
    const r = await editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text);
    assert.strictEqual(r.attempts, 2);
    assert.strictEqual(readFileSync(abs(F), 'utf8'), '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n\n## B\n**Status:** ready\n');
    assert.deepStrictEqual(leftovers(), []);
  });

  it('puts the other writer\'s text back when it makes the operation invalid', async () => {
    await fs.writeFile(F, new TextEncoder().encode('## A\n**Status:** ready\n'));
    let once = true;
    const theirs = '## A\n**Status:** ready\n\n## B\n**Status:** ready\n';
    const racing = hooked(fs, {
      rename: async (args, call) => {
        if (args[1] === F && once) {
          once = false;
          writeFileSync(abs(F), theirs);
        }
        return call();
      },
    });
    await assert.rejects(editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text), /already has a ready task/);
    assert.strictEqual(readFileSync(abs(F), 'utf8'), theirs);
    assert.deepStrictEqual(leftovers(), []);
  });

  it('reports success when, while it restores an in-place write, the writer claims the task it saw us add', async () => {
    await fs.writeFile(F, new TextEncoder().encode('## A\n**Status:** ready\n'));
    let renames = 0;
    const claimed = '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n\n## B\n**Status:** in-progress\n**Started:** 2026-01-01T00:01\n';
    const racing = hooked(fs, {
      rename: async (args, call) => {
        if (args[1] === F) {
          renames++;
          // 1st replace: the agent claims A, writing in place into the file we replace.
          if (renames === 1) writeFileSync(abs(F), '## A\n**Status:** in-progress\n**Started:** 2026-01-01T00:00\n');
          // 2nd replace (restoring that claim): the agent has read our B and claims it, again in place.
          if (renames === 2) writeFileSync(abs(F), claimed);
        }
        return call();
      },
    });
    const r = await editFile(racing, F, (t) => dispatchText(t, F, { title: 'B' }).text);
    assert.ok(r.changed);
    assert.strictEqual(readFileSync(abs(F), 'utf8'), claimed, 'the agent\'s claim of the dispatched task is what stays');
    assert.deepStrictEqual(leftovers(), []);
  });

  it('serializes concurrent editors of one file (every edit lands)', async () => {
    await fs.writeFile(F, new Uint8Array(0));
    await Promise.all(Array.from({ length: 25 }, (_, i) => editFile(fs, F, (t) => dispatchText(t, F, { title: `T${i}` }).text)));
    const text = readFileSync(abs(F), 'utf8');
    for (let i = 0; i < 25; i++) assert.ok(text.includes(`## T${i}\n`), `T${i} missing`);
    assert.deepStrictEqual(leftovers(), []);
  });

  it('waits for a held lock, then gives up with a conflict', async () => {
    await fs.writeFile(F, new TextEncoder().encode('x\n'));
    writeFileSync(abs(lockPathFor(F)), 'someone\n');
    await assert.rejects(editFile(fs, F, append('y'), { lockTimeoutMs: 50 }), /being edited by another cortex-team process/);
    assert.strictEqual(readFileSync(abs(F), 'utf8'), 'x\n');
  });

  it('takes over a lock left behind by a killed process', async () => {
    await fs.writeFile(F, new TextEncoder().encode('x\n'));
    writeFileSync(abs(lockPathFor(F)), 'dead\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(abs(lockPathFor(F)), old, old);
    await editFile(fs, F, append('y'), { lockTimeoutMs: 50 });
    assert.strictEqual(readFileSync(abs(F), 'utf8'), 'x\ny\n');
    assert.deepStrictEqual(leftovers(), []);
  });

  it('sweeps temp files a killed writer left behind, and only old ones of this file', async () => {
    await fs.writeFile(F, new TextEncoder().encode('x\n'));
    const folder = path.dirname(abs(F));
    const old = new Date(Date.now() - 3600_000);
    for (const name of ['.tasks.md.cortex-aaaa.tmp', '.tasks.md.cortex-bbbb.bak', '.ada.md.cortex-cccc.tmp', '.tasks.md.cortex-dddd.tmp']) {
      writeFileSync(path.join(folder, name), 'left');
      if (name !== '.tasks.md.cortex-dddd.tmp') utimesSync(path.join(folder, name), old, old);
    }
    await editFile(fs, F, append('y'));
    assert.deepStrictEqual(readdirSync(folder).sort(), ['.ada.md.cortex-cccc.tmp', '.tasks.md.cortex-dddd.tmp', 'tasks.md']);
  });

  it('createExclusive creates once, and never replaces', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createExclusive(fs, F, new TextEncoder().encode(`v${i}`))));
    assert.strictEqual(results.filter(Boolean).length, 1);
    const winner = results.indexOf(true);
    assert.strictEqual(readFileSync(abs(F), 'utf8'), `v${winner}`);
    assert.deepStrictEqual(leftovers(), []);
  });
});

describe('writeAtomic', () => {
  it('removes its temp file when the rename fails', async () => {
    const fs = new MemoryTeamFs({ [F]: 'old' });
    const failing = hooked(fs, {
      rename: async () => {
        throw new Error('disk full');
      },
    });
    await assert.rejects(writeAtomic(failing, F, new TextEncoder().encode('new')), /disk full/);
    assert.deepStrictEqual(fs.paths(), [F]);
    assert.strictEqual(fs.get(F), 'old');
  });
});
