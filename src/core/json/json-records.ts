/**
 * A JSON file of records another program owns (threads.json, background-agents.json):
 * a list of objects, `{ "<listKey>": [...] }`, `{ "<listKey>": { id: {...} } }` or an
 * object keyed by id. Finds each record's object in the text, and changes fields of
 * one record touching only their bytes (see json-edit.ts). Refusals are
 * `CortexInputError`s that name the file; nothing is changed. Pure.
 */
import { CortexInputError } from '../edit/errors';
import { JsonFileOptions, indentUnit, setJsonValueIn } from './json-edit';
import { JsonArray, JsonNode, JsonObject, property, readJson } from './json-reader';

export interface RecordFile {
  /** The file's name in messages. */
  readonly file: string;
  /** The key of the wrapped form (`threads`, `agents`). */
  readonly listKey: string;
  /** The field that holds a record's id (`id`, `agent_id`). */
  readonly idKey: string;
  /** What the user can do instead, for refusals. */
  readonly instead: string;
}

/** Where the records are: the root, the list or object holding them, and each record's object. */
export interface RecordsAt {
  readonly root: JsonObject | JsonArray;
  readonly container: JsonObject | JsonArray;
  readonly records: ReadonlyArray<{ readonly id: string; readonly node: JsonObject }>;
}

export function locateRecords(text: string, f: RecordFile): RecordsAt {
  const read = readJson(text);
  if (!read.ok) throw new CortexInputError(`${f.file} is not valid JSON (${read.error.message}); nothing was changed.`);
  const root = read.root;
  if (root.type !== 'object' && root.type !== 'array') throw new CortexInputError(`${f.file} holds neither a list nor an object of records; nothing was changed.`);
  const wrapped = root.type === 'object' ? property(root, f.listKey)?.value : undefined;
  const container = wrapped && (wrapped.type === 'array' || wrapped.type === 'object') ? wrapped : root;
  const entries: Array<[string | null, JsonNode]> = container.type === 'array' ? container.items.map((n) => [null, n]) : container.properties.map((p) => [p.key, p.value]);
  const records: Array<{ id: string; node: JsonObject }> = [];
  for (const [key, node] of entries) {
    if (node.type !== 'object') continue;
    const idNode = property(node, f.idKey)?.value;
    const id = idNode?.type === 'string' ? (idNode.value as string) : key;
    if (id) records.push({ id, node });
  }
  return { root, container, records };
}

/** `text` with each `[keys, value]` set in record `id`, one after the other (each on the text the last one left). */
export function setRecordFields(text: string, f: RecordFile, id: string, changes: ReadonlyArray<readonly [readonly string[], unknown]>): string {
  const o: JsonFileOptions = { file: f.file, instead: f.instead };
  let t = text;
  for (const [keys, value] of changes) {
    const at = locateRecords(t, f);
    const found = at.records.find((r) => r.id === id);
    if (!found) throw new CortexInputError(`${f.file} has no record ${id}; nothing was changed.`);
    t = setJsonValueIn(t, found.node, indentUnit(t, at.root), keys, value, o).after;
  }
  return t;
}
