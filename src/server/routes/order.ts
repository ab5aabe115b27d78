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
import { quantityRefusal } from './refusals.js';
import { normalizeDirection } from '../../shared/trade.js';
import { buyStock, quoteOrder, sellStock } from '../domain/trading/stocks.js';
import { acknowledgeRisk, commissionRate, tradingTerms } from '../domain/trading/terms.js';
import { historicalDetails, purchaseDetails } from '../domain/trading/views.js';
import type { ById, OrderDetails, OrderListQuery, OrderModify, OrderQuoteQuery, PageRequest, StockBuyOrder, StockSellOrder, UpDownOrder } from '../../shared/generated/index.js';
import type { Locale } from '../../shared/lang.js';
import type { Deps } from '../domain/deps.js';
import { cancelOrder, listOrders, modifyOrder, orderDetail, placeOrder, type OrderEventView, type OrderView } from '../domain/orders/book.js';

/** An order (market, limit or stop) with its localized labels (status, side, type, validity, a rejection's reason). */
function labelled(deps: Deps, locale: Locale, order: OrderView) {
  const t = (id: string) => deps.messages.format(locale, id);
  return {
    ...order,
    statusLabel: t(`orderStatus.${order.status}`), sideLabel: t(`orderSide.${order.side}`), orderTypeLabel: t(`orderType.${order.orderType}`),
    validityLabel: order.validity ? t(`validity.${order.validity}`) : null, reasonText: order.reason ? t(order.reason) : null,
  };
}

/** An order's timeline step with its label. */
const labelledEvent = (deps: Deps, locale: Locale, event: OrderEventView) => ({ ...event, label: deps.messages.format(locale, `orderEvent.${event.type}`) });

/** A missing limit or trigger price of a resting order (1414), or a bad one (1415). */
const priceRefusal = (field: 'limitPrice' | 'triggerPrice') => (raw: Record<string, unknown>) =>
  raw[field] === undefined ? new AppError('orderPriceRequired', { field }) : new AppError('orderPriceInvalid');

/** Whether a share order's body asks for a resting order. */
const resting = (body: { orderType?: string }): body is { orderType: 'limit' | 'stop' } => body.orderType === 'limit' || body.orderType === 'stop';

export function orderRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  const { deps } = ctx;
  user.query('order/tradingConfig', undefined, ({ auth }) => tradingTerms(deps, auth!.userId));
  user.query('order/getCommissionRate', undefined, () => commissionRate(deps));
  user.command('order/acknowledgeRisk', undefined, ({ auth }) => acknowledgeRisk(deps, auth!.userId));

  // `orderType` limit or stop rests in the order book (docs/trading.md, Orders); market (the default) executes now.
  user.command<UpDownOrder | StockBuyOrder>('order/purchase', { field: 'kind', schemas: { updown: 'screens/updown', stock: 'screens/stockBuy' } }, async ({ auth, body, idempotency, locale }) => {
    if (body.kind !== 'stock') return purchaseContract(ctx, auth!.userId, body, idempotency);
    if (resting(body)) return labelled(deps, locale, await placeOrder(ctx, auth!.userId, 'buy', { ...body, orderType: body.orderType }, idempotency));
    return buyStock(ctx, auth!.userId, body, idempotency);
  }, {
    confirm: { amountField: 'amount', quantityField: 'quantity' },
    idempotent: true,
    prepare: (raw) => (raw.kind === 'updown' ? { ...raw, direction: normalizeDirection(raw.direction) } : raw),
    refusals: {
      amount: () => amountOutOfBounds(deps.config.trading),
      duration: () => new AppError('durationNotOffered'),
      quantity: quantityRefusal,
      limitPrice: priceRefusal('limitPrice'),
      triggerPrice: priceRefusal('triggerPrice'),
    },
  });

  // The ticket's figures (INR price, EUR/INR rate, amount in the account currency) before confirming.
  user.query<OrderQuoteQuery>('order/quote', 'api/orderQuote', ({ body }) => quoteOrder(ctx, body));

  // One schema per form: the sell form's, as for order/purchase.
  user.command<StockSellOrder>('order/sell', 'screens/stockSell', async ({ auth, body, idempotency, locale }) =>
    resting(body) ? labelled(deps, locale, await placeOrder(ctx, auth!.userId, 'sell', { ...body, orderType: body.orderType }, idempotency)) : sellStock(ctx, auth!.userId, body, idempotency), {
    confirm: { quantityField: 'quantity' },
    idempotent: true,
    refusals: { quantity: () => new AppError('quantityInvalid'), limitPrice: priceRefusal('limitPrice'), triggerPrice: priceRefusal('triggerPrice') },
  });

  // The order book: open orders, every order by status, one order with its timeline, modify, cancel.
  user.query<PageRequest>('order/openOrders', 'api/pageRequest', async ({ auth, body, locale }) => {
    const page = await listOrders(ctx, auth!.userId, { ...body, status: 'open' });
    return { ...page, items: page.items.map((o) => labelled(deps, locale, o)) };
  });
  user.query<OrderListQuery>('order/orderList', 'api/orderList', async ({ auth, body, locale }) => {
    const page = await listOrders(ctx, auth!.userId, body);
    return { ...page, items: page.items.map((o) => labelled(deps, locale, o)) };
  });
  user.query<ById>('order/orderDetail', 'api/byId', async ({ auth, body, locale }) => {
    const order = await orderDetail(ctx, auth!.userId, body.id);
    return { ...labelled(deps, locale, order), events: order.events.map((e) => labelledEvent(deps, locale, e)) };
  });
  user.command<OrderModify>('order/modify', 'screens/orderModify', async ({ auth, body, locale }) => labelled(deps, locale, await modifyOrder(ctx, auth!.userId, body)), {
    refusals: { quantity: () => new AppError('quantityInvalid'), limitPrice: () => new AppError('orderPriceInvalid'), triggerPrice: () => new AppError('orderPriceInvalid') },
  });
  user.command<ById>('order/cancel', 'api/byId', async ({ auth, body, locale }) => labelled(deps, locale, await cancelOrder(ctx, auth!.userId, body.id)));

  user.query<ById>('order/contractDetail', 'api/byId', ({ auth, body }) => getContract(ctx, auth!.userId, body.id));

  user.query<OrderDetails>('order/purchaseDetails', 'api/orderDetails', ({ auth, body }) => purchaseDetails(ctx, auth!.userId, body));

  user.query<PageRequest>('order/historicalDetails', 'api/pageRequest', ({ auth, body }) => historicalDetails(ctx, auth!.userId, body));
}
