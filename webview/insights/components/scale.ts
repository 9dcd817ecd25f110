/** Axis arithmetic for the charts. Pure. */

/** The smallest 1, 2 or 5 × 10ⁿ at least `v` (and at least `min`). */
export function niceStep(v: number, min = 1): number {
  if (!(v > min)) return min;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** Ticks from 0 to a round top at or above `max`, about `count` steps. */
export function linearTicks(max: number, count = 4, minStep = 1): number[] {
  const step = niceStep(max / count, minStep);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  return ticks;
}

/** Round durations in minutes for the time axes. */
const DURATION_TICKS = [1, 5, 15, 30, 60, 120, 240, 480, 720, 1440, 2880, 4320, 10080, 20160, 43200];

/**
 * Ticks for a duration axis from 0 to at least `max` minutes: a few round durations
 * (15 min, 1 h, 4 h, 1 day…), about `count` steps.
 */
export function durationTicks(max: number, count = 4): number[] {
  const step = DURATION_TICKS.find((s) => s * count >= max) ?? niceStep(max / count, 1440);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  return ticks;
}

/**
 * A log scale for tick ages (minutes): 1 min at 0, `max` at 1; ages below a minute
 * sit at 0. Minutes span four orders of magnitude here (a fresh tick to a week-old one).
 */
export function logPosition(minutes: number, max: number): number {
  if (max <= 1) return 0;
  const v = Math.max(1, Math.min(minutes, max));
  return Math.log(v) / Math.log(max);
}

/** The round durations between 1 min and `max` worth marking on a log axis. */
export function logTicks(max: number): number[] {
  return [1, 15, 60, 240, 1440, 10080, 43200].filter((t) => t <= max);
}

/** How wide an 11-px axis label is, near enough to keep labels apart (no layout in a pure function). */
const LABEL_CHAR_PX = 6.5;
const LABEL_GAP_PX = 8;

export type LabelAnchor = 'start' | 'middle' | 'end';

/**
 * Which labels of an axis to draw so that none overlaps another: the first and the last
 * always, those between only where they fit after the last drawn one. Labels at `x`
 * with their anchor and text; returns one flag per label.
 */
export function spacedLabels(labels: ReadonlyArray<{ x: number; text: string; anchor: LabelAnchor }>): boolean[] {
  const extent = (l: { x: number; text: string; anchor: LabelAnchor }): [number, number] => {
    const w = l.text.length * LABEL_CHAR_PX;
    return l.anchor === 'start' ? [l.x, l.x + w] : l.anchor === 'end' ? [l.x - w, l.x] : [l.x - w / 2, l.x + w / 2];
  };
  const shown = labels.map(() => false);
  if (labels.length === 0) return shown;
  const last = labels.length - 1;
  const lastStart = extent(labels[last])[0];
  let end = -Infinity;
  for (let i = 0; i < last; i++) {
    const [a, b] = extent(labels[i]);
    if (i > 0 && (a < end + LABEL_GAP_PX || b > lastStart - LABEL_GAP_PX)) continue;
    shown[i] = true;
    end = b;
  }
  // The first label gives way to the last only when the two cannot both fit.
  if (last > 0 && shown[0] && extent(labels[0])[1] > lastStart - LABEL_GAP_PX) shown[0] = false;
  shown[last] = true;
  return shown;
}
