/**
 * The trading rules (docs/product.md, Up/down trading): the outcome at the edges (above, below,
 * equal × up, down), profit rounding at .5, the payout of each outcome, commission rounding,
 * and that the settle price is the last tick at or before the expiry.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commissionMinor, contractProfit, isWin, normalizeDirection, rateToBasisPoints, settle, winProfitUnits } from '../../src/shared/trade';
import { toAccountMinor } from '../../src/shared/currency';

describe('outcome rule (docs/product.md, Up/down trading)', () => {
  it.each([
    [1, 100_00, 100_05, true],
    [1, 100_00, 99_95, false],
    [1, 100_00, 100_00, false],
    [2, 100_00, 99_95, true],
    [2, 100_00, 100_05, false],
    [2, 100_00, 100_00, false],
  ] as const)('direction %i, buy %i, settle %i → win %s', (direction, buy, settlePrice, win) => {
    expect(isWin(direction, buy, settlePrice)).toBe(win);
  });

  it('an equal price loses in both directions, for any price', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(1 as const, 2 as const), (price, direction) => !isWin(direction, price, price)));
  });

  it('normalizes the direction: 1 is up, anything else down', () => {
    expect(normalizeDirection(1)).toBe(1);
    expect(normalizeDirection('1')).toBe(1);
    for (const other of [2, 0, -1, '2', 'up', null, undefined, 1.5]) expect(normalizeDirection(other)).toBe(2);
  });
});

describe('profit = amount × rate rounded to an integer, halves up (docs/product.md, Up/down trading)', () => {
  it.each([
    [15, 0.9, 14], // 13.5 → 14
    [5, 0.9, 5], // 4.5 → 5
    [25, 0.1, 3], // 2.5 → 3
    [5, 0.85, 4], // 4.25 → 4
    [7, 0.95, 7], // 6.65 → 7
    [10, 0.85, 9], // 8.5 → 9
    [100, 0.85, 85],
    [1, 0.49, 0], // 0.49 → 0
    [1, 0.5, 1], // 0.5 → 1
    [1, 0.51, 1],
    [100_000, 0.95, 95_000],
  ])('%i × %f → %i', (amount, rate, profit) => {
    expect(winProfitUnits(amount, rateToBasisPoints(rate))).toBe(profit);
    expect(contractProfit(amount, rate)).toBe(profit);
  });

  it('agrees with exact decimal rounding for every amount and rate in basis points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000 }), (amount, bp) => {
        const exact = amount * bp; // profit × 10 000
        const expected = exact % 10_000 >= 5_000 ? Math.ceil(exact / 10_000) : Math.floor(exact / 10_000);
        return winProfitUnits(amount, bp) === expected;
      }),
    );
  });

  it('refuses rates with more than 4 decimals', () => {
    expect(() => rateToBasisPoints(0.12345)).toThrow(RangeError);
    expect(rateToBasisPoints(0.85)).toBe(8500);
  });
});

describe('settlement payouts', () => {
  it('a win returns the stake plus the profit; a loss pays nothing; void returns the stake', () => {
    expect(settle(1, 15_00, 9000, 100_00, 100_05)).toEqual({ outcome: 'won', profitMinor: 14_00, payoutMinor: 29_00 });
    expect(settle(1, 15_00, 9000, 100_00, 100_00)).toEqual({ outcome: 'lost', profitMinor: -15_00, payoutMinor: 0 });
    expect(settle(2, 15_00, 9000, 100_00, 99_95)).toEqual({ outcome: 'won', profitMinor: 14_00, payoutMinor: 29_00 });
    expect(settle(2, 15_00, 9000, 100_00, null)).toEqual({ outcome: 'void', profitMinor: 0, payoutMinor: 15_00 });
  });
});

describe('commission truncated to the cent (never more than the exact fee)', () => {
  it.each([
    [1_234_500, 10, 1_234], // 12 345.00 × 0.10 % = 12.345 → 12.34
    [1_234_400, 10, 1_234], // 12.344 → 12.34
    [5_000, 10, 5], // 50.00 × 0.10 % = 0.05
    [4_999, 10, 4], // 0.04999 → 0.04
    [4_949, 10, 4], // 4.949 cents → 4
    [4_500, 1, 0], // 0.45 cents → 0
    [5_000, 1, 0], // 0.5 cents → 0
    [0, 10, 0],
  ])('%i minor at %i bp → %i', (gross, bp, fee) => {
    expect(commissionMinor(gross, bp)).toBe(fee);
  });
});

describe('conversions in the investor\'s favour', () => {
  it('a charge is truncated to the cent: ₹1,364.05 at 104.14 (€13.098…) is €13.09', () => {
    expect(toAccountMinor(136_405, 10_414)).toBe(1_309);
    expect(toAccountMinor(136_405, 10_414, 'charge')).toBe(1_309);
  });

  it('a credit is rounded up to the cent: the same ₹1,364.05 received is €13.10', () => {
    expect(toAccountMinor(136_405, 10_414, 'credit')).toBe(1_310);
  });

  it('exact amounts are not moved either way; the same currency is not converted', () => {
    expect(toAccountMinor(1_041_400, 10_414)).toBe(10_000);
    expect(toAccountMinor(1_041_400, 10_414, 'credit')).toBe(10_000);
    expect(toAccountMinor(136_405, 100, 'credit')).toBe(136_405);
  });

  it('never charges more nor credits less than the exact amount (every paise amount up to ₹200 at three rates)', () => {
    for (const rate of [10_414, 9_999, 8_333]) {
      for (let inr = 0; inr <= 20_000; inr += 7) {
        const exact = (inr * 100) / rate;
        const charged = toAccountMinor(inr, rate);
        const credited = toAccountMinor(inr, rate, 'credit');
        expect(charged).toBeLessThanOrEqual(exact);
        expect(exact - charged).toBeLessThan(1);
        expect(credited).toBeGreaterThanOrEqual(exact);
        expect(credited - exact).toBeLessThan(1);
      }
    }
  });
});
