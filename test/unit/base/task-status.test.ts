import { deepStrictEqual, strictEqual } from 'assert';
import { STATUS_TITLES, STATUS_WORDS, TASK_STATUSES, isOpenStatus, isTaskStatus, isTerminalStatus, nextStatus, statusPhrase } from '../../../src/base/task-status';

describe('base/task-status: the one task-status vocabulary', () => {
  it('knows the three protocol statuses, in the order a task goes through them', () => {
    deepStrictEqual([...TASK_STATUSES], ['ready', 'in-progress', 'done']);
    for (const s of TASK_STATUSES) strictEqual(isTaskStatus(s), true);
    for (const s of ['Ready', 'in progress', 'blocked', '', null, undefined]) strictEqual(isTaskStatus(s), false, String(s));
  });

  it('open is ready or in-progress; done is terminal; next follows the order and stops after done', () => {
    deepStrictEqual(TASK_STATUSES.filter(isOpenStatus), ['ready', 'in-progress']);
    deepStrictEqual(TASK_STATUSES.filter(isTerminalStatus), ['done']);
    strictEqual(isOpenStatus('blocked'), false);
    strictEqual(isOpenStatus(null), false);
    deepStrictEqual(TASK_STATUSES.map(nextStatus), ['in-progress', 'done', null]);
    strictEqual(nextStatus('blocked'), null);
  });

  it('says "in progress" in one way: words, titles and the phrase for any value', () => {
    deepStrictEqual(TASK_STATUSES.map((s) => STATUS_WORDS[s]), ['ready', 'in progress', 'done']);
    deepStrictEqual(TASK_STATUSES.map((s) => STATUS_TITLES[s]), ['Ready', 'In progress', 'Done']);
    strictEqual(statusPhrase('in-progress'), 'in progress');
    strictEqual(statusPhrase('blocked'), 'blocked');
    strictEqual(statusPhrase(null), 'no status');
  });
});
