import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { DEFAULT_PRICES, budgetLevel, priceOf, readPriceTable, sumUsage, usageByDay } from '../../../../src/core/transcripts/cost';
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
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`);

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
