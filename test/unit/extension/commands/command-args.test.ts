import * as assert from 'node:assert/strict';
import { agentArg, projectArg, taskArgs } from '../../../../src/extension/commands/command-args';

describe('Extension host: command arguments', () => {
  it('reads ids from strings and from webview context objects', () => {
    assert.equal(agentArg('billing-dev'), 'billing-dev');
    assert.equal(agentArg({ webviewSection: 'agent', agentSlug: 'billing-dev' }), 'billing-dev');
    assert.equal(agentArg(undefined), undefined);
    assert.equal(agentArg({ agentSlug: 3 }), undefined);
    assert.equal(projectArg({ projectSlug: 'billing' }), 'billing');
    assert.deepEqual(taskArgs('a', 2), { agent: 'a', index: 2 });
    assert.deepEqual(taskArgs({ agentSlug: 'a', taskIndex: 0 }, undefined), { agent: 'a', index: 0 });
    assert.equal(taskArgs('a', -1), undefined);
    assert.equal(taskArgs({ agentSlug: 'a', taskIndex: '1' }, undefined), undefined);
  });
});
