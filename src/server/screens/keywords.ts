/**
 * Nivesh's schema keywords, written as ajv *code* keywords so they work both in the server's
 * ajv and in validators compiled to standalone ES modules for the browser (the
 * browser has no ajv compiler and no `eval`). Semantics in `src/shared/validation.ts`.
 *
 * - `x-sameAs: "<sibling>"`: the value must equal the sibling property's value.
 * - `x-messages: {keyword: messageId}`: per-field message ids; annotation only.
 * - `x-checksum: "verhoeff"`: the digits must pass the Verhoeff check (Aadhaar numbers); the
 *   generated code calls `require("nivesh/verhoeff").verhoeffValid`, which the browser's
 *   validator loader (`renderers/form/precompiled.ts`) provides.
 */
import type Ajv from 'ajv';
import { _ } from 'ajv';
import { verhoeffValid } from '../../shared/verhoeff.js';

/**
 * Module ids the standalone code may `require`; the browser loader maps each one
 * (`nivesh/linear-regexp`, RE2 for staff-written patterns, is loaded only by a form that has one).
 */
export const STANDALONE_MODULES = ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', 'ajv-formats/dist/formats', 'nivesh/verhoeff', 'nivesh/linear-regexp'] as const;

/** Adds `x-sameAs`, `x-messages`, `x-keepOnSuccess` and `x-checksum` to an ajv instance (idempotent). */
export function addNiveshKeywords<T extends Ajv>(ajv: T): T {
  if (!ajv.getKeyword('x-messages')) ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  // A contract's steps its form must keep after success (checked by the layout lint, not on data).
  if (!ajv.getKeyword('x-keepOnSuccess')) ajv.addKeyword({ keyword: 'x-keepOnSuccess', schemaType: 'array' });
  if (!ajv.getKeyword('x-sameAs')) {
    ajv.addKeyword({
      keyword: 'x-sameAs',
      schemaType: 'string',
      code(cxt) {
        const parent = cxt.it.parentData;
        const data = cxt.data;
        cxt.fail(_`${parent} && typeof ${parent} == "object" && ${data} !== undefined && ${data} !== "" && ${parent}[${cxt.schema as string}] !== ${data}`);
      },
    });
  }
  if (!ajv.getKeyword('x-checksum')) {
    ajv.addKeyword({
      keyword: 'x-checksum',
      schemaType: 'string',
      code(cxt) {
        if (cxt.schema !== 'verhoeff') return;
        const check = cxt.gen.scopeValue('func', { ref: verhoeffValid, code: _`require("nivesh/verhoeff").verhoeffValid` });
        cxt.fail(_`typeof ${cxt.data} == "string" && !${check}(${cxt.data})`);
      },
    });
  }
  return ajv;
}
