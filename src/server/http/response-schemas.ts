/**
 * Response schemas for calls whose success body is built per request (market
 * reads): Fastify compiles them with fast-json-stringify, which serializes the envelope
 * without `JSON.stringify`'s generic walk. Only for HTTP 200 (the success envelope); error
 * envelopes (4xx/5xx) are serialized as before. A schema must list every field the call
 * answers — fast-json-stringify leaves out what the schema does not name.
 */
import type { RouteShorthandOptions } from 'fastify';

/** A JSON Schema of the envelope's `data`. */
export type DataSchema = Record<string, unknown>;

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
