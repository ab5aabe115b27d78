/**
 * AI-recommended baskets (docs/product.md, Calls): `aiRecommend/page` (the current baskets
 * with method and out-of-sample record), `aiRecommend/quote` (the ticket: shares per stock and
 * the leftover), `aiRecommend/buy` (a basket order; with
 * `Idempotency-Key`), `aiRecommendRecord/page` (my basket orders with value and P/L).
 */
import type { CallRegistry } from '../http/calls.js';
import type { TradingContext } from '../domain/trading/context.js';
import { basketDetail, basketOrders, basketPage, buyBasket, quoteBasket, type Translate } from '../domain/ai/baskets.js';
import type { Locale } from '../../shared/lang.js';
import { AppError } from '../domain/errors.js';
import type { AiBasketBuyForm, ByIdPaged, PageRequest } from '../../shared/generated/index.js';

export function aiRecommendRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const translate = (locale: Locale): Translate => (id, values) => ctx.deps.messages.format(locale, id, values);
  calls.define<PageRequest>({ name: 'aiRecommend/page', effect: 'query', access: 'user', body: 'api/pageRequest', handle: ({ body, locale }) => basketPage(ctx, body, translate(locale)) });
  // One basket with its symbols as `items` (the buy screen).
  calls.define<ByIdPaged>({ name: 'aiRecommend/detail', effect: 'query', access: 'user', body: 'api/byIdPaged', handle: ({ body, locale }) => basketDetail(ctx, body.id, translate(locale)) });
  // The ticket before confirming: shares per stock and the leftover, split like the order.
  calls.define<AiBasketBuyForm>({
    name: 'aiRecommend/quote',
    effect: 'query',
    access: 'user',
    body: 'screens/aiBlockTradingBuy',
    refusals: { amount: () => new AppError('amountInvalid') },
    handle: ({ body }) => quoteBasket(ctx, body),
  });
  // One schema per form: the aiBlockTradingBuy form's; a missing or bad amount keeps code 1203.
  calls.define<AiBasketBuyForm>({
    name: 'aiRecommend/buy',
    effect: 'command',
    confirm: { amountField: 'amount' },
    idempotent: true,
    access: 'user',
    body: 'screens/aiBlockTradingBuy',
    refusals: { amount: () => new AppError('amountInvalid') },
    handle: ({ auth, body, idempotency }) => buyBasket(ctx, auth!.userId, body, idempotency),
  });
  calls.define<PageRequest>({ name: 'aiRecommendRecord/page', effect: 'query', access: 'user', body: 'api/pageRequest', handle: ({ auth, body, locale }) => basketOrders(ctx, auth!.userId, body, translate(locale)) });
}
