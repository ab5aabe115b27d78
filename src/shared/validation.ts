/**
 * Schema rules shared by the browser (rjsf's ajv) and the server (Fastify preHandler):
 * our custom keywords and the mapping from an ajv error to a locale message id, so both
 * sides show the same 'Cannot be Empty', 'Email Format Error', … texts (docs/product.md, Validation texts).
 */
import type { ErrorObject } from 'ajv';
import { formatMoney } from './format.js';

/** Minimal shape of a JSON Schema node as we read it. */
export interface SchemaNode {
  type?: string | string[];
  title?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  'x-messages'?: Record<string, string>;
  'x-sameAs'?: string;
  [key: string]: unknown;
}

/* The keywords themselves (`x-sameAs`, `x-messages`, `x-checksum`) are ajv code keywords in
   src/server/screens/keywords.ts; the browser runs them as precompiled validators. */

/** Ajv options both sides use: all errors, no coercion, unknown fields are an error. */
export const AJV_OPTIONS = {
  allErrors: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  strict: true,
  // `multipleOf: 0.01` on money: ajv's default exact test rejects 0.29 or 19.99 (float
  // division); compare to 6 decimals instead (exact for amounts up to 10^7 with 2 decimals).
  multipleOfPrecision: 6,
  // An offer form's instants are `["string", "integer"]` — the form sends India time,
  // API clients epoch ms — and one schema serves both.
  allowUnionTypes: true,
} as const;

/** A field-level validation error: which property (dot path) and the message id + values. */
export interface FieldError {
  field: string;
  messageId: string;
  values?: Record<string, string | number>;
  /** For a failed bound of the value (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`): which. */
  bound?: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum';
}

function nodeAt(schema: SchemaNode, path: string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  for (const key of path) node = node?.properties?.[key];
  return node;
}

/** `if` errors only say a `then` branch failed; that branch's own error names the field. */
export const isFieldError = (keyword: string | undefined): boolean => keyword !== 'if';

/**
 * Maps one ajv error to the field it concerns and a locale message id.
 * `required` errors sit on the parent object in ajv; they are moved onto the missing field.
 * @param schema the root schema validated against.
 */
export function toFieldError(error: ErrorObject, schema: SchemaNode): FieldError {
  const mapped = fieldErrorOf(error, schema);
  return VALUE_BOUNDS.has(error.keyword) ? { ...mapped, bound: error.keyword as FieldError['bound'] } : mapped;
}

function fieldErrorOf(error: ErrorObject, schema: SchemaNode): FieldError {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return { field: [...path, missing].join('.'), messageId: 'validation.required' };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    return { field: [...path, extra].join('.'), messageId: 'validation.unknownField', values: { field: extra } };
  }
  const node = nodeAt(schema, path);
  const custom = node?.['x-messages']?.[error.keyword];
  const field = path.join('.');
  if (custom) return { field, messageId: custom, values: limitValues(error) };
  switch (error.keyword) {
    case 'minLength':
      if ((error.params as { limit: number }).limit <= 1) return { field, messageId: 'validation.required' };
      return { field, messageId: 'validation.minLength', values: limitValues(error) };
    case 'maxLength':
      return { field, messageId: 'validation.maxLength', values: limitValues(error) };
    case 'format': {
      const format = String((error.params as { format: string }).format);
      if (format === 'email') return { field, messageId: 'validation.email' };
      return { field, messageId: 'validation.format', values: { format } };
    }
    case 'x-sameAs':
      return { field, messageId: 'validation.passwordMismatch' };
    case 'x-checksum':
      return { field, messageId: 'validation.checksum' };
    case 'type':
      // The first type a union names (`["integer", "null"]` expects a whole number).
      return { field, messageId: 'validation.type', values: { type: String((error.params as { type: string }).type).split(',')[0]! } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return { field, messageId: `validation.${error.keyword}`, values: limitValues(error) };
    case 'multipleOf':
      return { field, messageId: 'validation.multipleOf', values: { limit: Number((error.params as { multipleOf: number }).multipleOf) } };
    case 'uniqueItems':
      return { field, messageId: 'validation.uniqueItems' };
    case 'const':
      return { field, messageId: 'validation.const' };
    case 'enum':
      return { field, messageId: 'validation.enum' };
    case 'pattern':
      return { field, messageId: 'validation.pattern' };
    case 'dependencies':
    case 'dependentRequired': {
      const needs = String((error.params as { missingProperty?: string }).missingProperty ?? '');
      return { field: [...path, needs].filter(Boolean).join('.'), messageId: 'validation.required' };
    }
    case 'oneOf':
    case 'anyOf':
      return { field, messageId: 'validation.oneOf' };
    default:
      return { field, messageId: 'validation.invalid' };
  }
}

/** Keywords whose limit is a bound of the value itself (for an amount: a sum of money). */
const VALUE_BOUNDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/**
 * The values of a limit's message: `limit` (the schema's number) and, for a bound of the value,
 * `amount` (the same number as money, `6.000,00 €`): an amount's texts (`validation.amountMin`)
 * state the published bound in the account currency.
 */
function limitValues(error: ErrorObject): Record<string, number | string> | undefined {
  const limit = (error.params as { limit?: number }).limit;
  if (typeof limit !== 'number') return undefined;
  return VALUE_BOUNDS.has(error.keyword) ? { limit, amount: formatMoney(limit) } : { limit };
}
