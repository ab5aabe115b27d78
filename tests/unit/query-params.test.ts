/**
 * Query-string parameters coerced by ajv to a call schema's types (`src/server/http/query-params.ts`):
 * numbers, integers, booleans, arrays as repeated keys or comma lists; what does not coerce
 * stays a string for the call's validation to refuse.
 */
import { describe, expect, it } from 'vitest';
import { coerceQueryParams } from '../../src/server/http/query-params.js';
import type { SchemaNode } from '../../src/shared/validation.js';

const schema: SchemaNode = {
  type: 'object',
  properties: {
    page: { type: 'integer' },
    price: { type: 'number' },
    live: { type: 'boolean' },
    keys: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    month: { type: ['string', 'null'] },
    limit: { type: ['integer', 'null'] },
    name: { type: 'string' },
  },
};

describe('coerceQueryParams', () => {
  it('coerces numbers, integers and booleans', () => {
    expect(coerceQueryParams({ page: '2', price: '19.99', live: 'true', name: '42' }, schema)).toEqual({ page: 2, price: 19.99, live: true, name: '42' });
    expect(coerceQueryParams({ live: 'false', limit: '5' }, schema)).toEqual({ live: false, limit: 5 });
  });

  it('reads arrays as repeated keys, comma lists or a lone value, and coerces their items', () => {
    expect(coerceQueryParams({ keys: ['currency', 'features'] }, schema)).toEqual({ keys: ['currency', 'features'] });
    expect(coerceQueryParams({ keys: 'currency,features,' }, schema)).toEqual({ keys: ['currency', 'features'] });
    expect(coerceQueryParams({ ids: '7' }, schema)).toEqual({ ids: [7] });
    expect(coerceQueryParams({ ids: ['1', '2'] }, schema)).toEqual({ ids: [1, 2] });
  });

  it('leaves what does not coerce as it came, and coerces nothing without a schema', () => {
    expect(coerceQueryParams({ page: 'abc', price: '', live: 'yes', month: '2026-11' }, schema)).toEqual({ page: 'abc', price: '', live: 'yes', month: '2026-11' });
    expect(coerceQueryParams({ page: '2', nope: '1' }, schema)).toEqual({ page: 2, nope: '1' });
    expect(coerceQueryParams({ page: '2' }, undefined)).toEqual({ page: '2' });
  });
});
