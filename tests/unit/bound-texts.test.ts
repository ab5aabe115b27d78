/**
 * The field errors of a money form's bounds state the schema's value in every language: an
 * amount as money, a share quantity and IPO lots as counts — the texts the form shows and the
 * server's field errors use (src/shared/validation.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { IntlMessageFormat } from 'intl-messageformat';
import { toFieldError, type SchemaNode } from '../../src/shared/validation';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import hi from '../../locales/hi.json';
import zh from '../../locales/zh.json';

const catalogs = { de, en, hi, zh } as Record<string, Record<string, string>>;
const text = (lang: string, id: string, values?: Record<string, string | number>) => String(new IntlMessageFormat(catalogs[lang]![id]!, lang).format(values)).replace(/\u00a0/g, ' ');

/** An ajv error of `keyword` with `limit` at `/<field>`. */
const failed = (field: string, keyword: string, limit: number): ErrorObject => ({ keyword, instancePath: `/${field}`, schemaPath: '', params: { comparison: '>=', limit } });

const schema: SchemaNode = {
  type: 'object',
  properties: {
    amount: { type: 'number', minimum: 6000, maximum: 9000, 'x-messages': { minimum: 'validation.amountMin', maximum: 'validation.amountMax' } },
    quantity: { type: 'integer', minimum: 5, 'x-messages': { minimum: 'validation.quantityMin' } },
    lots: { type: 'integer', minimum: 2, 'x-messages': { minimum: 'validation.lotsMin', type: 'validation.wholeLots' } },
  },
};

describe('the field errors of bounds', () => {
  it('state an amount bound as money, naming the bound that failed', () => {
    const min = toFieldError(failed('amount', 'minimum', 6000), schema);
    expect(min).toEqual({ field: 'amount', messageId: 'validation.amountMin', values: { limit: 6000, amount: expect.stringMatching(/^6\.000,00\s€$/) }, bound: 'minimum' });
    expect(text('de', min.messageId, min.values)).toBe('Mindestens 6.000,00 €');
    expect(text('en', min.messageId, min.values)).toBe('At least 6.000,00 €');
    expect(text('hi', min.messageId, min.values)).toBe('कम से कम 6.000,00 €');
    expect(text('zh', min.messageId, min.values)).toBe('最少 6.000,00 €');
    const max = toFieldError(failed('amount', 'maximum', 9000), schema);
    expect(max.bound).toBe('maximum');
    expect(text('en', max.messageId, max.values)).toBe('At most 9.000,00 €');
  });

  it('state a share or lot minimum as a count', () => {
    const shares = toFieldError(failed('quantity', 'minimum', 5), schema);
    expect(text('de', shares.messageId, shares.values)).toBe('Mindestens 5 Aktien');
    expect(text('en', shares.messageId, shares.values)).toBe('At least 5 shares');
    expect(text('en', shares.messageId, { limit: 1 })).toBe('At least 1 share');
    const lots = toFieldError(failed('lots', 'minimum', 2), schema);
    expect(text('de', lots.messageId, lots.values)).toBe('Mindestens 2 Lots');
    expect(text('zh', lots.messageId, lots.values)).toBe('至少 2 手');
    // A fractional lot count says only that lots are whole.
    const whole = toFieldError({ keyword: 'type', instancePath: '/lots', schemaPath: '', params: { type: 'integer' } }, schema);
    expect(text('en', whole.messageId, whole.values)).toBe('Whole lots only.');
  });
});
