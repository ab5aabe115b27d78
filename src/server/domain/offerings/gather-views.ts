/** Participations with their fills as the investor (`gather/myRecord`) and the operator see them. */
import { fromMinor } from '../../../shared/money.js';
import { offeringsDb, type GatherParticipationsTable } from '../../db/offerings-tables.js';
import type { TradingContext } from '../trading/context.js';
import { chargesFields, type ChargesFields, type TradeCharges } from '../trading/charges.js';

/**
 * One executed tranche that bought shares: `price` INR; `commission` (brokerage) and the
 * breakdown `charges` / `chargesInr` as the trade was booked (docs/trading.md, Charges).
 */
export interface FillView extends ChargesFields {
  /** Epoch ms. */
  at: number;
  price: number;
  quantity: number;
  commission: number;
}

/** A participation (currency units, epoch ms). */
export interface ParticipationView {
  id: string;
  planId: string;
  name: string;
  symbol: string;
  amount: number;
  /** Cost of the fills including every charge. */
  invested: number;
  /** Still held for future tranches. */
  remainingHeld: number;
  tranches: number;
  tranchesDone: number;
  /** When the next tranche is due (null once ended). */
  nextAt: number | null;
  fills: FillView[];
  /**
   * Σ price × quantity / Σ quantity in the quote currency (INR), to the paisa; null before the
   * first share. (Not gross / quantity: the gross is account money, converted.)
   */
  averagePrice: number | null;
  status: 'running' | 'completed' | 'cancelled';
  joinedAt: number;
}

/** Views of participation rows with their fills and plan names. */
export async function participationViews(ctx: TradingContext, rows: GatherParticipationsTable[]): Promise<ParticipationView[]> {
  if (!rows.length) return [];
  const o = offeringsDb(ctx.deps.db);
  const ids = rows.map((r) => r.id);
  const fills = await o.selectFrom('gather_fills').selectAll().where('participation_id', 'in', ids).where('quantity', '>', 0).orderBy('tranche').execute();
  const tradeIds = fills.map((f) => f.trade_id).filter((id): id is string => !!id);
  const trades = tradeIds.length ? await ctx.deps.db.selectFrom('trades').select(['id', 'charges_json']).where('id', 'in', tradeIds).execute() : [];
  const breakdown = new Map(trades.map((t) => [t.id, t.charges_json ? (JSON.parse(t.charges_json) as TradeCharges) : null]));
  const plans = await o.selectFrom('gather_plans').select(['id', 'name']).where('id', 'in', [...new Set(rows.map((r) => r.plan_id))]).execute();
  const nameOf = new Map(plans.map((p) => [p.id, p.name]));
  return rows.map((r) => {
    const mine = fills.filter((f) => f.participation_id === r.id);
    const shares = mine.reduce((s, f) => s + Number(f.quantity), 0);
    const quoted = mine.reduce((s, f) => s + Number(f.price_minor) * Number(f.quantity), 0);
    return {
      id: r.id, planId: r.plan_id, name: nameOf.get(r.plan_id) ?? '', symbol: r.symbol, amount: fromMinor(Number(r.amount_minor)), invested: fromMinor(Number(r.invested_minor)),
      remainingHeld: fromMinor(Number(r.held_minor)), tranches: Number(r.tranches), tranchesDone: Number(r.done), nextAt: r.status === 'running' ? Number(r.next_due_at) : null,
      fills: mine.map((f) => ({
        at: Number(f.at), price: fromMinor(Number(f.price_minor)), quantity: Number(f.quantity), commission: fromMinor(Number(f.commission_minor)),
        ...chargesFields(breakdown.get(f.trade_id ?? '') ?? null, Number(f.commission_minor)),
      })),
      averagePrice: shares ? fromMinor(Math.round(quoted / shares)) : null, status: r.status, joinedAt: Number(r.joined_at),
    };
  });
}
