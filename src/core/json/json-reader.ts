/**
 * A small JSON reader that keeps where every value sits in the text, so findings about
 * a JSON file (thread-templates.json) can point at the exact key or value in the
 * editor, and an edit (Claude Code's settings.json) can insert text at the exact
 * place. Strict JSON (what JSON.parse reads), plus a tolerated leading BOM; with
 * `comments`, also line (`//`) and block comments where white space may be (JSON
 * with comments, as Gemini CLI's settings.json allows). Pure.
 */

export type JsonNode = JsonObject | JsonArray | JsonScalar;

interface NodeBase {
  /** Offset of the value's first character. */
  readonly offset: number;
  /** Characters the value spans. */
  readonly length: number;
}

export interface JsonProperty {
  readonly key: string;
  readonly keyOffset: number;
  readonly keyLength: number;
  readonly value: JsonNode;
}

export interface JsonObject extends NodeBase {
  readonly type: 'object';
  readonly properties: readonly JsonProperty[];
}

export interface JsonArray extends NodeBase {
  readonly type: 'array';
  readonly items: readonly JsonNode[];
}

export interface JsonScalar extends NodeBase {
  readonly type: 'string' | 'number' | 'boolean' | 'null';
  readonly value: string | number | boolean | null;
}

export interface JsonSyntaxError {
  readonly message: string;
  readonly offset: number;
}

export type JsonReadResult = { readonly ok: true; readonly root: JsonNode } | { readonly ok: false; readonly error: JsonSyntaxError };

class Failure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export interface JsonReadOptions {
  /** Read line (`//`) and block comments as white space. */
  readonly comments?: boolean;
}

/** Reads `text` as one JSON value; on bad input, the first problem and where it is. */
export function readJson(text: string, options: JsonReadOptions = {}): JsonReadResult {
  const reader = new JsonTextReader(text, options);
  try {
    return { ok: true, root: reader.readDocument() };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, error: { message: e.message, offset: e.offset } };
    throw e;
  }
}

/** One pass over one text: a cursor and a reader per kind of value; throws Failure. */
class JsonTextReader {
  private i: number;

  constructor(
    private readonly text: string,
    private readonly options: JsonReadOptions,
  ) {
    this.i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  readDocument(): JsonNode {
    const root = this.readValue(0);
    this.skipSpace();
    if (this.i < this.text.length) throw new Failure(`Unexpected ${this.describe(this.i)} after the end of the JSON value`, this.i);
    return root;
  }

  private skipSpace(): void {
    const { text, options } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i++;
      else if (options.comments && c === '/' && text[this.i + 1] === '/') {
        while (this.i < text.length && text[this.i] !== '\n') this.i++;
      } else if (options.comments && c === '/' && text[this.i + 1] === '*') {
        const end = text.indexOf('*/', this.i + 2);
        if (end < 0) throw new Failure('A comment is not closed (a "*/" is missing)', this.i);
        this.i = end + 2;
      } else break;
    }
  }

  private describe(at: number): string {
    return at >= this.text.length ? 'the end of the file' : `"${this.text[at]}"`;
  }

  private readString(): { value: string; offset: number; length: number } {
    const text = this.text;
    const start = this.i;
    this.i++; // the opening quote
    let out = '';
    for (;;) {
      if (this.i >= text.length) throw new Failure('A string is not closed (a " is missing)', start);
      const c = text[this.i];
      if (c === '"') {
        this.i++;
        return { value: out, offset: start, length: this.i - start };
      }
      if (c === '\\') {
        out += this.readEscape();
        continue;
      }
      if (c.charCodeAt(0) < 0x20) throw new Failure('A string contains a line break or control character (write it as an escape such as \\n)', this.i);
      out += c;
      this.i++;
    }
  }

