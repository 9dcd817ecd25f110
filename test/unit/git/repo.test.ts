// src/git/repo.ts against real temporary repositories: where the team folder sits, ahead/behind
// against the upstream, the changed files under a path.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { branchStatus, changedFiles, findTeamRepo, repoPath, teamPath } from '../../../src/git/repo';
import { TASKS, commitAndPush, sandboxPerTest, sh, write } from './git-fixture';

describe('git: the team repository (where it is, its branch, its changes)', function () {
  this.timeout(60_000);
  const box = sandboxPerTest();

  it('finds the repository around a team folder, with its prefix; none for a plain folder', async () => {
    const root = box().init('work');
    write(root, { 'team/agents/a/tasks.md': TASKS });
    const repo = await findTeamRepo(path.join(root, 'team'));
    assert.ok(repo);
    assert.equal(repo.prefix, 'team');
    assert.equal(repoPath(repo, 'agents/a/tasks.md'), 'team/agents/a/tasks.md');
    assert.equal(teamPath(repo, 'team/agents/a/tasks.md'), 'agents/a/tasks.md');
    assert.equal(teamPath(repo, 'README.md'), undefined);
    assert.equal((await findTeamRepo(root))?.prefix, '');
    assert.equal(await findTeamRepo(box().folder('plain')), undefined);
    assert.equal(await findTeamRepo(path.join(box().dir, 'missing')), undefined);
  });

  it('ahead/behind against the upstream as of the last fetch; branch and remotes', async () => {
    const remote = box().remote({ 'agents/a/tasks.md': TASKS, 'agents/b/tasks.md': TASKS });
    const a = box().clone(remote, 'a');
    const b = box().clone(remote, 'b');
    write(a, { 'agents/a/tasks.md': `${TASKS}1\n` });
    sh(a, 'commit', '--quiet', '-am', 'one');
    write(a, { 'agents/a/tasks.md': `${TASKS}2\n` });
    sh(a, 'commit', '--quiet', '-am', 'two');
    write(b, { 'agents/b/tasks.md': `${TASKS}b\n` });
    commitAndPush(b, 'from b');
    const repo = (await findTeamRepo(a))!;
    assert.deepEqual(await branchStatus(repo), { branch: 'main', upstream: 'origin/main', ahead: 2, behind: 0, unborn: false, remotes: ['origin'] });
    sh(a, 'fetch', '--quiet');
    const s = await branchStatus(repo);
    assert.equal(s.ahead, 2);
    assert.equal(s.behind, 1);
  });

  it('lists changed files under a path with renames', async () => {
    const root = box().init('w');
    write(root, { 'team/a.md': 'a\n', 'x.md': 'x\n' });
    sh(root, 'add', '-A');
    sh(root, 'commit', '--quiet', '-m', 's');
    sh(root, 'mv', 'team/a.md', 'team/b.md');
    write(root, { 'x.md': 'y\n' });
    const repo = (await findTeamRepo(path.join(root, 'team')))!;
    assert.deepEqual(await changedFiles(repo, 'team'), [{ path: 'team/b.md', from: 'team/a.md', index: 'R', worktree: ' ' }]);
  });
});
