/**
 * A call's parameters read from the query string (docs/product.md, Calls), coerced by ajv to
 * the types of the call's schema: `coerceTypes: 'array'` turns numeric strings into numbers and
 * integers, `true`/`false` into booleans, a lone value into a one-item array and each item of
 * an array into the item type. A comma list (`keys=a,b`) is split for an array property first,
 * the one form ajv does not read. A value that does not coerce stays a string, so the call's
 * own validation refuses it with its usual field error.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { SchemaNode } from '../../shared/validation.js';

const coercing = new Ajv({ coerceTypes: 'array', allErrors: true, strict: false });
const compiled = new WeakMap<SchemaNode, ValidateFunction>();

/** The property's type, or its first non-null type for a nullable one. */
const typeOf = (node: SchemaNode | undefined): string | undefined =>
  Array.isArray(node?.type) ? (node.type as string[]).find((type) => type !== 'null') : (node?.type as string | undefined);

/** The types of a schema's top-level properties (and of their array items), nothing else. */
function typesOnly(schema: SchemaNode): object {
  const properties: Record<string, object> = {};
  for (const [key, node] of Object.entries(schema.properties ?? {})) {
    const type = typeOf(node);
    if (!type) continue;
    const itemType = type === 'array' ? typeOf(node.items as SchemaNode | undefined) : undefined;
    properties[key] = itemType ? { type, items: { type: itemType } } : { type };
  }
  return { type: 'object', properties };
}

/**
 * Coerces query-string parameters (as Fastify parses them: a string, or an array for a
 * repeated key) to `schema`'s property types, in place, and returns them.
 * @param schema the call's body schema; without one nothing is coerced.
 */
export function coerceQueryParams(params: Record<string, unknown>, schema: SchemaNode | undefined): Record<string, unknown> {
  if (!schema) return params;
  for (const [key, value] of Object.entries(params)) {
    if (typeOf(schema.properties?.[key]) === 'array' && typeof value === 'string') params[key] = value.split(',').filter((part) => part !== '');
  }
  let validate = compiled.get(schema);
  if (!validate) {
    validate = coercing.compile(typesOnly(schema));
    compiled.set(schema, validate);
  }
  validate(params);
  return params;
}
