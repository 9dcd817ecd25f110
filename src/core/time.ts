/**
 * Protocol timestamps are wall-clock local time with no zone: `YYYY-MM-DDTHH:MM`.
 * The core compares them as wall-clock minutes (the clock reading, not an instant),
 * so results never depend on the machine's time zone.
 */
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Minutes since 1970-01-01T00:00 on the wall clock, or `null` when unparseable. */
export function parseStamp(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = STAMP.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0'] = m.slice(1);
  const month = +mo;
  const day = +d;
  const hour = +h;
  const minute = +mi;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const ms = Date.UTC(+y, month - 1, day, hour, minute);
  const check = new Date(ms);
  if (check.getUTCDate() !== day) return null; // 2026-02-31 and friends
  return ms / 60000;
}

/** Wall-clock minutes of a JS Date in the machine's local time. */
export function wallMinutes(date: Date): number {
  return (
    Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()) / 60000
  );
}

/** `YYYY-MM-DDTHH:MM` for wall-clock minutes. */
export function formatStamp(minutes: number): string {
  return new Date(minutes * 60000).toISOString().slice(0, 16);
}

/** `YYYY-MM-DD` for wall-clock minutes. */
export function formatDate(minutes: number): string {
  return formatStamp(minutes).slice(0, 10);
}

/** The current local time as a protocol timestamp. */
export function nowStamp(date: Date = new Date()): string {
  return formatStamp(wallMinutes(date));
}
