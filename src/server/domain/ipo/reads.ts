/** Read helpers shared by the IPO operations. */
import type { Db } from '../../db/index.js';
import { ipoDb } from '../../db/ipo-tables.js';

/** Per issue: applications and shares applied for — bids whose UPI mandate was approved (pending, rejected and lapsed mandates do not count). */
export async function appliedSharesByIpo(db: Db, ids: readonly string[]): Promise<Map<string, { count: number; shares: number }>> {
  const out = new Map<string, { count: number; shares: number }>();
  if (!ids.length) return out;
  const rows = await ipoDb(db)
    .selectFrom('ipo_applications')
    .select((eb) => ['ipo_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('shares').as('shares')])
    .where('ipo_id', 'in', ids)
    .where('status', 'in', ['applied', 'allotted', 'notAllotted', 'refunded'])
    .groupBy('ipo_id')
    .execute();
  for (const r of rows) out.set(r.ipo_id, { count: Number(r.n), shares: Number(r.shares ?? 0) });
  return out;
}
