/**
 * The form of a data schema that validators are compiled from. Labels (`title`,
 * `description`) are localized in the browser before rjsf sees the schema; they never change
 * what is valid, so both the server (compiling the standalone validator module) and the
 * browser (looking a schema's validator up) strip them first and key validators by the hash
 * of what remains (`hashForSchema` of @rjsf/utils).
 */

/** Keys whose values are maps of names to schemas (a property may be called `title`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(['const', 'enum', 'default', 'examples', 'x-messages']);
/** Annotation keys the browser localizes. */
const LABEL_KEYS = new Set(['title', 'description']);

/**
 * A deep copy of `schema` without label annotations (`title`, `description` on any schema
 * node). Pure; property names and data values (`const`, `enum`, …) are kept as they are.
 */
export function validatorSchema<T>(schema: T): T {
  return strip(schema, false) as T;
}

function strip(node: unknown, isMap: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, false));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (isMap) out[key] = strip(value, false);
    else if (LABEL_KEYS.has(key) && typeof value === 'string') continue;
    else if (DATA_KEYS.has(key)) out[key] = value;
    else out[key] = strip(value, SCHEMA_MAPS.has(key));
  }
  return out;
}
