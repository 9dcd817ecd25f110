/**
 * The characters that hide or reorder what a text shows, and the one escape that makes
 * them visible, for the host (messages, terminals, the CLI: core/text/input-rules.ts
 * `visible()`) and the pages (webview/shared/neutralise.ts) alike: C0 and C1 controls,
 * the bidirectional embeddings, overrides and isolates (a U+202E makes "txt.exe" read
 * as "exe.txt"), the implicit direction marks (LRM, RLM, ALM) and the line and
 * paragraph separators. Each becomes `\uXXXX` (upper-case hex: the escape JSON uses,
 * so JSON output stays valid and means the same).
 */
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const ANY_HIDDEN = new RegExp(HIDDEN.source);

/** The text has a character `escapeHidden` would escape (or, with `keepLines`, keep). */
export function hasHidden(text: string): boolean {
  return ANY_HIDDEN.test(text);
}

/**
 * `text` with its hidden characters as visible `\uXXXX` escapes. With `keepLines`, tabs
 * and line breaks (LF, and CR as part of CRLF) stay as they are.
 */
export function escapeHidden(text: string, keepLines = false): string {
  return text.replace(HIDDEN, (c, at: number) =>
    keepLines && (c === '\n' || c === '\t' || (c === '\r' && text[at + 1] === '\n')) ? c : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
