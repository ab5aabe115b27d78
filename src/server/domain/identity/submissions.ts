/**
 * Identity verification (docs/product.md, Identity): one submission per user with
 * status pending review → review approved | review rejected (with the operator's reason).
 * `save` creates the first submission, `update` resubmits after a rejection; anything else is
 * refused with a clear message. ID numbers are stored encrypted and shown masked.
 */
import { runCompiled, slot } from '../../db/compiled-queries.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { newId } from '../ids.js';
import { assertOwnUploads, uploadUrl } from '../uploads.js';
import { encryptSecret } from './cipher.js';
import { idNumberValid, maskIdNumber, type IdType } from './rules.js';
import type { RealNameForm } from '../../../shared/generated/index.js';
import { extraJson, parseExtra, type CustomFields } from '../custom-fields.js';

/** Body of `authentication/save` and `authentication/update`: the type generated from `screens/realName`. */
export type IdentityInput = RealNameForm;

/** Status of a user's identity; `none` before the first submission. */
export type IdentityStatus = 'none' | 'pending' | 'approved' | 'rejected';

/** What the owner sees (`authentication/get`). */
export interface IdentityView {
  status: IdentityStatus;
  name?: string;
  idType?: IdType;
  /** `XXXX XXXX 1234` */
  idNumberMasked?: string;
  rejectReason?: string | null;
  /** Epoch milliseconds. */
  submittedAt?: number;
  reviewedAt?: number | null;
  frontPhotoUrl?: string;
  backPhotoUrl?: string;
  /** Custom fields the investor gave under `extra` (staff-made, optional), as given; null when none. */
  extra?: CustomFields | null;
}

/** The caller's current submission, or `{status: 'none'}`. */
export async function getIdentity(deps: Deps, userId: string): Promise<IdentityView> {
  const row = await deps.db.selectFrom('identity_submissions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { status: 'none' };
  return {
    status: row.status,
    name: row.name,
    idType: row.id_type,
    idNumberMasked: maskIdNumber(row.id_type, row.id_number_last4),
    rejectReason: row.reject_reason,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    frontPhotoUrl: uploadUrl(row.front_upload_id),
    backPhotoUrl: uploadUrl(row.back_upload_id),
    extra: parseExtra(row.extra_json),
  };
}

/** Whether the user's identity is approved (withdrawals may require it). */
export async function isIdentityApproved(deps: Deps, userId: string): Promise<boolean> {
  const { rows } = await runCompiled(deps.db, 'identity_submissions:status', { userId }, (db) =>
    db.selectFrom('identity_submissions').select('status').where('user_id', '=', slot<string>('userId')),
  );
  return rows[0]?.status === 'approved';
}

async function checkInput(deps: Deps, userId: string, input: IdentityInput): Promise<void> {
  if (!idNumberValid(input.idType, input.idNumber)) {
    throw new AppError('identityNumberInvalid');
  }
  await assertOwnUploads(deps, userId, [input.frontPhotoId, input.backPhotoId]);
}

const sealedFields = (deps: Deps, input: IdentityInput) => ({
  name: input.name.trim(),
  id_type: input.idType,
  id_number_encrypted: encryptSecret(deps.identityKey, input.idNumber),
  id_number_last4: input.idNumber.slice(-4),
  front_upload_id: input.frontPhotoId,
  back_upload_id: input.backPhotoId,
  // A resubmission replaces the custom fields too (null when it has none).
  extra_json: extraJson(input.extra),
});

function refuseFor(status: IdentityStatus): never {
  if (status === 'pending') throw new AppError('identityPending');
  if (status === 'approved') throw new AppError('identityApproved');
  if (status === 'rejected') throw new AppError('identityExists');
  throw new AppError('identityNone');
}

/**
 * Creates the first submission (status pending).
 * @throws AppError `identityPending` / `identityApproved` / `identityExists` (already
 *   submitted: use update after a rejection), `uploadNotFound` (a photo is not the caller's),
 *   `identityNumberInvalid` (ID number fails its format or check digit).
 */
export async function saveIdentity(deps: Deps, userId: string, input: IdentityInput): Promise<IdentityView> {
  await checkInput(deps, userId, input);
  const current = await getIdentity(deps, userId);
  if (current.status !== 'none') refuseFor(current.status);
  try {
    await deps.db
      .insertInto('identity_submissions')
      .values({ id: newId(), user_id: userId, ...sealedFields(deps, input), status: 'pending', reject_reason: null, submitted_at: deps.clock.now(), reviewed_at: null, reviewed_by: null, version: 1 })
      .execute();
  } catch (error) {
    // The unique index on user_id lost a race with a parallel save.
    if ((await getIdentity(deps, userId)).status !== 'none') throw new AppError('identityPending');
    throw error;
  }
  return getIdentity(deps, userId);
}

/**
 * Resubmits after a rejection (status back to pending, reason cleared).
 * @throws AppError `identityNone` (nothing submitted yet), `identityPending`,
 *   `identityApproved`, plus the input errors of {@link saveIdentity}.
 */
export async function updateIdentity(deps: Deps, userId: string, input: IdentityInput): Promise<IdentityView> {
  await checkInput(deps, userId, input);
  const result = await deps.db
    .updateTable('identity_submissions')
    .set((eb) => ({ ...sealedFields(deps, input), status: 'pending', reject_reason: null, submitted_at: deps.clock.now(), reviewed_at: null, reviewed_by: null, version: eb('version', '+', 1) }))
    .where('user_id', '=', userId)
    .where('status', '=', 'rejected')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const current = await getIdentity(deps, userId);
    refuseFor(current.status === 'rejected' ? 'pending' : current.status);
  }
  return getIdentity(deps, userId);
}
