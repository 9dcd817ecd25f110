import * as assert from 'assert';
import { spawn } from 'child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { writeOperation } from '../../src/core/edit/writer';
import { NodeTeamFs } from '../../src/core/fs/node-fs';
import { isCortexTempName } from '../../src/core/fs/team-fs';
import { dispatchOperation } from '../../src/core/ops/dispatch';
import { parseTaskFile } from '../../src/core/parse/tasks';
import { CRASH_SEED, crashTask, crashVersion } from './crash-versions';
import { seededRandom, testSeed } from '../harness/test-seed';

/** The kill moments, from the run's seed (test/harness/test-seed.ts). */
const random = seededRandom(testSeed());

/**
 * Crash safety of the one writer: a process dispatching task after task into one
 * tasks.md is killed with SIGKILL at a random moment, 200 times (four files at once).
 * After every kill:
 *
 * - the file is exactly one whole version (the last one it acknowledged, or the
 *   next), never torn;
 * - the next write, by another process, succeeds without waiting at all (a zero lock
 *   timeout: the dead writer's lock is taken over at once, not waited out) and is the
 *   next whole version;
 * - after that write no temp file, second name or lock is left in the folder: the
 *   next writer removed what the dead one left.
 */
const KILLS = 200;
const LANES = 4;
const F = 'agents/ada/tasks.md';

interface Left {
  lock: number;
  tmp: number;
  bak: number;
}

export interface CrashFigures {
  kills: number;
  torn: number;
  tempFilesLeft: number;
  delayedNextWrites: number;
  leftByKill: Left;
  advanced: number;
}

describe('stress: kill -9 in the middle of writes', function () {
  this.timeout(5 * 60_000);

  it(`leaves a whole file, no temp file, and a next write that does not wait (${KILLS} kills)`, async () => {
    const figures: CrashFigures = { kills: 0, torn: 0, tempFilesLeft: 0, delayedNextWrites: 0, leftByKill: { lock: 0, tmp: 0, bak: 0 }, advanced: 0 };
    const roots: string[] = [];
    try {
      await Promise.all(
        Array.from({ length: LANES }, async () => {
          const root = mkdtempSync(path.join(tmpdir(), 'cortex-crash-'));
          roots.push(root);
          const abs = path.join(root, F);
          mkdirSync(path.dirname(abs), { recursive: true });
          writeFileSync(abs, CRASH_SEED);
          const fs = new NodeTeamFs(root);
          const versionOf = (text: string): number | null => {
            const n = parseTaskFile(text, F).tasks.length;
            return text === crashVersion(n) ? n : null;
          };
          for (let run = 0; run < KILLS / LANES; run++) {
            const before = versionOf(readFileSync(abs, 'utf8'))! + 1; // its first write is done when it says ready
            const child = spawn(process.execPath, [path.join(__dirname, 'crash-writer.js'), root, F], { stdio: ['ignore', 'pipe', 'inherit'] });
            const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
            await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
            // A random moment: somewhere inside one of its writes.
            await new Promise((r) => setTimeout(r, random() * 25));
            child.kill('SIGKILL');
            assert.strictEqual(await exited, 'SIGKILL');
            figures.kills++;

            const after = versionOf(readFileSync(abs, 'utf8'));
            if (after === null || after < before) {
              figures.torn++;
              continue;
            }
            if (after > before) figures.advanced++; // at least one more whole write after the first
            const left = readdirSync(path.dirname(abs));
            if (left.some((n) => n.endsWith('.cortex-lock.tmp'))) figures.leftByKill.lock++;
            if (left.some((n) => isCortexTempName(n) && n.endsWith('.tmp') && !n.endsWith('.cortex-lock.tmp'))) figures.leftByKill.tmp++;
            if (left.some((n) => isCortexTempName(n) && n.endsWith('.bak'))) figures.leftByKill.bak++;

            // The next write: no wait allowed.
            try {
              await writeOperation(fs, F, dispatchOperation(F, crashTask(after)), { lockTimeoutMs: 0 });
            } catch (e) {
              figures.delayedNextWrites++;
              assert.fail(`the next write after kill ${run} failed: ${e instanceof Error ? e.message : e}`);
            }
            if (versionOf(readFileSync(abs, 'utf8')) !== after + 1) figures.torn++;
            figures.tempFilesLeft += readdirSync(path.dirname(abs)).filter((n) => n !== 'tasks.md').length;
          }
        }),
      );
    } finally {
      for (const r of roots) rmSync(r, { recursive: true, force: true });
    }
    console.log(`      ${JSON.stringify(figures)}`);
    assert.strictEqual(figures.kills, KILLS);
    assert.strictEqual(figures.torn, 0, 'torn files');
    assert.strictEqual(figures.tempFilesLeft, 0, 'temp files left');
    assert.strictEqual(figures.delayedNextWrites, 0, 'next writes that had to wait');
  });
});
