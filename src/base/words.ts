/**
 * Counts, durations and ages in words: the one wording the host (status bar,
 * notifications, Quick Picks) and the pages (Team view, board) share. Pure.
 */

/** "1 agent", "3 agents", "2 children" (with `many`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "5 min", "1 h 20 min", "14 h" (minutes only below 10 h), "3 days" (from 48 h). */
export function duration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0 || h >= 10 ? `${h} h` : `${h} h ${rest} min`;
  }
  return `${Math.floor(m / (24 * 60))} days`;
}

/** A tick's age: "just now", "12 min ago", "3 h ago"; none or a tick in the future says so. */
export function ago(minutes: number | null): string {
  if (minutes === null) return 'never ticked';
  if (minutes < 0) return 'ticked in the future';
  if (minutes < 1) return 'just now';
  return `${duration(minutes)} ago`;
}
