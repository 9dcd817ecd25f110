// Tokens and cost per day and per agent for Team Insights: requests summed on their
// local day, days outside the window left out, agents without requests left out, the
// most expensive first, unpriced models named. Instants are made from wall-clock
// stamps in the machine's zone, so the days hold in any TZ.
import * as assert from 'node:assert/strict';
import { formatDate, instantOfWall, parseStamp, wallMinutes } from '../../../../src/base/time';
import { usageOverDays } from '../../../../src/core/insights/usage';
import { DEFAULT_PRICES } from '../../../../src/core/transcripts/cost';
import { UsageRecord } from '../../../../src/core/transcripts/transcript';

const at = (stamp: string) => instantOfWall(parseStamp(stamp)!);
const req = (stamp: string, model: string | null, input: number, output = 0, cacheRead = 0): UsageRecord => ({ at: at(stamp), model, usage: { input, output, cacheRead, cacheWrite: 0 } });
const dayOf = (ms: number) => formatDate(wallMinutes(new Date(ms)));
const DAYS = ['2026-03-26', '2026-03-27', '2026-03-28'];

describe('Insights: tokens and cost per day and per agent', () => {
  it('sums each agent by local day and the team over them; the most expensive agent first', () => {
    const u = usageOverDays(
      DAYS,
      [
        { slug: 'ada', name: 'Ada', records: [req('2026-03-27T09:00', 'claude-sonnet-4-5', 100_000, 10_000), req('2026-03-27T23:59', 'claude-sonnet-4-5', 100_000, 10_000), req('2026-03-28T00:01', 'claude-haiku-4-5', 1_000_000)] },
        { slug: 'bob', name: 'Bob', records: [req('2026-03-28T10:00', 'claude-opus-4-5', 200_000, 0, 1_000_000)] },
        { slug: 'cy', name: 'Cy', records: [] },
      ],
      DEFAULT_PRICES,
      dayOf,
    );
    assert.deepEqual(u.agents.map((a) => a.slug), ['ada', 'bob'], 'cy has no requests; ada ($1.90) costs more than bob ($1.50)');
    const ada = u.agents[0];
    assert.equal(Number(u.agents[1].totalCost.toFixed(4)), 1.5);
    assert.deepEqual(ada.tokens, [0, 220_000, 1_000_000]);
    assert.deepEqual(ada.cost.map((c) => Number(c.toFixed(4))), [0, 0.9, 1]);
    assert.equal(Number(ada.totalCost.toFixed(4)), 1.9);
    assert.deepEqual(u.team.tokens, [0, 220_000, 2_200_000]);
    assert.deepEqual(u.team.cost.map((c) => Number(c.toFixed(4))), [0, 0.9, 1 + 1 + 0.5]);
    assert.equal(u.totalTokens, 2_420_000);
    assert.equal(Number(u.totalCost.toFixed(4)), 3.4);
    assert.deepEqual(u.unpriced, []);
  });

  it('leaves out requests outside the days and names models without a price (their tokens count, not their cost)', () => {
    const u = usageOverDays(DAYS, [{ slug: 'ada', name: 'Ada', records: [req('2026-03-20T10:00', 'claude-sonnet-4-5', 5_000_000), req('2026-03-28T10:00', 'mystery-1', 50_000), req('2026-03-28T11:00', null, 10)] }], DEFAULT_PRICES, dayOf);
    assert.deepEqual(u.team.tokens, [0, 0, 50_010]);
    assert.equal(u.totalCost, 0);
    assert.deepEqual(u.unpriced, ['an unnamed model', 'mystery-1']);
  });

  it('with no requests at all: no agents, zeros', () => {
    const u = usageOverDays(DAYS, [{ slug: 'ada', name: 'Ada', records: [] }], DEFAULT_PRICES, dayOf);
    assert.deepEqual(u, { team: { tokens: [0, 0, 0], cost: [0, 0, 0] }, agents: [], totalTokens: 0, totalCost: 0, unpriced: [] });
  });
});
