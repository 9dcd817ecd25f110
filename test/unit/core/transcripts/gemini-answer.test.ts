import * as assert from 'assert';
import { geminiAnswerAfter } from '../../../../src/core/transcripts/gemini-answer';

/**
 * What became of Gemini CLI's "Allow execution?" question, from its session log (no hook
 * fires on No or Esc). The lines are shaped as Gemini CLI 0.61 wrote them in a real TUI
 * run against a scripted model (ids and long texts shortened).
 */
describe('Gemini CLI: the answer to a question, from the session log', () => {
  const asked = Date.parse('2026-11-28T09:49:29.542Z');
  const call = JSON.stringify({ id: 'ff91', timestamp: '2026-11-28T09:49:29.374Z', type: 'gemini', content: '', tokens: { input: 1530, output: 33 }, model: 'gemini-3.1-pro-preview' });
  const set = JSON.stringify({ $set: { lastUpdated: '2026-11-28T09:49:40.557Z' } });
  const cancelled = JSON.stringify({ id: 'ded9', timestamp: '2026-11-28T09:49:40.558Z', type: 'info', content: 'Request cancelled.' });
  // After a cancel it writes its history again, stamped after the cancel.
  const rewritten = [
    JSON.stringify({ id: 'a507', timestamp: '2026-11-28T09:49:40.559Z', type: 'user', content: [{ text: 'Cortex tick: go on' }] }),
    JSON.stringify({ id: '055f', timestamp: '2026-11-28T09:49:40.559Z', type: 'gemini', content: [{ functionCall: { name: 'mcp_cortex_claim_task', args: {}, id: 'c1' } }], tokens: null }),
  ];
  const ran = JSON.stringify({ id: 'ed05', timestamp: '2026-11-28T09:49:44.672Z', type: 'user', content: [{ functionResponse: { id: 'run_shell_command__call_3_0', name: 'run_shell_command', response: { output: 'Output: (empty)' } } }] });
  const reply = JSON.stringify({ id: 'd5fd', timestamp: '2026-11-28T09:49:44.855Z', type: 'gemini', content: 'Claimed and wrote.', tokens: { input: 1540, output: 34 } });

  it('No or Esc: "Request cancelled." after the question means back at its prompt, whatever history it writes again after it', () => {
    const answer = geminiAnswerAfter([call, set, cancelled, ...rewritten], asked);
    assert.deepEqual(answer && { state: answer.state, at: new Date(answer.at).toISOString() }, { state: 'turn-finished', at: '2026-11-28T09:49:40.558Z' });
  });

  it('Allow: the tool\'s result (or the model writing again) means the turn goes on', () => {
    assert.equal(geminiAnswerAfter([call, set, ran], asked)?.state, 'working');
    assert.equal(geminiAnswerAfter([call, ran, reply], asked)?.state, 'working');
  });

  it('nothing yet: only lines after the question count; other lines and unreadable ones are passed over', () => {
    assert.equal(geminiAnswerAfter([call, set], asked), null);
    const earlier = JSON.stringify({ id: 'x', timestamp: '2026-11-28T09:40:00.000Z', type: 'info', content: 'Request cancelled.' });
    assert.equal(geminiAnswerAfter([earlier, call], asked), null, 'an earlier cancel');
    const info = JSON.stringify({ id: 'y', timestamp: '2026-11-28T09:49:50.000Z', type: 'info', content: 'Waiting for MCP servers to initialize...' });
    assert.equal(geminiAnswerAfter([info, '{"type": "us'], asked), null);
  });
});
