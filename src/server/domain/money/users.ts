/** Who an investor is, as the operator queues show it. */
import type { Db } from '../../db/index.js';

/** An investor in an operator view. */
export interface UserRef {
  id: string;
  /** Public identifier, e.g. `N4829137`. */
  uid: string;
  email: string;
}

/** Users by id (unknown ids are left out). */
export async function userRefs(db: Db, ids: string[]): Promise<Map<string, UserRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'uid', 'email']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
