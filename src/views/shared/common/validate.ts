/**
 * Runtime checks for webview messages, shared by the views' protocol modules (no
 * `vscode`, no DOM). A `Check` returns `null` when the value fits, else a short
 * reason naming where it failed; messages that fail are dropped by the receiver.
 */

/** The result of checking an incoming message: the typed value, or why it was refused. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export type Check = (v: unknown, at: string) => string | null;

export const str: Check = (v, at) => (typeof v === 'string' ? null : `${at} should be a string`);
export const num: Check = (v, at) => (typeof v === 'number' && Number.isFinite(v) ? null : `${at} should be a number`);
export const int: Check = (v, at) => (Number.isInteger(v) && (v as number) >= 0 ? null : `${at} should be a whole number ≥ 0`);
export const bool: Check = (v, at) => (typeof v === 'boolean' ? null : `${at} should be true or false`);

/** A string of at most `max` characters. */
export const shortStr =
  (max: number): Check =>
  (v, at) =>
    typeof v === 'string' && v.length <= max ? null : `${at} should be a string of at most ${max} characters`;

export const nullable =
  (c: Check): Check =>
  (v, at) =>
    v === null ? null : c(v, at);

export const oneOf =
  (values: readonly string[]): Check =>
  (v, at) =>
    typeof v === 'string' && values.includes(v) ? null : `${at} should be one of ${values.join(', ')}`;

export const arrayOf =
  (c: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) return `${at} should be a list`;
    for (let i = 0; i < v.length; i++) {
      const e = c(v[i], `${at}[${i}]`);
      if (e) return e;
    }
    return null;
  };

/** An object with exactly these fields (extra fields are refused: they mean a version mismatch). */
export const object =
  (shape: Readonly<Record<string, Check>>): Check =>
  (v, at) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${at} should be an object`;
    const rec = v as Record<string, unknown>;
    for (const key in rec) if (!Object.prototype.hasOwnProperty.call(shape, key)) return `${at} has an unexpected field "${key}"`;
    for (const key in shape) {
      const e = shape[key](rec[key], `${at}.${key}`);
      if (e) return e;
    }
    return null;
  };

/** A slug as the team folder names agents and projects: one path segment, no dots at the start. */
const SLUG = /^(?!\.)[^/\\\u0000-\u001f]{1,200}$/;
export const slug: Check = (v, at) => (typeof v === 'string' && SLUG.test(v) ? null : `${at} should be an agent or project id`);

/** Checks a message against the check registered for its `type`. */
export function checkMessage<T>(data: unknown, table: Readonly<Record<string, Check>>): Checked<T> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, error: 'the message is not an object' };
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, error: 'the message has no type' };
  if (!Object.prototype.hasOwnProperty.call(table, type)) return { ok: false, error: `unknown message type "${type.slice(0, 60)}"` };
  const error = table[type](data, type);
  return error ? { ok: false, error } : { ok: true, value: data as T };
}
