import { formatStamp } from '../../base/time';

/** How the reports write times and durations (wall-clock minutes, see `time.ts`). */

/** "2026-03-28 11:42". */
export function formatWhen(minutes: number): string {
  return formatStamp(minutes).replace('T', ' ');
}

/** "HH:MM" of wall-clock minutes. */
export function formatClock(minutes: number): string {
  return formatStamp(minutes).slice(11, 16);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday 2026-03-28". */
export function formatDay(minutes: number): string {
  const d = new Date(minutes * 60000);
  return `${WEEKDAYS[d.getUTCDay()]} ${formatStamp(minutes).slice(0, 10)}`;
}

/** "45 min", "3 h 05 min", "2 d 4 h"; "in 5 min" for a time in the future; "-" for none. */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return '-';
  if (minutes < 0) return `in ${formatDuration(-minutes)}`;
  const m = Math.floor(minutes);
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
  const h = Math.floor((m % 1440) / 60);
  return `${Math.floor(m / 1440)} d${h ? ` ${h} h` : ''}`;
}
