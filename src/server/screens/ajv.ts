/** The server's ajv for screen and call schemas: same keywords and options as the browser. */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AJV_OPTIONS } from '../../shared/validation.js';
import { addNiveshKeywords } from './keywords.js';
import { LINEAR_REGEXP_ENGINE } from './regexp.js';

/**
 * Formats as @rjsf/core's validator knows them: rjsf's own (a file as a data URL, a `#rrggbb`
 * colour) and `time` with an optional time zone (`09:30:00`, what rjsf's time widget enters —
 * ajv-formats alone demands a zone). Both the server's ajv and the compiled form validators
 * (`validators.ts`) use them, so a form accepts what @rjsf/core accepts.
 */
export const RJSF_FORMATS = {
  time: /^(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d|23:59:60)(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)?$/i,
  'data-url': /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/,
  color: /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/,
};

/**
 * A fresh ajv instance with formats (ajv-formats and rjsf's `data-url`, `color`) and Nivesh
 * keywords. Strict, except that a tuple (`items` as an array) needs no `minItems`: JSON Schema
 * allows it and rjsf's forms use it (and, for screen schemas, `required` may name a property
 * defined elsewhere).
 * @param regExp `linear` (default): `pattern` and `patternProperties` run on RE2 in linear time
 *   (regexp.ts) — for screen schemas, which staff write, and a pattern RE2 cannot compile makes
 *   the schema fail to compile; `native`: JavaScript's `RegExp`, for the schemas code owns
 *   (contracts and payloads under `schemas/contracts/` and `schemas/api/`).
 */
export function createSchemaAjv(regExp: 'linear' | 'native' = 'linear'): Ajv {
  // Screen schemas may also require a property another branch defines (`anyOf: [{required:
  // ["email"]}, {required: ["phone"]}]`, an `if`/`then` that requires a field), as forms written
  // for @rjsf/core do: strict mode's `strictRequired` would refuse those valid schemas.
  const linear = regExp === 'linear' ? { strictRequired: false, code: { regExp: LINEAR_REGEXP_ENGINE } } : {};
  const ajv = new Ajv({ ...AJV_OPTIONS, strictTuples: false, ...linear });
  addFormats(ajv);
  for (const [name, pattern] of Object.entries(RJSF_FORMATS)) ajv.addFormat(name, pattern);
  return addNiveshKeywords(ajv);
}

/** How many compiled validators {@link compileShared} keeps (the least recently used go first). */
const SHARED_VALIDATORS = 1000;
const sharedAjv: Partial<Record<'linear' | 'native', Ajv>> = {};
const sharedValidators = new Map<string, { schema: object; validate: ValidateFunction; regExp: 'linear' | 'native' }>();

/**
 * The validator of `schema` from one ajv instance per process and `regExp` engine
 * ({@link createSchemaAjv}),
 * compiled once per distinct schema text: every server a process builds (the test suites build
 * hundreds) and every store re-reading an unchanged file reuse it, and compiling is most of
 * what starting a server costs. The least recently used of more than {@link SHARED_VALIDATORS}
 * are dropped from ajv too, so studio edits cannot grow the process without bound.
 * @throws Error when ajv cannot compile the schema.
 */
export function compileShared(schema: object, regExp: 'linear' | 'native' = 'linear'): ValidateFunction {
  const key = `${regExp}:${JSON.stringify(schema)}`;
  const hit = sharedValidators.get(key);
  if (hit) {
    sharedValidators.delete(key);
    sharedValidators.set(key, hit);
    return hit.validate;
  }
  const ajv = (sharedAjv[regExp] ??= createSchemaAjv(regExp));
  const validate = ajv.compile(schema);
  sharedValidators.set(key, { schema, validate, regExp });
  if (sharedValidators.size > SHARED_VALIDATORS) {
    const [oldest, entry] = sharedValidators.entries().next().value as [string, { schema: object; regExp: 'linear' | 'native' }];
    sharedValidators.delete(oldest);
    sharedAjv[entry.regExp]!.removeSchema(entry.schema);
  }
  return validate;
}
