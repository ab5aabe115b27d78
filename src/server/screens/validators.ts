/**
 * Form validators compiled on the server: a screen's data schema becomes one
 * same-origin ES module of ajv standalone code, so the browser validates with rjsf's
 * precompiled validator — no ajv compiler, no `eval`, no `unsafe-eval` in the CSP.
 *
 * The module's default export is a factory `(require) => validateFns`: ajv's standalone code
 * is CommonJS and `require`s a few runtime helpers (`STANDALONE_MODULES`), which the browser's
 * loader (`renderers/form/precompiled.ts`) hands in from its own bundle. `validateFns` maps the
 * rjsf schema hash (of the label-free schema, `validatorSchema`) of the root schema and of every
 * subschema rjsf may ask about (`if`, `oneOf`, …) to its validate function.
 */
import { createHash } from 'node:crypto';
import standaloneCode from 'ajv/dist/standalone/index.js';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import ParserValidator from '@rjsf/utils/lib/parser/ParserValidator.js';
import { resolveAnyOrOneOfSchemas, retrieveSchemaInternal } from '@rjsf/utils/lib/schema/retrieveSchema.js';
import { deepEquals, hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { AJV_OPTIONS, type SchemaNode } from '../../shared/validation.js';
import { validatorSchema } from '../../shared/validator-schema.js';
import { addNiveshKeywords, STANDALONE_MODULES } from './keywords.js';
import { LINEAR_REGEXP_ENGINE } from './regexp.js';
import { isCodeOwnedPattern } from '../../shared/pattern-engine.js';
import { RJSF_FORMATS } from './ajv.js';

/** How deep recursive `$ref`s are expanded when collecting the subschemas rjsf may ask about. */
const MAX_DEPTH = 6;

/**
 * The schemas rjsf may ask a validator for (its `schemaParser`: the root and every resolved
 * property, item and `oneOf`/`anyOf` branch), keyed by rjsf hash. rjsf's own parser never ends on
 * a recursive `$ref` (every level resolves one level deeper, so no two are equal); this one
 * stops at {@link MAX_DEPTH} levels — the root validator checks any depth.
 */
function subschemas(root: RJSFSchema): Record<string, RJSFSchema> {
  const validator = new ParserValidator(root);
  const seen: RJSFSchema[] = [];
  const visit = (schema: RJSFSchema, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const local of retrieveSchemaInternal(validator, schema, root, undefined, true)) {
      if (seen.some((item) => deepEquals(item, local))) continue;
      seen.push(local);
      for (const option of resolveAnyOrOneOfSchemas(validator, local, root, true)) {
        if (option.properties) for (const value of Object.values(local.properties ?? {})) visit(value as RJSFSchema, depth + 1);
      }
      if (local.items && !Array.isArray(local.items) && typeof local.items !== 'boolean') visit(local.items as RJSFSchema, depth + 1);
    }
  };
  visit(root, 0);
  return validator.getSchemaMap();
}

/** Every `pattern` and `patternProperties` key in a schema (its exact source texts). */
function patternsOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => patternsOf(item, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') into.add(value);
      if (key === 'patternProperties' && value && typeof value === 'object') for (const source of Object.keys(value)) into.add(source);
      patternsOf(value, into);
    }
  }
  return into;
}

/** One compiled validator module. */
export interface ValidatorModule {
  /** ES module source (`text/javascript`). */
  code: string;
  /** Strong ETag of the source. */
  etag: string;
  /** rjsf hash of the label-free root schema: the key of the root validate function. */
  rootKey: string;
}

/**
 * Compiles `schema` (a screen data schema as stored) into an ES module. The module lists its
 * staff-written patterns (`staffPatterns`): the browser loads RE2 only when there is one, and
 * runs the patterns code owns on `RegExp`, as the server does.
 * @throws Error when ajv cannot compile the schema (the linter reports it first) or the code
 *   needs a runtime module the browser loader does not provide.
 */
export function compileValidatorModule(schema: SchemaNode): ValidatorModule {
  const plain = validatorSchema(schema) as RJSFSchema;
  // The server's options: all errors, money's multipleOf precision, and the server's pattern
  // engine (the module requires `nivesh/linear-regexp`), so a pattern accepts what the server
  // accepts.
  const ajvOptions = { allErrors: true, multipleOfPrecision: AJV_OPTIONS.multipleOfPrecision, allowUnionTypes: AJV_OPTIONS.allowUnionTypes, code: { lines: false, optimize: true, source: true, regExp: LINEAR_REGEXP_ENGINE }, schemas: Object.values(subschemas(plain)) };
  const cjs = standaloneCode(createAjvInstance(undefined, RJSF_FORMATS, ajvOptions, undefined, undefined, (ajv) => addNiveshKeywords(ajv)));
  for (const [, id] of cjs.matchAll(/require\("([^"]+)"\)/g)) {
    if (!(STANDALONE_MODULES as readonly string[]).includes(id!)) throw new Error(`validator code requires an unknown module "${id}"`);
  }
  const rootKey = hashForSchema(plain);
  const requires = [...new Set([...cjs.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))];
  const staffPatterns = [...patternsOf(plain)].filter((source) => !isCodeOwnedPattern(source));
  const code =
    `// Nivesh form validator (ajv standalone, compiled on the server). Root: ${rootKey}\n` +
    `export const rootKey = ${JSON.stringify(rootKey)};\n` +
    `export const requires = ${JSON.stringify(requires)};\n` +
    `export const staffPatterns = ${JSON.stringify(staffPatterns)};\n` +
    `export default function validators(require) {\nconst exports = {};\n${cjs.replace(/^"use strict";/, '')}\nreturn exports;\n}\n`;
  const etag = `"v-${createHash('sha1').update(code).digest('base64url')}"`;
  return { code, etag, rootKey };
}
