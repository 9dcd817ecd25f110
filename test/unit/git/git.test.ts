// src/git against real temporary repositories with a bare remote: the runner, where
// the team folder sits, committing only given files, ahead/behind, and sync (clean
// rebase, a conflict on the same task line with both sides kept, continuing after a
// person resolved it, no upstream, not a repository, an unreachable remote).
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { commitFiles } from '../../../src/git/commit-files';
import { branchStatus, changedFiles, findTeamRepo, operationInProgress, repoPath, teamPath } from '../../../src/git/repo';
import { FolderMissingError, GitNotFoundError, runGit } from '../../../src/git/run-git';
import { openProjectRepo } from '../../../src/git/task-changes';
import { waitFor } from '../../harness/wait-for';
import { classifyRemoteFailure, continueSync, hasConflictMarkers, publishBranch, syncMessage, syncTeam, teamChanges } from '../../../src/git/sync';
import { Sandbox, TASKS, commitAndPush, isolateGitConfig, porcelain, read, sh, write } from './git-fixture';

const MESSAGE = syncMessage('test-host');

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

describe('git: team repository', function () {
  this.timeout(60_000);
  let box: Sandbox;
  let isolation: { restore(): void };
  before(() => {
    isolation = isolateGitConfig();
  });
  after(() => isolation.restore());
  beforeEach(() => {
    box = new Sandbox();
  });
  afterEach(() => box.dispose());

  it('finds the repository around a team folder, with its prefix; none for a plain folder', async () => {
    const root = box.init('work');
    write(root, { 'team/agents/a/tasks.md': TASKS });
    const repo = await findTeamRepo(path.join(root, 'team'));
    assert.ok(repo);
    assert.equal(repo.prefix, 'team');
    assert.equal(repoPath(repo, 'agents/a/tasks.md'), 'team/agents/a/tasks.md');
    assert.equal(teamPath(repo, 'team/agents/a/tasks.md'), 'agents/a/tasks.md');
    assert.equal(teamPath(repo, 'README.md'), undefined);
    assert.equal((await findTeamRepo(root))?.prefix, '');
    assert.equal(await findTeamRepo(box.folder('plain')), undefined);
    assert.equal(await findTeamRepo(path.join(box.dir, 'missing')), undefined);
  });

  it('commits only the files given: other staged, changed and untracked files stay as they were', async () => {
    const root = box.init('work');
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
    const root = box.init('fresh');
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

  it('ahead/behind against the upstream as of the last fetch; branch and remotes', async () => {
    const remote = box.remote({ 'agents/a/tasks.md': TASKS, 'agents/b/tasks.md': TASKS });
    const a = box.clone(remote, 'a');
    const b = box.clone(remote, 'b');
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

  it('sync: commits the team folder\'s changes only, pulls with rebase (clean), pushes; unrelated dirty files stay dirty', async () => {
    const remote = box.remote({ 'team/agents/a/tasks.md': TASKS, 'team/agents/b/tasks.md': TASKS, 'README.md': 'readme\n' });
    const a = box.clone(remote, 'a');
    const b = box.clone(remote, 'b');
    write(b, { 'team/agents/b/tasks.md': TASKS.replace('**Status:** ready', '**Status:** in-progress\n**Started:** 2026-03-28T10:05') });
    commitAndPush(b, 'b claims its task');
    const mine = TASKS.replace('## Old report', '## A new task\n**Status:** ready\n\nDo it.\n\n## Old report');
    write(a, { 'team/agents/a/tasks.md': mine, 'team/projects/p.md': '# p\n', 'README.md': 'local edit, not a team file\n' });
    write(a, { 'team/agents/a/.tasks.md.cortex-0123456789ab.tmp': 'half written' });
    const team = path.join(a, 'team');
    assert.deepEqual((await teamChanges((await findTeamRepo(team))!)).map((f) => f.path).sort(), ['team/agents/a/tasks.md', 'team/projects/p.md']);
    const r = await syncTeam(team, { message: MESSAGE });
    assert.deepEqual(r, { kind: 'synced', upstream: 'origin/main', committed: ['agents/a/tasks.md', 'projects/p.md'], pulled: 1, pushed: 1, autostashKept: false });
    assert.equal(sh(a, 'log', '-1', '--format=%s').trim(), 'cortex: sync team from test-host');
    assert.deepEqual(sh(a, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort(), ['team/agents/a/tasks.md', 'team/projects/p.md']);
    assert.equal(read(a, 'team/agents/b/tasks.md'), read(b, 'team/agents/b/tasks.md'));
    assert.equal(read(a, 'README.md'), 'local edit, not a team file\n');
    assert.deepEqual(porcelain(a), [' M README.md', '?? team/agents/a/.tasks.md.cortex-0123456789ab.tmp']);
    assert.equal(sh(remote, 'log', '-1', '--format=%s', 'main').trim(), 'cortex: sync team from test-host');
    sh(b, 'pull', '--quiet', '--rebase');
    assert.equal(read(b, 'team/agents/a/tasks.md'), mine);
    const after = await branchStatus((await findTeamRepo(team))!);
    assert.equal(after.ahead, 0);
    assert.equal(after.behind, 0);
    // Nothing new on either side: synced, nothing committed or sent.
    assert.deepEqual(await syncTeam(team, { message: MESSAGE }), { kind: 'synced', upstream: 'origin/main', committed: [], pulled: 0, pushed: 0, autostashKept: false });
  });

  it('sync: the same task line changed on two clones is a conflict, left stopped with both sides in the file; Continue Sync after resolving pushes', async () => {
    const remote = box.remote({ 'agents/a/tasks.md': TASKS });
    const a = box.clone(remote, 'a');
    const b = box.clone(remote, 'b');
    write(b, { 'agents/a/tasks.md': TASKS.replace('**Status:** ready', '**Status:** in-progress\n**Started:** 2026-03-28T10:05') });
    commitAndPush(b, 'agent claims the task');
    const remoteBefore = sh(remote, 'rev-parse', 'main').trim();
    write(a, { 'agents/a/tasks.md': TASKS.replace('## Write the webhook\n**Status:** ready', '## Write the webhook handler\n**Status:** ready') });
    const r = await syncTeam(a, { message: MESSAGE });
    assert.equal(r.kind, 'conflict');
    assert.ok(r.kind === 'conflict');
    assert.deepEqual(r.conflicts, ['agents/a/tasks.md']);
    assert.deepEqual(r.committed, ['agents/a/tasks.md']);
    const text = read(a, 'agents/a/tasks.md');
    assert.match(text, /^<{7} /m);
    assert.match(text, /^>{7} /m);
    assert.ok(text.includes('**Status:** in-progress\n**Started:** 2026-03-28T10:05'), 'their side kept');
    assert.ok(text.includes('## Write the webhook handler\n**Status:** ready'), 'our side kept');
    assert.ok(text.includes('## Old report') && text.includes('<!-- cortex:last-tick 2026-03-28T10:00 -->'), 'the rest of the file kept');
    assert.equal(sh(remote, 'rev-parse', 'main').trim(), remoteBefore, 'nothing pushed');
    const repo = (await findTeamRepo(a))!;
    assert.equal(operationInProgress(repo), 'rebase');
    // A second sync while stopped: busy, nothing done.
    const busy = await syncTeam(a, { message: MESSAGE });
    assert.deepEqual(busy, { kind: 'busy', operation: 'rebase', conflicts: ['agents/a/tasks.md'] });
    // Continue with the markers still there: still a conflict, nothing decided.
    const early = await continueSync(a);
    assert.equal(early.kind, 'conflict');
    assert.equal(operationInProgress(repo), 'rebase');
    // The person keeps both: the new title and the claim.
    const resolved = TASKS.replace('## Write the webhook\n**Status:** ready', '## Write the webhook handler\n**Status:** in-progress\n**Started:** 2026-03-28T10:05');
    assert.ok(hasConflictMarkers(path.join(a, 'agents/a/tasks.md')));
    writeFileSync(path.join(a, 'agents/a/tasks.md'), resolved);
    const done = await continueSync(a);
    assert.equal(done.kind, 'synced');
    assert.equal(operationInProgress(repo), undefined);
    assert.equal(sh(remote, 'show', 'main:agents/a/tasks.md'), resolved);
    assert.deepEqual(sh(remote, 'log', '--format=%s', 'main').trim().split('\n'), ['cortex: sync team from test-host', 'agent claims the task', 'seed']);
  });

  it('sync: no upstream → says so (with the remotes) after committing; publishing sets it; not a repository → not-repo', async () => {
    const remote = box.remote({ 'README.md': 'r\n' });
    const root = box.init('local');
    write(root, { 'agents/a/tasks.md': TASKS });
    sh(root, 'remote', 'add', 'origin', remote);
    sh(root, 'checkout', '--quiet', '-b', 'team');
    const r = await syncTeam(root, { message: MESSAGE });
    assert.deepEqual(r, { kind: 'no-upstream', branch: 'team', remotes: ['origin'], committed: ['agents/a/tasks.md'] });
    const published = await publishBranch(root, 'origin', { message: MESSAGE });
    assert.equal(published.kind, 'synced');
    assert.equal((await branchStatus((await findTeamRepo(root))!)).upstream, 'origin/team');
    assert.equal(sh(remote, 'show', 'team:agents/a/tasks.md'), TASKS);
    assert.deepEqual(await syncTeam(box.folder('plain'), { message: MESSAGE }), { kind: 'not-repo' });
  });

  it('sync: an unreachable remote fails with a clear reason; the local commit is kept', async () => {
    const remote = box.remote({ 'agents/a/tasks.md': TASKS });
    const a = box.clone(remote, 'a');
    sh(a, 'remote', 'set-url', 'origin', path.join(box.dir, 'gone.git'));
    write(a, { 'agents/a/tasks.md': `${TASKS}x\n` });
    const r = await syncTeam(a, { message: MESSAGE });
    assert.equal(r.kind, 'failed');
    assert.ok(r.kind === 'failed');
    assert.equal(r.step, 'pull');
    assert.equal(r.failure, 'offline');
    assert.deepEqual(r.committed, ['agents/a/tasks.md']);
    assert.equal(sh(a, 'show', 'HEAD:agents/a/tasks.md'), `${TASKS}x\n`);
    assert.ok(existsSync(path.join(a, 'agents/a/tasks.md')));
  });

  it('classifies remote failures', () => {
    const f = (stderr: string) => classifyRemoteFailure({ code: 1, stdout: '', stderr });
    assert.equal(f("fatal: unable to access 'https://x/': Could not resolve host: x"), 'offline');
    assert.equal(f('fatal: could not read Username for \'https://x\': terminal prompts disabled'), 'auth');
    assert.equal(f('git@x: Permission denied (publickey).\nfatal: Could not read from remote repository.'), 'auth');
    assert.equal(f(' ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs'), 'rejected');
    assert.equal(f('fatal: something else'), 'other');
  });

  it('lists changed files under a path with renames', async () => {
    const root = box.init('w');
    write(root, { 'team/a.md': 'a\n', 'x.md': 'x\n' });
    sh(root, 'add', '-A');
    sh(root, 'commit', '--quiet', '-m', 's');
    sh(root, 'mv', 'team/a.md', 'team/b.md');
    write(root, { 'x.md': 'y\n' });
    const repo = (await findTeamRepo(path.join(root, 'team')))!;
    assert.deepEqual(await changedFiles(repo, 'team'), [{ path: 'team/b.md', from: 'team/a.md', index: 'R', worktree: ' ' }]);
  });
});
