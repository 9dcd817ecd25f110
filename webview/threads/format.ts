/** Display helpers for the Threads page. */
export function formatCost(usd: number | null): string {
  return usd === null ? '—' : `$${usd.toFixed(2)}`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** "2026-03-28T11:20:00.000Z" → "2026-03-28 11:20" (as written, no zone conversion). */
export function formatStamp(s: string | null): string {
  if (!s) return '—';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(s);
  return m ? `${m[1]} ${m[2]}` : s;
}
