/**
 * Operators' edits of content rows (news articles and home banners) in one place:
 * create or update, and delete, each in one transaction with its audit-log entry
 * (`<entity>.create|update|delete`, the row before and after). The callers validate and shape
 * the values; this file only stores and audits them.
 */
import type { BannersTable, NewsTable } from '../db/market-tables.js';
import type { ErrorName } from '../../shared/codes.js';
import { writeAudit } from './audit.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';

/** The content tables operators edit, with their row types. */
interface ContentRows {
  news: NewsTable;
  banners: BannersTable;
}

/** How one content table is edited and audited. */
export interface ContentKind<T extends keyof ContentRows> {
  table: T;
  /** Audit entity and action prefix, e.g. `banner`. */
  entity: string;
  /** The refusal for an unknown id. */
  notFound: ErrorName;
  /** The row as the audit log keeps it (e.g. without a long body). Default: as stored. */
  auditable?: (row: ContentRows[T]) => unknown;
}

type Values<T extends keyof ContentRows> = Omit<ContentRows[T], 'id' | 'demo' | 'created_at'>;

/**
 * Kysely cannot type a query over a table chosen by a type parameter: queries run as on
 * `news` (both tables have `id`), rows and values are typed by {@link ContentRows} instead.
 */
const tableOf = (table: keyof ContentRows) => table as 'news';

/**
 * Creates (no id; `demo = 0`, `created_at = now`) or updates a row, audited.
 * @throws AppError `kind.notFound` when `id` names no row.
 */
export async function saveContent<T extends keyof ContentRows>(deps: Deps, actorUserId: string, kind: ContentKind<T>, id: string | undefined, values: Values<T>, now: number): Promise<{ id: string }> {
  const audit = kind.auditable ?? ((row: ContentRows[T]) => row);
  return deps.db.transaction().execute(async (trx) => {
    const table = tableOf(kind.table);
    if (id) {
      const before = (await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as ContentRows[T] | undefined;
      if (!before) throw new AppError(kind.notFound);
      await trx.updateTable(table).set(values as never).where('id', '=', id).execute();
      await writeAudit(trx, { actorUserId, action: `${kind.entity}.update`, entity: kind.entity, entityId: id, before: audit(before), after: audit({ ...before, ...values }), at: now });
      return { id };
    }
    const row = { id: newId(), ...values, demo: 0, created_at: now } as unknown as ContentRows[T];
    await trx.insertInto(table).values(row as never).execute();
    await writeAudit(trx, { actorUserId, action: `${kind.entity}.create`, entity: kind.entity, entityId: row.id, after: audit(row), at: now });
    return { id: row.id };
  });
}

/**
 * Deletes a row, audited.
 * @throws AppError `kind.notFound`.
 */
export async function deleteContent<T extends keyof ContentRows>(deps: Deps, actorUserId: string, kind: ContentKind<T>, id: string): Promise<void> {
  const audit = kind.auditable ?? ((row: ContentRows[T]) => row);
  await deps.db.transaction().execute(async (trx) => {
    const table = tableOf(kind.table);
    const before = (await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as ContentRows[T] | undefined;
    if (!before) throw new AppError(kind.notFound);
    await trx.deleteFrom(table).where('id', '=', id).execute();
    await writeAudit(trx, { actorUserId, action: `${kind.entity}.delete`, entity: kind.entity, entityId: id, before: audit(before), at: deps.clock.now() });
  });
}
