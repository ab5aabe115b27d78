/**
 * The deposit beneficiary under four eyes. `admin/beneficiary/save` proposes a change; it has
 * no effect until a second, different operator approves it (`admin/beneficiary/approve`), which
 * writes the live setting and gives the change the next version. Any operator may reject it
 * (the proposer too: that withdraws it). One change waits at a time. Every step is audited in
 * the transaction that makes it: `beneficiary.propose`, `beneficiary.update` (the approval,
 * before → after), `beneficiary.reject`.
 */
import type { Db } from '../db/index.js';
import { uniqueViolation } from '../db/unique.js';
import { writeAudit } from './audit.js';
import { BENEFICIARY_KEY, beneficiaryVersion, normalizeBeneficiary, readBeneficiary, type Beneficiary } from './beneficiary.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';
import { newId } from './ids.js';
import { userRefs } from './money/users.js';

/** A proposed beneficiary change as operators see it. Times are epoch ms. */
export interface BeneficiaryChangeView extends Beneficiary {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  /** The version it became when approved; null otherwise. */
  version: number | null;
  /** Public uid and email of the proposing operator. */
  proposedBy: string;
  proposedByEmail: string;
  proposedAt: number;
  /** Public uid of the deciding operator, or null while pending. */
  decidedBy: string | null;
  decidedAt: number | null;
  reason: string | null;
}

/** Answer of `admin/beneficiary/pending`. */
export interface PendingBeneficiary {
  /** Whether a change waits for approval. */
  pending: boolean;
  /** The waiting change, or null. */
  change: BeneficiaryChangeView | null;
  /** The live beneficiary and its version (what the change would replace), or null. */
  current: (Beneficiary & { beneficiaryVersion: number }) | null;
}

type ChangeRow = { id: string; value_json: string; status: BeneficiaryChangeView['status']; version: number | null; proposed_by: string; proposed_at: number; decided_by: string | null; decided_at: number | null; reason: string | null };

async function changeView(db: Db, row: ChangeRow): Promise<BeneficiaryChangeView> {
  const people = await userRefs(db, [row.proposed_by, ...(row.decided_by ? [row.decided_by] : [])]);
  return {
    ...(JSON.parse(row.value_json) as Beneficiary),
    id: row.id,
    status: row.status,
    version: row.version === null ? null : Number(row.version),
    proposedBy: people.get(row.proposed_by)?.uid ?? '',
    proposedByEmail: people.get(row.proposed_by)?.email ?? '',
    proposedAt: Number(row.proposed_at),
    decidedBy: row.decided_by ? (people.get(row.decided_by)?.uid ?? null) : null,
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    reason: row.reason,
  };
}

/**
 * Proposes a beneficiary change (`admin/beneficiary/save`): stored as pending, audited as
 * `beneficiary.propose`; the live beneficiary is unchanged.
 * @throws AppError `beneficiaryChangePending` while another change waits.
 */
export async function proposeBeneficiary(deps: Deps, operatorId: string, input: Beneficiary): Promise<BeneficiaryChangeView> {
  const value = normalizeBeneficiary(input);
  const now = deps.clock.now();
  const id = newId();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const waiting = await trx.selectFrom('beneficiary_changes').select('id').where('status', '=', 'pending').executeTakeFirst();
      if (waiting) throw new AppError('beneficiaryChangePending');
      await trx
        .insertInto('beneficiary_changes')
        .values({ id, value_json: JSON.stringify(value), status: 'pending', version: null, proposed_by: operatorId, proposed_at: now, decided_by: null, decided_at: null, reason: null })
        .execute();
      await writeAudit(trx, { actorUserId: operatorId, action: 'beneficiary.propose', entity: 'beneficiaryChange', entityId: id, before: null, after: value, at: now });
    });
  } catch (error) {
    // Two proposals racing: the partial unique index on pending rows decides.
    if (uniqueViolation(error)) throw new AppError('beneficiaryChangePending');
    throw error;
  }
  const row = await deps.db.selectFrom('beneficiary_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return changeView(deps.db, row);
}

/** `admin/beneficiary/pending`: the waiting change (if any) beside the live beneficiary. */
export async function pendingBeneficiary(deps: Deps): Promise<PendingBeneficiary> {
  const row = await deps.db.selectFrom('beneficiary_changes').selectAll().where('status', '=', 'pending').executeTakeFirst();
  const live = await readBeneficiary(deps);
  const current = live ? { ...normalizeBeneficiary(live), beneficiaryVersion: live.beneficiaryVersion } : null;
  return { pending: Boolean(row), change: row ? await changeView(deps.db, row) : null, current };
}

