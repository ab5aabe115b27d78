/**
 * Pure money rules: the withdrawal fee rounded down to the cent, API amounts to
 * minor units, the canonical JSON behind idempotency hashes, unique-violation recognition and
 * the money configuration.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToMinor, withdrawalFeeMinor } from '../../src/server/domain/money/rules';
import { canonicalJson } from '../../src/server/domain/idempotency';
import { uniqueViolation } from '../../src/server/db/unique';
import { loadMoneyConfig } from '../../src/server/money-config';
import { AppError } from '../../src/server/domain/errors';

describe('withdrawalFeeMinor', () => {
  it.each([
    [10_000, 300],
    [10_099, 302], // 302.97 → 302
    [13_333, 399], // 399.99 → 399
    [33, 0],
    [1, 0],
  ])('%s cents at 3 %% → %s cents', (amount, fee) => {
    expect(withdrawalFeeMinor(amount, 300)).toBe(fee);
  });

  it('is floor(amount × rate) with fee + net = amount, for any amount and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const fee = withdrawalFeeMinor(amount, bps);
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeLessThanOrEqual((amount * bps) / 10_000);
        expect(fee + 1).toBeGreaterThan((amount * bps) / 10_000);
        expect(amount - fee).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('amountToMinor', () => {
  it('converts up to 2 decimals exactly and refuses the rest as amountInvalid', () => {
    expect(amountToMinor(0.29)).toBe(29);
    expect(amountToMinor(19.99)).toBe(1999);
    expect(amountToMinor(1234567.89)).toBe(123456789);
    for (const bad of [0, -1, 1.005, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => amountToMinor(bad)).toThrow(AppError);
    }
  });
});

describe('canonicalJson', () => {
  it('is independent of key order at every level and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('uniqueViolation', () => {
  it('names what collided on PostgreSQL and SQLite, null otherwise', () => {
    expect(uniqueViolation({ code: '23505', table: 'deposits', constraint: 'deposits_utr_unique' })).toBe('deposits:deposits_utr_unique');
    expect(uniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: deposits.utr' })).toBe('deposits.utr');
    expect(uniqueViolation({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed: idempotency_keys.user_id, idempotency_keys.key' })).toContain('idempotency_keys');
    expect(uniqueViolation({ code: '23503' })).toBeNull();
    expect(uniqueViolation(new Error('x'))).toBeNull();
    expect(uniqueViolation(null)).toBeNull();
  });
});

describe('loadMoneyConfig', () => {
  it('has the specified defaults', () => {
    expect(loadMoneyConfig({})).toEqual({
      depositWindow: { start: '09:00', end: '22:00', weekdaysOnly: false },
      withdrawalWindow: { start: '09:30', end: '17:30', weekdaysOnly: true },
      institutionMinimumMinor: 200_000,
      withdrawalMinimumMinor: 10_000,
      withdrawalFeeBasisPoints: 300,
      withdrawalRequiresIdentity: true,
      dualApprovalMinor: 10_000_000,
      accountCurrency: 'EUR',
    });
  });

  it('reads the environment', () => {
    const config = loadMoneyConfig({
      DEPOSIT_WINDOW: '08:00-20:00', WITHDRAWAL_WINDOW: '10:00-16:00', WITHDRAWAL_WEEKDAYS_ONLY: '0', INSTITUTION_DEPOSIT_MIN: '5000.5',
      WITHDRAWAL_MIN: '50', WITHDRAWAL_FEE_BPS: '250', WITHDRAWAL_REQUIRES_IDENTITY: 'false', DUAL_APPROVAL_AMOUNT: '50000', ACCOUNT_CURRENCY: 'INR',
    });
    expect(config).toEqual({
      depositWindow: { start: '08:00', end: '20:00', weekdaysOnly: false },
      withdrawalWindow: { start: '10:00', end: '16:00', weekdaysOnly: false },
      institutionMinimumMinor: 500_050,
      withdrawalMinimumMinor: 5_000,
      withdrawalFeeBasisPoints: 250,
      withdrawalRequiresIdentity: false,
      dualApprovalMinor: 5_000_000,
      accountCurrency: 'INR',
    });
    expect(loadMoneyConfig({ WITHDRAWAL_FEE_BPS: '3.5' }).withdrawalFeeBasisPoints).toBe(300);
    expect(() => loadMoneyConfig({ DEPOSIT_WINDOW: '22:00-09:00' })).toThrow(RangeError);
  });
});
