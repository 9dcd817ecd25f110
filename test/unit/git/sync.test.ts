// src/git/sync.ts against real temporary repositories with a bare remote: clean rebase, a conflict
// on the same task line with both sides kept, continuing after a person resolved it, no upstream,
// not a repository, an unreachable remote.
import * as assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { branchStatus, findTeamRepo, operationInProgress } from '../../../src/git/repo';
import { classifyRemoteFailure, continueSync, hasConflictMarkers, publishBranch, syncMessage, syncTeam, teamChanges } from '../../../src/git/sync';
import { TASKS, commitAndPush, porcelain, read, sandboxPerTest, sh, write } from './git-fixture';

const MESSAGE = syncMessage('test-host');

describe('git: sync', function () {
  this.timeout(60_000);
  const box = sandboxPerTest();

  it('sync: commits the team folder\'s changes only, pulls with rebase (clean), pushes; unrelated dirty files stay dirty', async () => {
    const remote = box().remote({ 'team/agents/a/tasks.md': TASKS, 'team/agents/b/tasks.md': TASKS, 'README.md': 'readme\n' });
    const a = box().clone(remote, 'a');
    const b = box().clone(remote, 'b');
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
    const remote = box().remote({ 'agents/a/tasks.md': TASKS });
    const a = box().clone(remote, 'a');
    const b = box().clone(remote, 'b');
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
    const remote = box().remote({ 'README.md': 'r\n' });
    const root = box().init('local');
    write(root, { 'agents/a/tasks.md': TASKS });
    sh(root, 'remote', 'add', 'origin', remote);
    sh(root, 'checkout', '--quiet', '-b', 'team');
    const r = await syncTeam(root, { message: MESSAGE });
    assert.deepEqual(r, { kind: 'no-upstream', branch: 'team', remotes: ['origin'], committed: ['agents/a/tasks.md'] });
    const published = await publishBranch(root, 'origin', { message: MESSAGE });
    assert.equal(published.kind, 'synced');
    assert.equal((await branchStatus((await findTeamRepo(root))!)).upstream, 'origin/team');
    assert.equal(sh(remote, 'show', 'team:agents/a/tasks.md'), TASKS);
    assert.deepEqual(await syncTeam(box().folder('plain'), { message: MESSAGE }), { kind: 'not-repo' });
  });

  it('sync: an unreachable remote fails with a clear reason; the local commit is kept', async () => {
    const remote = box().remote({ 'agents/a/tasks.md': TASKS });
    const a = box().clone(remote, 'a');
    sh(a, 'remote', 'set-url', 'origin', path.join(box().dir, 'gone.git'));
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
});
