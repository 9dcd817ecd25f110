// src/git/run-git.ts: the runner (exit codes, stdin, the time limit, git or the folder missing).
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FolderMissingError, GitNotFoundError, runGit } from '../../../src/git/run-git';
import { openProjectRepo } from '../../../src/git/task-changes';
import { waitFor } from '../../harness/wait-for';

/** Gone, or a zombie waiting to be reaped (it runs no more either way). */
function processEnded(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').startsWith('Z');
  } catch {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  }
}

describe('git: run-git', () => {
  it('resolves with the exit code and output, feeds stdin, never rejects on failure', async () => {
    const ok = await runGit(process.cwd(), ['hash-object', '--stdin'], { input: 'hello\n' });
    assert.equal(ok.code, 0);
    assert.equal(ok.stdout.trim(), 'ce013625030ba8dba906f756967f9e9ca394464a');
    const bad = await runGit(process.cwd(), ['no-such-subcommand-x']);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /not a git command/);
  });

  it('kills git after the time limit (code -1) and says git is missing when it is', async () => {
    const slow = await runGit(process.cwd(), ['hash-object', '--stdin'], { timeoutMs: 1, input: 'x'.repeat(10) });
    assert.ok(slow.code === -1 || slow.code === 0); // a fast machine may finish in 1 ms
    // The alias's shell notes its process id, then sleeps far past the limit.
    const pidFile = path.join(os.tmpdir(), `cortex-git-hang-${process.pid}`);
    rmSync(pidFile, { force: true });
    const hang = await runGit(process.cwd(), ['-c', `alias.wait=!echo $$ > '${pidFile}'; exec sleep 120`, 'wait'], { timeoutMs: 1000 });
    assert.equal(hang.code, -1);
    assert.match(hang.stderr, /timed out/);
    // What git started ends with it (no pid noted: git was ended before it started the shell).
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      rmSync(pidFile, { force: true });
      await waitFor(() => processEnded(pid), 20_000, `the shell git started (pid ${pid}) to end`);
    }
    await assert.rejects(runGit(process.cwd(), ['--version'], { env: { PATH: '/nonexistent-cortex-path' } }), GitNotFoundError);
  });

  it('a folder that does not exist is said to be missing, not git (spawn says ENOENT for both)', async () => {
    const missing = path.join(os.tmpdir(), `cortex-no-such-folder-${process.pid}`);
    await assert.rejects(runGit(missing, ['--version']), (e: unknown) => e instanceof FolderMissingError && e.message === `the folder ${missing} does not exist`);
    await assert.rejects(openProjectRepo(missing), FolderMissingError);
  });
});
