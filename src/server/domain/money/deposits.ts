/**
 * Deposits by bank transfer (docs/product.md, Deposits): the investor
 * reports amount, channel, optional source bank account, UTR and a payment screenshot inside
 * the deposit window; the deposit waits as 'pending review' until an operator approves or
 * rejects it (`deposit-review.ts`). Nothing is posted to the ledger here.
 */
import { formatMinorMoney } from '../../../shared/format.js';
import { fromMinor } from '../../../shared/money.js';
import type { Db } from '../../db/index.js';
import { uniqueViolation } from '../../db/unique.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { newId } from '../ids.js';
import { runMoneyCommand, type IdempotencyRequest } from '../idempotency.js';
import { assertOwnUploads, uploadUrl } from '../uploads.js';
import { bankRef, liveBankAccount, RECORD_BANK_COLUMNS, type BankRef } from './bank-accounts.js';
import { ownRecordReads } from './records.js';
import { amountToMinor, assertWithinWindow } from './rules.js';
import { beneficiaryVersion } from '../beneficiary.js';
import { currentFx, type FxRate } from '../fx.js';
import type { Market } from '../../market/index.js';
import { toQuoteMinor, type CurrencyCode } from '../../../shared/currency.js';
import { extraJson, parseExtra, type CustomFields } from '../custom-fields.js';

/** Body of `pay/recharge` (`schemas/api/recharge.schema.json`). Amount in currency units. */
export interface RechargeInput {
  amount: number;
  /** `bank` for /pay, `institution` for /payBalance (configured minimum, default 2000). */
  channel: 'bank' | 'institution';
  /** One of the user's live bound accounts the money came from. */
  bankId?: string;
  /** 12 digits (UPI/IMPS) or 16–22 letters and digits (NEFT/RTGS); stored upper-case. */
  utr: string;
  /** Id of the user's own uploaded payment screenshot (`oss/uploadPhoto`). */
  screenshotId: string;
  /** The beneficiary version the investor was shown (`pay/beneficiary`); absent: the live one is recorded. */
  beneficiaryVersion?: number;
  /** Custom fields staff added under `extra` in the published recharge schema, which checked them. */
  extra?: CustomFields;
}

/** Deposit status: 'pending review', 'review approved', 'review rejected'. */
export type DepositStatus = 'pending' | 'approved' | 'rejected';

/** A deposit as the investor sees it. Money in currency units, times in epoch milliseconds. */
export interface DepositView {
  id: string;
  amount: number;
  channel: 'bank' | 'institution';
  bank: BankRef | null;
  /** `bank.bankName` at the top level (list rows bind it without a dot path); null without a source account. */
  bankName: string | null;
  /** `bank.accountNumberMasked` at the top level; null without a source account. */
  accountNumberMasked: string | null;
  utr: string;
  screenshotId: string;
  /** Where the screenshot is served (`GET`, owner or operator, with the token). */
  screenshotUrl: string;
  status: DepositStatus;
  rejectReason: string | null;
  /** When the investor reported the transfer. */
  payTime: number;
  reviewedAt: number | null;
  /** The beneficiary version the investor was shown when reporting; null for deposits from before versions. */
  beneficiaryVersion: number | null;
  /**
   * Rupees (currency units, 2 decimals) the investor was asked to transfer to the Indian
   * beneficiary for `amount` at `rate`; null for deposits from before rupee amounts were kept.
   */
  amountQuote: number | null;
  /** Rupees per account-currency unit at the report (e.g. 104.2; 1 for an INR account); null like `amountQuote`. */
  rate: number | null;
  /** Custom fields the investor gave under `extra` (staff-made, optional), as given; null when none. */
  extra: CustomFields | null;
}

/**
 * The rupee side of a deposit (`pay/quote`): what to transfer to the Indian beneficiary by
 * UPI/IMPS or bank transfer for `amount` to be credited. Amounts in currency units.
 */
