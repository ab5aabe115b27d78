/**
 * Money settings (docs/product.md, Money windows, Deposits, Withdrawals): deposit and withdrawal windows in India time,
 * the institution-deposit and withdrawal minimums, the withdrawal fee and the identity switch.
 * Read from the environment by `loadConfig`; tests pass their own through `overrides.money`.
 */
import { parseWindow, type TimeWindow } from '../shared/windows.js';
import { toMinor } from '../shared/money.js';
import { isCurrency, type CurrencyCode } from '../shared/currency.js';

/** Everything money-related the server reads from its environment. */
export interface MoneyConfig {
  /** `DEPOSIT_WINDOW`, default `09:00-22:00`, every day (India time). */
  depositWindow: TimeWindow;
  /** `WITHDRAWAL_WINDOW`, default `09:30-17:30`; `WITHDRAWAL_WEEKDAYS_ONLY` default on. */
  withdrawalWindow: TimeWindow;
  /** `INSTITUTION_DEPOSIT_MIN` in currency units (default 2000), kept here in minor units. */
  institutionMinimumMinor: number;
  /** `WITHDRAWAL_MIN` in currency units (default 100), kept here in minor units. */
  withdrawalMinimumMinor: number;
  /** `WITHDRAWAL_FEE_BPS`: fee in basis points of the amount (default 300 = 3 %). */
  withdrawalFeeBasisPoints: number;
  /** `WITHDRAWAL_REQUIRES_IDENTITY` (`0`/`false` turns it off): withdrawals need approved identity. */
  withdrawalRequiresIdentity: boolean;
  /**
   * `DUAL_APPROVAL_AMOUNT` in currency units (default 100,000), kept in minor units: a deposit
   * approval or payout strictly above it needs two different operators (four eyes).
   */
  dualApprovalMinor: number;
  /**
   * `ACCOUNT_CURRENCY`: the currency balances, deposits,
   * withdrawals and stakes are kept in — `EUR` (default; docs/product.md, Display formats) or `INR`
   * (an Indian deployment: INR instruments then trade without conversion).
   */
  accountCurrency: CurrencyCode;
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : !/^(0|false|no|off)$/i.test(value);

const units = (value: string | undefined, fallback: number): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return toMinor(Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback);
};

/**
 * Reads the money settings.
 * @throws RangeError when a window is malformed (the server should not start with one).
 */
export function loadMoneyConfig(env: NodeJS.ProcessEnv): MoneyConfig {
  const bps = Number(env.WITHDRAWAL_FEE_BPS);
  return {
    depositWindow: parseWindow(env.DEPOSIT_WINDOW || '09:00-22:00', false),
    withdrawalWindow: parseWindow(env.WITHDRAWAL_WINDOW || '09:30-17:30', flag(env.WITHDRAWAL_WEEKDAYS_ONLY, true)),
    institutionMinimumMinor: units(env.INSTITUTION_DEPOSIT_MIN, 2000),
    withdrawalMinimumMinor: units(env.WITHDRAWAL_MIN, 100),
    withdrawalFeeBasisPoints: env.WITHDRAWAL_FEE_BPS && Number.isInteger(bps) && bps >= 0 && bps <= 10_000 ? bps : 300,
    withdrawalRequiresIdentity: flag(env.WITHDRAWAL_REQUIRES_IDENTITY, true),
    dualApprovalMinor: units(env.DUAL_APPROVAL_AMOUNT, 100_000),
    accountCurrency: accountCurrencyOf(env.ACCOUNT_CURRENCY),
  };
}

/**
 * Reads `ACCOUNT_CURRENCY` (case-insensitive); unset means EUR.
 * @throws RangeError for a currency the app does not know (the server should not start with one).
 */
export function accountCurrencyOf(value: string | undefined): CurrencyCode {
  if (value === undefined || value === '') return 'EUR';
  const code = value.trim().toUpperCase();
  if (!isCurrency(code)) throw new RangeError(`ACCOUNT_CURRENCY '${value}' is not one of EUR, INR`);
  return code;
}
