/**
 * AI-recommended baskets (docs/product.md, Calls): `aiRecommend/page` (the current baskets
 * with method and out-of-sample record), `aiRecommend/quote` (the ticket: shares per stock and
 * the leftover), `aiRecommend/buy` (a basket order; with
 * `Idempotency-Key`), `aiRecommendRecord/page` (my basket orders with value and P/L).
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { TradingContext } from '../domain/trading/context.js';
import { basketDetail, basketOrders, basketPage, buyBasket, quoteBasket, type Translate } from '../domain/ai/baskets.js';
import type { Locale } from '../../shared/lang.js';
import { AppError } from '../domain/errors.js';
import type { AiBasketBuyForm, ByIdPaged, PageRequest } from '../../shared/generated/index.js';

export function aiRecommendRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  const translate = (locale: Locale): Translate => (id, values) => ctx.deps.messages.format(locale, id, values);
  user.query<PageRequest>('aiRecommend/page', 'api/pageRequest', ({ body, locale }) => basketPage(ctx, body, translate(locale)));
  // One basket with its symbols as `items` (the buy screen).
  user.query<ByIdPaged>('aiRecommend/detail', 'api/byIdPaged', ({ body, locale }) => basketDetail(ctx, body.id, translate(locale)));
  // The ticket before confirming: shares per stock and the leftover, split like the order.
  user.query<AiBasketBuyForm>('aiRecommend/quote', 'screens/aiBlockTradingBuy', ({ body }) => quoteBasket(ctx, body), {
    refusals: { amount: () => new AppError('amountInvalid') },
  });
  // One schema per form: the aiBlockTradingBuy form's; a missing or bad amount keeps code 1203.
  user.command<AiBasketBuyForm>('aiRecommend/buy', 'screens/aiBlockTradingBuy', ({ auth, body, idempotency }) => buyBasket(ctx, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount' },
    idempotent: true,
    refusals: { amount: () => new AppError('amountInvalid') },
  });
  user.query<PageRequest>('aiRecommendRecord/page', 'api/pageRequest', ({ auth, body, locale }) => basketOrders(ctx, auth!.userId, body, translate(locale)));
}
