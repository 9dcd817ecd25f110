/**
 * Runtime checks for webview messages, shared by the views' protocol modules (no
 * `vscode`, no DOM). A `Check<T>` returns `null` when the value fits, else a short
 * reason naming where it failed; messages that fail are dropped by the receiver.
 *
 * Each check also carries, at the type level only, the type of what it accepts, so a
 * message is declared once: `type X = Infer<typeof xCheck>`. Where a type is declared
 * elsewhere (the core's), annotating the check `Check<X>` compares the two both ways:
 * `Check` is invariant in `T`, so a field in one and not the other does not compile.
 */

/** The result of checking an incoming message: the typed value, or why it was refused. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

declare const accepts: unique symbol;

/** A runtime check of a value that, when it passes, is a `T` (the brand exists only for the compiler). */
export type Check<T> = ((v: unknown, at: string) => string | null) & { readonly [accepts]?: (t: T) => T };

/** The type a check accepts. */
export type Infer<C> = C extends Check<infer T> ? T : never;

// `any` here only lets the builders take checks of every type; the result types are exact.
type AnyCheck = Check<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const str: Check<string> = (v, at) => (typeof v === 'string' ? null : `${at} should be a string`);
export const num: Check<number> = (v, at) => (typeof v === 'number' && Number.isFinite(v) ? null : `${at} should be a number`);
export const int: Check<number> = (v, at) => (Number.isInteger(v) && (v as number) >= 0 ? null : `${at} should be a whole number ≥ 0`);
export const bool: Check<boolean> = (v, at) => (typeof v === 'boolean' ? null : `${at} should be true or false`);

/** A string of at most `max` characters. */
export const shortStr =
  (max: number): Check<string> =>
  (v, at) =>
    typeof v === 'string' && v.length <= max ? null : `${at} should be a string of at most ${max} characters`;

export const nullable =
  <T>(c: Check<T>): Check<T | null> =>
  (v, at) =>
    v === null ? null : c(v, at);

/** One of these strings; the type is the union of them (pass a literal list or an `as const` one). */
export const oneOf =
  <const V extends readonly string[]>(values: V): Check<V[number]> =>
  (v, at) =>
    typeof v === 'string' && values.includes(v) ? null : `${at} should be one of ${values.join(', ')}`;

export const arrayOf =
  <T>(c: Check<T>): Check<readonly T[]> =>
  (v, at) => {
    if (!Array.isArray(v)) return `${at} should be a list`;
    for (let i = 0; i < v.length; i++) {
      const e = c(v[i], `${at}[${i}]`);
      if (e) return e;
    }
    return null;
  };

/** `c`, after a check of its own that may refuse first (a bound, a clearer message); the type is `c`'s. */
export const before =
  <T>(first: (v: unknown, at: string) => string | null, c: Check<T>): Check<T> =>
  (v, at) =>
    first(v, at) ?? c(v, at);

/** The fields of an object check: a check per field. */
export type Shape = Readonly<Record<string, AnyCheck>>;

/** The object type a shape describes, every field required and read-only. */
export type ObjectOf<S extends Shape> = { readonly [K in keyof S]: Infer<S[K]> };

/** An object with exactly these fields (extra fields are refused: they mean a version mismatch). */
export const object =
  <S extends Shape>(shape: S): Check<ObjectOf<S>> =>
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

/** A table of message checks, one per `type` (or `kind`). */
export type MessageTable = Readonly<Record<string, AnyCheck>>;

/** The union of the messages a table accepts. */
export type MessageOf<Table extends MessageTable> = { [K in keyof Table]: Infer<Table[K]> }[keyof Table];

/**
 * One of several object checks, chosen by the value's `kind` (each check should give
 * `kind` as `oneOf` its key(s), so the type is a union told apart by `kind`).
 */
export function byKind<Table extends MessageTable>(table: Table): Check<MessageOf<Table>> {
  return (v, at) => {
    const kind = typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined;
    if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(table, kind)) return `${at}.kind should be one of ${Object.keys(table).join(', ')}`;
    return table[kind](v, at);
  };
}

/** A slug as the team folder names agents and projects: one path segment, no dots at the start. */
const SLUG = /^(?!\.)[^/\\\u0000-\u001f]{1,200}$/;
export const slug: Check<string> = (v, at) => (typeof v === 'string' && SLUG.test(v) ? null : `${at} should be an agent or project id`);

/** Checks a message against the check registered for its `type`. */
export function checkMessage<Table extends MessageTable>(data: unknown, table: Table): Checked<MessageOf<Table>> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, error: 'the message is not an object' };
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, error: 'the message has no type' };
  if (!Object.prototype.hasOwnProperty.call(table, type)) return { ok: false, error: `unknown message type "${type.slice(0, 60)}"` };
  const error = table[type](data, type);
  return error ? { ok: false, error } : { ok: true, value: data as MessageOf<Table> };
}
