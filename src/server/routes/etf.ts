/**
 * `etf/*` and `etfOrder/page` (docs/product.md, Calls): the funds with their baskets, buying
 * whole units (`Idempotency-Key`) and my ETF orders. Selling is `order/sell`.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import { quantityRefusal } from './refusals.js';
import type { TradingContext } from '../domain/trading/context.js';
import { buyEtf, etfDetails, etfOrders, etfPage } from '../domain/etf/etfs.js';
import type { EtfBuyForm, MarketSymbol, PageRequest } from '../../shared/generated/index.js';

export function etfRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  user.query<PageRequest>('etf/page', 'api/pageRequest', ({ body }) => etfPage(ctx, body));
  user.query<MarketSymbol>('etf/details', 'api/marketSymbol', ({ body }) => etfDetails(ctx, body.symbol));
  // One schema per form: the buy form's as served (the bounds `etfBuy` publishes in the studio).
  user.command<EtfBuyForm>('etf/buy', 'screens/etfBuyForm', ({ auth, body, idempotency }) => buyEtf(ctx, auth!.userId, body, idempotency), {
    confirm: { quantityField: 'quantity' },
    idempotent: true,
    refusals: { quantity: quantityRefusal },
  });
  user.query<PageRequest>('etfOrder/page', 'api/pageRequest', ({ auth, body }) => etfOrders(ctx, auth!.userId, body));
}
