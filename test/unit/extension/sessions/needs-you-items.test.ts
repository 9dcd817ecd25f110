import * as assert from 'node:assert/strict';
import { needsYouItems, terminalItem, toolOfMessage } from '../../../../src/extension/sessions/needs-you-items';
import { T0, permissionItem, sessionSnapshot } from '../../views/session-builders';

describe('Needs you: one list for every agent', () => {
  const at = (ms: number) => new Date(ms).toISOString();

  it("joins the ACP sessions' pending requests and the terminal agents' questions, oldest first", () => {
    const items = needsYouItems(
      [{ slug: 'docs', message: 'Claude needs your permission to use Bash', since: at(T0 - 60_000) }],
      [sessionSnapshot({ pending: [permissionItem({ id: 'b', receivedAt: T0 + 5 }), permissionItem({ id: 'a', receivedAt: T0 })] })],
    );
    assert.deepEqual(
      items.map((i) => i.id),
      [`terminal:docs:${at(T0 - 60_000)}`, 'a', 'b'],
    );
    assert.deepEqual(items[0], { kind: 'terminal', id: `terminal:docs:${at(T0 - 60_000)}`, agentSlug: 'docs', tool: 'Bash', message: 'Claude needs your permission to use Bash', since: T0 - 60_000 });
  });

  it('an agent running as a session is not listed again from its hooks; one whose session ended is', () => {
    const hook = [{ slug: 'payments-reconciliation-lead', message: 'Waiting', since: at(T0) }];
    assert.deepEqual(needsYouItems(hook, [sessionSnapshot()]), []);
    assert.equal(needsYouItems(hook, [sessionSnapshot({ state: 'stopped' })]).length, 1);
  });

  it("a terminal question's id changes with each new report; the tool comes from the CLI's words", () => {
    assert.notEqual(terminalItem({ slug: 'docs', message: null, since: at(T0) }).id, terminalItem({ slug: 'docs', message: null, since: at(T0 + 1) }).id);
    assert.equal(terminalItem({ slug: 'docs', message: null, since: null }).since, 0);
    assert.equal(toolOfMessage('Permission to use mcp__cortex__claim_task'), 'mcp__cortex__claim_task');
    assert.equal(toolOfMessage('Claude needs your permission to use Bash.'), 'Bash');
    assert.equal(toolOfMessage('Continue?'), undefined);
  });
});
