import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { DEFAULT_PRICES, budgetLevel, priceOf, readPriceTable, sumUsage, usageByDay } from '../../../../src/core/transcripts/cost';
import { claudeProjectDirName, codexSessionCwd, completeLines, createTranscriptReader, geminiProjectId, parseTranscript } from '../../../../src/core/transcripts';

/**
 * The session-log parsers on fixtures shaped like real sessions of Claude Code 2.1,
 * Codex 0.169 and Gemini CLI 0.61 (made-up content): the actions and tokens each
 * yields, lines it cannot read counted, unknown types counted by type, a last line
 * cut short left for the next read; and the cost maths on what they yield.
 */
const ROOT = path.resolve(__dirname, '../../../../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/transcripts', name), 'utf8');
const at = (iso: string) => Date.parse(iso);
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`);

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

describe('transcripts: cost', () => {
  it('prices a model by its exact name, the longest prefix, or a pattern; none for an unknown model', () => {
    assert.equal(priceOf('claude-sonnet-4-5-20250929', DEFAULT_PRICES), DEFAULT_PRICES['claude-sonnet-4']);
    assert.equal(priceOf('claude-opus-4-5-20251101', DEFAULT_PRICES), DEFAULT_PRICES['claude-opus-4-5']);
    assert.equal(priceOf('gpt-5-mini', DEFAULT_PRICES), DEFAULT_PRICES['gpt-5-mini']);
    assert.equal(priceOf('gpt-5-codex', DEFAULT_PRICES), DEFAULT_PRICES['gpt-5']);
    const table = { 'my-*-model': { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } };
    assert.equal(priceOf('my-big-model', table), table['my-*-model']);
    assert.equal(priceOf('llama-3', DEFAULT_PRICES), undefined);
    assert.equal(priceOf(null, DEFAULT_PRICES), undefined);
  });

  it('sums tokens and cost over a window, per day, and says which models have no price', () => {
    const t = parseTranscript('claude-code', fixture('claude-code.jsonl'));
    const all = sumUsage(t.usage, DEFAULT_PRICES);
    assert.equal(all.requests, 5);
    assert.deepEqual(all.usage, { input: 120, output: 420, cacheRead: 16100, cacheWrite: 5800 });
    // Sonnet: 20 in × 3 + 400 out × 15 + 16 100 cache read × 0.3 + 5 800 cache write × 3.75; Haiku: 100 × 1 + 20 × 5 (USD per million).
    close(all.cost, (60 + 6000 + 4830 + 21750 + 200) / 1e6);
    const day = sumUsage(t.usage, DEFAULT_PRICES, at('2026-03-28T00:00:00Z'), at('2026-03-29T00:00:00Z'));
    assert.equal(day.requests, 4);
    close(day.cost, (60 + 6000 + 4830 + 21750 + 200 - (6 + 600 + 1710 + 375)) / 1e6);
    const days = usageByDay(t.usage, DEFAULT_PRICES, (ms) => new Date(ms).toISOString().slice(0, 10));
    assert.deepEqual([...days.keys()], ['2026-03-28', '2026-03-29']);
    assert.equal(days.get('2026-03-29')!.requests, 1);
    const unpriced = sumUsage(t.usage, { 'claude-sonnet-4': DEFAULT_PRICES['claude-sonnet-4'] });
    assert.deepEqual(unpriced.unpriced, ['claude-haiku-4-5-20251001']);
    assert.equal(unpriced.usage.input, 120, 'its tokens still count');
  });

  it('prices a Codex and a Gemini session', () => {
    close(sumUsage(parseTranscript('codex', fixture('codex-rollout.jsonl')).usage, DEFAULT_PRICES).cost, (8000 * 1.25 + 700 * 10 + 9000 * 0.125) / 1e6);
    close(sumUsage(parseTranscript('gemini', fixture('gemini-session.jsonl')).usage, DEFAULT_PRICES).cost, (7000 * 1.25 + 350 * 10 + 6000 * 0.31) / 1e6);
  });

  it('a daily budget warns from 80 % and is exceeded from 100 %', () => {
    assert.equal(budgetLevel(0.79, 1), 'ok');
    assert.equal(budgetLevel(0.8, 1), 'warning');
    assert.equal(budgetLevel(1, 1), 'exceeded');
    assert.equal(budgetLevel(100, null), 'ok');
    assert.equal(budgetLevel(100, 0), 'ok');
  });

  it('reads a price table from settings, saying what it ignores', () => {
    const problems: string[] = [];
    const table = readPriceTable({ 'my-model': { input: 2, output: 8 }, bad: 3, empty: { cacheRead: 1 } }, problems);
    assert.deepEqual(table, { 'my-model': { input: 2, output: 8, cacheRead: 0, cacheWrite: 0 } });
    assert.equal(problems.length, 2);
    assert.match(problems.join('\n'), /"bad"\] should be/);
    assert.match(problems.join('\n'), /"empty"\] has no input or output price/);
    assert.deepEqual(readPriceTable([1], problems), {});
  });
});
