import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { claudeProjectDirName } from '../../../../src/core/transcripts/claude';
import { completeLines } from '../../../../src/core/transcripts/transcript';
import { createTranscriptReader, parseTranscript } from '../../../../src/core/transcripts/read-transcript';

/**
 * The session-log parsers on fixtures shaped like real sessions of Claude Code 2.1,
 * Codex 0.169 and Gemini CLI 0.61 (made-up content): the actions and tokens each
 * yields, lines it cannot read counted, unknown types counted by type, a last line
 * cut short left for the next read; and the cost maths on what they yield.
 */
const ROOT = path.resolve(__dirname, '../../../../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/transcripts', name), 'utf8');
const at = (iso: string) => Date.parse(iso);

describe('transcripts: Claude Code session log', () => {
  const t = parseTranscript('claude-code', fixture('claude-code.jsonl'));

  it('reads the session, its folder and the latest model', () => {
    assert.equal(t.format, 'claude-code');
    assert.equal(t.session, '3f1c2b7a-0d4e-4a51-9c1e-5b2f6a7d8e90');
    assert.equal(t.cwd, '/home/dev/larkspur');
    assert.equal(t.model, 'claude-sonnet-4-5-20250929');
  });

  it('yields prompts, tool calls (edits relative to the project, commands) and replies; meta lines, thinking and sub-agents left out', () => {
    assert.deepEqual(
      t.actions.map((a) => [a.kind, a.text]),
      [
        ['prompt', 'Cortex: you are Billing Dev. Read CLAUDE.md (your Cortex protocol) and follow its steps for the start of a session.'],
        ['tool', 'Read /home/dev/cortex/agents/billing-dev/tasks.md'],
        ['edit', 'Edit src/invoices/number.ts'],
        ['command', '$ npm test -- invoices'],
        ['reply', 'Invoice numbering is done: numbers are assigned at finalisation.'],
      ],
    );
    assert.equal(t.actions[2].file, '/home/dev/larkspur/src/invoices/number.ts');
    assert.equal(t.actions[4].detail, 'Invoice numbering is done: numbers are assigned at finalisation.\nTests pass.');
  });

  it('counts a streamed message once (its last usage), sub-agents included; skips what it cannot read and counts unknown types; leaves a cut last line pending', () => {
    assert.deepEqual(
      t.usage.map((u) => [u.at, u.model, u.usage.input, u.usage.output, u.usage.cacheRead, u.usage.cacheWrite]),
      [
        [at('2026-03-28T10:00:03.000Z'), 'claude-sonnet-4-5-20250929', 12, 80, 0, 5000],
        [at('2026-03-28T10:01:00.000Z'), 'claude-sonnet-4-5-20250929', 3, 220, 5000, 400],
        [at('2026-03-28T10:02:00.000Z'), 'claude-sonnet-4-5-20250929', 3, 60, 5400, 300],
        [at('2026-03-28T10:02:10.000Z'), 'claude-haiku-4-5-20251001', 100, 20, 0, 0],
        [at('2026-03-29T00:30:00.000Z'), 'claude-sonnet-4-5-20250929', 2, 40, 5700, 100],
      ],
    );
    assert.equal(t.unreadable, 1);
    assert.deepEqual(t.unknown, { 'some-future-line': 1 });
    assert.equal(t.pending, true);
  });

  it('reads appended lines as a whole read does (the cut line completed later)', () => {
    const text = fixture('claude-code.jsonl');
    const reader = createTranscriptReader('claude-code');
    const half = Math.floor(text.length / 2);
    const first = completeLines(text.slice(0, half));
    reader.addLines(first.lines);
    const rest = completeLines(first.rest + text.slice(half) + 'ten."}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}},"type":"assistant","timestamp":"2026-03-29T00:31:00.000Z"}\n');
    reader.addLines(rest.lines);
    assert.equal(rest.rest, '');
    const whole = reader.transcript();
    assert.equal(whole.usage.length, t.usage.length + 1);
    assert.deepEqual(whole.actions.slice(0, t.actions.length), t.actions);
    assert.equal(whole.actions[whole.actions.length - 1].text, 'Half written.');
  });

  it('names the project folder as Claude Code does', () => {
    assert.equal(claudeProjectDirName('/home/dev/larkspur'), '-home-dev-larkspur');
    assert.equal(claudeProjectDirName('C:\\Users\\dev\\my.app'), 'C--Users-dev-my-app');
  });
});
