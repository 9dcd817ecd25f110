/**
 * A small JSON-schema checker for the keywords schemas/thread-templates.schema.json
 * uses (draft-07: type, properties, required, additionalProperties, items, enum,
 * const, pattern, minLength, minimum, exclusiveMinimum, oneOf, allOf, if/then, $ref to
 * #/definitions). Unknown keywords fail loudly, so the schema cannot grow a keyword
 * this checker silently ignores. Test-only.
 */
type Schema = Record<string, unknown>;

const KNOWN = new Set([
  '$schema', '$id', 'title', 'description', 'default', 'enumDescriptions', 'definitions',
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'pattern', 'minLength',
  'minimum', 'exclusiveMinimum', 'oneOf', 'allOf', 'if', 'then', '$ref',
]);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export function validate(root: Schema, value: unknown): string[] {
  const errors: string[] = [];
  const check = (schema: Schema, v: unknown, at: string): void => {
    for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`mini-schema: unsupported keyword ${k} at ${at}`);
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace('#/definitions/', '');
      check((root.definitions as Record<string, Schema>)[name], v, at);
    }
    const t = typeOf(v);
    if (typeof schema.type === 'string' && !(schema.type === t || (schema.type === 'number' && t === 'integer'))) {
      errors.push(`${at}: should be ${schema.type}`);
      return;
    }
    if (Array.isArray(schema.enum) && !schema.enum.includes(v)) errors.push(`${at}: should be one of ${schema.enum.join(', ')}`);
    if ('const' in schema && schema.const !== v) errors.push(`${at}: should be ${String(schema.const)}`);
    if (typeof v === 'string') {
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(v)) errors.push(`${at}: does not match ${schema.pattern}`);
      if (typeof schema.minLength === 'number' && v.length < schema.minLength) errors.push(`${at}: too short`);
    }
    if (typeof v === 'number') {
      if (typeof schema.minimum === 'number' && v < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
      if (typeof schema.exclusiveMinimum === 'number' && v <= schema.exclusiveMinimum) errors.push(`${at}: not above ${schema.exclusiveMinimum}`);
    }
    if (t === 'object') {
      const obj = v as Record<string, unknown>;
      for (const r of (schema.required as string[] | undefined) ?? []) if (!(r in obj)) errors.push(`${at}: missing ${r}`);
      const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
      for (const [k, child] of Object.entries(obj)) {
        if (k in props) check(props[k], child, `${at}.${k}`);
        else if (schema.additionalProperties === false) errors.push(`${at}: unexpected ${k}`);
        else if (typeof schema.additionalProperties === 'object') check(schema.additionalProperties as Schema, child, `${at}.${k}`);
      }
    }
    if (t === 'array' && schema.items) (v as unknown[]).forEach((item, i) => check(schema.items as Schema, item, `${at}[${i}]`));
    if (Array.isArray(schema.oneOf)) {
      const passing = (schema.oneOf as Schema[]).filter((s) => validate({ ...root, ...s, definitions: root.definitions }, v).length === 0).length;
      if (passing !== 1) errors.push(`${at}: should match exactly one alternative (matches ${passing})`);
    }
    for (const s of (schema.allOf as Schema[] | undefined) ?? []) check(s, v, at);
    if (schema.if && validate({ ...(schema.if as Schema), definitions: root.definitions }, v).length === 0 && schema.then) check(schema.then as Schema, v, at);
  };
  const { definitions: _d, ...top } = root;
  check(top, value, '$');
  return errors;
}
