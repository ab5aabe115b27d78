/**
 * The capital-gains statement's rules without a database: financial years in India time,
 * FIFO matching across lots, the 12-month line between short- and long-term, STT left out of
 * the values, shares of a split lot adding up to the minor unit.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capitalGains, financialYearOf, financialYearRange, type StatementTrade } from '../../src/server/domain/documents/capital-gains.js';
import { indiaTime } from '../../src/shared/india-time.js';

const fy = financialYearRange('2026-27');

describe('capital gains', () => {
  it('reads financial years in India time and refuses other texts', () => {
    expect(fy.from).toBe(indiaTime(2026, 4, 1));
    expect(fy.to).toBe(indiaTime(2027, 4, 1));
    expect(financialYearOf(indiaTime(2026, 3, 31, 23, 59))).toBe('2025-26');
    expect(financialYearOf(indiaTime(2026, 4, 1))).toBe('2026-27');
    for (const bad of ['2026-28', '2026', '26-27', '2026-2027', 7, null]) expect(() => financialYearRange(bad)).toThrow();
  });

  it('matches FIFO, splits lots, draws the 12-month line and leaves STT out', () => {
    const t = (id: string, side: 'buy' | 'sell', quantity: number, netMinor: number, at: number, sttMinor = 0): StatementTrade => ({ id, symbol: 'TCS', side, quantity, netMinor, sttMinor, at });
    const s = capitalGains(
      [
        t('a', 'buy', 10, 100_000, indiaTime(2025, 5, 10, 10), 100),
        t('b', 'buy', 10, 120_000, indiaTime(2025, 12, 1, 10)),
        // Exactly 12 months later: still short-term. Sells 15: all of lot a, half of lot b.
        t('c', 'sell', 15, 300_000, indiaTime(2026, 5, 10, 10), 300),
        t('d', 'sell', 5, 50_000, indiaTime(2026, 12, 2, 10)),
      ],
      fy,
      'INR',
    );
    expect(s.rows.map((r) => [r.quantity, r.buyDate, r.buyValueMinor, r.sellDate, r.sellValueMinor, r.term, r.holdingDays])).toEqual([
      [10, '2025-05-10', 99_900, '2026-05-10', 200_200, 'short', 365],
      [5, '2025-12-01', 60_000, '2026-05-10', 100_100, 'short', 160],
      [5, '2025-12-01', 60_000, '2026-12-02', 50_000, 'long', 366],
    ]);
    expect(s.shortTerm.gainMinor).toBe(200_200 + 100_100 - 99_900 - 60_000);
    expect(s.longTerm.gainMinor).toBe(-10_000);
    expect(s.total.gainMinor).toBe(s.shortTerm.gainMinor + s.longTerm.gainMinor);
  });

  it('shares every trade out to its rows exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 12 }), (buys) => {
        const trades: StatementTrade[] = buys.map(([q, v], i) => ({ id: `b${i}`, symbol: 'X', side: 'buy', quantity: q, netMinor: v, sttMinor: 0, at: fy.from + i }));
        const shares = buys.reduce((s, [q]) => s + q, 0);
        trades.push({ id: 'z', symbol: 'X', side: 'sell', quantity: shares, netMinor: 7_777_777, sttMinor: 0, at: fy.from + 1_000 });
        const s = capitalGains(trades, fy, 'INR');
        expect(s.total.buyValueMinor).toBe(buys.reduce((sum, [, v]) => sum + v, 0));
        expect(s.total.sellValueMinor).toBe(7_777_777);
        expect(s.rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(shares);
      }),
    );
  });
});