/** The pending change `id` inside a transaction, or the reason it cannot be decided. */
async function pendingRow(trx: Db, id: string): Promise<ChangeRow> {
  const row = await trx.selectFrom('beneficiary_changes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('beneficiaryChangeNotFound');
  if (row.status !== 'pending') throw new AppError('beneficiaryChangeNotPending');
  return row;
}

/**
 * Approves a pending change: a second operator makes it live with the next version, audited
 * as `beneficiary.update` (before → after, proposer and approver).
 * @throws AppError `beneficiaryChangeNotFound`, `beneficiaryChangeNotPending`, `ownItem` (the
 *   proposer cannot approve their own change).
 */
export async function approveBeneficiaryChange(deps: Deps, operatorId: string, id: string): Promise<BeneficiaryChangeView> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await pendingRow(trx, id);
    if (row.proposed_by === operatorId) throw new AppError('ownItem');
    const version = (await beneficiaryVersion(trx)) + 1;
    const claimed = await trx
      .updateTable('beneficiary_changes')
      .set({ status: 'approved', version, decided_by: operatorId, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('beneficiaryChangeNotPending');
    const before = await trx.selectFrom('settings').select('value_json').where('key', '=', BENEFICIARY_KEY).executeTakeFirst();
    await trx
      .insertInto('settings')
      .values({ key: BENEFICIARY_KEY, value_json: row.value_json, updated_at: now, updated_by: operatorId })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: row.value_json, updated_at: now, updated_by: operatorId }))
      .execute();
    await writeAudit(trx, {
      actorUserId: operatorId,
      action: 'beneficiary.update',
      entity: 'setting',
      entityId: BENEFICIARY_KEY,
      before: before ? JSON.parse(before.value_json) : null,
      after: { ...(JSON.parse(row.value_json) as Beneficiary), version, changeId: id, proposedBy: row.proposed_by, approvedBy: operatorId },
      at: now,
    });
  });
  return changeView(deps.db, await deps.db.selectFrom('beneficiary_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Rejects a pending change with a reason (any operator; the proposer withdraws it so), audited
 * as `beneficiary.reject`. The live beneficiary is unchanged.
 * @param reason 1–500 characters (trimmed).
 * @throws AppError `beneficiaryChangeNotFound`, `beneficiaryChangeNotPending`.
 */
export async function rejectBeneficiaryChange(deps: Deps, operatorId: string, id: string, reason: string): Promise<BeneficiaryChangeView> {
  const now = deps.clock.now();
  const text = reason.trim();
  await deps.db.transaction().execute(async (trx) => {
    const row = await pendingRow(trx, id);
    const claimed = await trx
      .updateTable('beneficiary_changes')
      .set({ status: 'rejected', decided_by: operatorId, decided_at: now, reason: text })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('beneficiaryChangeNotPending');
    await writeAudit(trx, { actorUserId: operatorId, action: 'beneficiary.reject', entity: 'beneficiaryChange', entityId: id, before: { status: 'pending', ...JSON.parse(row.value_json) }, after: { status: 'rejected', reason: text }, at: now });
  });
  return changeView(deps.db, await deps.db.selectFrom('beneficiary_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/**
 * The demo seed's sample beneficiary: live at once as version 1 (there is no second demo
 * operator at first start), audited as `beneficiary.seed`. Does nothing when one exists.
 */
export async function seedBeneficiary(deps: Deps, operatorId: string, input: Beneficiary): Promise<void> {
  if (await readBeneficiary(deps)) return;
  const value = normalizeBeneficiary(input);
  const json = JSON.stringify(value);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('beneficiary_changes')
      .values({ id: newId(), value_json: json, status: 'approved', version: (await beneficiaryVersion(trx)) + 1, proposed_by: operatorId, proposed_at: now, decided_by: operatorId, decided_at: now, reason: null })
      .execute();
    await trx.insertInto('settings').values({ key: BENEFICIARY_KEY, value_json: json, updated_at: now, updated_by: operatorId }).execute();
    await writeAudit(trx, { actorUserId: operatorId, action: 'beneficiary.seed', entity: 'setting', entityId: BENEFICIARY_KEY, before: null, after: value, at: now });
  });
}
