/**
 * Protocol timestamps are wall-clock local time with no zone: `YYYY-MM-DDTHH:MM`.
 * The core compares them as wall-clock minutes (the clock reading, not an instant),
 * so results never depend on the machine's time zone.
 */
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Minutes since 1970-01-01T00:00 on the wall clock, or `null` when unparseable. */
export function parseStamp(value: string | null | undefined): number | null {
  if (!value) return null;
  const fast = parseExactStamp(value);
  if (fast !== undefined) return fast;
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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The common exact form `YYYY-MM-DDTHH:MM`, read without a regex or a Date (a scan
 * of a large team reads hundreds of thousands of stamps): wall-clock minutes, `null`
 * when it has that form but is no real time, `undefined` when it does not have that
 * form (or has a year below 100, which `Date.UTC` maps to 19xx): the general reader
 * decides.
 */
function parseExactStamp(v: string): number | null | undefined {
  return v.length === 16 ? exactStampAt(v, 0) : undefined;
}

/**
 * `parseExactStamp` of the 16 characters of `text` from `at` (the caller checks that
 * they are there), read in place: no string for the stamp.
 */
export function exactStampAt(text: string, at: number): number | null | undefined {
  const v = text;
  const o = at;
  if (v.charCodeAt(o + 4) !== 45 || v.charCodeAt(o + 7) !== 45 || v.charCodeAt(o + 10) !== 84 || v.charCodeAt(o + 13) !== 58) return undefined;
  const y0 = v.charCodeAt(o) - 48, y1 = v.charCodeAt(o + 1) - 48, y2 = v.charCodeAt(o + 2) - 48, y3 = v.charCodeAt(o + 3) - 48;
  const m0 = v.charCodeAt(o + 5) - 48, m1 = v.charCodeAt(o + 6) - 48, d0 = v.charCodeAt(o + 8) - 48, d1 = v.charCodeAt(o + 9) - 48;
  const h0 = v.charCodeAt(o + 11) - 48, h1 = v.charCodeAt(o + 12) - 48, i0 = v.charCodeAt(o + 14) - 48, i1 = v.charCodeAt(o + 15) - 48;
  // Every position a digit: (x >>> 0) > 9 catches both below '0' and above '9'.
  if (((y0 >>> 0) > 9) || ((y1 >>> 0) > 9) || ((y2 >>> 0) > 9) || ((y3 >>> 0) > 9) || ((m0 >>> 0) > 9) || ((m1 >>> 0) > 9)) return undefined;
  if (((d0 >>> 0) > 9) || ((d1 >>> 0) > 9) || ((h0 >>> 0) > 9) || ((h1 >>> 0) > 9) || ((i0 >>> 0) > 9) || ((i1 >>> 0) > 9)) return undefined;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  if (year < 100) return undefined;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  const hour = h0 * 10 + h1;
  const minute = i0 * 10 + i1;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  return daysFromCivil(year, month, day) * 1440 + hour * 60 + minute;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Wall-clock minutes of a JS Date in the machine's local time. */
export function wallMinutes(date: Date): number {
  return (
    Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()) / 60000
  );
}

/** The instant (ms since the epoch) at which this machine's clock reads the wall-clock minute. */
export function instantOfWall(minutes: number): number {
  const d = new Date(minutes * 60_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()).getTime();
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

/** The local `Date` a protocol timestamp names (its first moment); `null` when unparseable. */
export function localDateOf(stamp: string): Date | null {
  const minutes = parseStamp(stamp);
  if (minutes === null) return null;
  const d = new Date(minutes * 60000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
}
