/**
 * The charges of a share trade (docs/trading.md, Charges): the NSE delivery rates worked by
 * hand on one trade, the rounding of each item, and properties over random trades — the items
 * add up to the total to the paisa/cent in both columns, an INR account pays what the rupee
 * column says, sales carry no stamp duty, and brokerage equals today's commission.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHARGE_ITEMS, computeCharges, NSE_DELIVERY_RATES } from '../../src/server/domain/trading/charges.js';
import { commissionMinor } from '../../src/shared/trade.js';
import { toAccountMinor } from '../../src/shared/currency.js';

describe('trade charges', () => {
  it('charges a ₹1,00,000 delivery buy as the sources say', () => {
    // 100 shares at ₹1,000.00: turnover ₹1,00,000 (1 00 00 000 paise), INR account.
    const c = computeCharges({ side: 'buy', turnoverInrMinor: 10_000_000, grossAccountMinor: 10_000_000, fxRateMinor: 100 }, NSE_DELIVERY_RATES);
    expect(c.inr).toEqual({
      brokerage: 10_000, // 0.10 % = ₹100.00
      stt: 10_000, // 0.1 % = ₹100 (whole rupees)
      exchangeCharge: 297, // 0.00297 % = ₹2.97
      sebiFee: 10, // ₹10 per crore = ₹0.10
      stampDuty: 1_500, // 0.015 % = ₹15 (whole rupees)
      gst: 1_855, // 18 % of ₹103.07 = ₹18.5526 → ₹18.55
      total: 23_662,
    });
    expect(c.account).toEqual(c.inr);
  });

  it('rounds STT and stamp duty to the rupee, the others to the paisa, halves up; sales carry no stamp duty', () => {
    // ₹1,234.50 turnover: STT ₹1.2345 → ₹1; stamp ₹0.185 → ₹0; exchange ₹0.0366… → ₹0.04.
    const sell = computeCharges({ side: 'sell', turnoverInrMinor: 123_450, grossAccountMinor: 123_450, fxRateMinor: 100 }, NSE_DELIVERY_RATES);
    expect(sell.inr).toMatchObject({ stt: 100, stampDuty: 0, exchangeCharge: 4, sebiFee: 0, brokerage: 123 });
    // ₹5,000 turnover: STT exactly ₹5; stamp ₹0.75 → ₹1; ₹15,000: STT ₹15, stamp ₹2.25 → ₹2.
    expect(computeCharges({ side: 'buy', turnoverInrMinor: 500_000, grossAccountMinor: 500_000, fxRateMinor: 100 }, NSE_DELIVERY_RATES).inr).toMatchObject({ stt: 500, stampDuty: 100 });
    expect(computeCharges({ side: 'buy', turnoverInrMinor: 1_500_000, grossAccountMinor: 1_500_000, fxRateMinor: 100 }, NSE_DELIVERY_RATES).inr).toMatchObject({ stt: 1_500, stampDuty: 200 });
  });

  it('adds up to the cent in both columns for any trade, rate and side', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }), // price in paise (≤ ₹50,000)
        fc.integer({ min: 1, max: 100_000 }), // quantity
        fc.integer({ min: 5_000, max: 15_000 }), // EUR/INR in paise
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.integer({ min: 0, max: 100 }), // brokerage bp
        (price, quantity, fx, side, bps) => {
          const turnover = price * quantity;
          const gross = toAccountMinor(turnover, fx, side === 'buy' ? 'charge' : 'credit');
          const rates = { ...NSE_DELIVERY_RATES, brokerageBps: bps };
          const c = computeCharges({ side, turnoverInrMinor: turnover, grossAccountMinor: gross, fxRateMinor: fx }, rates);
          for (const column of [c.inr, c.account]) {
            expect(column.total).toBe(CHARGE_ITEMS.reduce((s, k) => s + column[k], 0));
            for (const k of CHARGE_ITEMS) expect(Number.isInteger(column[k]) && column[k] >= 0).toBe(true);
          }
          expect(c.account.brokerage).toBe(commissionMinor(gross, bps));
          expect(c.inr.stt % 100).toBe(0);
          expect(c.inr.stampDuty % 100).toBe(0);
          if (side === 'sell') expect(c.inr.stampDuty).toBe(0);
          // Each converted statutory item is never more than its exact rupee amount.
          for (const k of ['stt', 'exchangeCharge', 'sebiFee', 'stampDuty'] as const) expect(c.account[k] * fx).toBeLessThanOrEqual(c.inr[k] * 100);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('charges an INR account exactly the rupee column', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), (turnover, side) => {
        const c = computeCharges({ side, turnoverInrMinor: turnover, grossAccountMinor: turnover, fxRateMinor: 100 }, NSE_DELIVERY_RATES);
        expect(c.account).toEqual(c.inr);
      }),
    );
  });
});
