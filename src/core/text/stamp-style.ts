/**
 * Timestamps written "in the file's style": the WORKLOG and MAILBOX are written by
 * agents, each file with its own habit (`2026-03-28T09:12`, with seconds, with a
 * space, with `Z`). New entries copy the habit of the stamps already there; a file
 * with none gets the protocol's `YYYY-MM-DDTHH:MM` local wall-clock time.
 */
export interface StampStyle {
  readonly separator: 'T' | ' ';
  readonly seconds: boolean;
  /** `''` local time with no zone; `Z` UTC; `offset` local time with `+hh:mm`. */
  readonly zone: '' | 'Z' | 'offset';
}

export const DEFAULT_STAMP_STYLE: StampStyle = { separator: 'T', seconds: false, zone: '' };

/** A timestamp at the start of a heading or in a cell: date, optional time, seconds, fraction and zone. */
export const STAMP_SOURCE = String.raw`\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const STAMP_ONLY = new RegExp(`^${STAMP_SOURCE}$`);

export function isStamp(value: string): boolean {
  return STAMP_ONLY.test(value.trim());
}

/** The style of the first sample that has a time part; the default when none has. */
export function detectStampStyle(samples: readonly string[]): StampStyle {
  for (const raw of samples) {
    const s = raw.trim();
    const m = /^\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
    if (!m) continue;
    return { separator: m[1] as 'T' | ' ', seconds: m[2] !== undefined, zone: m[3] === undefined ? '' : m[3] === 'Z' ? 'Z' : 'offset' };
  }
  return DEFAULT_STAMP_STYLE;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatInStyle(date: Date, style: StampStyle): string {
  const utc = style.zone === 'Z';
  const y = utc ? date.getUTCFullYear() : date.getFullYear();
  const mo = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const d = utc ? date.getUTCDate() : date.getDate();
  const h = utc ? date.getUTCHours() : date.getHours();
  const mi = utc ? date.getUTCMinutes() : date.getMinutes();
  const s = utc ? date.getUTCSeconds() : date.getSeconds();
  let out = `${y}-${pad(mo)}-${pad(d)}${style.separator}${pad(h)}:${pad(mi)}`;
  if (style.seconds) out += `:${pad(s)}`;
  if (style.zone === 'Z') out += 'Z';
  else if (style.zone === 'offset') {
    const off = -date.getTimezoneOffset();
    out += `${off < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  }
  return out;
}

/**
 * Wall-clock minutes of a stamp for ordering (its zone is ignored: entries of one
 * file share a habit), or null when it is no real time.
 */
export function stampMinutes(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  if (+mo < 1 || +mo > 12 || +d < 1 || +h > 23 || +mi > 59) return null;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (new Date(ms).getUTCDate() !== +d) return null;
  return ms / 60000;
}
