import * as assert from 'node:assert/strict';
import { checkHostMessage, checkTeamViewState, checkWebviewMessage } from '../../../../src/views/team/common/messages';
import { needsYouRows } from '../../../../src/views/team/needs-you-view';
import { buildTeamViewState } from '../../../../src/views/team/team-view-state';
import { loadFixture, NOW } from '../../team-fixture';
import { T0, permissionItem, terminalItem } from '../session-builders';

const facts = { now: T0 + 3 * 60_000, nameOf: (s: string) => (s === 'docs' ? 'Docs Writer' : 'Senior Payments Reconciliation Lead'), hasTerminal: (s: string) => s === 'docs', hasSession: (s: string) => s !== 'docs' };

describe('Team view: the Needs you rows', () => {
  it('a permission request: the agent by name, the tool, its arguments in words, the diff, the answers in reading order, its age', () => {
    const [row] = needsYouRows([permissionItem({ diffs: [{ path: 'agents/x/tasks.md', oldText: 'a\n', newText: 'b\n' }] })], facts);
    assert.equal(row.kind, 'permission');
    assert.equal(row.agentName, 'Senior Payments Reconciliation Lead');
    assert.equal(row.tool, 'mcp__cortex__claim_task');
    assert.match(row.text, /task: Reconcile the November refunds ledger/);
    assert.deepEqual(row.diffs[0].lines, [
      { op: 'remove', text: 'a' },
      { op: 'add', text: 'b' },
    ]);
    assert.deepEqual(
      row.options.map((o) => o.kind),
      ['allow_once', 'allow_always', 'reject_once'],
    );
    assert.equal(row.minutes, 3);
    assert.deepEqual([row.hasSession, row.hasTerminal], [true, false]);
  });

  it("a terminal agent's question: its words, no answers (the terminal answers it), Show Terminal", () => {
    const [row] = needsYouRows([terminalItem()], facts);
    assert.deepEqual(
      { kind: row.kind, text: row.text, tool: row.tool, options: row.options, hasTerminal: row.hasTerminal, minutes: row.minutes },
      { kind: 'terminal', text: 'Claude needs your permission to use Bash', tool: 'Bash', options: [], hasTerminal: true, minutes: 2 },
    );
    assert.equal(needsYouRows([terminalItem({ since: 0 })], facts)[0].minutes, null, 'no time known');
    assert.equal(needsYouRows([terminalItem({ since: facts.now + 30_000 })], facts)[0].minutes, 0, 'later in the minute the clock reads: just now');
    assert.equal(needsYouRows([terminalItem({ since: facts.now + 5 * 60_000 })], facts)[0].minutes, null, 'ahead of the clock: not said');
  });

  it('the rows pass the protocol check in a state; answers and Open Session are the only new commands, ids only', async () => {
    const state = buildTeamViewState({
      status: 'ready',
      team: await loadFixture(),
      header: null,
      message: null,
      multipleTeams: false,
      canRegisterAgent: false,
      trusted: true,
      now: NOW,
      staleAfterMinutes: 30,
      needsYou: needsYouRows([permissionItem({ diffs: [{ path: 'a.md', oldText: null, newText: 'x' }] }), terminalItem()], facts),
    });
    assert.equal(checkTeamViewState(state), null);
    assert.equal(checkHostMessage({ type: 'state', version: 1, state }).ok, true);
    const bad = { ...state, needsYou: [{ ...state.needsYou[0], options: [{ optionId: 'x', name: 'X', kind: 'maybe' }] }] };
    assert.match(checkTeamViewState(bad)!, /kind should be one of/);
    assert.equal(checkWebviewMessage({ type: 'answerRequest', item: 'req-1', option: 'allow' }).ok, true);
    assert.equal(checkWebviewMessage({ type: 'answerRequest', item: 'req-1' }).ok, false);
    assert.equal(checkWebviewMessage({ type: 'openSession', agent: '../etc' }).ok, false);
  });
});
