/**
 * The operator's identity review desk: the queue (pending first, paged), a
 * submission's detail, revealing the full ID number, approve, and reject with a reason.
 * Every action is written to the audit log in the same transaction as the change; reviews
 * compare-and-set on the row's version so two operators cannot both decide one submission.
 */
import { sql } from 'kysely';
import type { Page } from '../../../shared/page.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import type { AuthUser } from '../sessions.js';
import { writeAudit } from '../audit.js';
import { uploadUrl } from '../uploads.js';
import { decryptSecret } from './cipher.js';
import { maskIdNumber } from './rules.js';
import type { IdentityStatus } from './submissions.js';
import { customFieldsView, type CustomFieldsView } from '../custom-fields.js';

/** One row of the review queue. */
export interface IdentityQueueItem {
  id: string;
  userUid: string;
  email: string;
  name: string;
  idType: 'aadhaar' | 'pan';
  idNumberMasked: string;
  status: Exclude<IdentityStatus, 'none'>;
  /** Epoch milliseconds. */
  submittedAt: number;
}

/** A submission as the operator's detail view shows it (number still masked), with its custom fields. */
export interface IdentityDetail extends IdentityQueueItem, CustomFieldsView {
  rejectReason: string | null;
  reviewedAt: number | null;
  frontPhotoUrl: string;
  backPhotoUrl: string;
}

const base = (deps: Deps) =>
  deps.db.selectFrom('identity_submissions as s').innerJoin('users as u', 'u.id', 's.user_id');

function toItem(row: {
  id: string; uid: string; email: string; name: string; id_type: 'aadhaar' | 'pan'; id_number_last4: string;
  status: 'pending' | 'approved' | 'rejected'; submitted_at: number;
}): IdentityQueueItem {
  return {
    id: row.id,
    userUid: row.uid,
    email: row.email,
    name: row.name,
    idType: row.id_type,
    idNumberMasked: maskIdNumber(row.id_type, row.id_number_last4),
    status: row.status,
    submittedAt: row.submitted_at,
  };
}

/**
 * The queue: pending submissions first (oldest first, as a queue), then decided ones (newest first).
 * @param page 1-based.
 */
export async function listIdentitySubmissions(deps: Deps, page: number, pageSize: number): Promise<Page<IdentityQueueItem>> {
  const rows = await base(deps)
    .select(['s.id', 'u.uid', 'u.email', 's.name', 's.id_type', 's.id_number_last4', 's.status', 's.submitted_at'])
    .orderBy(sql`case when s.status = 'pending' then 0 else 1 end`)
    .orderBy(sql`case when s.status = 'pending' then s.submitted_at else -s.submitted_at end`)
    .orderBy('s.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await deps.db.selectFrom('identity_submissions').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { items: rows.map(toItem), total: Number(total), page, pageSize };
}

async function loadRow(deps: Deps, id: string) {
  const row = await base(deps)
    .select(['s.id', 'u.uid', 'u.email', 's.name', 's.id_type', 's.id_number_last4', 's.id_number_encrypted', 's.status', 's.submitted_at', 's.reject_reason', 's.reviewed_at', 's.front_upload_id', 's.back_upload_id', 's.version', 's.extra_json'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('identityNotFound');
  return row;
}

/**
 * One submission with both photos' URLs.
 * @throws AppError `identityNotFound`.
 */
export async function identityDetail(deps: Deps, id: string): Promise<IdentityDetail> {
  const row = await loadRow(deps, id);
  return {
    ...toItem(row),
    rejectReason: row.reject_reason,
    reviewedAt: row.reviewed_at,
    frontPhotoUrl: uploadUrl(row.front_upload_id),
    backPhotoUrl: uploadUrl(row.back_upload_id),
    ...customFieldsView(row.extra_json),
  };
}

/**
 * The full ID number, for an operator who opens the full record (audited).
 * @throws AppError `identityNotFound`.
 */
export async function revealIdentityNumber(deps: Deps, operator: AuthUser, id: string): Promise<{ idNumber: string }> {
  const row = await loadRow(deps, id);
  await writeAudit(deps.db, { actorUserId: operator.userId, action: 'identity.reveal', entity: 'identity_submission', entityId: id, at: deps.clock.now() });
  return { idNumber: decryptSecret(deps.identityKey, row.id_number_encrypted) };
}

async function decide(deps: Deps, operator: AuthUser, id: string, status: 'approved' | 'rejected', reason: string | null): Promise<IdentityDetail> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('identity_submissions').select(['user_id', 'status', 'version', 'reject_reason']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('identityNotFound');
    // Four eyes: an operator never decides their own identity submission.
    if (row.user_id === operator.userId) throw new AppError('ownItem');
    if (row.status !== 'pending') throw new AppError('identityNotPending');
    const result = await trx
      .updateTable('identity_submissions')
      .set({ status, reject_reason: reason, reviewed_at: now, reviewed_by: operator.userId, version: row.version + 1 })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('identityNotPending');
    await writeAudit(trx, {
      actorUserId: operator.userId,
      action: status === 'approved' ? 'identity.approve' : 'identity.reject',
      entity: 'identity_submission',
      entityId: id,
      before: { status: row.status, rejectReason: row.reject_reason },
      after: { status, rejectReason: reason },
      at: now,
    });
  });
  return identityDetail(deps, id);
}

/**
 * Approves a pending submission.
 * @throws AppError `identityNotFound`, `identityNotPending` (already decided, e.g. by another operator), `ownItem` (own submission).
 */
export const approveIdentity = (deps: Deps, operator: AuthUser, id: string) => decide(deps, operator, id, 'approved', null);

/**
 * Rejects a pending submission; the investor sees the reason and may resubmit.
 * @throws AppError `identityNotFound`, `identityNotPending`, `ownItem`.
 */
export const rejectIdentity = (deps: Deps, operator: AuthUser, id: string, reason: string) => decide(deps, operator, id, 'rejected', reason.trim());
