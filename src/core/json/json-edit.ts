import { visit } from 'jsonc-parser';
import { CortexInputError } from '../edit/errors';
import { Eol, detectEol } from '../text/text';
import { JsonArray, JsonNode, JsonObject, LineIndex, property, readJson, toValue } from './json-reader';

/**
 * Edits a JSON file that belongs to someone else (an agent's settings, its MCP server
 * list) by inserting or replacing text at exactly one place, so every other byte —
 * the user's entries, their order, indentation, line breaks, comments where the file
 * allows them — stays as it was. New text is laid out like the file around it. Pure
 * text functions; refusals are `CortexInputError`s that name the file and the place.
 */
export interface JsonFileOptions {
  /** The file's name in messages (`.mcp.json`). */
  readonly file: string;
  /** The file may hold line and block comments (JSON with comments). */
  readonly comments?: boolean;
  /** What the user can do instead, ending the refusal ("add the server yourself"). */
  readonly instead: string;
}

export type JsonChange = 'create' | 'add' | 'replace' | 'unchanged';

export interface JsonEdit {
  readonly after: string;
  readonly change: JsonChange;
}

/** "a list", "an object", "a string"…, for messages. */
export function describeNode(node: JsonNode): string {
  switch (node.type) {
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return `a ${node.type}`;
  }
}

function isBlank(text: string | undefined): boolean {
  return text === undefined || text.replace(/^\uFEFF/, '').trim() === '';
}

