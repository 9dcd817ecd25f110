import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { geminiProjectId } from '../../../../src/core/transcripts/gemini';
import { parseTranscript } from '../../../../src/core/transcripts/read-transcript';

/**
 * The session-log parsers on fixtures shaped like real sessions of Claude Code 2.1,
 * Codex 0.169 and Gemini CLI 0.61 (made-up content): the actions and tokens each
 * yields, lines it cannot read counted, unknown types counted by type, a last line
 * cut short left for the next read; and the cost maths on what they yield.
 */
const ROOT = path.resolve(__dirname, '../../../../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/transcripts', name), 'utf8');
const at = (iso: string) => Date.parse(iso);

describe('transcripts: Gemini CLI session', () => {
  const t = parseTranscript('gemini', fixture('gemini-session.jsonl'));

  it('reads the session; a message written again counts once, as last written', () => {
    assert.equal(t.session, '8b2e4f60-1a2b-4c3d-9e8f-7a6b5c4d3e2f');
    assert.equal(t.model, 'gemini-2.5-pro');
    assert.deepEqual(
      t.usage.map((u) => [u.at, u.usage.input, u.usage.output, u.usage.cacheRead]),
      [
        [at('2026-03-28T10:00:03.000Z'), 5000, 150, 1000],
        [at('2026-03-28T10:00:06.000Z'), 2000, 200, 5000],
      ],
    );
  });

  it('yields prompts, tool calls by their own time, and replies', () => {
    assert.deepEqual(
      t.actions.map((a) => [a.kind, a.text]),
      [
        ['prompt', 'Cortex tick: check /home/dev/cortex/agents/billing-dev/tasks.md'],
        ['tool', 'read_file /home/dev/cortex/agents/billing-dev/tasks.md'],
        ['edit', 'replace /home/dev/larkspur/src/invoices/number.ts'],
        ['command', '$ npm test'],
        ['reply', 'Done: invoice numbers are assigned at finalisation.'],
      ],
    );
  });

  it('counts message types and updates it does not know; a cut line pending', () => {
    assert.deepEqual(t.unknown, { 'message:compression': 1, $future: 1 });
    assert.equal(t.pending, true);
  });

  it("finds a project's id in projects.json", () => {
    assert.equal(geminiProjectId('{"projects":{"/home/dev/larkspur":"larkspur-1"}}', '/home/dev/larkspur'), 'larkspur-1');
    assert.equal(geminiProjectId('not json', '/x'), undefined);
  });
});
