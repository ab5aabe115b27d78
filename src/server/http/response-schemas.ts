/**
 * Response schemas for calls whose success body is built per request (market
 * reads): Fastify compiles them with fast-json-stringify, which serializes the envelope
 * without `JSON.stringify`'s generic walk. Only for HTTP 200 (the success envelope); error
 * envelopes (4xx/5xx) are serialized as before. A schema must list every field the call
 * answers — fast-json-stringify leaves out what the schema does not name.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RouteShorthandOptions } from 'fastify';
import { ROOT_DIR } from '../config.js';

/** A JSON Schema of the envelope's `data`. */
export type DataSchema = Record<string, unknown>;

let derived: Record<string, DataSchema> | null = null;

/**
 * Every call's response schema as `npm run gen` derived it from the handlers' types
 * (`src/shared/generated/responses.json`, scripts/gen/responses.ts), by call name. Read once.
 */
export function derivedResponses(): Readonly<Record<string, DataSchema>> {
  derived ??= JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'src/shared/generated/responses.json'), 'utf8')) as Record<string, DataSchema>;
  return derived;
}

/** The `data` schema a call's route options declare with {@link successSchema}, or undefined. */
export function declaredResponse(options: RouteShorthandOptions | undefined): DataSchema | undefined {
  const response = (options?.schema as { response?: Record<string, { properties?: { data?: DataSchema } }> } | undefined)?.response;
  return response?.[200]?.properties?.data;
}

/** Route options that serialize the success envelope `{code, message, data}` with `data`'s schema. */
export function successSchema(data: DataSchema): RouteShorthandOptions {
  return {
    schema: {
      response: {
        200: { type: 'object', required: ['code', 'message', 'data'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data } },
      },
    },
  };
}

/** `withdrawal`'s receipt: id, fee and net in currency units. */
export const WITHDRAWAL_RECEIPT: DataSchema = {
  type: 'object',
  required: ['id', 'fee', 'net'],
  properties: { id: { type: 'string' }, fee: { type: 'number' }, net: { type: 'number' } },
};

/**
 * `purse/getAssets`: balances and holdings' value, and the money picture of /position
 * (invested, current value, day's and total P/L, their percentages, realized P/L); currency
 * units, percentages with 2 decimals.
 */
export const ASSETS: DataSchema = {
  type: 'object',
  required: ['available', 'held', 'positions', 'total', 'invested', 'currentValue', 'dayPnl', 'dayPnlPercent', 'totalPnl', 'totalPnlPercent', 'realizedPnl'],
  properties: Object.fromEntries(
    ['available', 'held', 'positions', 'total', 'invested', 'currentValue', 'dayPnl', 'dayPnlPercent', 'totalPnl', 'totalPnlPercent', 'realizedPnl'].map((field) => [field, { type: 'number' }]),
  ),
};
