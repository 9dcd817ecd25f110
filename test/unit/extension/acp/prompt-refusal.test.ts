import * as assert from 'assert';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { AcpSession } from '../../../../src/extension/acp/acp-session';
import { budgetRefusal, promptRefusal } from '../../../../src/extension/acp/prompt-refusal';

/**
 * The one rule every prompt to an ACP session passes (AcpSessions.prompt: the first
 * prompt, the heartbeat driver's tick, the person's): a spent daily budget refuses it with
 * a sentence, as do a session in a turn or not running. The session is a real one, on a
 * fake agent process (test/harness/acp/fake-acp-agent.ts), in the state the rule reads.
 */
describe('ACP prompt refusal: a spent budget', () => {
  const spent = { today: { cost: 2.13 }, budget: 2, level: 'exceeded' as const };

  it('the sentence names the agent, the budget, today\'s cost and the setting to raise', () => {
    assert.equal(budgetRefusal('Billing Dev', spent, true), "Billing Dev's daily budget of $2.00 is spent ($2.13 today): no prompt is sent to it until tomorrow, or until cortex.agents.dailyBudgets is raised.");
    assert.match(budgetRefusal('Billing Dev', spent, false) ?? '', /until cortex\.agents\.dailyBudget is raised\.$/);
    // A tiny budget (as the integration suite sets) is not shown as "$0.00".
    assert.match(budgetRefusal('Billing Dev', { today: { cost: 0.0042 }, budget: 0.000001, level: 'exceeded' }, true) ?? '', /budget of \$0\.0000010 is spent \(\$0\.0042 today\)/);
  });

  it('not spent (a warning, within it, no budget, no usage yet): no refusal', () => {
    assert.equal(budgetRefusal('Billing Dev', { ...spent, today: { cost: 1.7 }, level: 'warning' }, true), undefined);
    assert.equal(budgetRefusal('Billing Dev', { ...spent, today: { cost: 0.1 }, level: 'ok' }, true), undefined);
    assert.equal(budgetRefusal('Billing Dev', { today: { cost: 5 }, budget: null, level: 'ok' }, false), undefined);
    assert.equal(budgetRefusal('Billing Dev', null, false), undefined);
  });

  describe('with a running session', () => {
    let dir: string;
    let session: AcpSession;
    before(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'acp-refusal-'));
      const agentScript = path.join(__dirname, '..', '..', '..', 'harness', 'acp', 'fake-acp-agent.js');
      const env = { PATH: process.env.PATH, FAKE_ACP_LOG: path.join(dir, 'requests.jsonl') };
      session = new AcpSession({ slug: 'billing-dev', command: process.execPath, args: [agentScript], cwd: dir, env, mcpServers: [] }, () => 1000, () => undefined);
      await session.start();
    });
    after(async () => {
      await session.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("an idle session whose budget is spent: the person's prompt and the driver's tick are refused with the sentence", () => {
      assert.equal(session.state, 'idle');
      const sentence = budgetRefusal('Billing Dev', spent, true);
      assert.equal(promptRefusal('billing-dev', session, () => sentence), sentence);
      assert.equal(promptRefusal('billing-dev', session, () => undefined), undefined, 'within its budget the prompt goes');
    });

    it('a turn in progress is said first (the budget is read only for a prompt that could go)', async () => {
      let budgetRead = false;
      const turn = session.prompt('A long one.');
      assert.equal(promptRefusal('billing-dev', session, () => ((budgetRead = true), 'spent')), 'billing-dev is in the middle of a turn: the prompt was not sent.');
      assert.equal(budgetRead, false);
      await turn;
      const methods = readFileSync(path.join(dir, 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { method: string }).method);
      assert.deepEqual(methods, ['initialize', 'session/new', 'session/prompt']);
    });

    it('no session, or one that ended: not running', async () => {
      assert.equal(promptRefusal('billing-dev', undefined, () => undefined), 'billing-dev is not running as an ACP session here.');
      await session.stop();
      assert.equal(promptRefusal('billing-dev', session, () => undefined), 'billing-dev is not running as an ACP session here.');
    });
  });
});
