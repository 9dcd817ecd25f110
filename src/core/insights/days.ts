/** Calendar days on the files' wall clock (see base/time): day numbers since 1970-01-01. */
import { formatDate } from '../../base/time';

export const MINUTES_PER_DAY = 1440;

/** The day a wall-clock minute falls on. */
export function dayOf(minutes: number): number {
  return Math.floor(minutes / MINUTES_PER_DAY);
}

/**
 * When the queue is sampled on `day`: the time of day `now` has, so every point of
 * the chart is the queue at the same hour (today's is now). Midnight would show
 * almost nothing in progress, since agents rarely work across it.
 */
export function sampleTime(day: number, now: number): number {
  return day * MINUTES_PER_DAY + (now - dayOf(now) * MINUTES_PER_DAY);
}

export function dateOfDay(day: number): string {
  return formatDate(day * MINUTES_PER_DAY);
}

/** The last `count` days up to and including the day of `now`, oldest first. */
export function windowDays(now: number, count: number): number[] {
  const today = dayOf(now);
  return Array.from({ length: count }, (_, i) => today - (count - 1) + i);
}
