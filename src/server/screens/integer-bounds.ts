/**
 * Integers in call bodies fit the database: every schema node of type `integer` (exactly that
 * type) without a `maximum` gets {@link INT32_MAX} as its maximum, and without a `minimum`
 * {@link INT32_MIN}, before the schema is compiled for a call. Versions, quantities, lots and
 * counts are stored in 32-bit `integer` columns on PostgreSQL; a larger number is refused at
 * validation (code 1000, "at most 2147483647") instead of failing in the database. A schema
 * that needs wider integers (epoch milliseconds) says so with its own `maximum` or a type list.
 */
import type { SchemaNode } from '../../shared/validation.js';

/** Largest value of a PostgreSQL `integer` column: 2^31 − 1. */
export const INT32_MAX = 2_147_483_647;
/** Smallest value of a PostgreSQL `integer` column: −2^31. */
export const INT32_MIN = -2_147_483_648;

/**
 * A copy of `schema` with the default 32-bit bounds on every unbounded `integer` node (nested
 * properties, items and combinators included); the message of a default bound is
 * `validation.integerMax` / `validation.integerMin` unless the node names its own.
 */
export function withIntegerBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => withIntegerBounds(item)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const node: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    // `const`, `enum`, `default` and `examples` hold data, not schemas.
    node[key] = key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : withIntegerBounds(value);
  }
  if (node.type === 'integer') {
    const messages = { ...((node['x-messages'] as Record<string, string> | undefined) ?? {}) };
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) {
      node.maximum = INT32_MAX;
      messages.maximum ??= 'validation.integerMax';
    }
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) {
      node.minimum = INT32_MIN;
      messages.minimum ??= 'validation.integerMin';
    }
    node['x-messages'] = messages;
  }
  return node as T;
}

/** {@link withIntegerBounds} typed for a payload schema. */
export const boundedPayloadSchema = (schema: SchemaNode): SchemaNode => withIntegerBounds(schema);
