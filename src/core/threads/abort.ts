/**
 * `[ABORT]` / `[ABORT: reason]`: an agent ends its thread by writing this marker into
 * the artifact. Found here so the view can highlight it. Pure.
 */
export const ABORT_MARKER = /\[ABORT(?::\s*([^\]\n]*))?\]/g;

export interface AbortMarker {
  readonly offset: number;
  readonly text: string;
  readonly reason: string | null;
}

export function findAbortMarkers(text: string): AbortMarker[] {
  const out: AbortMarker[] = [];
  for (const m of text.matchAll(ABORT_MARKER)) out.push({ offset: m.index ?? 0, text: m[0], reason: m[1]?.trim() || null });
  return out;
}

/** Splits text into plain parts and markers, in order (for highlighting). */
export function splitAbortMarkers(text: string): Array<{ readonly marker: boolean; readonly text: string }> {
  const parts: Array<{ marker: boolean; text: string }> = [];
  let last = 0;
  for (const m of findAbortMarkers(text)) {
    if (m.offset > last) parts.push({ marker: false, text: text.slice(last, m.offset) });
    parts.push({ marker: true, text: m.text });
    last = m.offset + m.text.length;
  }
  if (last < text.length) parts.push({ marker: false, text: text.slice(last) });
  return parts;
}
