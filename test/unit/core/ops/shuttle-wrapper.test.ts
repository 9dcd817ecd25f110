import * as assert from 'node:assert/strict';
import { SHUTTLE_WRAPPER_TITLE, shuttleWrapperBody } from '../../../../src/core/ops/shuttle-wrapper';
import { checkTitle, checkUserText } from '../../../../src/core/input-rules';

describe('ops: the Shuttle wrapper task', () => {
  it('is titled as the protocol texts name it, and its body names the runner file in the project folder as written', () => {
    assert.equal(SHUTTLE_WRAPPER_TITLE, 'Execute Shuttle tasks — report status');
    const body = shuttleWrapperBody('~/Projects/larkspur-billing/');
    assert.match(body, /its task list is `~\/Projects\/larkspur-billing\/\.shuttle\.md`/);
    assert.match(body, /Do not do them yourself, and never edit that file\./);
    assert.match(body, /complete this task with a Summary/);
  });

  it('passes the input rules every dispatched task passes', () => {
    assert.doesNotThrow(() => checkTitle(SHUTTLE_WRAPPER_TITLE));
    assert.doesNotThrow(() => checkUserText(shuttleWrapperBody('C:\\work\\billing'), 'task body'));
  });
});
