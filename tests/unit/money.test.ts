import { describe, expect, it } from 'vitest';
import { fromMinor, roundToMinor, toMinor } from '../../src/shared/money';

describe('toMinor / fromMinor', () => {
  it.each([
    [2000.5, 200050],
    [0.29, 29],
    [0.1, 10],
    [0, 0],
    [-12.34, -1234],
    [123456789012.34, 12345678901234],
  ])('%s units = %s cents', (units, minor) => {
    expect(toMinor(units)).toBe(minor);
    expect(fromMinor(minor)).toBe(units);
  });

  it('refuses more than 2 decimals, non-finite and unsafe amounts', () => {
    expect(() => toMinor(1.005)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinor(1e21)).toThrow(RangeError);
    expect(() => toMinor(90071992547409.92 * 10)).toThrow(RangeError);
  });
});

describe('roundToMinor', () => {
  it.each([
    [1.005, 101],
    [2.675, 268],
    [0.29, 29],
    [1234.5678, 123457],
    [0.004, 0],
    [-1.005, -101],
    [99.995, 10000],
  ])('%s units ≈ %s cents (nearest, halves away from zero)', (units, minor) => {
    expect(roundToMinor(units)).toBe(minor);
  });

  it('agrees with toMinor on amounts with at most 2 decimals', () => {
    for (const units of [0, 0.01, 0.1, 0.29, 19.99, 2000.5, 123456789.12]) expect(roundToMinor(units)).toBe(toMinor(units));
  });
});
