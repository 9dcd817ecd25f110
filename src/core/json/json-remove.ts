import { CortexInputError } from '../edit/errors';
import { JsonFileOptions, readJsonObject } from './json-edit';
import { JsonNode, readJson, toValue } from './json-reader';

/**
 * Takes one member out of a JSON file that belongs to someone else (Cortex's server
 * entry, its hook entry, its allow rule), as text: the member and the comma that joins
 * it go, every other byte stays. A container the removal leaves empty goes too, up to
 * the root (an empty `mcpServers` was Cortex's alone). A comment that the cut would
 * take with it is refused with a `CortexInputError`: the person's words are not
 * dropped silently. Pure.
 */

/** Which member to take out: an object key, or the list items for which `item` is true. */
export type JsonStep = string | { readonly item: (node: JsonNode) => boolean };

/** `text` without the node at `path` (the last step a key or a list-item test); unchanged when it is not there. */
export function removeJsonMember(text: string, path: readonly JsonStep[], o: JsonFileOptions): string {
  const root = readJsonObject(text, o);
  const chain: JsonNode[] = [root];
  const indexes: number[] = [];
  for (const step of path) {
    const node = chain[chain.length - 1];
    const i = typeof step === 'string' ? (node.type === 'object' ? node.properties.findIndex((p) => p.key === step) : -1) : node.type === 'array' ? node.items.findIndex(step.item) : -1;
    if (i < 0) return text;
    indexes.push(i);
    chain.push(node.type === 'object' ? node.properties[i].value : (node as Extract<JsonNode, { type: 'array' }>).items[i]);
  }
  // Remove the deepest member whose container keeps other members (or the root's member).
  let depth = path.length - 1;
  while (depth > 0 && memberCount(chain[depth]) === 1) depth--;
  return withoutMember(text, chain[depth], indexes[depth], o);
}

function memberCount(node: JsonNode): number {
  return node.type === 'object' ? node.properties.length : node.type === 'array' ? node.items.length : 0;
}

/** `text` without member `i` of `container` and the comma that joins it. */
function withoutMember(text: string, container: JsonNode, i: number, o: JsonFileOptions): string {
  const starts = container.type === 'object' ? container.properties.map((p) => p.keyOffset) : container.type === 'array' ? container.items.map((n) => n.offset) : [];
  const ends = container.type === 'object' ? container.properties.map((p) => p.value.offset + p.value.length) : container.type === 'array' ? container.items.map((n) => n.offset + n.length) : [];
  let from: number;
  let to: number;
  if (i + 1 < starts.length) [from, to] = [starts[i], starts[i + 1]];
  else if (i > 0) [from, to] = [ends[i - 1], ends[i]];
  else {
    // The only member: the container is left empty, with its closing bracket on the member's indentation level.
    from = container.offset + 1;
    to = container.offset + container.length - 1;
  }
  const span = text.slice(from, to);
  if (/\/\/|\/\*/.test(span.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
    throw new CortexInputError(`${o.file}: a comment sits in the Cortex entry or beside it; take the entry out yourself, or move the comment; nothing was changed.`);
  }
  const cut = text.slice(0, from) + text.slice(to);
  return i === 0 && starts.length === 1 ? emptyContainer(cut, from) : cut;
}

/** An emptied container as `{}` / `[]`, without the line breaks its member had. */
function emptyContainer(text: string, at: number): string {
  return text.slice(0, at) + text.slice(at).replace(/^\s+/, '');
}

/** Whether a JSON text holds nothing but empty objects and lists (what is left of a file Cortex alone filled). */
export function isEmptyJson(text: string, comments = false): boolean {
  if (/\/\/|\/\*/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return false;
  const read = readJson(text, { comments });
  if (!read.ok) return false;
  const empty = (v: unknown): boolean => (Array.isArray(v) ? v.every(empty) : v !== null && typeof v === 'object' ? Object.values(v).every(empty) : false);
  return empty(toValue(read.root));
}

