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
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { AJV_OPTIONS, type SchemaNode } from '../../shared/validation.js';
import { validatorSchema } from '../../shared/validator-schema.js';
import { addNiveshKeywords, STANDALONE_MODULES } from './keywords.js';

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
 * Compiles `schema` (a screen data schema as stored) into an ES module.
 * @throws Error when ajv cannot compile the schema (the linter reports it first) or the code
 *   needs a runtime module the browser loader does not provide.
 */
export function compileValidatorModule(schema: SchemaNode): ValidatorModule {
  const plain = validatorSchema(schema) as RJSFSchema;
  const cjs = compileSchemaValidatorsCode(plain, {
    // Same options the browser's ajv had: all errors, money's multipleOf precision.
    ajvOptionsOverrides: { allErrors: true, multipleOfPrecision: AJV_OPTIONS.multipleOfPrecision, allowUnionTypes: AJV_OPTIONS.allowUnionTypes, code: { lines: false, optimize: true } },
    extenderFn: (ajv) => addNiveshKeywords(ajv),
  });
  for (const [, id] of cjs.matchAll(/require\("([^"]+)"\)/g)) {
    if (!(STANDALONE_MODULES as readonly string[]).includes(id!)) throw new Error(`validator code requires an unknown module "${id}"`);
  }
  const rootKey = hashForSchema(plain);
  const requires = [...new Set([...cjs.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))];
  const code =
    `// Nivesh form validator (ajv standalone, compiled on the server). Root: ${rootKey}\n` +
    `export const rootKey = ${JSON.stringify(rootKey)};\n` +
    `export const requires = ${JSON.stringify(requires)};\n` +
    `export default function validators(require) {\nconst exports = {};\n${cjs.replace(/^"use strict";/, '')}\nreturn exports;\n}\n`;
  const etag = `"v-${createHash('sha1').update(code).digest('base64url')}"`;
  return { code, etag, rootKey };
}
