/**
 * Holds (docs/product.md, Money): funds reserved by moving them from the user's `available` to `held`
 * account, later resolved exactly once — settled (paid out to house accounts) or released
 * (back to `available`). "Exactly once" is a conditional update on the hold's status inside
 * the resolving transaction, backed by the unique (kind, reference) index on journal entries.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { withJsonRows } from '../../db/json-rows.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { HouseAccount } from './accounts.js';
import { LedgerError, postEntry, type WithRow } from './journal.js';

/** What to hold. */
export interface HoldInput {
  userId: string;
  /** Integer minor units, > 0. */
  amountMinor: number;
  /** What the hold is for, e.g. `withdrawal`. */
  kind: string;
  /** Id of the business object; the hold's entries carry it as their reference. */
  reference: string;
  /** Kind of the placing journal entry, e.g. `withdrawal_requested`. */
  entryKind: string;
  /** Bill-flow kind of the two legs, e.g. `withdrawal_hold`. */
  postingKind: string;
}

/**
 * Places a hold: one entry `available → held`, and the hold's row with it.
 * @param withRows rows written after the hold's, only together with it (on PostgreSQL in the
 *   same statement as the entry: `postEntry`), e.g. the record the hold is for.
 * @returns the hold's id.
 * @throws AppError `insufficientBalance` when the available balance does not cover it.
 */
export async function placeHold(trx: Db, now: number, input: HoldInput, withRows: readonly WithRow[] = []): Promise<string> {
  return placeHoldWithId(trx, now, newId(), input, withRows);
}

/** {@link placeHold} with the hold's id chosen by the caller. */
async function placeHoldWithId(trx: Db, now: number, id: string, input: HoldInput, withRows: readonly WithRow[]): Promise<string> {
  const entryId = newId();
  const { userId, amountMinor } = input;
  const hold: WithRow = {
    table: 'holds',
    row: {
      id,
      user_id: userId,
      kind: input.kind,
      reference: input.reference,
      amount_minor: amountMinor,
      status: 'open',
      placed_entry_id: entryId,
      resolved_entry_id: null,
      created_at: now,
      resolved_at: null,
    },
  };
  await postEntry(
    trx,
    now,
    {
      id: entryId,
      kind: input.entryKind,
      reference: input.reference,
      postings: [
        { account: { userId, kind: 'available' }, amountMinor: -amountMinor, kind: input.postingKind },
        { account: { userId, kind: 'held' }, amountMinor, kind: input.postingKind },
      ],
    },
    [hold, ...withRows],
  );
  return id;
}

/**
 * Places the hold of a record the caller is about to insert (a withdrawal, an IPO application,
 * a contract): a new record id, and a hold whose entries carry that id as their reference.
 * @param withRows the rows to write with the hold (see {@link placeHold}), made from the new
 *   ids — e.g. the record itself.
 * @returns the record's new id and the hold's id.
 * @throws AppError `insufficientBalance` when the available balance does not cover it.
 */
export async function placeHoldForNewRecord(
  trx: Db,
  now: number,
  input: Omit<HoldInput, 'reference'>,
  withRows?: (ids: { id: string; holdId: string }) => readonly WithRow[],
): Promise<{ id: string; holdId: string }> {
  const id = newId();
  const holdId = newId();
  await placeHoldWithId(trx, now, holdId, { ...input, reference: id }, withRows?.({ id, holdId }) ?? []);
  return { id, holdId };
}

/** Marks an open hold resolved; exactly one caller ever succeeds. */
async function resolve(trx: Db, now: number, holdId: string, status: 'settled' | 'released', entryId: string) {
  const hold = await trx
    .updateTable('holds')
    .set({ status, resolved_entry_id: entryId, resolved_at: now })
    .where('id', '=', holdId)
    .where('status', '=', 'open')
    .returning(['user_id', 'amount_minor', 'reference'])
    .executeTakeFirst();
  if (!hold) throw new AppError('holdResolved');
  return { userId: hold.user_id, amountMinor: Number(hold.amount_minor), reference: hold.reference };
}

/** One hold of a set to resolve and the entry that resolves it. */
export interface HoldResolution {
  holdId: string;
  status: 'settled' | 'released';
  entryId: string;
}

const RESOLUTION_COLUMNS = [['id', 'text'], ['status', 'text'], ['entry_id', 'text']] as const;

/**
 * Marks a set of open holds resolved in ONE conditional `UPDATE … FROM` (rows as one JSON
 * parameter), each pointing at the entry that resolves it; the caller posts those entries
 * with `postEntries` in the same transaction.
 * @throws LedgerError when any of the holds is not open (nothing may proceed: the caller's
 *   transaction rolls back).
 */
