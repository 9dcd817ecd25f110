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
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipSpace = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else if (options.comments && c === '/' && text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (options.comments && c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) throw new Failure('A comment is not closed (a "*/" is missing)', i);
        i = end + 2;
      } else break;
    }
  };

  const describe = (at: number) => (at >= text.length ? 'the end of the file' : `"${text[at]}"`);

  const readString = (): { value: string; offset: number; length: number } => {
    const start = i;
    i++; // the opening quote
    let out = '';
    for (;;) {
      if (i >= text.length) throw new Failure('A string is not closed (a " is missing)', start);
      const c = text[i];
      if (c === '"') {
        i++;
        return { value: out, offset: start, length: i - start };
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Failure('Invalid \\u escape in a string', i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && ESCAPES[e] !== undefined) {
          out += ESCAPES[e];
          i += 2;
        } else {
          throw new Failure(`Invalid escape "\\${e ?? ''}" in a string`, i);
        }
        continue;
      }
      if (c.charCodeAt(0) < 0x20) throw new Failure('A string contains a line break or control character (write it as an escape such as \\n)', i);
      out += c;
      i++;
    }
  };

  const readValue = (depth: number): JsonNode => {
    if (depth > 500) throw new Failure('The JSON is nested too deeply', i);
    skipSpace();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const properties: JsonProperty[] = [];
      skipSpace();
      if (text[i] === '}') {
        i++;
        return { type: 'object', properties, offset: start, length: i - start };
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') throw new Failure(`Expected a property name in double quotes, found ${describe(i)}`, i);
        const key = readString();
        skipSpace();
        if (text[i] !== ':') throw new Failure(`Expected ":" after the property name "${key.value}", found ${describe(i)}`, i);
        i++;
        const value = readValue(depth + 1);
        properties.push({ key: key.value, keyOffset: key.offset, keyLength: key.length, value });
        skipSpace();
        if (text[i] === ',') {
          const comma = i++;
          skipSpace();
          if (text[i] === '}') throw new Failure('A trailing comma before "}" is not allowed in JSON', comma);
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { type: 'object', properties, offset: start, length: i - start };
        }
        throw new Failure(`Expected "," or "}" in an object, found ${describe(i)}`, i);
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      skipSpace();
      if (text[i] === ']') {
        i++;
        return { type: 'array', items, offset: start, length: i - start };
      }
      for (;;) {
        items.push(readValue(depth + 1));
        skipSpace();
        if (text[i] === ',') {
          const comma = i++;
          skipSpace();
          if (text[i] === ']') throw new Failure('A trailing comma before "]" is not allowed in JSON', comma);
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { type: 'array', items, offset: start, length: i - start };
        }
        throw new Failure(`Expected "," or "]" in a list, found ${describe(i)}`, i);
      }
    }
    if (c === '"') {
      const s = readString();
      return { type: 'string', value: s.value, offset: s.offset, length: s.length };
    }
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { type: value === null ? 'null' : 'boolean', value, offset: start, length: word.length };
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m && m[0] !== '-') {
      i += m[0].length;
      return { type: 'number', value: Number(m[0]), offset: start, length: m[0].length };
    }
    if (c === '/') throw new Failure('Comments are not allowed in JSON', i);
    throw new Failure(`Expected a value, found ${describe(i)}`, i);
  };

  try {
    const root = readValue(0);
    skipSpace();
    if (i < text.length) throw new Failure(`Unexpected ${describe(i)} after the end of the JSON value`, i);
    return { ok: true, root };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, error: { message: e.message, offset: e.offset } };
    throw e;
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
