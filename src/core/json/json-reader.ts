/**
 * JSON read with where every value sits in the text, so findings about a JSON file
 * (thread-templates.json) can point at the exact key or value in the editor, and an
 * edit (Claude Code's settings.json) can insert text at the exact place. The scanning
 * is jsonc-parser's (the parser VS Code edits its own settings with); this file builds
 * the tree from its events and words its errors. Strict JSON (what JSON.parse reads),
 * plus a tolerated leading BOM; with `comments`, also line (`//`) and block comments
 * where white space may be (JSON with comments, as Gemini CLI's settings.json allows). Pure.
 */
import { JSONVisitor, printParseErrorCode, visit } from 'jsonc-parser';

/** jsonc-parser's error codes by name (its enum is `const`, which an isolated-module build cannot read), and ours. */
type ErrorName = ReturnType<typeof printParseErrorCode> | 'NestedTooDeeply';

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

export interface JsonReadOptions {
  /** Read line (`//`) and block comments as white space. */
  readonly comments?: boolean;
}

/** Deeper than this is refused: no configuration file nests so, and the parser recurses. */
const MAX_DEPTH = 500;

/** An object or list still open while reading, with what has been read into it so far. */
type Open = { node: JsonObject & { properties: JsonProperty[] }; key: { key: string; offset: number; length: number } | undefined } | { node: JsonArray & { items: JsonNode[] } };

/** What the first error is worded from: where the reader was when it came. */
interface ErrorContext {
  readonly code: ErrorName;
  readonly offset: number;
  readonly length: number;
  /** The innermost open object or list, its members so far and, in an object, the key just read. */
  readonly inObject: boolean;
  readonly inside: boolean;
  readonly members: number;
  readonly key: string | undefined;
  readonly rootDone: boolean;
  /** The last ",", when nothing was read after it. */
  readonly comma: number | undefined;
}

/** Reads `text` as one JSON value; on bad input, the first problem and where it is. */
export function readJson(text: string, options: JsonReadOptions = {}): JsonReadResult {
  // The BOM becomes a space, so every offset stays an offset into `text`.
  const scanned = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  const stack: Open[] = [];
  let root: JsonNode | undefined;
  let comma: number | undefined;
  let closed: Open | undefined;
  let first: ErrorContext | undefined;
  const fail = (code: ErrorName, offset: number, length: number): void => {
    if (first) return;
    // jsonc-parser ends an object or list it finds unclosed before it reports that: the error is about the one just ended.
    const unclosed = code === 'CloseBraceExpected' || code === 'CloseBracketExpected';
    const open = unclosed ? closed : stack[stack.length - 1];
    const members = !open ? 0 : open.node.type === 'object' ? open.node.properties.length : open.node.items.length;
    const key = open && 'key' in open ? open.key?.key : undefined;
    first = { code, offset, length, inObject: open?.node.type === 'object', inside: !!open, members, key, rootDone: root !== undefined, comma };
  };
  const attach = (node: JsonNode): void => {
    comma = undefined;
    const open = stack[stack.length - 1];
    if (!open) root ??= node;
    else if (open.node.type === 'array') open.node.items.push(node);
    else if ('key' in open && open.key) {
      open.node.properties.push({ key: open.key.key, keyOffset: open.key.offset, keyLength: open.key.length, value: node });
      open.key = undefined;
    }
  };
  const begin = (open: Open): void => {
    comma = undefined;
    if (stack.length >= MAX_DEPTH) fail('NestedTooDeeply', open.node.offset, 1);
    stack.push(open);
  };
  const end = (offset: number, length: number): void => {
    const open = stack.pop();
    if (!open) return;
    closed = open;
    (open.node as { length: number }).length = offset + length - open.node.offset;
    attach(open.node);
  };
  const visitor: JSONVisitor = {
    onObjectBegin: (offset) => begin({ node: { type: 'object', properties: [], offset, length: 0 }, key: undefined }),
    onObjectProperty: (key, offset, length) => {
      comma = undefined;
      const open = stack[stack.length - 1];
      if (open && 'key' in open) open.key = { key, offset, length };
    },
    onObjectEnd: end,
    onArrayBegin: (offset) => begin({ node: { type: 'array', items: [], offset, length: 0 } }),
    onArrayEnd: end,
    onLiteralValue: (value: string | number | boolean | null, offset, length) => attach(scalar(value, offset, length)),
    onSeparator: (c, offset) => {
      if (c === ',') comma = offset;
    },
    onError: (code, offset, length) => fail(printParseErrorCode(code), offset, length),
  };
  try {
    visit(scanned, visitor, { disallowComments: !options.comments, allowTrailingComma: false, allowEmptyContent: false });
  } catch (e) {
    if (!(e instanceof RangeError && first)) throw e; // a stack overflow past MAX_DEPTH
  }
  if (first) return { ok: false, error: wordError(scanned, first, options) };
  return { ok: true, root: root! };
}

