import { CycleStat } from './figures';

/**
 * The `q` quantile of sorted values, interpolating linearly between the two nearest
 * ranks (what spreadsheets' PERCENTILE and numpy's default do): the median of 1, 2, 3, 10
 * is 2.5, its 90th percentile 7.9. `null` for no values.
 */
export function quantile(sorted: readonly number[], q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const pos = (n - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Median and 90th percentile of durations in minutes (any order). */
export function cycleStat(durations: readonly number[]): CycleStat {
  const sorted = [...durations].sort((a, b) => a - b);
  return { count: sorted.length, medianMinutes: quantile(sorted, 0.5), p90Minutes: quantile(sorted, 0.9) };
}
