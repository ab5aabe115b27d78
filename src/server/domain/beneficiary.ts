/**
 * The deposit beneficiary: where investors transfer money for
 * a deposit — account holder, bank, account number, IFSC and UPI ID — kept as an
 * operator-managed setting (`settings` key `deposit.beneficiary`), every change audited.
 * /pay and /payBalance show it with a UPI QR code (`qrcode`, rendered as SVG on the server).
 */
import QRCode from 'qrcode';
import { writeAudit } from './audit.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';

const KEY = 'deposit.beneficiary';

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
}

/** The stored beneficiary, or null when operators have not entered one. */
export async function readBeneficiary(deps: Deps): Promise<(Beneficiary & { updatedAt: number }) | null> {
  const row = await deps.db.selectFrom('settings').select(['value_json', 'updated_at']).where('key', '=', KEY).executeTakeFirst();
  return row ? { ...(JSON.parse(row.value_json) as Beneficiary), updatedAt: Number(row.updated_at) } : null;
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

/**
 * Saves the beneficiary (operators; validated by its schema) and audits before → after in the
 * same transaction. IFSC is upper-cased, the UPI ID lower-cased.
 */
export async function saveBeneficiary(deps: Deps, actorUserId: string, input: Beneficiary): Promise<Beneficiary> {
  const value: Beneficiary = {
    holderName: input.holderName.trim(),
    bankName: input.bankName.trim(),
    accountNumber: input.accountNumber.trim(),
    ifsc: input.ifsc.trim().toUpperCase(),
    upiId: input.upiId.trim().toLowerCase(),
  };
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
    const json = JSON.stringify(value);
    await trx
      .insertInto('settings')
      .values({ key: KEY, value_json: json, updated_at: now, updated_by: actorUserId })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: json, updated_at: now, updated_by: actorUserId }))
      .execute();
    await writeAudit(trx, { actorUserId, action: 'beneficiary.update', entity: 'setting', entityId: KEY, before: before ? JSON.parse(before.value_json) : null, after: value, at: now });
  });
  return value;
}
