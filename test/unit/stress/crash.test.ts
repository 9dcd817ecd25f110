import * as assert from 'assert';
import { spawn } from 'child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { isCortexTempName } from '../../../src/core/fs/team-fs';
import { bigVersion, versionOf } from './crash-content';

/**
 * Crash safety: a process replacing a 2 MB file through writeAtomic is killed with
 * SIGKILL at a random moment, many times over. After every kill the file is exactly
 * one whole version (the old one or a newer one), never torn; and every read taken
 * while the writer was running saw a whole version too.
 */
const RUNS = 64;
const LANES = 4;

function checkWhole(text: string, what: string): number {
  const v = versionOf(text);
  assert.ok(v !== null, `${what}: no version header (${text.length} bytes)`);
  assert.ok(text === bigVersion(v), `${what}: torn (claims version ${v}, ${text.length} bytes)`);
  return v;
}

describe('stress: crash safety of writeAtomic', function () {
  this.timeout(120000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cortex-crash-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it(`leaves the old or the new file, never a torn one (${RUNS} kills)`, async () => {
    let kills = 0;
    let advanced = 0;
    let reads = 0;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const file = `big-${lane}.md`;
        const abs = path.join(dir, file);
        writeFileSync(abs, bigVersion(lane * 1_000_000));
        for (let run = 0; run < RUNS / LANES; run++) {
          const before = checkWhole(readFileSync(abs, 'utf8'), `${file} before run ${run}`);
          const first = lane * 1_000_000 + (run + 1) * 1000;
          const child = spawn(process.execPath, [path.join(__dirname, 'crash-writer.js'), dir, file, String(first)], { stdio: ['ignore', 'pipe', 'inherit'] });
          const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
          await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
          // Read while it writes, then kill it at a random moment.
          const until = Date.now() + Math.random() * 60;
          while (Date.now() < until) {
            checkWhole(readFileSync(abs, 'utf8'), `${file} read during run ${run}`);
            reads++;
            await new Promise((r) => setTimeout(r, Math.random() * 5));
          }
          child.kill('SIGKILL');
          assert.strictEqual(await exited, 'SIGKILL');
          kills++;
          const after = checkWhole(readFileSync(abs, 'utf8'), `${file} after kill ${run}`);
          assert.ok(after === before || after >= first, `${file}: version ${after} after run ${run}`);
          if (after !== before) advanced++;
        }
      }),
    );
    // A kill can leave a temp file behind; it carries a name every scan skips.
    const leftovers = readdirSync(dir).filter((n) => !/^big-\d\.md$/.test(n));
    for (const n of leftovers) assert.ok(isCortexTempName(n), `unexpected file ${n}`);
    console.log(`      ${kills} kills, ${advanced} of them after at least one whole new version, ${reads} reads while writing, ${leftovers.length} temp files left`);
    assert.strictEqual(kills, RUNS);
  });
});
