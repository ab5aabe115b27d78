/**
 * fast-check arbitraries of request bodies from a call's JSON Schema (the payload schemas under
 * `schemas/`, as `/api/openapi.json` lists them), for the property-based fuzz of every call:
 * - `valid`: values within the schema (types, bounds, lengths, patterns, enums, required keys);
 * - `extreme`: mostly a valid body with ONE field at or beyond its edge — huge and negative
 *   numbers, 2^31, 2^53, fractions for integers, empty and very long strings, strings that break
 *   patterns — else fields mixed, required keys missing, unknown or prototype keys;
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

/**
 * Values the server has answered for a field name (ids, symbols, versions), read when a value is
 * generated: so bodies name real objects and get past "not found". Empty when none yet.
 */
export type KnownValues = (field: string) => readonly Json[];

const noneKnown: KnownValues = () => [];

/** A known value of `field` when there is one (picked by a generated index), else `fallback`'s. */
function knownOr(field: string, fallback: fc.Arbitrary<Json>, known: KnownValues): fc.Arbitrary<Json> {
  const picked = fc.tuple(fc.nat(), fallback).map(([i, value]) => {
    const list = known(field);
    return list.length ? list[i % list.length] : value;
  });
  return fc.oneof({ weight: 2, arbitrary: picked }, { weight: 1, arbitrary: fallback });
}

/** Values of the schema's own shape and bounds. */
function valid(schema: Schema, root: Schema, depth: number, known: KnownValues = noneKnown): fc.Arbitrary<Json> {
  const s = resolve(schema, root);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => valid(b, root, depth, known)));
  if (Array.isArray(s.allOf) && s.allOf.length && !s.properties) return valid(s.allOf[0] as Schema, root, depth, known);
  const types = typesOf(s).filter((t) => t !== 'null' || typesOf(s).length === 1);
  if (!types.length) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(s, type, root, depth, known)));
}

function validOfType(s: Schema, type: string, root: Schema, depth: number, known: KnownValues): fc.Arbitrary<Json> {
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
      return fc.array(depth > 4 ? fc.constant(null) : valid(items, root, depth + 1, known), { minLength, maxLength: Math.min(Number(s.maxItems ?? 4), minLength + 4) });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const shape: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(properties)) shape[key] = depth > 4 ? fc.constant(null) : knownOr(key, valid(property, root, depth + 1, known), known);
      return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The right types at and beyond the edges, and shapes that bend the schema. */
function extreme(schema: Schema, root: Schema, depth: number, known: KnownValues = noneKnown): fc.Arbitrary<Json> {
  const s = resolve(schema, root);
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => extreme(b, root, depth, known)));
  const types = typesOf(s);
  const own: fc.Arbitrary<Json>[] = [];
  for (const type of types.length ? types : ['string']) {
    if (type === 'string') own.push(fc.oneof(fc.constantFrom(...EXTREME_STRINGS), fc.string({ maxLength: 300, unit: 'binary' }), validString(s).map((v) => `${v}\u0301`)));
    else if (type === 'integer' || type === 'number') own.push(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...EXTREME_INTEGERS) }, { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) }, { weight: 1, arbitrary: fc.integer() }));
    else if (type === 'boolean') own.push(fc.constantFrom(true, false, 0, 1, 'true'));
    else if (type === 'array') own.push(fc.oneof(fc.constant([]), fc.array(depth > 4 ? fc.constant(0) : extreme((s.items as Schema) ?? {}, root, depth + 1, known), { maxLength: 300, size: 'max' })));
    else if (type === 'object' && depth <= 4) {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const keys = Object.keys(properties);
      const base = validOfType(s, 'object', root, depth, known) as fc.Arbitrary<Record<string, Json>>;
      const mixed: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(properties)) mixed[key] = fc.oneof(knownOr(key, valid(property, root, depth + 1, known), known), extreme(property, root, depth + 1, known));
      const variants: fc.WeightedArbitrary<Json>[] = [
        { weight: 1, arbitrary: fc.record(mixed, { requiredKeys: [] }) },
        { weight: 1, arbitrary: fc.tuple(base, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a })) },
        { weight: 1, arbitrary: fc.tuple(base, fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '')).map(([a, key]) => JSON.parse(`{${JSON.stringify(key)}:{"polluted":true}${Object.keys(a).length ? ',' : ''}${JSON.stringify(a).slice(1)}`) as Json) },
      ];
      // A valid body with ONE field at or beyond its edge: the refusal of that field is what answers.
      if (keys.length) {
        variants.push({
          weight: 5,
          arbitrary: fc.constantFrom(...keys).chain((key) => fc.tuple(base, extreme(properties[key]!, root, depth + 1, known)).map(([a, value]) => ({ ...a, [key]: value }))),
        });
      }
      own.push(fc.oneof(...variants));
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
 * document): mostly valid, often extreme, sometimes anything; fields take values the server
 * has answered (`known`) about two times in three when there are some.
 */
export function bodyArbitrary(schema: Schema | undefined, root: Schema, known: KnownValues = noneKnown): fc.Arbitrary<Json> {
  const s = schema ?? { type: 'object', properties: {}, additionalProperties: false };
  return fc.oneof({ weight: 4, arbitrary: valid(s, root, 0, known) }, { weight: 4, arbitrary: extreme(s, root, 0, known) }, { weight: 1, arbitrary: invalid });
}

/**
 * Collects the field values of answers (strings up to 100 characters and safe integers, by
 * field name, at most `perField` each, the oldest replaced first) for {@link KnownValues}.
 */
export class AnsweredValues {
  private readonly values = new Map<string, Json[]>();
  private readonly seen = new Map<string, number>();

  constructor(private readonly perField = 40) {}

  /** Reads every field of an answer's `data`. */
  add(data: Json, depth = 0): void {
    if (depth > 6 || data === null || typeof data !== 'object') return;
    if (Array.isArray(data)) {
      for (const item of data.slice(0, 50)) this.add(item, depth + 1);
      return;
    }
    for (const [field, value] of Object.entries(data as Record<string, Json>)) {
      if ((typeof value === 'string' && value.length > 0 && value.length <= 100) || (typeof value === 'number' && Number.isSafeInteger(value))) this.remember(field, value);
      else this.add(value, depth + 1);
    }
  }

  private remember(field: string, value: Json): void {
    let list = this.values.get(field);
    if (!list) this.values.set(field, (list = []));
    if (list.includes(value)) return;
    const count = this.seen.get(field) ?? 0;
    this.seen.set(field, count + 1);
    if (list.length < this.perField) list.push(value);
    else list[count % this.perField] = value;
  }

  /** The values answered for `field` (as {@link KnownValues}). */
  readonly known: KnownValues = (field) => this.values.get(field) ?? [];
}
