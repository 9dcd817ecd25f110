import { createHash } from 'crypto';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * File bytes as text, byte for byte: a UTF-8 BOM stays in the string as U+FEFF so
 * that writing the text back reproduces the file exactly.
 */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}

/** True when decoding lost nothing (the file is valid UTF-8), so it is safe to edit. */
export function isLosslessUtf8(bytes: Uint8Array, text: string): boolean {
  if (text.indexOf('\uFFFD') < 0) return true;
  const again = encoder.encode(text);
  if (again.length !== bytes.length) return false;
  for (let i = 0; i < again.length; i++) if (again[i] !== bytes[i]) return false;
  return true;
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Offset of the first character after a leading BOM (0 or 1). */
export function bomLength(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

export type Eol = '\n' | '\r\n';

/** The file's own line-ending style: the more common of CRLF and LF (LF when none). */
export function detectEol(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/**
 * One line of a text: `start`..`end` is its content, `next` the offset after its
 * line break (== `end` on a last line without one). A lone CR also ends a line.
 */
export interface Line {
  readonly start: number;
  readonly end: number;
  readonly next: number;
}

export function splitLines(text: string, from = 0): Line[] {
  const lines: Line[] = [];
  let start = from;
  const n = text.length;
  while (start < n) {
    let i = start;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) break;
      i++;
    }
    if (i >= n) {
      lines.push({ start, end: n, next: n });
      break;
    }
    const next = text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
    lines.push({ start, end: i, next });
    start = next;
  }
  return lines;
}

/** The text ends with a line break (or is empty). */
export function endsWithEol(text: string): boolean {
  if (text.length === 0) return true;
  const c = text.charCodeAt(text.length - 1);
  return c === 10 || c === 13;
}

/** Normalizes any line breaks in a user-supplied text to `eol`. */
export function withEol(text: string, eol: Eol): string {
  return text.replace(/\r\n|\r|\n/g, eol);
}
