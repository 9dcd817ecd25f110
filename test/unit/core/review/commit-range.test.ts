import * as assert from 'assert';
import { CommitRecord, EMPTY_TREE, authorWallMinutes, taskCommits, taskWindow } from '../../../../src/core/review/commit-range';
import { taskReferenceLine, taskReferencesIn } from '../../../../src/core/review/task-reference';
import { parseStamp } from '../../../../src/base/time';

/** A commit authored at the wall-clock time `wall` in a zone `offset` minutes east of UTC. */
function commit(sha: string, parents: string[], wall: string, offset = 0, message = ''): CommitRecord {
  const minutes = parseStamp(wall)!;
  return { sha, parents, authorSeconds: (minutes - offset) * 60 + 30, authorOffsetMinutes: offset, references: taskReferencesIn(message) };
}

const DONE = { title: 'Add Stripe webhook endpoint', status: 'done', started: '2026-11-24T09:00', completed: '2026-11-24T10:00' };

describe("commit range: which commits are a task's", () => {
  it('by time: the first-parent commits authored from Started to the end of the Completed minute', () => {
    const log = [
      commit('e', ['d'], '2026-11-24T10:01'),
      commit('d', ['c'], '2026-11-24T10:00'),
      commit('c', ['b'], '2026-11-24T09:30'),
      commit('b', ['a'], '2026-11-24T09:00'),
      commit('a', [], '2026-11-24T08:59'),
    ];
    const r = taskCommits(log, 'e', 'billing-dev', DONE);
    assert.deepStrictEqual(
      r.commits.map((c) => c.sha),
      ['d', 'c', 'b'],
    );
    assert.strictEqual(r.via, 'time');
    assert.strictEqual(r.base, 'a');
    assert.strictEqual(r.head, 'd');
  });

  it("time zones: each commit is read on its own wall clock, so the machine's zone does not matter", () => {
    // 09:30 in UTC+1 is 08:30 UTC; the agent wrote Started 09:00 on its (UTC+1) clock.
    const log = [commit('b', ['a'], '2026-11-24T09:30', 60), commit('a', [], '2026-11-24T08:30', 60)];
    assert.deepStrictEqual(
      taskCommits(log, 'b', 'x', DONE).commits.map((c) => c.sha),
      ['b'],
    );
    // The same instants in UTC-5 are other wall times: none in the window.
    const west = log.map((c) => ({ ...c, authorOffsetMinutes: -300 }));
    assert.deepStrictEqual(taskCommits(west, 'b', 'x', DONE).commits, []);
    assert.strictEqual(authorWallMinutes({ authorSeconds: 0, authorOffsetMinutes: 90 }), 90);
  });

  it('a zone change between commits (daylight saving) is read per commit', () => {
    const log = [commit('b', ['a'], '2026-11-24T09:59', 60), commit('a', [], '2026-11-24T09:01', 120)];
    assert.deepStrictEqual(
      taskCommits(log, 'b', 'x', DONE).commits.map((c) => c.sha),
      ['b', 'a'],
    );
  });

  it("merges: the commits a merge brought in are not the task's, nor is the merge itself", () => {
    // main: a - b - M(b, s2); side: a - s1 - s2, all authored in the window.
    const log = [
      commit('M', ['b', 's2'], '2026-11-24T09:50'),
      commit('s2', ['s1'], '2026-11-24T09:40'),
      commit('s1', ['a'], '2026-11-24T09:20'),
      commit('b', ['a'], '2026-11-24T09:10'),
      commit('a', [], '2026-11-24T08:00'),
    ];
    assert.deepStrictEqual(
      taskCommits(log, 'M', 'x', DONE).commits.map((c) => c.sha),
      ['b'],
    );
  });

  it('rebased history: the author time survives, so rebased commits stay with their task; older work rebased in does not join', () => {
    // b2 and c2 were rebased (new SHAs, committed later); o was authored before the task.
    const log = [commit('c2', ['b2'], '2026-11-24T09:40'), commit('b2', ['o'], '2026-11-24T09:10'), commit('o', ['m'], '2026-11-23T17:00'), commit('m', [], '2026-11-23T12:00')];
    const r = taskCommits(log, 'c2', 'x', DONE);
    assert.deepStrictEqual(
      r.commits.map((c) => c.sha),
      ['c2', 'b2'],
    );
    assert.strictEqual(r.base, 'o');
  });

  it('by reference: commits naming the task belong to it wherever and whenever they are; others in the window are left out', () => {
    const ref = taskReferenceLine('billing-dev', DONE.title);
    const log = [
      commit('M', ['c', 's1'], '2026-11-24T11:00'),
      commit('s1', ['a'], '2026-11-24T11:30', 0, `Fix\n\n${ref}`),
      commit('c', ['b'], '2026-11-24T09:30', 0, 'someone else'),
      commit('b', ['a'], '2026-11-24T08:00', 0, `Start early\n\n${ref}`),
      commit('a', [], '2026-11-23T08:00'),
    ];
    const r = taskCommits(log, 'M', 'billing-dev', DONE);
    assert.strictEqual(r.via, 'reference');
    assert.deepStrictEqual(
      r.commits.map((c) => c.sha),
      ['s1', 'b'],
    );
    assert.strictEqual(r.base, 'a');
    assert.strictEqual(r.head, 's1');
    assert.strictEqual(taskCommits(log, 'M', 'other-agent', DONE).via, 'time', "another agent's task of the same title is not named");
  });

  it("a commit naming another task stays out of this task's window; a root commit starts at the empty tree", () => {
    const log = [commit('b', ['a'], '2026-11-24T09:30', 0, `x\n\n${taskReferenceLine('billing-dev', 'Other task')}`), commit('a', [], '2026-11-24T09:10')];
    const r = taskCommits(log, 'b', 'billing-dev', DONE);
    assert.deepStrictEqual(
      r.commits.map((c) => c.sha),
      ['a'],
    );
    assert.strictEqual(r.base, EMPTY_TREE);
  });

  it('a task in progress is open-ended; a ready task, or one without a readable Started, has no commits', () => {
    const log = [commit('b', ['a'], '2026-11-30T09:30'), commit('a', [], '2026-11-24T09:10')];
    assert.strictEqual(taskCommits(log, 'b', 'x', { ...DONE, status: 'in-progress', completed: null }).commits.length, 2);
    assert.strictEqual(taskCommits(log, 'b', 'x', { ...DONE, status: 'ready' }).commits.length, 0);
    assert.strictEqual(taskCommits(log, 'b', 'x', { ...DONE, started: 'soon' }).commits.length, 0);
    assert.strictEqual(taskWindow({ ...DONE, completed: '2026-11-24T08:00' }), null, 'Completed before Started');
    assert.strictEqual(taskCommits([], null, 'x', DONE).base, null);
  });

  it('task references: the trailer in any case, with spaces; the slug and the exact title', () => {
    assert.deepStrictEqual(taskReferencesIn('Subject\n\nBody\n\ncortex-task:  Billing-Dev / Add it  \nCortex-Task: ops/Other'), [
      { agent: 'billing-dev', title: 'Add it' },
      { agent: 'ops', title: 'Other' },
    ]);
    assert.deepStrictEqual(taskReferencesIn('Mentions Cortex-Task: in a sentence'), []);
    assert.strictEqual(taskReferenceLine('ada', 'T'), 'Cortex-Task: ada/T');
  });
});
