/**
 * Tokens and estimated cost per day and per agent for Team Insights, from the model
 * requests in the agents' session logs (the records the Team view's usage line sums
 * too). Days are the insights' local calendar days; a request outside them is left
 * out. Pure: the caller says which day an instant falls on (it knows the zone).
 */
import { PriceTable, usageByDay } from '../transcripts/cost';
import { UsageRecord, totalTokens } from '../transcripts/transcript';

export interface AgentUsageDays {
  readonly slug: string;
  readonly name: string;
  /** Tokens (every kind) and USD on each day of `days`. */
  readonly tokens: readonly number[];
  readonly cost: readonly number[];
  readonly totalTokens: number;
  readonly totalCost: number;
}

export interface UsageDays {
  readonly team: { readonly tokens: readonly number[]; readonly cost: readonly number[] };
  /** Agents with requests in these days, most expensive first (then by name). */
  readonly agents: readonly AgentUsageDays[];
  readonly totalTokens: number;
  readonly totalCost: number;
  /** Models with tokens in these days but no price: their tokens count, their cost does not. */
  readonly unpriced: readonly string[];
}

export function usageOverDays(
  days: readonly string[],
  agents: ReadonlyArray<{ readonly slug: string; readonly name: string; readonly records: readonly UsageRecord[] }>,
  prices: PriceTable,
  dayOf: (at: number) => string,
): UsageDays {
  const index = new Map(days.map((d, i) => [d, i]));
  const teamTokens = days.map(() => 0);
  const teamCost = days.map(() => 0);
  const unpriced = new Set<string>();
  const out: AgentUsageDays[] = [];
  for (const a of agents) {
    const tokens = days.map(() => 0);
    const cost = days.map(() => 0);
    for (const [day, sum] of usageByDay(a.records, prices, dayOf)) {
      const i = index.get(day);
      if (i === undefined) continue;
      tokens[i] += totalTokens(sum.usage);
      cost[i] += sum.cost;
      for (const m of sum.unpriced) unpriced.add(m);
    }
    const t = tokens.reduce((x, y) => x + y, 0);
    if (t === 0) continue;
    tokens.forEach((v, i) => (teamTokens[i] += v));
    cost.forEach((v, i) => (teamCost[i] += v));
    out.push({ slug: a.slug, name: a.name, tokens, cost, totalTokens: t, totalCost: cost.reduce((x, y) => x + y, 0) });
  }
  out.sort((x, y) => y.totalCost - x.totalCost || y.totalTokens - x.totalTokens || x.name.localeCompare(y.name));
  return {
    team: { tokens: teamTokens, cost: teamCost },
    agents: out,
    totalTokens: teamTokens.reduce((x, y) => x + y, 0),
    totalCost: teamCost.reduce((x, y) => x + y, 0),
    unpriced: [...unpriced].sort(),
  };
}
