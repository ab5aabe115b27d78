/**
 * `etf/*` and `etfOrder/page` (docs/product.md, Calls): the funds with their baskets, buying
 * whole units (`Idempotency-Key`) and my ETF orders. Selling is `order/sell`.
 */
import { AppError } from '../domain/errors.js';
import type { CallRegistry } from '../http/calls.js';
import type { TradingContext } from '../domain/trading/context.js';
import { buyEtf, etfDetails, etfOrders, etfPage } from '../domain/etf/etfs.js';
import type { EtfBuyForm, MarketSymbol, PageRequest } from '../../shared/generated/index.js';

export function etfRoutes(calls: CallRegistry, ctx: TradingContext): void {
  calls.define<PageRequest>({ name: 'etf/page', effect: 'query', access: 'user', body: 'api/pageRequest', handle: ({ body }) => etfPage(ctx, body) });
  calls.define<MarketSymbol>({ name: 'etf/details', effect: 'query', access: 'user', body: 'api/marketSymbol', handle: ({ body }) => etfDetails(ctx, body.symbol) });
  // One schema per form: the buy form's.
  calls.define<EtfBuyForm>({
    name: 'etf/buy',
    effect: 'command',
    confirm: { quantityField: 'quantity' },
    idempotent: true,
    access: 'user',
    body: 'screens/etfBuyForm',
    refusals: { quantity: () => new AppError('quantityInvalid') },
    handle: ({ auth, body, idempotency }) => buyEtf(ctx, auth!.userId, body, idempotency),
  });
  calls.define<PageRequest>({ name: 'etfOrder/page', effect: 'query', access: 'user', body: 'api/pageRequest', handle: ({ auth, body }) => etfOrders(ctx, auth!.userId, body) });
}
