// src/git/commit-files.ts against real temporary repositories: committing only the files given.
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { commitFiles } from '../../../src/git/commit-files';
import { findTeamRepo } from '../../../src/git/repo';
import { TASKS, porcelain, sandboxPerTest, sh, write } from './git-fixture';

describe('git: committing only the files given', function () {
  this.timeout(60_000);
  const box = sandboxPerTest();

  it('commits only the files given: other staged, changed and untracked files stay as they were', async () => {
    const root = box().init('work');
    write(root, { 'team/agents/a/tasks.md': TASKS, 'team/agents/a/a.md': 'note\n', 'README.md': 'readme\n', 'other.txt': 'x\n' });
    sh(root, 'add', '-A');
    sh(root, 'commit', '--quiet', '-m', 'start');
    write(root, { 'team/agents/a/tasks.md': 'pruned\n', 'team/agents/a/a.md': 'note 2\n', 'README.md': 'staged change\n', 'new.txt': 'untracked\n' });
    sh(root, 'add', 'README.md');
    rmSync(path.join(root, 'other.txt'));
    const repo = (await findTeamRepo(path.join(root, 'team')))!;
    const r = await commitFiles(repo, ['team/agents/a/tasks.md'], 'chore: prune completed tasks and old session logs');
    assert.ok(r.commit);
    assert.equal(sh(root, 'log', '-1', '--format=%s').trim(), 'chore: prune completed tasks and old session logs');
    assert.deepEqual(sh(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n'), ['team/agents/a/tasks.md']);
    assert.deepEqual(porcelain(root), [' D other.txt', ' M team/agents/a/a.md', '?? new.txt', 'M  README.md']);
    assert.equal(sh(root, 'show', 'HEAD:team/agents/a/tasks.md'), 'pruned\n');
    // Nothing changed any more: no empty commit.
    assert.equal((await commitFiles(repo, ['team/agents/a/tasks.md'], 'again')).commit, undefined);
    assert.equal(sh(root, 'rev-list', '--count', 'HEAD').trim(), '2');
  });

  it('commits new and deleted files too, and works on a repository with no commit yet', async () => {
    const root = box().init('fresh');
    write(root, { 'agents/a/tasks.md': TASKS, 'keep.txt': 'k\n' });
    const repo = (await findTeamRepo(root))!;
    assert.ok((await commitFiles(repo, ['agents/a/tasks.md'], 'first')).commit);
    assert.deepEqual(porcelain(root), ['?? keep.txt']);
    rmSync(path.join(root, 'agents/a/tasks.md'));
    write(root, { 'agents/a/new.md': 'n\n' });
    assert.ok((await commitFiles(repo, ['agents/a/tasks.md', 'agents/a/new.md'], 'second')).commit);
    assert.deepEqual(sh(root, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort(), ['A\tagents/a/new.md', 'D\tagents/a/tasks.md']);
    assert.deepEqual(porcelain(root), ['?? keep.txt']);
  });
});