export async function resolveHolds(trx: Db, now: number, resolutions: readonly HoldResolution[]): Promise<void> {
  if (!resolutions.length) return;
  const source = withJsonRows(trx, 'x', RESOLUTION_COLUMNS, resolutions.map((r) => ({ id: r.holdId, status: r.status, entry_id: r.entryId })));
  const { rows } = await sql<{ id: string }>`${source} UPDATE holds SET status = x.status, resolved_entry_id = x.entry_id, resolved_at = ${now}
    FROM x WHERE holds.id = x.id AND holds.status = 'open' RETURNING holds.id`.execute(trx);
  if (rows.length !== resolutions.length) throw new LedgerError(`${resolutions.length - rows.length} hold(s) not open`);
}

/** One destination of a settled hold. */
export interface SettlementLeg {
  house: HouseAccount;
  /** Integer minor units ≥ 0; zero legs are left out. */
  amountMinor: number;
  /** Bill-flow kind of the leg, e.g. `withdrawal_fee`. */
  postingKind: string;
}

/**
 * Settles an open hold in one entry: `held → house` per leg.
 * @param legs must add up to the held amount.
 * @throws AppError `holdResolved` when already settled or released; LedgerError when the legs
 *   do not add up to the hold.
 */
export async function settleHold(trx: Db, now: number, holdId: string, entryKind: string, legs: SettlementLeg[]): Promise<string> {
  const entryId = newId();
  const hold = await resolve(trx, now, holdId, 'settled', entryId);
  const paid = legs.filter((leg) => leg.amountMinor !== 0);
  const total = paid.reduce((sum, leg) => sum + leg.amountMinor, 0);
  if (total !== hold.amountMinor) throw new LedgerError(`hold ${holdId}: legs add up to ${total}, hold is ${hold.amountMinor}`);
  await postEntry(trx, now, {
    id: entryId,
    kind: entryKind,
    reference: hold.reference,
    postings: paid.flatMap((leg) => [
      { account: { userId: hold.userId, kind: 'held' as const }, amountMinor: -leg.amountMinor, kind: leg.postingKind },
      { account: { house: leg.house }, amountMinor: leg.amountMinor, kind: leg.postingKind },
    ]),
  });
  return entryId;
}

/**
 * Releases an open hold in full in one entry: `held → available`.
 * @throws AppError `holdResolved` when already settled or released.
 */
export async function releaseHold(trx: Db, now: number, holdId: string, entryKind: string, postingKind: string): Promise<string> {
  const entryId = newId();
  const hold = await resolve(trx, now, holdId, 'released', entryId);
  await postEntry(trx, now, {
    id: entryId,
    kind: entryKind,
    reference: hold.reference,
    postings: [
      { account: { userId: hold.userId, kind: 'held' }, amountMinor: -hold.amountMinor, kind: postingKind },
      { account: { userId: hold.userId, kind: 'available' }, amountMinor: hold.amountMinor, kind: postingKind },
    ],
  });
  return entryId;
}

/**
 * Resolves an open hold in ONE entry that settles part of it and releases the rest (an IPO
 * allotment, the allotted amount `held → house`, the refund `held → available`).
 * The hold counts as `settled` when any leg is paid, else `released`.
 * @param legs paid amounts, ≥ 0 each, adding up to at most the hold; the rest is released.
 * @returns the entry's id and the released amount (minor units).
 * @throws AppError `holdResolved` when already resolved; LedgerError when the legs exceed the hold.
 */
export async function splitHold(
  trx: Db,
  now: number,
  holdId: string,
  entryKind: string,
  legs: SettlementLeg[],
  releasePostingKind: string,
): Promise<{ entryId: string; releasedMinor: number }> {
  const entryId = newId();
  const paid = legs.filter((leg) => leg.amountMinor !== 0);
  const paidTotal = paid.reduce((sum, leg) => sum + leg.amountMinor, 0);
  const hold = await resolve(trx, now, holdId, paidTotal > 0 ? 'settled' : 'released', entryId);
  const released = hold.amountMinor - paidTotal;
  if (released < 0 || paid.some((leg) => leg.amountMinor < 0)) throw new LedgerError(`hold ${holdId}: legs add up to ${paidTotal}, hold is ${hold.amountMinor}`);
  const user = hold.userId;
  await postEntry(trx, now, {
    id: entryId,
    kind: entryKind,
    reference: hold.reference,
    postings: [
      ...paid.flatMap((leg) => [
        { account: { userId: user, kind: 'held' as const }, amountMinor: -leg.amountMinor, kind: leg.postingKind },
        { account: { house: leg.house }, amountMinor: leg.amountMinor, kind: leg.postingKind },
      ]),
      ...(released > 0
        ? [
            { account: { userId: user, kind: 'held' as const }, amountMinor: -released, kind: releasePostingKind },
            { account: { userId: user, kind: 'available' as const }, amountMinor: released, kind: releasePostingKind },
          ]
        : []),
    ],
  });
  return { entryId, releasedMinor: released };
}
