import * as assert from 'assert';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { taskReferenceLine } from '../../../src/core/review/task-reference';
import { fileAtRevision, listCommits, openProjectRepo, taskChanges } from '../../../src/git/task-changes';
import { sandboxPerTest, sh, write } from './git-fixture';

/** Commits everything with author and committer time `date` (ISO with its zone), returns the SHA. */
function commitAt(dir: string, message: string, date: string, committed = date): string {
  sh(dir, 'add', '-A');
  execFileSync('git', ['commit', '--quiet', '--allow-empty', '-m', message], {
    cwd: dir,
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: committed, LC_ALL: 'C' },
    stdio: 'ignore',
  });
  return sh(dir, 'rev-parse', 'HEAD').trim();
}

const TASK = { title: 'Add Stripe webhook endpoint', status: 'done', started: '2026-11-24T09:00', completed: '2026-11-24T10:00' };
const SINCE = Date.UTC(2026, 10, 20) / 1000;

async function changesOf(dir: string, task: typeof TASK | (Omit<typeof TASK, 'completed'> & { completed: null }), worktree = false) {
  const repo = (await openProjectRepo(dir))!;
  const log = await listCommits(repo, SINCE);
  return taskChanges(repo, log, 'billing-dev', task, worktree);
}

describe('git: what a task changed in its project', function () {
  this.timeout(30_000);
  const box = sandboxPerTest();

  it('a done task: its commits by time (in the author\'s own zone), the files and the lines between the range\'s ends', async () => {
    const dir = box().init('project');
    write(dir, { 'src/app.ts': 'one\ntwo\n', 'README.md': 'readme\n' });
    const before = commitAt(dir, 'before the task', '2026-11-24T08:50:00+01:00');
    write(dir, { 'src/app.ts': 'one\nTWO\nthree\n', 'src/webhook.ts': 'export {};\n' });
    commitAt(dir, 'webhook', '2026-11-24T09:20:00+01:00');
    rmSync(path.join(dir, 'README.md'));
    const last = commitAt(dir, 'drop readme', '2026-11-24T10:00:59+01:00');
    write(dir, { 'later.txt': 'x\n' });
    commitAt(dir, 'after the task', '2026-11-24T10:01:00+01:00');

    const c = await changesOf(dir, TASK);
    assert.deepStrictEqual(
      c.commits.map((x) => x.subject),
      ['drop readme', 'webhook'],
    );
    assert.strictEqual(c.via, 'time');
    assert.strictEqual(c.base, before);
    assert.strictEqual(c.head, last);
    assert.deepStrictEqual(c.files, [
      { path: 'README.md', oldPath: null, status: 'deleted', added: 0, removed: 1 },
      { path: 'src/app.ts', oldPath: null, status: 'modified', added: 2, removed: 1 },
      { path: 'src/webhook.ts', oldPath: null, status: 'added', added: 1, removed: 0 },
    ]);
    assert.strictEqual(c.added, 3);
    assert.strictEqual(c.removed, 2);
    assert.strictEqual(await fileAtRevision(dir, c.base, 'src/app.ts'), 'one\ntwo\n');
    assert.strictEqual(await fileAtRevision(dir, c.head!, 'README.md'), undefined);
  });

  it('a task in progress: committed and uncommitted work, new files not yet added included', async () => {
    const dir = box().init('project');
    write(dir, { 'a.txt': 'a\n' });
    const base = commitAt(dir, 'base', '2026-11-24T08:00:00+00:00');
    write(dir, { 'a.txt': 'a\nb\n' });
    commitAt(dir, 'first step', '2026-11-24T09:30:00+00:00');
    write(dir, { 'a.txt': 'a\nb\nc\n', 'new/notes.md': 'one\ntwo' });
    const c = await changesOf(dir, { ...TASK, status: 'in-progress', completed: null }, true);
    assert.strictEqual(c.base, base);
    assert.strictEqual(c.head, null, 'the right side is the working tree');
    assert.strictEqual(c.uncommitted, true);
    assert.deepStrictEqual(
      c.files.map((f) => [f.path, f.status, f.added, f.removed]),
      [
        ['a.txt', 'modified', 2, 0],
        ['new/notes.md', 'added', 2, 0],
      ],
    );
  });

  it('merges: work a merge brought in is not the task\'s; by reference, the task\'s own commits on a side branch are', async () => {
    const dir = box().init('project');
    write(dir, { 'a.txt': 'a\n' });
    commitAt(dir, 'base', '2026-11-24T08:00:00+00:00');
    sh(dir, 'checkout', '--quiet', '-b', 'other');
    write(dir, { 'theirs.txt': 'theirs\n' });
    commitAt(dir, 'their work', '2026-11-24T09:10:00+00:00');
    sh(dir, 'checkout', '--quiet', 'main');
    write(dir, { 'mine.txt': 'mine\n' });
    commitAt(dir, 'my work', '2026-11-24T09:20:00+00:00');
    sh(dir, 'merge', '--quiet', '--no-edit', '--no-ff', 'other');
    const byTime = await changesOf(dir, TASK);
    assert.deepStrictEqual(
      byTime.commits.map((x) => x.subject),
      ['my work'],
    );
    assert.deepStrictEqual(
      byTime.files.map((f) => f.path),
      ['mine.txt'],
    );

    sh(dir, 'checkout', '--quiet', '-b', 'feature');
    write(dir, { 'feature.txt': 'f\n' });
    commitAt(dir, `feature\n\n${taskReferenceLine('billing-dev', TASK.title)}`, '2026-11-24T11:00:00+00:00');
    sh(dir, 'checkout', '--quiet', 'main');
    sh(dir, 'merge', '--quiet', '--no-edit', '--no-ff', 'feature');
    const byRef = await changesOf(dir, TASK);
    assert.strictEqual(byRef.via, 'reference');
    assert.deepStrictEqual(
      byRef.files.map((f) => f.path),
      ['feature.txt'],
    );
  });

  it('rebased history: new SHAs, the same task; the range follows the rebased commits', async () => {
    const dir = box().init('project');
    write(dir, { 'a.txt': 'a\n' });
    commitAt(dir, 'base', '2026-11-24T08:00:00+00:00');
    sh(dir, 'checkout', '--quiet', '-b', 'work');
    write(dir, { 'work.txt': 'w\n' });
    const original = commitAt(dir, 'work', '2026-11-24T09:30:00+00:00');
    sh(dir, 'checkout', '--quiet', 'main');
    write(dir, { 'main.txt': 'm\n' });
    const mainTip = commitAt(dir, 'main moved', '2026-11-24T08:30:00+00:00');
    sh(dir, 'checkout', '--quiet', 'work');
    execFileSync('git', ['rebase', '--quiet', 'main'], { cwd: dir, env: { ...process.env, GIT_COMMITTER_DATE: '2026-11-25T12:00:00+00:00' }, stdio: 'ignore' });
    const c = await changesOf(dir, TASK);
    assert.strictEqual(c.commits.length, 1);
    assert.notStrictEqual(c.head, original);
    assert.strictEqual(c.base, mainTip);
    assert.deepStrictEqual(
      c.files.map((f) => f.path),
      ['work.txt'],
    );
  });

  it('a project folder inside a bigger repository: files outside it are not the agent\'s', async () => {
    const dir = box().init('mono');
    write(dir, { 'app/a.txt': 'a\n', 'other/b.txt': 'b\n' });
    commitAt(dir, 'base', '2026-11-24T08:00:00+00:00');
    write(dir, { 'app/a.txt': 'a\na\n', 'other/b.txt': 'b\nb\n' });
    commitAt(dir, 'both', '2026-11-24T09:30:00+00:00');
    const repo = (await openProjectRepo(path.join(dir, 'app')))!;
    assert.strictEqual(repo.prefix, 'app');
    const c = await taskChanges(repo, await listCommits(repo, SINCE), 'billing-dev', TASK, false);
    assert.deepStrictEqual(
      c.files.map((f) => f.path),
      ['app/a.txt'],
    );
  });

  it('a folder that is not a repository, and a repository without commits', async () => {
    assert.strictEqual(await openProjectRepo(box().folder('plain')), undefined);
    const empty = box().init('empty');
    writeFileSync(path.join(empty, 'x.txt'), 'x\n');
    const repo = (await openProjectRepo(empty))!;
    assert.strictEqual(repo.head, null);
    const c = await taskChanges(repo, await listCommits(repo, SINCE), 'billing-dev', { ...TASK, status: 'in-progress', completed: null }, true);
    assert.deepStrictEqual(
      c.files.map((f) => [f.path, f.status]),
      [['x.txt', 'added']],
    );
  });
});
