import * as assert from 'node:assert/strict';
import { SHUTTLE_WRAPPER_TITLE, isShuttleWrapper, shuttleWrapperBody, wrapperLeftOpen } from '../../../../src/core/ops/shuttle-wrapper';
import { checkTitle, checkUserText } from '../../../../src/core/text/input-rules';

describe('ops: the Shuttle wrapper task', () => {
  it('is titled as the protocol texts name it, and its body names the runner file in the project folder as written', () => {
    assert.equal(SHUTTLE_WRAPPER_TITLE, 'Execute Shuttle tasks — report status');
    const body = shuttleWrapperBody('~/Projects/larkspur-billing/');
    assert.match(body, /its task list is `~\/Projects\/larkspur-billing\/\.shuttle\.md`/);
    assert.match(body, /Do not do them yourself, and never edit that file\./);
    assert.match(body, /complete this task with a Summary/);
    // Progress goes in the wrapper task itself, as the protocol says (not the Session Log).
    assert.match(body, /report its progress in this task: one line `\*\*Progress:\*\* <done> of <total> done; now: <item>` right under its Started line/);
  });

  it('passes the input rules every dispatched task passes', () => {
    assert.doesNotThrow(() => checkTitle(SHUTTLE_WRAPPER_TITLE));
    assert.doesNotThrow(() => checkUserText(shuttleWrapperBody('C:\\work\\billing'), 'task body'));
  });
});

describe('ops: a Shuttle wrapper left open', () => {
  const wrapper = (status: string) => ({ title: SHUTTLE_WRAPPER_TITLE, status });

  it('is the wrapper still ready or in progress once every runner item is done', () => {
    assert.deepEqual(wrapperLeftOpen([{ title: 'Other', status: 'ready' }, wrapper('in-progress')], { done: 4, total: 4 }), { title: SHUTTLE_WRAPPER_TITLE, status: 'in-progress' });
    assert.deepEqual(wrapperLeftOpen([{ title: 'execute shuttle tasks — report progress', status: 'ready' }], { done: 1, total: 1 }), { title: 'execute shuttle tasks — report progress', status: 'ready' });
  });

  it('is nothing while items are left, without runner items, or when the wrapper is done', () => {
    assert.equal(wrapperLeftOpen([wrapper('in-progress')], { done: 3, total: 4 }), null);
    assert.equal(wrapperLeftOpen([wrapper('in-progress')], { done: 0, total: 0 }), null);
    assert.equal(wrapperLeftOpen([wrapper('in-progress')], null), null);
    assert.equal(wrapperLeftOpen([wrapper('done')], { done: 4, total: 4 }), null);
    assert.equal(wrapperLeftOpen([{ title: 'Run the shuttle', status: 'ready' }], { done: 4, total: 4 }), null);
    assert.equal(isShuttleWrapper('Execute Shuttle tasks — report status'), true);
  });
});
