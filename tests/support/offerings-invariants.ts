/**
 * Offerings invariants, checked after every offerings API test next to the ledger
 * invariants: every block offer's sold quantity equals its purchases and each purchase is its
 * trade; every gather participation's held money is exactly its one open hold and its invested
 * money exactly its fills; every basket order's invested money is exactly its lines' trades.
 */
import { toAccountMinor } from '../../src/shared/currency.js';
import type { Db } from '../../src/server/db/index.js';
import { offeringsDb } from '../../src/server/db/offerings-tables.js';

/** Throws an Error listing every violation found. */
export async function assertOfferingsInvariants(db: Db): Promise<void> {
  const o = offeringsDb(db);
  const problems: string[] = [];
  const [offers, purchases, trades, participations, fills, holds, orders, lines] = await Promise.all([
    o.selectFrom('block_offers').selectAll().execute(),
    o.selectFrom('block_purchases').selectAll().execute(),
    o.selectFrom('trades').selectAll().execute(),
    o.selectFrom('gather_participations').selectAll().execute(),
    o.selectFrom('gather_fills').selectAll().execute(),
    o.selectFrom('holds').selectAll().where('kind', '=', 'gather').execute(),
    o.selectFrom('basket_orders').selectAll().execute(),
    o.selectFrom('basket_order_lines').selectAll().execute(),
  ]);
  const tradeById = new Map(trades.map((t) => [t.id, t]));
  for (const offer of offers) {
    const sold = purchases.filter((p) => p.offer_id === offer.id).reduce((s, p) => s + Number(p.quantity), 0);
    if (Number(offer.quantity) - Number(offer.remaining) !== sold) problems.push(`block offer ${offer.id}: ${Number(offer.quantity) - Number(offer.remaining)} sold, purchases say ${sold}`);
  }
  for (const p of purchases) {
    const t = tradeById.get(p.trade_id);
    if (!t || t.user_id !== p.user_id || t.symbol !== p.symbol || Number(t.quantity) !== Number(p.quantity) || Number(t.price_minor) !== Number(p.price_minor) || Number(t.net_minor) !== Number(p.amount_minor) || Number(t.fx_rate_minor) !== Number(p.fx_rate_minor)) {
      problems.push(`block purchase ${p.id}: does not match its trade ${p.trade_id}`);
    }
  }
  for (const p of participations) {
    const mine = fills.filter((f) => f.participation_id === p.id);
    // A fill costs its gross, its brokerage and the statutory charges its trade booked.
    const statutory = (f: (typeof mine)[number]) => Number((f.trade_id ? tradeById.get(f.trade_id)?.charges_minor : 0) ?? 0);
    const invested = mine.reduce((s, f) => s + Number(f.gross_minor) + Number(f.commission_minor) + statutory(f), 0);
    if (invested !== Number(p.invested_minor)) problems.push(`participation ${p.id}: invested ${p.invested_minor}, fills say ${invested}`);
    if (mine.length !== Number(p.done)) problems.push(`participation ${p.id}: ${p.done} tranches done, ${mine.length} fills`);
    for (const f of mine) {
      const t = f.trade_id ? tradeById.get(f.trade_id) : null;
      if (Number(f.quantity) > 0 && (!t || Number(t.quantity) !== Number(f.quantity) || Number(t.gross_minor) !== Number(f.gross_minor))) problems.push(`fill ${p.id}#${f.tranche}: does not match its trade`);
    }
    const open = holds.filter((h) => h.user_id === p.user_id && h.reference.startsWith(`${p.id}:`) && h.status === 'open');
    const held = Number(p.held_minor);
    if (p.status === 'running') {
      if (held + invested !== Number(p.amount_minor)) problems.push(`participation ${p.id}: held ${held} + invested ${invested} ≠ amount ${p.amount_minor}`);
      if (held > 0 && (open.length !== 1 || open[0]!.id !== p.hold_id || Number(open[0]!.amount_minor) !== held)) problems.push(`participation ${p.id}: held ${held} is not exactly its open hold`);
    } else if (held !== 0 || p.hold_id !== null || open.length) {
      problems.push(`participation ${p.id}: ${p.status} but still holds ${held}`);
    }
    if (invested > Number(p.amount_minor)) problems.push(`participation ${p.id}: invested more than its amount`);
  }
  for (const order of orders) {
    const mine = lines.filter((l) => l.order_id === order.id);
    // Each line's INR gross converts at its trade's EUR/INR rate; brokerage and the statutory charges come on top.
    const lineCost = (l: (typeof mine)[number]) =>
      toAccountMinor(Number(l.price_minor) * Number(l.quantity), Number(tradeById.get(l.trade_id)?.fx_rate_minor ?? 100)) + Number(l.commission_minor) + Number(tradeById.get(l.trade_id)?.charges_minor ?? 0);
    const invested = mine.reduce((s, l) => s + lineCost(l), 0);
    if (invested !== Number(order.invested_minor)) problems.push(`basket order ${order.id}: invested ${order.invested_minor}, lines say ${invested}`);
    for (const l of mine) {
      const t = tradeById.get(l.trade_id);
      if (!t || Number(t.net_minor) !== lineCost(l)) problems.push(`basket line ${order.id}/${l.symbol}: does not match its trade`);
    }
  }
  if (problems.length) throw new Error(`offerings invariants violated:\n${problems.join('\n')}`);
}