function scalar(value: string | number | boolean | null, offset: number, length: number): JsonScalar {
  const type = value === null ? 'null' : typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
  return { type, value, offset, length };
}

/** `"x"`, or "the end of the file". */
function describeAt(text: string, at: number): string {
  return at >= text.length ? 'the end of the file' : `"${text[at]}"`;
}

/** The offset of the first character in the string at `from` for which `bad` holds, or `from`. */
function findInString(text: string, from: number, bad: (i: number) => boolean): number {
  for (let i = from + 1; i < text.length && text[i] !== '"'; i += text[i] === '\\' && !bad(i) ? 2 : 1) if (bad(i)) return i;
  return from;
}

/** The first parse error, in our words, at the offset that shows it best. */
function wordError(text: string, e: ErrorContext, options: JsonReadOptions): JsonSyntaxError {
  const at = (message: string, offset = e.offset): JsonSyntaxError => ({ message, offset });
  const found = describeAt(text, e.offset);
  const { inObject, members } = e;
  const close = inObject ? '}' : ']';
  switch (e.code) {
    case 'NestedTooDeeply':
      return at('The JSON is nested too deeply');
    case 'PropertyNameExpected':
    case 'ValueExpected':
      if (e.comma !== undefined && text[e.offset] === close) return at(`A trailing comma before "${close}" is not allowed in JSON`, e.comma);
      if (text[e.offset] === '/') return at('Comments are not allowed in JSON');
      return at(e.code === 'ValueExpected' ? `Expected a value, found ${found}` : `Expected a property name in double quotes, found ${found}`);
    case 'ColonExpected':
      return at(`Expected ":" after the property name "${e.key ?? ''}", found ${found}`);
    case 'CommaExpected':
    case 'CloseBraceExpected':
    case 'CloseBracketExpected':
      if (members === 0) return at(inObject ? `Expected a property name in double quotes, found ${found}` : `Expected a value, found ${found}`);
      return at(`Expected "," or "${close}" ${inObject ? 'in an object' : 'in a list'}, found ${found}`);
    case 'InvalidSymbol':
    case 'EndOfFileExpected':
      if (text[e.offset] === '/') return at('Comments are not allowed in JSON');
      return at(e.rootDone && !e.inside ? `Unexpected ${found} after the end of the JSON value` : `Expected a value, found ${found}`);
    case 'InvalidCommentToken':
      return at(options.comments ? 'A comment is not closed (a "*/" is missing)' : 'Comments are not allowed in JSON');
    case 'UnexpectedEndOfComment':
      return at('A comment is not closed (a "*/" is missing)');
    case 'UnexpectedEndOfString':
    case 'InvalidCharacter': {
      const control = findInString(text, e.offset, (i) => text.charCodeAt(i) < 0x20);
      if (control !== e.offset) return at('A string contains a line break or control character (write it as an escape such as \\n)', control);
      return at('A string is not closed (a " is missing)');
    }
    case 'InvalidEscapeCharacter': {
      const bad = findInString(text, e.offset, (i) => text[i] === '\\' && !/["\\/bfnrtu]/.test(text[i + 1] ?? ''));
      return at(`Invalid escape "\\${text[bad + 1] ?? ''}" in a string`, bad);
    }
    case 'InvalidUnicode':
      return at('Invalid \\u escape in a string', findInString(text, e.offset, (i) => text[i] === '\\' && text[i + 1] === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))));
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return at(`Invalid number "${text.slice(e.offset, e.offset + e.length)}"`);
    default:
      return at(e.code);
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
