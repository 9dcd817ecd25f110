import { NO_USAGE, TokenUsage, UsageRecord, addUsage } from './transcript';

/**
 * Tokens and their estimated cost: a price table per model (US dollars per million
 * tokens, by kind), sums over a time window (today, a task's Started–Completed), per
 * day, and the daily budget's state. Pure; prices are the user's to set (the
 * `cortex.agents.prices` setting) on top of the defaults below.
 */
export interface ModelPrice {
  /** USD per million input tokens (not cached). */
  readonly input: number;
  readonly output: number;
  /** USD per million tokens read from the prompt cache. */
  readonly cacheRead: number;
  /** USD per million tokens written to the prompt cache. */
  readonly cacheWrite: number;
}

/** Model name (or its beginning, or a pattern with `*`) → price. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/**
 * List prices as the vendors published them for these model families (USD per
 * million tokens), as a starting point: they change, so the setting wins.
 */
export const DEFAULT_PRICES: PriceTable = {
  'claude-opus-4-5': { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  'claude-opus-4': { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  'claude-sonnet-4': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  'claude-3-7-sonnet': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  'claude-haiku-4-5': { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
  'gpt-5-mini': { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0 },
  'gpt-5': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 },
  'gemini-2.5-pro': { input: 1.25, output: 10, cacheRead: 0.31, cacheWrite: 0 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5, cacheRead: 0.075, cacheWrite: 0 },
};

/**
 * The price of `model`: an exact entry, else the longest entry the name starts with
 * (`claude-sonnet-4` prices `claude-sonnet-4-5-20250929`), else an entry with `*`
 * that matches; `undefined` when none does.
 */
export function priceOf(model: string | null, table: PriceTable): ModelPrice | undefined {
  if (!model) return undefined;
  if (table[model]) return table[model];
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (key.includes('*')) continue;
    if (model.startsWith(key) && (!best || key.length > best.length)) best = key;
  }
  if (best) return table[best];
  for (const key of Object.keys(table)) {
    if (!key.includes('*')) continue;
    const re = new RegExp(`^${key.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    if (re.test(model)) return table[key];
  }
  return undefined;
}

/** USD for `usage` at `price`. */
export function costOf(usage: TokenUsage, price: ModelPrice): number {
  return (usage.input * price.input + usage.output * price.output + usage.cacheRead * price.cacheRead + usage.cacheWrite * price.cacheWrite) / 1_000_000;
}

export interface UsageSum {
  readonly usage: TokenUsage;
  /** Estimated USD of the requests whose model has a price. */
  readonly cost: number;
  /** Requests counted. */
  readonly requests: number;
  /** Models with tokens here but no price (their tokens count, their cost does not). */
  readonly unpriced: readonly string[];
}

export const NO_SUM: UsageSum = { usage: NO_USAGE, cost: 0, requests: 0, unpriced: [] };

/** Sums the records with `from <= at < to` (milliseconds; either end open when `undefined`). */
export function sumUsage(records: readonly UsageRecord[], table: PriceTable, from?: number, to?: number): UsageSum {
  let usage = NO_USAGE;
  let cost = 0;
  let requests = 0;
  const unpriced = new Set<string>();
  for (const r of records) {
    if ((from !== undefined && r.at < from) || (to !== undefined && r.at >= to)) continue;
    usage = addUsage(usage, r.usage);
    requests++;
    const price = priceOf(r.model, table);
    if (price) cost += costOf(r.usage, price);
    else unpriced.add(r.model ?? 'an unnamed model');
  }
  return { usage, cost, requests, unpriced: [...unpriced].sort() };
}

/** Sums by local day: `dayOf(at)` gives the day's key (the caller knows the zone). */
export function usageByDay(records: readonly UsageRecord[], table: PriceTable, dayOf: (at: number) => string): Map<string, UsageSum> {
  const groups = new Map<string, UsageRecord[]>();
  for (const r of records) {
    const day = dayOf(r.at);
    const list = groups.get(day);
    if (list) list.push(r);
    else groups.set(day, [r]);
  }
  return new Map([...groups].map(([day, list]) => [day, sumUsage(list, table)]));
}

export type BudgetLevel = 'ok' | 'warning' | 'exceeded';

/** Where today's cost stands against a daily budget: a warning from 80 %, exceeded from 100 %. */
export function budgetLevel(cost: number, budget: number | null): BudgetLevel {
  if (budget === null || !(budget > 0)) return 'ok';
  if (cost >= budget) return 'exceeded';
  return cost >= 0.8 * budget ? 'warning' : 'ok';
}

/** Reads a price table from settings: entries with four non-negative numbers (a missing kind is 0); the rest said in `problems`. */
export function readPriceTable(raw: unknown, problems: string[]): Record<string, ModelPrice> {
  const table: Record<string, ModelPrice> = {};
  if (raw === undefined || raw === null) return table;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('cortex.agents.prices should map model names to prices; ignoring it.');
    return table;
  }
  for (const [model, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      problems.push(`cortex.agents.prices["${model}"] should be { input, output, cacheRead, cacheWrite } in USD per million tokens; ignoring it.`);
      continue;
    }
    const o = v as Record<string, unknown>;
    const n = (k: string) => (typeof o[k] === 'number' && (o[k] as number) >= 0 ? (o[k] as number) : undefined);
    const price = { input: n('input'), output: n('output'), cacheRead: n('cacheRead'), cacheWrite: n('cacheWrite') };
    if (price.input === undefined && price.output === undefined) {
      problems.push(`cortex.agents.prices["${model}"] has no input or output price; ignoring it.`);
      continue;
    }
    table[model] = { input: price.input ?? 0, output: price.output ?? 0, cacheRead: price.cacheRead ?? 0, cacheWrite: price.cacheWrite ?? 0 };
  }
  return table;
}
