/**
 * IPO ledger invariants, part of `assertLedgerInvariants`:
 * - an application whose UPI mandate is pending, rejected or lapsed holds nothing (no hold, no
 *   entry with its reference); every other has its own hold (kind `ipo`, reference =
 *   application, same user and amount): open while applied, settled when allotted, released
 *   when not allotted or refunded;
 * - the amount is shares × bid price (within the band; a cut-off bid at its upper end);
 * - a resolved application: allotted + refund = amount, allotted = allotted shares × the
 *   discovered price, nothing allotted to a bid below it, and
 *   its one resolving entry credits the user's available cash exactly the refund;
 * - an allotted issue has no pending application and allots at most the shares offered, in
 *   whole lots; a cancelled issue has refunded every application;
 * - listed allotments are positions (returned as share adjustments), allotted money sits in
 *   securities settlement (returned as its adjustment).
 */
import { toAccountMinor } from '../../src/shared/currency.js';
import type { Db } from '../../src/server/db/index.js';
import { ipoDb } from '../../src/server/db/ipo-tables.js';

type PostingRow = { entry_id: string; amount_minor: number; owner: string | null; account_kind: string; reference: string };
type HoldRow = { id: string; user_id: string; kind: string; reference: string; amount_minor: number; status: string };

/** Problems found, plus shares per `user|symbol` from listed allotments and money allotted into securities settlement. */
export async function ipoInvariants(db: Db, postings: PostingRow[], holds: HoldRow[]): Promise<{ problems: string[]; shares: Map<string, number>; securities: number }> {
  const problems: string[] = [];
  const t = ipoDb(db);
  const [ipos, apps] = await Promise.all([t.selectFrom('ipos').selectAll().execute(), t.selectFrom('ipo_applications').selectAll().execute()]);
  const ipoOf = new Map(ipos.map((i) => [i.id, i]));
  const holdOf = new Map(holds.map((h) => [h.id, h]));
  const shares = new Map<string, number>();
  let securities = 0;
  const allottedPer = new Map<string, number>();
  for (const a of apps) {
    const ipo = ipoOf.get(a.ipo_id)!;
    const amount = Number(a.amount_minor);
    const bid = Number(a.bid_price_minor);
    if (bid < Number(ipo.price_min_minor) || bid > Number(ipo.price_minor) || (Number(a.cut_off) === 1 && bid !== Number(ipo.price_minor))) problems.push(`ipo application ${a.id}: bid ${bid} outside the band`);
    if (amount !== toAccountMinor(Number(a.shares) * bid, Number(a.fx_rate_minor)) || Number(a.shares) !== Number(a.lots) * Number(ipo.lot_size)) problems.push(`ipo application ${a.id}: amount is not lots × lot size × bid price`);
    if (a.status === 'mandatePending' || a.status === 'mandateRejected' || a.status === 'lapsed') {
      if (a.hold_id !== null || holds.some((h) => h.reference === a.id) || postings.some((p) => p.reference === a.id)) problems.push(`ipo application ${a.id}: ${a.status} but money moved`);
      if (a.status === 'mandatePending' && (ipo.allotted_at !== null || ipo.cancelled_at !== null)) problems.push(`ipo application ${a.id}: mandate still pending after the issue was allotted or cancelled`);
      continue;
    }
    const hold = a.hold_id === null ? undefined : holdOf.get(a.hold_id);
    if (!hold || hold.kind !== 'ipo' || hold.reference !== a.id || hold.user_id !== a.user_id || Number(hold.amount_minor) !== amount) {
      problems.push(`ipo application ${a.id}: its hold does not match (kind, reference, user, amount)`);
      continue;
    }
    const expected = a.status === 'applied' ? 'open' : a.status === 'allotted' ? 'settled' : 'released';
    if (hold.status !== expected) problems.push(`ipo application ${a.id}: ${a.status} but its hold is ${hold.status}`);
    if (a.status === 'applied') {
      if (ipo.allotted_at !== null || ipo.cancelled_at !== null) problems.push(`ipo application ${a.id}: still applied after the issue was allotted or cancelled`);
      continue;
    }
    const allotted = Number(a.allotted_minor);
    const refund = Number(a.refund_minor);
    if (allotted + refund !== amount) problems.push(`ipo application ${a.id}: allotted ${allotted} + refund ${refund} ≠ ${amount}`);
    const price = Number(ipo.discovered_price_minor ?? ipo.price_minor);
    if (allotted !== toAccountMinor(Number(a.allotted_shares) * price, Number(a.fx_rate_minor))) problems.push(`ipo application ${a.id}: allotted amount is not shares × discovered price at its EUR/INR rate`);
    if (a.status === 'allotted' && Number(a.cut_off) !== 1 && bid < price) problems.push(`ipo application ${a.id}: allotted though its bid ${bid} is below the discovered price ${price}`);
    if (Number(a.allotted_shares) % Number(ipo.lot_size) !== 0) problems.push(`ipo application ${a.id}: allotted ${a.allotted_shares} is not whole lots`);
    if (a.status === 'refunded' && (ipo.cancelled_at === null || allotted !== 0)) problems.push(`ipo application ${a.id}: refunded without a cancelled issue`);
    const cash = postings.filter((p) => p.entry_id === a.resolve_entry_id && p.owner === a.user_id && p.account_kind === 'available').reduce((s, p) => s + Number(p.amount_minor), 0);
    if (cash !== refund) problems.push(`ipo application ${a.id}: its resolving entry credited ${cash}, the refund is ${refund}`);
    securities += allotted;
    allottedPer.set(a.ipo_id, (allottedPer.get(a.ipo_id) ?? 0) + Number(a.allotted_shares));
    if (ipo.listed_at !== null && Number(a.allotted_shares) > 0) {
      const key = `${a.user_id}|${ipo.symbol}`;
      shares.set(key, (shares.get(key) ?? 0) + Number(a.allotted_shares));
    }
  }
  for (const [id, n] of allottedPer) if (n > Number(ipoOf.get(id)!.total_shares)) problems.push(`ipo ${id}: allotted ${n} shares, offered ${ipoOf.get(id)!.total_shares}`);
  return { problems, shares, securities };
}