/** The file's root object, or a refusal that says what is wrong and where. */
export function readJsonObject(text: string, o: JsonFileOptions): JsonObject {
  const read = readJson(text, { comments: o.comments });
  if (!read.ok) {
    const at = new LineIndex(text).position(read.error.offset);
    const where = `line ${at.line + 1}, column ${at.column + 1}`;
    // The reader names a comment only where a value is due; a "//" or "/*" where a key or a comma is due is one too.
    const comment = !o.comments && /^\/[/*]/.test(text.slice(read.error.offset, read.error.offset + 2));
    const why = comment
      ? `has a comment (${where}); ${o.file.slice(o.file.lastIndexOf('/') + 1)} is plain JSON, which has no comments`
      : `is not valid JSON (${where}: ${read.error.message})`;
    throw new CortexInputError(`${o.file} ${why}. Fix it, or ${o.instead}; nothing was changed.`);
  }
  if (read.root.type !== 'object') throw new CortexInputError(`${o.file} holds ${describeNode(read.root)}, not a JSON object; nothing was changed.`);
  return read.root;
}

/** The spaces or tabs at the start of the line that holds `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = Math.max(text.lastIndexOf('\n', offset - 1) + 1, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** One level of indentation as the file writes it: the indent of the root's first member on its own line; two spaces otherwise. */
export function indentUnit(text: string, root: JsonObject | JsonArray): string {
  const first = memberStarts(root)[0];
  if (first !== undefined && /[\r\n]/.test(text.slice(root.offset + 1, first))) {
    const outer = lineIndent(text, root.offset);
    const inner = lineIndent(text, first);
    if (inner.length > outer.length && inner.startsWith(outer)) return inner.slice(outer.length);
  }
  return '  ';
}

function memberStarts(container: JsonObject | JsonArray): number[] {
  return container.type === 'object' ? container.properties.map((p) => p.keyOffset) : container.items.map((i) => i.offset);
}

/** `value` as JSON laid out like the file: one member per line, indented one level deeper than `container`'s members. */
export function renderIn(value: unknown, text: string, container: JsonObject | JsonArray, unit: string, eol: Eol): string {
  const members = memberStarts(container);
  const compact = members.length > 0 && !/[\r\n]/.test(text.slice(container.offset + 1, members[0]));
  if (compact) return JSON.stringify(value);
  const indent = members.length > 0 ? lineIndent(text, members[members.length - 1]) : lineIndent(text, container.offset) + unit;
  return JSON.stringify(value, null, unit)
    .split('\n')
    .map((line, i) => (i === 0 ? line : indent + line))
    .join(eol);
}

/**
 * Inserts `member` (a property `"key": value` or an array item, already indented for
 * its place) as the last member of `container`: after the current last one with a
 * comma, on its own line when the members are one per line; into an empty container
 * on a line of its own.
 */
export function insertMember(text: string, container: JsonObject | JsonArray, member: string, unit: string, eol: Eol): string {
  const members: readonly JsonNode[] = container.type === 'object' ? container.properties.map((p) => p.value) : container.items;
  const close = container.offset + container.length - 1;
  if (members.length === 0) {
    const indent = lineIndent(text, container.offset);
    return text.slice(0, container.offset + 1) + eol + indent + unit + member + eol + indent + text.slice(close);
  }
  const last = members[members.length - 1];
  const end = last.offset + last.length;
  const starts = memberStarts(container);
  const multiline = /[\r\n]/.test(text.slice(container.offset + 1, starts[0]));
  const glue = multiline ? `,${eol}${lineIndent(text, starts[starts.length - 1])}` : ', ';
  return text.slice(0, end) + glue + member + text.slice(end);
}

/** `value` under `keys` as a new file's JSON (two-space indent, LF, final line break). */
function newFile(keys: readonly string[], value: unknown, bom: string): string {
  let nested: unknown = value;
  for (let k = keys.length - 1; k >= 0; k--) nested = { [keys[k]]: nested };
  return bom + JSON.stringify(nested, null, 2) + '\n';
}

/** A `//` or `/*` outside strings in the text of one value: replacing it would drop the comment. */
function hasComment(text: string): boolean {
  let found = false;
  visit(text, { onComment: () => (found = true) });
  return found;
}

function dotted(keys: readonly string[]): string {
  return keys.map((k) => (/^[A-Za-z_$][\w$-]*$/.test(k) ? k : JSON.stringify(k))).join('.');
}

/** Walks `keys` but the last from the root; the object that holds the last key, or where the walk stopped. */
function walk(text: string, root: JsonObject, keys: readonly string[], o: JsonFileOptions): { container: JsonObject; depth: number } {
  let container = root;
  for (let d = 0; d < keys.length - 1; d++) {
    const p = property(container, keys[d]);
    if (!p) return { container, depth: d };
    if (p.value.type !== 'object') {
      throw new CortexInputError(`${o.file}: "${dotted(keys.slice(0, d + 1))}" is ${describeNode(p.value)}, not an object; nothing was changed.`);
    }
    container = p.value;
  }
  return { container, depth: keys.length - 1 };
}

/**
 * `text` with `value` at `keys` (`["mcpServers", "cortex"]`): objects on the way are
 * created when missing; a value already there is replaced (only its bytes), unless it
 * is equal already. `undefined` or a blank text gives a new file.
 */
export function setJsonValue(text: string | undefined, keys: readonly string[], value: unknown, o: JsonFileOptions): JsonEdit {
  if (isBlank(text)) return { after: newFile(keys, value, text?.startsWith('\uFEFF') ? '\uFEFF' : ''), change: 'create' };
  const root = readJsonObject(text!, o);
  return setJsonValueIn(text!, root, indentUnit(text!, root), keys, value, o);
}

/**
 * `setJsonValue` below `start`, an object somewhere in `text` (a record in a list);
 * `keys` are relative to it, `unit` is the file's indentation step.
 */
export function setJsonValueIn(t: string, start: JsonObject, unit: string, keys: readonly string[], value: unknown, o: JsonFileOptions): JsonEdit {
  const eol = detectEol(t);
  const { container, depth } = walk(t, start, keys, o);
  if (depth < keys.length - 1) {
    let nested: unknown = value;
    for (let k = keys.length - 1; k > depth; k--) nested = { [keys[k]]: nested };
    return { after: insertMember(t, container, `${JSON.stringify(keys[depth])}: ${renderIn(nested, t, container, unit, eol)}`, unit, eol), change: 'add' };
  }
  const key = keys[keys.length - 1];
  const existing = property(container, key);
  if (!existing) return { after: insertMember(t, container, `${JSON.stringify(key)}: ${renderIn(value, t, container, unit, eol)}`, unit, eol), change: 'add' };
  if (JSON.stringify(toValue(existing.value)) === JSON.stringify(value)) return { after: t, change: 'unchanged' };
  const span = t.slice(existing.value.offset, existing.value.offset + existing.value.length);
  if (hasComment(span)) {
    throw new CortexInputError(`${o.file}: "${dotted(keys)}" has comments inside, which replacing it would drop. Remove them, or ${o.instead}; nothing was changed.`);
  }
  // Laid out as the value it replaces was: on one line, or one member per line from the key's indent.
  const indent = lineIndent(t, existing.keyOffset);
  const rendered = /[\r\n]/.test(span)
    ? JSON.stringify(value, null, unit)
        .split('\n')
        .map((line, i) => (i === 0 ? line : indent + line))
        .join(eol)
    : JSON.stringify(value);
  return { after: t.slice(0, existing.value.offset) + rendered + t.slice(existing.value.offset + existing.value.length), change: 'replace' };
}

/** `text` with `item` in the list of strings at `keys` (created when missing); unchanged when it is there. */
export function addJsonListItem(text: string | undefined, keys: readonly string[], item: string, o: JsonFileOptions): JsonEdit {
  if (isBlank(text)) return { after: newFile(keys, [item], text?.startsWith('\uFEFF') ? '\uFEFF' : ''), change: 'create' };
  const t = text!;
  const root = readJsonObject(t, o);
  const { container, depth } = walk(t, root, keys, o);
  if (depth < keys.length - 1) return setJsonValue(t, keys, [item], o);
  const list = property(container, keys[keys.length - 1]);
  if (!list) return setJsonValue(t, keys, [item], o);
  if (list.value.type !== 'array') throw new CortexInputError(`${o.file}: "${dotted(keys)}" is ${describeNode(list.value)}, not a list; nothing was changed.`);
  if (list.value.items.some((n) => n.type === 'string' && n.value === item)) return { after: t, change: 'unchanged' };
  const eol = detectEol(t);
  return { after: insertMember(t, list.value, JSON.stringify(item), indentUnit(t, root), eol), change: 'add' };
}
