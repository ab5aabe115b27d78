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
import { amountRefusal } from './refusals.js';
import type { AiBasketBuyForm, ByIdPaged, PageRequest } from '../../shared/generated/index.js';

export function aiRecommendRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  const translate = (locale: Locale): Translate => (id, values) => ctx.deps.messages.format(locale, id, values);
  // A basket's least amount: its own or the published order form's minimum, whichever is higher.
  const least = <T extends { minAmount: number }>(view: T): T => ({ ...view, minAmount: Math.max(view.minAmount, calls.servedBound('aiBlockTradingBuy', 'amount', 'minimum') ?? 0) });
  user.query<PageRequest>('aiRecommend/page', 'api/pageRequest', async ({ body, locale }) => {
    const page = await basketPage(ctx, body, translate(locale));
    return { ...page, items: page.items.map(least) };
  });
  // One basket with its symbols as `items` (the buy screen).
  user.query<ByIdPaged>('aiRecommend/detail', 'api/byIdPaged', async ({ body, locale }) => least(await basketDetail(ctx, body.id, translate(locale))));
  // The ticket before confirming: shares per stock and the leftover, split like the order.
  user.query<AiBasketBuyForm>('aiRecommend/quote', 'screens/aiBlockTradingBuy', ({ body }) => quoteBasket(ctx, body), {
    refusals: { amount: amountRefusal },
  });
  // One schema per form: the aiBlockTradingBuy form's; a missing or bad amount keeps code 1203.
  user.command<AiBasketBuyForm>('aiRecommend/buy', 'screens/aiBlockTradingBuy', ({ auth, body, idempotency }) => buyBasket(ctx, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount' },
    idempotent: true,
    refusals: { amount: amountRefusal },
  });
  user.query<PageRequest>('aiRecommendRecord/page', 'api/pageRequest', ({ auth, body, locale }) => basketOrders(ctx, auth!.userId, body, translate(locale)));
}
