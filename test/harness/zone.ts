// The time zone a process runs in, as something another process can check: the
// extension host and the browser must run in the zone of the run (TZ passed through).

/**
 * The UTC offsets (minutes, as `getTimezoneOffset`) at noon on 15 January and 15 July
 * 2026: the zone's fingerprint with its daylight saving time, whatever name it goes by
 * ("Asia/Kolkata" and "Asia/Calcutta" are one zone). Self-contained (no imports, no
 * closure): the e2e fixture runs it in the page too.
 */
export function zoneOffsets(): string {
  return [new Date(2026, 0, 15, 12).getTimezoneOffset(), new Date(2026, 6, 15, 12).getTimezoneOffset()].join(',');
}

/** "Asia/Calcutta (-330,-330)". */
export function describeZone(): string {
  return `${Intl.DateTimeFormat().resolvedOptions().timeZone} (${zoneOffsets()})`;
}
