/**
 * `order/*` (SPEC.md §7 Orders; issue 6): trading terms and the risk disclosure, up/down
 * contracts and stock orders (`order/purchase`, `order/sell`, both with `Idempotency-Key`),
 * the ticket's quote (`order/quote`, issue 9: price in INR, rate, amount in the account currency),
 * one contract's detail, open contracts and holdings, and the history of settled contracts
 * and sales. All for logged-in users; money in currency units, times epoch ms.
 */
import type { CallRegistry } from '../http/calls.js';
import { idempotencyOf } from '../http/idempotency.js';
import type { TradingContext } from '../domain/trading/context.js';
import { getContract, purchaseContract } from '../domain/trading/contracts.js';
import { buyStock, quoteOrder, sellStock } from '../domain/trading/stocks.js';
import { acknowledgeRisk, commissionRate, tradingTerms } from '../domain/trading/terms.js';
import { historicalDetails, purchaseDetails } from '../domain/trading/views.js';
import type { ById, OrderDetails, OrderPurchase, OrderQuoteQuery, OrderSell, PageRequest } from '../../shared/generated/index.js';

export function orderRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const { deps } = ctx;
  calls.define({ name: 'order/tradingConfig', access: 'user', handle: ({ auth }) => tradingTerms(deps, auth!.userId) });
  calls.define({ name: 'order/getCommissionRate', access: 'user', handle: () => commissionRate(deps) });
  calls.define({ name: 'order/acknowledgeRisk', access: 'user', handle: ({ auth }) => acknowledgeRisk(deps, auth!.userId) });

  calls.define<OrderPurchase>({
    name: 'order/purchase',
    access: 'user',
    body: 'api/orderPurchase',
    handle: ({ auth, body, request }) => {
      const idempotency = idempotencyOf(request, 'order/purchase', body);
      return body.kind === 'stock'
        ? buyStock(ctx, auth!.userId, body, idempotency)
        : purchaseContract(ctx, auth!.userId, { ...body, kind: 'updown' }, idempotency);
    },
  });

  // Issue 9: the ticket's figures (INR price, EUR/INR rate, amount in the account currency) before confirming.
  calls.define<OrderQuoteQuery>({
    name: 'order/quote',
    access: 'user',
    body: 'api/orderQuote',
    handle: ({ body }) => quoteOrder(ctx, body),
  });

  calls.define<OrderSell>({
    name: 'order/sell',
    access: 'user',
    body: 'api/orderSell',
    handle: ({ auth, body, request }) => sellStock(ctx, auth!.userId, body, idempotencyOf(request, 'order/sell', body)),
  });

  calls.define<ById>({
    name: 'order/contractDetail',
    access: 'user',
    body: 'api/byId',
    handle: ({ auth, body }) => getContract(ctx, auth!.userId, body.id),
  });

  calls.define<OrderDetails>({
    name: 'order/purchaseDetails',
    access: 'user',
    body: 'api/orderDetails',
    handle: ({ auth, body }) => purchaseDetails(ctx, auth!.userId, body),
  });

  calls.define<PageRequest>({
    name: 'order/historicalDetails',
    access: 'user',
    body: 'api/pageRequest',
    handle: ({ auth, body }) => historicalDetails(ctx, auth!.userId, body),
  });
}