  /** The escape at the cursor (which is on its backslash), decoded. */
  private readEscape(): string {
    const e = this.text[this.i + 1];
    if (e === 'u') {
      const hex = this.text.slice(this.i + 2, this.i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Failure('Invalid \\u escape in a string', this.i);
      this.i += 6;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (e !== undefined && ESCAPES[e] !== undefined) {
      this.i += 2;
      return ESCAPES[e];
    }
    throw new Failure(`Invalid escape "\\${e ?? ''}" in a string`, this.i);
  }

  private readValue(depth: number): JsonNode {
    if (depth > 500) throw new Failure('The JSON is nested too deeply', this.i);
    this.skipSpace();
    const c = this.text[this.i];
    if (c === '{') return this.readObject(depth);
    if (c === '[') return this.readArray(depth);
    if (c === '"') {
      const s = this.readString();
      return { type: 'string', value: s.value, offset: s.offset, length: s.length };
    }
    return this.readLiteral();
  }

  private readObject(depth: number): JsonObject {
    const start = this.i++;
    const properties: JsonProperty[] = [];
    this.skipSpace();
    if (this.text[this.i] !== '}') {
      for (;;) {
        this.skipSpace();
        if (this.text[this.i] !== '"') throw new Failure(`Expected a property name in double quotes, found ${this.describe(this.i)}`, this.i);
        const key = this.readString();
        this.skipSpace();
        if (this.text[this.i] !== ':') throw new Failure(`Expected ":" after the property name "${key.value}", found ${this.describe(this.i)}`, this.i);
        this.i++;
        const value = this.readValue(depth + 1);
        properties.push({ key: key.value, keyOffset: key.offset, keyLength: key.length, value });
        if (!this.readSeparator('}', 'in an object')) break;
      }
    }
    this.i++;
    return { type: 'object', properties, offset: start, length: this.i - start };
  }

  private readArray(depth: number): JsonArray {
    const start = this.i++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.i] !== ']') {
      for (;;) {
        items.push(this.readValue(depth + 1));
        if (!this.readSeparator(']', 'in a list')) break;
      }
    }
    this.i++;
    return { type: 'array', items, offset: start, length: this.i - start };
  }

  /**
   * After a member: true past a "," (another member follows), false with the cursor on
   * the closing bracket; anything else (or a trailing comma) is a Failure.
   */
  private readSeparator(close: '}' | ']', where: string): boolean {
    this.skipSpace();
    if (this.text[this.i] === ',') {
      const comma = this.i++;
      this.skipSpace();
      if (this.text[this.i] === close) throw new Failure(`A trailing comma before "${close}" is not allowed in JSON`, comma);
      return true;
    }
    if (this.text[this.i] === close) return false;
    throw new Failure(`Expected "," or "${close}" ${where}, found ${this.describe(this.i)}`, this.i);
  }

  /** true, false, null or a number. */
  private readLiteral(): JsonScalar {
    const start = this.i;
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, start)) {
        this.i += word.length;
        return { type: value === null ? 'null' : 'boolean', value, offset: start, length: word.length };
      }
    }
    NUMBER.lastIndex = start;
    const m = NUMBER.exec(this.text);
    if (m && m[0] !== '-') {
      this.i += m[0].length;
      return { type: 'number', value: Number(m[0]), offset: start, length: m[0].length };
    }
    if (this.text[start] === '/') throw new Failure('Comments are not allowed in JSON', start);
    throw new Failure(`Expected a value, found ${this.describe(start)}`, start);
  }
}

/** The property `key` of an object node (the last one when repeated, as JSON.parse keeps). */
export function property(node: JsonNode | undefined, key: string): JsonProperty | undefined {
  if (!node || node.type !== 'object') return undefined;
  for (let k = node.properties.length - 1; k >= 0; k--) if (node.properties[k].key === key) return node.properties[k];
  return undefined;
}

/** The plain value of a node, as JSON.parse would give it. */
export function toValue(node: JsonNode): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        // Own data properties only: "__proto__" as a key must not change the prototype.
        Object.defineProperty(out, p.key, { value: toValue(p.value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return node.items.map(toValue);
    default:
      return node.value;
  }
}

/** 0-based line and column of an offset (lines end at \n; a \r before it is part of the line). */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** Turns offsets into line/column quickly, for many lookups in one text. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  position(offset: number): TextPosition {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, column: offset - this.starts[lo] };
  }
}
