/**
 * `order/*` (docs/product.md, Calls): trading terms and the risk disclosure, up/down
 * contracts and stock orders (`order/purchase`, `order/sell`, both with `Idempotency-Key`),
 * the ticket's quote (`order/quote`, price in INR, rate, amount in the account currency),
 * one contract's detail, open contracts and holdings, and the history of settled contracts
 * and sales. All for logged-in users; money in currency units, times epoch ms.
 *
 * `order/purchase` is validated by the schema of the form that sends it (one schema
 * per form): `kind: updown` by `screens/updown`, `kind: stock` by `screens/stockBuy`. The call
 * keeps its contract: a direction other than 1 means down (docs/product.md, Up/down trading), and a bad amount,
 * duration or quantity answers its own code (1403, 1402, 1406), not 1000.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { TradingContext } from '../domain/trading/context.js';
import { amountOutOfBounds, getContract, purchaseContract } from '../domain/trading/contracts.js';
import { AppError } from '../domain/errors.js';
import { normalizeDirection } from '../../shared/trade.js';
import { buyStock, quoteOrder, sellStock } from '../domain/trading/stocks.js';
import { acknowledgeRisk, commissionRate, tradingTerms } from '../domain/trading/terms.js';
import { historicalDetails, purchaseDetails } from '../domain/trading/views.js';
import type { ById, OrderDetails, OrderQuoteQuery, PageRequest, StockBuyOrder, StockSellOrder, UpDownOrder } from '../../shared/generated/index.js';

export function orderRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  const { deps } = ctx;
  user.query('order/tradingConfig', undefined, ({ auth }) => tradingTerms(deps, auth!.userId));
  user.query('order/getCommissionRate', undefined, () => commissionRate(deps));
  user.command('order/acknowledgeRisk', undefined, ({ auth }) => acknowledgeRisk(deps, auth!.userId));

  user.command<UpDownOrder | StockBuyOrder>('order/purchase', { field: 'kind', schemas: { updown: 'screens/updown', stock: 'screens/stockBuy' } }, ({ auth, body, idempotency }) =>
    body.kind === 'stock' ? buyStock(ctx, auth!.userId, body, idempotency) : purchaseContract(ctx, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount', quantityField: 'quantity' },
    idempotent: true,
    prepare: (raw) => (raw.kind === 'updown' ? { ...raw, direction: normalizeDirection(raw.direction) } : raw),
    refusals: {
      amount: () => amountOutOfBounds(deps.config.trading),
      duration: () => new AppError('durationNotOffered'),
      quantity: () => new AppError('quantityInvalid'),
    },
  });

  // The ticket's figures (INR price, EUR/INR rate, amount in the account currency) before confirming.
  user.query<OrderQuoteQuery>('order/quote', 'api/orderQuote', ({ body }) => quoteOrder(ctx, body));

  // One schema per form: the sell form's, as for order/purchase.
  user.command<StockSellOrder>('order/sell', 'screens/stockSell', ({ auth, body, idempotency }) => sellStock(ctx, auth!.userId, body, idempotency), {
    confirm: { quantityField: 'quantity' },
    idempotent: true,
    refusals: { quantity: () => new AppError('quantityInvalid') },
  });

  user.query<ById>('order/contractDetail', 'api/byId', ({ auth, body }) => getContract(ctx, auth!.userId, body.id));

  user.query<OrderDetails>('order/purchaseDetails', 'api/orderDetails', ({ auth, body }) => purchaseDetails(ctx, auth!.userId, body));

  user.query<PageRequest>('order/historicalDetails', 'api/pageRequest', ({ auth, body }) => historicalDetails(ctx, auth!.userId, body));
}