export interface DepositQuoteView {
  /** The amount credited, account currency. */
  amount: number;
  /** Rupees to transfer: `amount × rate`, rounded up to the paisa. */
  amountQuote: number;
  /** Rupees per account-currency unit (the feed's EUR/INR rate; 1 for an INR account). */
  rate: number;
  /** Currency of `amountQuote` (INR). */
  currency: CurrencyCode;
  accountCurrency: CurrencyCode;
}

/** The rupee amount and rate of `amountMinor` at `fx`, in minor units. */
function rupeeSide(fx: FxRate, amountMinor: number): { amountQuoteMinor: number; rateMinor: number } {
  return { amountQuoteMinor: toQuoteMinor(amountMinor, fx.rateMinor), rateMinor: fx.rateMinor };
}

/**
 * The rupees to transfer for a deposit of `input.amount` at the current rate (`pay/quote`).
 * @throws AppError `amountInvalid`, `marketUnavailable` (no EUR/INR quote).
 */
export async function quoteDeposit(deps: Deps, market: Market, input: { amount: number }): Promise<DepositQuoteView> {
  const amountMinor = amountToMinor(input.amount);
  const fx = await currentFx(market, deps.config.money.accountCurrency);
  const { amountQuoteMinor, rateMinor } = rupeeSide(fx, amountMinor);
  return { amount: fromMinor(amountMinor), amountQuote: fromMinor(amountQuoteMinor), rate: fromMinor(rateMinor), currency: fx.quoteCurrency, accountCurrency: fx.accountCurrency };
}

const UTR = /^([0-9]{12}|[A-Z0-9]{16,22})$/;

/**
 * A UTR in stored form (upper case).
 * @throws AppError `utrInvalid`.
 */
export function normalizeUtr(utr: string): string {
  const value = utr.trim().toUpperCase();
  if (!UTR.test(value)) throw new AppError('utrInvalid');
  return value;
}

/**
 * Checks that the screenshot is one of the user's own uploads (`oss/uploadPhoto`).
 * @throws AppError `screenshotInvalid` for an unknown id or another user's upload.
 */
async function assertOwnScreenshot(deps: Deps, userId: string, id: string): Promise<void> {
  try {
    await assertOwnUploads(deps, userId, [id]);
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'uploadNotFound') throw new AppError('screenshotInvalid');
    throw error;
  }
}

/**
 * Reports a deposit (`pay/recharge`). The deposit keeps the rupee amount to transfer and the
 * EUR/INR rate at the time of the report (the rate `pay/quote` shows).
 * @returns the new deposit's id.
 * @throws AppError `outsideWindow` (India time, configured window), `amountInvalid`,
 *   `depositBelowMinimum` (institution channel), `utrInvalid`, `utrDuplicate` (any earlier
 *   deposit, any user, any status), `screenshotInvalid` (not one of the user's uploads),
 *   `bankNotFound`, `beneficiaryChanged` (the investor was shown a beneficiary version that is
 *   no longer live), `idempotencyMismatch`, `marketUnavailable` (no EUR/INR quote).
 */
