import * as assert from 'assert';
import { claudeAnswerAfter, claudeQuestionAt } from '../../../../src/core/transcripts/claude-answer';

/** What became of Claude Code's permission question, from its session log (no hook fires on No or Esc). */
describe('Claude Code: the answer to a question, from the session log', () => {
  const line = (at: string, type: string, content: unknown, more: Record<string, unknown> = {}) => JSON.stringify({ type, timestamp: at, sessionId: 's1', message: { role: type, content }, ...more });
  const asked = Date.parse('2026-03-28T10:00:05.000Z');
  const toolUse = line('2026-03-28T10:00:04.000Z', 'assistant', [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__cortex__claim_task', input: {} }]);
  const rejected = line('2026-03-28T10:00:09.000Z', 'user', [
    { type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: "The user doesn't want to proceed with this tool use. The tool use was rejected." },
  ]);
  const interrupted = line('2026-03-28T10:00:09.001Z', 'user', [{ type: 'text', text: '[Request interrupted by user for tool use]' }]);

  it('No or Esc: the interrupt line after the question means back at its prompt', () => {
    const answer = claudeAnswerAfter([toolUse, rejected, interrupted], asked);
    assert.deepEqual(answer && { state: answer.state, at: new Date(answer.at).toISOString() }, { state: 'turn-finished', at: '2026-03-28T10:00:09.001Z' });
    assert.equal(claudeAnswerAfter([toolUse, line('2026-03-28T10:00:20Z', 'user', '[Request interrupted by user]')], asked)?.state, 'turn-finished', 'Esc mid-turn, content as a string');
  });

  it('Yes: a tool result (or the model writing again) means the turn goes on', () => {
    const ran = line('2026-03-28T10:00:08Z', 'user', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Claimed.' }]);
    assert.equal(claudeAnswerAfter([toolUse, ran], asked)?.state, 'working');
    assert.equal(claudeAnswerAfter([toolUse, rejected], asked)?.state, 'working', '"No, and tell Claude what to do": the turn goes on with the feedback');
    assert.equal(claudeAnswerAfter([toolUse, ran, line('2026-03-28T10:00:10Z', 'assistant', [{ type: 'text', text: 'Done.' }])], asked)?.state, 'working');
  });

  it('a no said before a late Notification hook (it comes seconds after the dialog): the interrupt after the question\'s tool call counts', () => {
    // Seen with Claude Code 2.1.197: Esc at once, then "Claude needs your permission" reported after the interrupt line.
    const lateReport = Date.parse('2026-03-28T10:00:12.000Z');
    const lines = [toolUse, rejected, interrupted];
    assert.equal(claudeAnswerAfter(lines, lateReport), null, 'by the report time alone: nothing, the row would wait for ever');
    assert.equal(claudeQuestionAt(lines, lateReport), Date.parse('2026-03-28T10:00:04.000Z'));
    assert.equal(claudeAnswerAfter(lines, lateReport, claudeQuestionAt(lines, lateReport)!)?.state, 'turn-finished');
    // Only interrupts count from the tool call on: a tool result before the report is not an answer to it.
    const ran = line('2026-03-28T10:00:06Z', 'user', [{ type: 'tool_result', tool_use_id: 'toolu_0', content: 'An earlier call ran.' }]);
    assert.equal(claudeAnswerAfter([toolUse, ran], lateReport, Date.parse('2026-03-28T10:00:04.000Z')), null);
    // An interrupt from an earlier turn is before the question's tool call.
    const earlier = line('2026-03-28T10:00:02Z', 'user', '[Request interrupted by user]');
    assert.equal(claudeAnswerAfter([earlier, toolUse], lateReport, claudeQuestionAt([earlier, toolUse], lateReport)!), null);
    assert.equal(claudeQuestionAt([earlier], lateReport), null, 'no tool call: none');
  });

  it('nothing yet: only lines after the question count; sub-agents and unreadable lines are passed over', () => {
    assert.equal(claudeAnswerAfter([toolUse], asked), null);
    assert.equal(claudeAnswerAfter([line('2026-03-28T10:00:01Z', 'user', '[Request interrupted by user]')], asked), null, 'an earlier interrupt');
    assert.equal(claudeAnswerAfter([line('2026-03-28T10:00:09Z', 'user', '[Request interrupted by user]', { isSidechain: true }), '{"type": "us'], asked), null);
  });
});
