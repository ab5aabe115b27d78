/** The server's ajv for screen and call schemas: same keywords and options as the browser. */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { AJV_OPTIONS } from '../../shared/validation.js';
import { addNiveshKeywords } from './keywords.js';
import { LINEAR_REGEXP_ENGINE } from './regexp.js';

/** rjsf's own formats (its validator knows them): a file as a data URL, a `#rrggbb` colour. */
const RJSF_FORMATS = {
  'data-url': /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/,
  color: /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/,
};

/**
 * A fresh ajv instance with formats (ajv-formats and rjsf's `data-url`, `color`) and Nivesh
 * keywords. Strict, except that a tuple (`items` as an array) needs no `minItems`: JSON Schema
 * allows it and rjsf's forms use it.
 * @param regExp `linear` (default): `pattern` and `patternProperties` run on RE2 in linear time
 *   (regexp.ts) — for screen schemas, which staff write, and a pattern RE2 cannot compile makes
 *   the schema fail to compile; `native`: JavaScript's `RegExp`, for the schemas code owns
 *   (contracts and payloads under `schemas/contracts/` and `schemas/api/`).
 */
export function createSchemaAjv(regExp: 'linear' | 'native' = 'linear'): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, strictTuples: false, ...(regExp === 'linear' ? { code: { regExp: LINEAR_REGEXP_ENGINE } } : {}) });
  addFormats(ajv);
  for (const [name, pattern] of Object.entries(RJSF_FORMATS)) ajv.addFormat(name, pattern);
  return addNiveshKeywords(ajv);
}
