/** How the insights page words numbers, durations and days. Pure. */

/** "45 min", "2 h 10 min", "4 h", "26 h", "3 days": minutes only below 3 h. */
export function duration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0 || h >= 3 ? `${Math.round(m / 60)} h` : `${h} h ${rest} min`;
  }
  return `${Math.round(m / (24 * 60))} days`;
}

/** A tick's age: "just now", "12 min ago"; never or in the future say so. */
export function ago(minutes: number | null): string {
  if (minutes === null) return 'never ticked';
  if (minutes < 0) return 'in the future';
  if (minutes < 1) return 'just now';
  return `${duration(minutes)} ago`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 27" for `2026-03-27`. */
export function shortDate(date: string): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? '';
  return `${month} ${Number(date.slice(8, 10))}`;
}

/** The x-axis label of day `i`: the month on the first day and where it changes, else the day number. */
export function dayLabel(days: readonly string[], i: number): string {
  const d = days[i];
  return i === 0 || d.slice(5, 7) !== days[i - 1].slice(5, 7) ? shortDate(d) : String(Number(d.slice(8, 10)));
}
