/**
 * The deposit beneficiary: where investors transfer money for
 * a deposit — account holder, bank, account number, IFSC and UPI ID — kept as an
 * operator-managed setting (`settings` key `deposit.beneficiary`).
 * /pay and /payBalance show it with a UPI QR code (`qrcode`, rendered as SVG on the server).
 *
 * Four eyes: an operator's save is a pending change (`beneficiary_changes`) with no effect until
 * a second, different operator approves it (`beneficiary-changes.ts`). Each approved change
 * gets the next version (1, 2, …); deposits record the version the investor was shown.
 */
import QRCode from 'qrcode';
import type { Db } from '../db/index.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';

/** The `settings` key of the live beneficiary. */
export const BENEFICIARY_KEY = 'deposit.beneficiary';

/** The beneficiary as operators enter it (`schemas/api/adminBeneficiarySave.schema.json`). */
export interface Beneficiary {
  holderName: string;
  bankName: string;
  /** 9–18 digits. */
  accountNumber: string;
  /** e.g. `HDFC0001234`. */
  ifsc: string;
  /** Virtual payment address, e.g. `nivesh@hdfcbank`. */
  upiId: string;
}

/** What investors see: the beneficiary plus the UPI payment link and its QR code. */
export interface BeneficiaryView extends Beneficiary {
  /** `upi://pay?pa=…&pn=…&cu=INR` (NPCI UPI linking specification). */
  upiUri: string;
  /** The QR code of `upiUri` as an SVG data URL. */
  upiQr: string;
  /** Epoch ms of the last change. */
  updatedAt: number;
  /** The live version (1, 2, …): the deposit form sends it back as `beneficiaryVersion`. */
  beneficiaryVersion: number;
}

/** The live beneficiary version: the highest approved change's, 0 before any. */
export async function beneficiaryVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('beneficiary_changes')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The live beneficiary with its version, or null when none was approved yet. */
export async function readBeneficiary(deps: Deps): Promise<(Beneficiary & { updatedAt: number; beneficiaryVersion: number }) | null> {
  const row = await deps.db.selectFrom('settings').select(['value_json', 'updated_at']).where('key', '=', BENEFICIARY_KEY).executeTakeFirst();
  if (!row) return null;
  return { ...(JSON.parse(row.value_json) as Beneficiary), updatedAt: Number(row.updated_at), beneficiaryVersion: await beneficiaryVersion(deps.db) };
}

/** The UPI deep link for a beneficiary. */
export const upiUri = (b: Beneficiary): string => `upi://pay?${new URLSearchParams({ pa: b.upiId, pn: b.holderName, cu: 'INR' }).toString()}`;

/**
 * The beneficiary for the deposit screens.
 * @throws AppError `beneficiaryUnset` (HTTP 409) while operators have not entered one.
 */
export async function depositBeneficiary(deps: Deps): Promise<BeneficiaryView> {
  const stored = await readBeneficiary(deps);
  if (!stored) throw new AppError('beneficiaryUnset');
  const uri = upiUri(stored);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { ...stored, upiUri: uri, upiQr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** A beneficiary as stored: trimmed, IFSC upper-cased, UPI ID lower-cased. */
export function normalizeBeneficiary(input: Beneficiary): Beneficiary {
  return {
    holderName: input.holderName.trim(),
    bankName: input.bankName.trim(),
    accountNumber: input.accountNumber.trim(),
    ifsc: input.ifsc.trim().toUpperCase(),
    upiId: input.upiId.trim().toLowerCase(),
  };
}
