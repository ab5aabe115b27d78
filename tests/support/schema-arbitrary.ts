/**
 * fast-check arbitraries of request bodies from a call's JSON Schema (the payload schemas under
 * `schemas/`, as `/api/openapi.json` lists them), for the property-based fuzz of every call:
 * - `valid`: values within the schema (types, bounds, lengths, patterns, enums, required keys);
 * - `extreme`: the right types with values at or beyond the edges — huge and negative numbers,
 *   2^31, 2^53, fractions for integers, empty and very long strings, strings that break patterns,
 *   missing required keys, unknown keys, deep nesting;
 * - `invalid`: any JSON value (arrays, strings, null, objects of anything).
 * Deterministic for a fast-check seed. Supports the keywords the payload schemas use: `type`
 * (also lists), `const`, `enum`, `oneOf`/`anyOf`/`allOf` (first branch), `properties`,
 * `required`, `additionalProperties`, `items`, `minimum`/`maximum`/`exclusiveMinimum`,
 * `multipleOf`, `minLength`/`maxLength`, `pattern`, `format: email`, `minItems`/`maxItems`,
 * local `$ref`s into `components.schemas`.
 */
import fc from 'fast-check';

/** A JSON Schema node (the subset the mapper reads). */
export type Schema = Record<string, unknown>;

type Json = unknown;

const EXTREME_INTEGERS = [0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 1e15, 1e21, 0.5, -0.000001, 1e308, -1e308, 5e-324];
const EXTREME_STRINGS = ['', ' ', '0', '-1', 'null', 'undefined', '../../etc/passwd', "'; DROP TABLE users; --", '%00', '\u202e', 'a\u0000b', '🙂'.repeat(300), 'x'.repeat(20_000), '2026-02-30', '9'.repeat(400), '{"a":1}', 'ǅ\u0301\u200b'];

/** Resolves a local `$ref` (`#/components/schemas/…`) against `root`. */
function resolve(schema: Schema, root: Schema): Schema {
  let node = schema;
  for (let guard = 0; typeof node.$ref === 'string' && guard < 20; guard++) {
    const parts = (node.$ref as string).replace(/^#\//, '').split('/');
    let target: unknown = root;
    for (const part of parts) target = (target as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
    node = (target as Schema | undefined) ?? {};
  }
  return node;
}

const typesOf = (schema: Schema): string[] => {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  return [];
};

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.min(Number(schema.maxLength ?? 40), minLength + 60);
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= Number(schema.maxLength ?? 254));
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern as string)).filter((s) => s.length >= minLength && s.length <= Number(schema.maxLength ?? Infinity));
    } catch {
      // a pattern fast-check cannot generate from: plain strings
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function validNumber(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : -1_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : 1_000_000_000;
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : null;
  if (step) {
    const steps = Math.floor((hi - lo) / step);
    return fc.integer({ min: 0, max: Math.min(steps, 2 ** 31) }).map((k) => Number((Math.ceil(lo / step) * step + k * step).toFixed(10)));
  }
  const edges = fc.constantFrom(lo, hi);
  const inner = integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: edges });
}

/** Values of the schema's own shape and bounds. */
function valid(schema: Schema, root: Schema, depth: number): fc.Arbitrary<Json> {
  const s = resolve(schema, root);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => valid(b, root, depth)));
  if (Array.isArray(s.allOf) && s.allOf.length && !s.properties) return valid(s.allOf[0] as Schema, root, depth);
  const types = typesOf(s).filter((t) => t !== 'null' || typesOf(s).length === 1);
  if (!types.length) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(s, type, root, depth)));
}

function validOfType(s: Schema, type: string, root: Schema, depth: number): fc.Arbitrary<Json> {
  switch (type) {
    case 'string':
      return validString(s);
    case 'integer':
      return validNumber(s, true);
    case 'number':
      return validNumber(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      const minLength = Number(s.minItems ?? 0);
      return fc.array(depth > 4 ? fc.constant(null) : valid(items, root, depth + 1), { minLength, maxLength: Math.min(Number(s.maxItems ?? 4), minLength + 4) });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const shape: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(properties)) shape[key] = depth > 4 ? fc.constant(null) : valid(property, root, depth + 1);
      return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The right types at and beyond the edges, and shapes that bend the schema. */
function extreme(schema: Schema, root: Schema, depth: number): fc.Arbitrary<Json> {
  const s = resolve(schema, root);
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => extreme(b, root, depth)));
  const types = typesOf(s);
  const own: fc.Arbitrary<Json>[] = [];
  for (const type of types.length ? types : ['string']) {
    if (type === 'string') own.push(fc.oneof(fc.constantFrom(...EXTREME_STRINGS), fc.string({ maxLength: 300, unit: 'binary' }), validString(s).map((v) => `${v}\u0301`)));
    else if (type === 'integer' || type === 'number') own.push(fc.oneof(fc.constantFrom(...EXTREME_INTEGERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()));
    else if (type === 'boolean') own.push(fc.constantFrom(true, false, 0, 1, 'true'));
    else if (type === 'array') own.push(fc.oneof(fc.constant([]), fc.array(depth > 4 ? fc.constant(0) : extreme((s.items as Schema) ?? {}, root, depth + 1), { maxLength: 300, size: 'max' })));
    else if (type === 'object' && depth <= 4) {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const shape: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(properties)) shape[key] = fc.oneof(valid(property, root, depth + 1), extreme(property, root, depth + 1));
      const base = fc.record(shape, { requiredKeys: [] });
      own.push(
        fc.oneof(
          base,
          fc.tuple(base, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a })),
          fc.tuple(base, fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '')).map(([a, key]) => JSON.parse(JSON.stringify({ ...a }).replace(/^\{/, `{${JSON.stringify(key)}:{"polluted":true}${Object.keys(a).length ? ',' : ''}`)) as Json),
        ),
      );
    } else own.push(fc.constant(null));
  }
  return fc.oneof(...own);
}

/** Any JSON value at all, and deeply nested ones. */
const invalid: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, [], '', 0, 'x', true),
  fc.integer({ min: 1, max: 60 }).map((depth) => {
    let value: Json = 1;
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  }),
);

/**
 * Bodies for a call whose payload schema is `schema` (resolved against `root`, the OpenAPI
 * document): mostly valid, often extreme, sometimes anything.
 */
export function bodyArbitrary(schema: Schema | undefined, root: Schema): fc.Arbitrary<Json> {
  const s = schema ?? { type: 'object', properties: {}, additionalProperties: false };
  return fc.oneof({ weight: 5, arbitrary: valid(s, root, 0) }, { weight: 3, arbitrary: extreme(s, root, 0) }, { weight: 1, arbitrary: invalid });
}
