import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { codexSessionCwd } from '../../../../src/core/transcripts/codex';
import { parseTranscript } from '../../../../src/core/transcripts/read-transcript';

/**
 * The session-log parsers on fixtures shaped like real sessions of Claude Code 2.1,
 * Codex 0.169 and Gemini CLI 0.61 (made-up content): the actions and tokens each
 * yields, lines it cannot read counted, unknown types counted by type, a last line
 * cut short left for the next read; and the cost maths on what they yield.
 */
const ROOT = path.resolve(__dirname, '../../../../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/transcripts', name), 'utf8');

describe('transcripts: Codex rollout', () => {
  const t = parseTranscript('codex', fixture('codex-rollout.jsonl'));

  it('reads the session, its folder and the model of the turn', () => {
    assert.equal(t.session, '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    assert.equal(t.cwd, '/home/dev/larkspur');
    assert.equal(t.model, 'gpt-5-codex');
    assert.equal(codexSessionCwd(fixture('codex-rollout.jsonl').split('\n')[0]), '/home/dev/larkspur');
  });

  it("yields the person's prompts (not Codex's own context), shell commands, patched files and replies", () => {
    assert.deepEqual(
      t.actions.map((a) => [a.kind, a.text]),
      [
        ['prompt', 'Cortex tick: check /home/dev/cortex/agents/billing-dev/tasks.md'],
        ['command', '$ cat /home/dev/cortex/agents/billing-dev/tasks.md'],
        ['edit', 'apply_patch src/invoices/number.ts'],
        ['reply', 'Invoice numbering is done.'],
      ],
    );
  });

  it('turns token_count totals into each request’s tokens (cached input apart; a repeated count adds nothing); counts unknown types; a cut line pending', () => {
    assert.deepEqual(
      t.usage.map((u) => [u.model, u.usage.input, u.usage.output, u.usage.cacheRead, u.usage.cacheWrite]),
      [
        ['gpt-5-codex', 6000, 300, 2000, 0],
        ['gpt-5-codex', 2000, 400, 7000, 0],
      ],
    );
    assert.deepEqual(t.unknown, { future_record: 1 });
    assert.equal(t.unreadable, 0);
    assert.equal(t.pending, true);
  });
});
