/**
 * The investor's own money records — deposits and withdrawals — listed and opened the same way:
 * a page of the user's rows, newest first, and one row that is the user's (another user's row
 * is not found). The operator's desks read the same row queries (`review.ts`).
 */
import type { SelectQueryBuilder } from 'kysely';
import type { ErrorName } from '../../../shared/codes.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import type { Database, Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';

/** Where a kind of money record lives: its table, its row query (joins allowed) and its not-found error. */
export interface MoneyRecordSource<TB extends keyof Database, Row> {
  table: 'deposits' | 'withdrawals';
  notFound: ErrorName;
  rows: (db: Db) => SelectQueryBuilder<Database, TB, Row>;
}

/** A kind of money record with the investor's view of a row. */
export interface MoneyRecords<TB extends keyof Database, Row, View> extends MoneyRecordSource<TB, Row> {
  view: (row: Row) => View;
}

/** One page of the user's records, newest first (by creation time, then id), with the user's total count. */
export async function ownRecordsPage<TB extends keyof Database, Row, View>(db: Db, records: MoneyRecords<TB, Row, View>, userId: string, query: PageQuery): Promise<Page<View>> {
  const { page, pageSize, offset } = pageOf(query);
  const { ref } = db.dynamic;
  const [rows, count] = await Promise.all([
    records
      .rows(db)
      .where(ref(`${records.table}.user_id`), '=', userId)
      .orderBy(ref(`${records.table}.created_at`), 'desc')
      .orderBy(ref(`${records.table}.id`), 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    db.selectFrom(records.table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(records.view), total: Number(count.n), page, pageSize };
}

/**
 * One of the user's records.
 * @throws AppError the records' `notFound` — also for another user's record.
 */
export async function ownRecord<TB extends keyof Database, Row, View>(db: Db, records: MoneyRecords<TB, Row, View>, userId: string, id: string): Promise<View> {
  const { ref } = db.dynamic;
  const row = await records.rows(db).where(ref(`${records.table}.id`), '=', id).where(ref(`${records.table}.user_id`), '=', userId).executeTakeFirst();
  if (!row) throw new AppError(records.notFound);
  return records.view(row);
}

/** The investor's two reads of a kind of record (see {@link ownRecordReads}). */
export interface OwnRecordReads<View> {
  /** One page of the user's records, newest first. */
  list: (deps: Deps, userId: string, query: PageQuery) => Promise<Page<View>>;
  /** One of the user's records; the records' `notFound` also for another user's. */
  get: (deps: Deps, userId: string, id: string) => Promise<View>;
}

/** The investor's list and detail reads of a kind of record ({@link ownRecordsPage}, {@link ownRecord}). */
export function ownRecordReads<TB extends keyof Database, Row, View>(records: MoneyRecords<TB, Row, View>): OwnRecordReads<View> {
  return {
    list: (deps, userId, query) => ownRecordsPage(deps.db, records, userId, query),
    get: (deps, userId, id) => ownRecord(deps.db, records, userId, id),
  };
}
