// Reading the task files' past from a real temporary git repository: commits on
// several days (dates given to git through GIT_AUTHOR_DATE / GIT_COMMITTER_DATE), a
// task pruned by housekeeping, an agent removed, a team folder inside a bigger
// repository, a folder that is no repository, and the insights computed from it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeTeamFs } from '../../../src/core/fs/node-fs';
import { computeInsights } from '../../../src/core/insights/insights';
import { loadTeam } from '../../../src/core/team/team-index';
import { parseStamp } from '../../../src/base/time';
import { readTaskHistory } from '../../../src/git/task-history';
import { note, task, tasks } from '../team-fixture';

const NOW = parseStamp('2026-03-28T12:00')!;

/** Runs git in `dir` as if at the local wall-clock time `stamp`. */
function git(dir: string, args: string[], stamp?: string): string {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir, LC_ALL: 'C' } as Record<string, string>;
  if (stamp) {
    const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(stamp)!;
    const seconds = Math.floor(new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]).getTime() / 1000);
    env.GIT_AUTHOR_DATE = env.GIT_COMMITTER_DATE = `${seconds} +0000`;
  }
  return execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
}

function write(dir: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

function commit(dir: string, stamp: string, message: string): void {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', message], stamp);
}

const done = (title: string, s: string, c: string) => task(title, 'done', [`**Started:** ${s}`, `**Completed:** ${c}`]);

describe('Insights: task history from git', function () {
  this.timeout(30_000);
  let root: string;
  let repo: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cortex-history-'));
    repo = path.join(root, 'repo');
    mkdirSync(repo);
    git(repo, ['init', '-q', '-b', 'main']);
    git(repo, ['config', 'user.name', 'Test']);
    git(repo, ['config', 'user.email', 'test@example.com']);
    git(repo, ['config', 'commit.gpgsign', 'false']);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A team's month: work before the window, done and pruned tasks, an agent removed. */
  function buildTeam(team: string): void {
    write(team, 'agents/ada/ada.md', note('Ada'));
    write(team, 'agents/ada/tasks.md', tasks([task('Old', 'ready')]));
    commit(repo, '2026-03-01T10:00', 'start');
    write(team, 'agents/ada/tasks.md', tasks([done('Old', '2026-03-10T09:00', '2026-03-10T10:00'), task('Pruned one', 'ready'), task('Later', 'ready'), task('Third', 'ready')]));
    commit(repo, '2026-03-12T18:00', 'before the window');
    write(team, 'agents/ada/tasks.md', tasks([done('Old', '2026-03-10T09:00', '2026-03-10T10:00'), done('Pruned one', '2026-03-16T07:00', '2026-03-16T08:30'), task('Later', 'ready'), task('Third', 'ready')]));
    write(team, 'agents/bob/bob.md', note('Bob'));
    write(team, 'agents/bob/tasks.md', tasks([done('Bob work', '2026-03-16T08:00', '2026-03-16T08:40'), task('Bob next', 'ready')]));
    commit(repo, '2026-03-16T09:00', 'morning of day 16');
    write(team, 'agents/ada/tasks.md', tasks([done('Old', '2026-03-10T09:00', '2026-03-10T10:00'), done('Pruned one', '2026-03-16T07:00', '2026-03-16T08:30'), task('Later', 'in-progress', ['**Started:** 2026-03-16T11:30']), task('Third', 'ready')]));
    commit(repo, '2026-03-16T11:50', 'before noon on day 16');
    // Housekeeping: prunes what is older than 7 days, and bob leaves the team.
    write(team, 'agents/ada/tasks.md', tasks([done('Later', '2026-03-16T11:30', '2026-03-24T10:00'), task('Third', 'ready')]));
    rmSync(path.join(team, 'agents/bob'), { recursive: true });
    commit(repo, '2026-03-24T18:00', 'chore: prune completed tasks and old session logs');
    // Uncommitted work today.
    write(team, 'agents/ada/tasks.md', tasks([done('Later', '2026-03-16T11:30', '2026-03-24T10:00'), task('Third', 'in-progress', ['**Started:** 2026-03-28T11:00'])], '2026-03-28T11:55'));
  }

  it('one snapshot per day (the last commit at or before the time of day it is now), from the commit before the window on', async () => {
    buildTeam(repo);
    const r = await readTaskHistory(repo, { now: NOW });
    assert.equal(r.kind, 'history');
    if (r.kind !== 'history') return;
    const h = r.history;
    assert.equal(h.commits, 3, 'commits in the window that touched a tasks.md');
    assert.equal(h.truncated, false);
    assert.deepEqual(
      h.snapshots.map((s) => [s.date, s.agents.map((a) => a.slug).join(',')]),
      [
        ['2026-03-15', 'ada'],
        ['2026-03-16', 'ada,bob'],
        ['2026-03-17', 'ada,bob'],
        ['2026-03-18', 'ada,bob'],
        ['2026-03-19', 'ada,bob'],
        ['2026-03-20', 'ada,bob'],
        ['2026-03-21', 'ada,bob'],
        ['2026-03-22', 'ada,bob'],
        ['2026-03-23', 'ada,bob'],
        ['2026-03-24', 'ada,bob'],
        ['2026-03-25', 'ada'],
        ['2026-03-26', 'ada'],
        ['2026-03-27', 'ada'],
        ['2026-03-28', 'ada'],
      ],
    );
    const day16 = h.snapshots[1].agents.find((a) => a.slug === 'ada')!.tasks;
    assert.deepEqual(day16.map((t) => [t.title, t.status]), [['Old', 'done'], ['Pruned one', 'done'], ['Later', 'in-progress'], ['Third', 'ready']], 'at 12:00: the 11:50 commit, not the 09:00 one');
  });

  it('insights with history: the pruned task and the removed agent count, the ready queue has a past', async () => {
    buildTeam(repo);
    const team = await loadTeam(new NodeTeamFs(repo));
    const r = await readTaskHistory(repo, { now: NOW });
    assert.equal(r.kind, 'history');
    const i = computeInsights({ team, now: NOW, staleAfterMinutes: 30, history: r.kind === 'history' ? r.history : null });
    const day = (d: string) => i.days.indexOf(d);
    assert.equal(i.done.team[day('2026-03-16')], 2, 'Pruned one (pruned since) and Bob work (agent removed)');
    assert.equal(i.done.team[day('2026-03-24')], 1);
    assert.equal(i.done.total, 3);
    assert.equal(i.counts.fromHistoryOnly, 2);
    assert.deepEqual(i.done.agents.map((a) => a.slug), ['ada', 'bob']);
    assert.deepEqual(i.cycle.agents.find((a) => a.slug === 'ada')!.stat.count, 2);
    const points = (d: string) => i.queue.points[day(d)];
    assert.deepEqual(points('2026-03-15'), { date: '2026-03-15', ready: 3, inProgress: 0 }, 'the commit before the window');
    assert.deepEqual(points('2026-03-16'), { date: '2026-03-16', ready: 2, inProgress: 1 });
    assert.deepEqual(points('2026-03-24'), { date: '2026-03-24', ready: 2, inProgress: 0 }, 'at 12:00: before the prune at 18:00, after Later was done at 10:00');
    assert.deepEqual(points('2026-03-25'), { date: '2026-03-25', ready: 1, inProgress: 0 });
    assert.deepEqual(points('2026-03-28'), { date: '2026-03-28', ready: 0, inProgress: 1 }, 'today: the files, committed or not');
    assert.equal(i.queue.readyHistory, true);
    // The same without history: the pruned work is missing.
    const files = computeInsights({ team, now: NOW, staleAfterMinutes: 30, history: null });
    assert.equal(files.done.total, 1);
    assert.equal(files.queue.readyHistory, false);
  });

  it('a team folder inside a bigger repository reads its own agents only', async () => {
    const team = path.join(repo, 'ops', 'team');
    write(repo, 'agents/other/tasks.md', tasks([task('Not ours', 'ready')]));
    buildTeam(team);
    const r = await readTaskHistory(team, { now: NOW });
    assert.equal(r.kind, 'history');
    if (r.kind !== 'history') return;
    assert.deepEqual([...new Set(r.history.snapshots.flatMap((s) => s.agents.map((a) => a.slug)))], ['ada', 'bob']);
  });

  it('bounded: with maxCommits the oldest commits are not read and it says so', async () => {
    buildTeam(repo);
    const r = await readTaskHistory(repo, { now: NOW, maxCommits: 1 });
    assert.equal(r.kind, 'history');
    if (r.kind !== 'history') return;
    assert.equal(r.history.truncated, true);
    // The newest commit (the 24th, 18:00) and the one before the window remain.
    assert.equal(r.history.snapshots[0].date, '2026-03-15');
    assert.deepEqual(r.history.snapshots.find((s) => s.date === '2026-03-20')!.agents.map((a) => a.slug), ['ada']);
  });

  it('a repository without commits has no snapshots; a folder outside any repository says so', async () => {
    const empty = await readTaskHistory(repo, { now: NOW });
    assert.deepEqual(empty, { kind: 'history', history: { snapshots: [], commits: 0, truncated: false } });
    const plain = path.join(os.tmpdir(), `cortex-no-repo-${process.pid}-${Date.now()}`);
    mkdirSync(plain);
    try {
      const r = await readTaskHistory(plain, { now: NOW });
      assert.deepEqual(r, { kind: 'notRepository' });
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('file versions with multi-byte and invalid UTF-8 are all read', async () => {
    write(repo, 'agents/ada/tasks.md', tasks([done('Café ✓ 日本', '2026-03-27T09:00', '2026-03-27T10:00')]));
    mkdirSync(path.join(repo, 'agents/bad'), { recursive: true });
    writeFileSync(path.join(repo, 'agents/bad/tasks.md'), Buffer.concat([Buffer.from('## Bad \xff\xfe\n**Status:** ready\n\n', 'latin1'), Buffer.from(tasks([task('After', 'ready')]))]));
    write(repo, 'agents/zed/tasks.md', tasks([done('Zed', '2026-03-27T11:00', '2026-03-27T12:00')]));
    commit(repo, '2026-03-27T09:00', 'unicode');
    const r = await readTaskHistory(repo, { now: NOW });
    assert.equal(r.kind, 'history');
    if (r.kind !== 'history') return;
    const s = r.history.snapshots.find((x) => x.date === '2026-03-27')!;
    assert.deepEqual(
      s.agents.map((a) => [a.slug, a.tasks.map((t) => t.title.replace(/\uFFFD/g, '?'))]),
      [['ada', ['Café ✓ 日本']], ['bad', ['Bad ??', 'After']], ['zed', ['Zed']]],
    );
  });
});
