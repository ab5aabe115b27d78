import { describe, expect, it } from 'vitest';
import { formatMinorMoney, formatMoney, formatNumber, maskTail } from '../../src/shared/format';

// Intl separates the number and the euro sign with a no-break space.
const eur = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney (docs/product.md, Display formats: euros, German format, 2 decimals truncated)', () => {
  it.each([
    [0, '0,00 €'],
    [0.999, '0,99 €'],
    [0.29, '0,29 €'], // Math.trunc(0.29 * 100) would give 0,28
    [2000.5, '2.000,50 €'],
    [1234567.899, '1.234.567,89 €'],
    [-0.999, '-0,99 €'],
    [-1.239, '-1,23 €'],
    [-0.001, '0,00 €'], // no negative zero
    [123456789012.34, '123.456.789.012,34 €'],
  ])('%s → %s', (value, expected) => {
    expect(eur(formatMoney(value))).toBe(expected);
  });

  it('never rounds up', () => {
    expect(eur(formatMoney(9.999999))).toBe('9,99 €');
  });

  it('formats minor units', () => {
    expect(eur(formatMinorMoney(200050))).toBe('2.000,50 €');
    expect(eur(formatMinorMoney(-1))).toBe('-0,01 €');
  });

  it('shows a dash for non-numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('–');
  });
});

describe('formatNumber (3 decimals truncated)', () => {
  it.each([
    [0, '0'],
    [0.9999, '0,999'],
    [-1.2345, '-1,234'],
    [123456.7891, '123.456,789'],
    [-0.0001, '0'],
    [1e12 + 0.5, '1.000.000.000.000,5'],
  ])('%s → %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('uses the given locale', () => {
    expect(formatNumber(1234.5678, 'en-IN')).toBe('1,234.567');
  });
});

describe('maskTail', () => {
  it('keeps the last four characters', () => {
    expect(maskTail('50100123456789')).toBe('•••• 6789');
    expect(maskTail('1234')).toBe('1234');
  });
});