export async function requestDeposit(deps: Deps, market: Market, userId: string, input: RechargeInput, idempotency: IdempotencyRequest | null): Promise<{ id: string }> {
  const { money } = deps.config;
  try {
    return await runMoneyCommand(
      deps,
      userId,
      idempotency,
      async (now) => {
        assertWithinWindow(money.depositWindow, now);
        const amountMinor = amountToMinor(input.amount);
        if (input.channel === 'institution' && amountMinor < money.institutionMinimumMinor) {
          throw new AppError('depositBelowMinimum', { min: formatMinorMoney(money.institutionMinimumMinor) });
        }
        const utr = normalizeUtr(input.utr);
        await assertOwnScreenshot(deps, userId, input.screenshotId);
        const rupees = rupeeSide(await currentFx(market, money.accountCurrency), amountMinor);
        return { amountMinor, utr, rupees };
      },
      async (trx, { amountMinor, utr, rupees }, now) => {
        if (input.bankId !== undefined) await liveBankAccount(trx, userId, input.bankId);
        const taken = await trx.selectFrom('deposits').select('id').where('utr', '=', utr).executeTakeFirst();
        if (taken) throw new AppError('utrDuplicate');
        const version = await beneficiaryVersion(trx);
        if (input.beneficiaryVersion !== undefined && input.beneficiaryVersion !== version) throw new AppError('beneficiaryChanged');
        const id = newId();
        await trx
          .insertInto('deposits')
          .values({
            id,
            user_id: userId,
            channel: input.channel,
            amount_minor: amountMinor,
            bank_account_id: input.bankId ?? null,
            utr,
            screenshot_upload_id: input.screenshotId,
            status: 'pending',
            reject_reason: null,
            entry_id: null,
            created_at: now,
            reviewed_at: null,
            reviewed_by: null,
            beneficiary_version: version || null,
            amount_quote_minor: rupees.amountQuoteMinor,
            rate_minor: rupees.rateMinor,
            extra_json: extraJson(input.extra),
          })
          .execute();
        return { id };
      },
    );
  } catch (error) {
    // Two users racing with one UTR: the unique index decides, the loser hears 'duplicate'.
    if (uniqueViolation(error)?.includes('utr')) throw new AppError('utrDuplicate');
    throw error;
  }
}

/** The deposit's own columns the views read (the source account's come from {@link RECORD_BANK_COLUMNS}). */
const DEPOSIT_COLUMNS = [
  'deposits.id', 'deposits.user_id', 'deposits.channel', 'deposits.amount_minor', 'deposits.utr', 'deposits.screenshot_upload_id',
  'deposits.status', 'deposits.reject_reason', 'deposits.created_at', 'deposits.reviewed_at', 'deposits.reviewed_by', 'deposits.entry_id', 'deposits.beneficiary_version',
  'deposits.amount_quote_minor', 'deposits.rate_minor', 'deposits.extra_json',
] as const;

/** Deposit rows with their source bank account, for the views. */
export function depositQuery(db: Db) {
  return db.selectFrom('deposits').leftJoin('bank_accounts', 'bank_accounts.id', 'deposits.bank_account_id').select([...DEPOSIT_COLUMNS, ...RECORD_BANK_COLUMNS]);
}

/** A deposit row as {@link depositQuery} selects it. */
export type DepositRow = Awaited<ReturnType<ReturnType<typeof depositQuery>['executeTakeFirstOrThrow']>>;

/** The investor's view of a deposit row. */
export function depositView(row: DepositRow): DepositView {
  const bank = row.bank_id
    ? bankRef({ id: row.bank_id, bank_name: row.bank_name!, account_number: row.account_number!, ifsc: row.ifsc!, holder_name: row.holder_name! })
    : null;
  return {
    id: row.id,
    amount: fromMinor(Number(row.amount_minor)),
    channel: row.channel,
    bank,
    bankName: bank?.bankName ?? null,
    accountNumberMasked: bank?.accountNumberMasked ?? null,
    utr: row.utr,
    screenshotId: row.screenshot_upload_id,
    screenshotUrl: uploadUrl(row.screenshot_upload_id),
    status: row.status,
    rejectReason: row.reject_reason,
    payTime: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    beneficiaryVersion: row.beneficiary_version === null ? null : Number(row.beneficiary_version),
    amountQuote: row.amount_quote_minor === null ? null : fromMinor(Number(row.amount_quote_minor)),
    rate: row.rate_minor === null ? null : fromMinor(Number(row.rate_minor)),
    extra: parseExtra(row.extra_json),
  };
}

/** The investor's reads of deposit records. */
const OWN = ownRecordReads<'deposits' | 'bank_accounts', DepositRow, DepositView>({ table: 'deposits', notFound: 'depositNotFound', rows: depositQuery, view: depositView });

/** The user's deposits, newest first (`pay/rechargeRecord`). */
export const listDeposits = OWN.list;

/**
 * One of the user's deposits (`pay/rechargeDetail`, the /rechargeRecordDatails screen).
 * @throws AppError `depositNotFound` — also for another user's deposit.
 */
export const getDeposit = OWN.get;
