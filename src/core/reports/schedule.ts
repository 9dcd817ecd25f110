import { formatDate } from '../../base/time';

/**
 * When to offer the Daily Briefing and the Daily Review: pure decisions, given "now"
 * (wall-clock minutes), so they are tested with a fixed clock.
 *
 * The time of day comes from the `cortex.dailyBriefingTime` / `cortex.dailyReviewTime`
 * setting when it is set (empty or `off` turns the report off), else from
 * `daily_briefing` / `daily_review` in ~/.cortex/config.yaml when that file exists,
 * else the protocol's defaults, 09:00 and 18:00 (the caller passes them). The offer is made once per calendar day, at or
 * after the time: a window opened later that day still offers it once.
 */
export type ReportKind = 'briefing' | 'review';

export type ScheduleSource = 'setting' | 'config' | 'default' | 'none';

export interface ReportSchedule {
  /** Minutes after midnight; `null`: not scheduled. */
  readonly minuteOfDay: number | null;
  readonly source: ScheduleSource;
  /** "09:00" as it will be used; `null` when off. */
  readonly time: string | null;
  /** Why a setting was ignored (it is not a time of day). */
  readonly problem: string | null;
}

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "9:05" / "09:05" → minutes after midnight; `null` when it is no time of day. */
export function parseTimeOfDay(value: string): number | null {
  const m = CLOCK.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function hhmm(minuteOfDay: number): string {
  return `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/**
 * @param setting the setting's value when the user set it (any scope), else `undefined`
 * @param config the config file's value when the file exists, else `undefined`
 * @param settingName for the message about a bad value
 * @param fallback the time when neither says one (the protocol's default); without it, not scheduled
 */
export function resolveSchedule(setting: unknown, config: string | undefined, settingName: string, fallback?: string): ReportSchedule {
  let problem: string | null = null;
  if (setting !== undefined && setting !== null) {
    if (typeof setting === 'string' && /^(off)?$/i.test(setting.trim())) return { minuteOfDay: null, source: 'setting', time: null, problem: null };
    const at = typeof setting === 'string' ? parseTimeOfDay(setting) : null;
    if (at !== null) return { minuteOfDay: at, source: 'setting', time: hhmm(at), problem: null };
    problem = `${settingName} should be a time of day HH:MM (or empty or "off" for off), not "${String(setting)}"; ignoring it.`;
  }
  if (config !== undefined) {
    const at = parseTimeOfDay(config);
    if (at !== null) return { minuteOfDay: at, source: 'config', time: hhmm(at), problem };
  }
  const at = fallback === undefined ? null : parseTimeOfDay(fallback);
  if (at !== null) return { minuteOfDay: at, source: 'default', time: hhmm(at), problem };
  return { minuteOfDay: null, source: 'none', time: null, problem };
}

/** What was recorded when a report was last offered: the day, and which window claimed it. */
export interface OfferRecord {
  /** `YYYY-MM-DD` (wall clock). */
  readonly date: string;
  /** The window that claimed the offer (several windows share the record). */
  readonly by: string;
}

export function isOfferRecord(value: unknown): value is OfferRecord {
  return typeof value === 'object' && value !== null && typeof (value as OfferRecord).date === 'string' && typeof (value as OfferRecord).by === 'string';
}

/** Is the report due now: scheduled, the time reached today, and not yet offered today? */
export function isOfferDue(now: number, schedule: Pick<ReportSchedule, 'minuteOfDay'>, last: OfferRecord | undefined): boolean {
  if (schedule.minuteOfDay === null) return false;
  const minuteOfDay = ((now % 1440) + 1440) % 1440;
  if (minuteOfDay < schedule.minuteOfDay) return false;
  return last?.date !== formatDate(now);
}

/**
 * Which reports to offer now, at most one: when several are due at once (a window first
 * opened after both the briefing's and the review's times), the one whose time came last
 * is offered and the others are passed over for today (two toasts at once is one too many,
 * and the earlier report's moment has gone). Reports whose time has not come today are
 * neither offered nor passed over.
 */
export function chooseOffer<K extends string>(
  now: number,
  due: ReadonlyArray<{ readonly kind: K; readonly schedule: Pick<ReportSchedule, 'minuteOfDay'>; readonly last: OfferRecord | undefined }>,
): { readonly offer: K | undefined; readonly passOver: readonly K[] } {
  const ready = due.filter((d) => isOfferDue(now, d.schedule, d.last)).sort((a, b) => (b.schedule.minuteOfDay ?? 0) - (a.schedule.minuteOfDay ?? 0));
  return { offer: ready[0]?.kind, passOver: ready.slice(1).map((d) => d.kind) };
}

/** The record to write when offering now. */
export function offerRecord(now: number, by: string): OfferRecord {
  return { date: formatDate(now), by };
}
