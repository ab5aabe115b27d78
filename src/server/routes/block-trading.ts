/**
 * Block trading (docs/product.md, Calls): investor calls `blockTrading/list`,
 * `blockTrading/quote` (the ticket), `blockTrading/purchase` (with `Idempotency-Key`), `blockTrading/recordList`; the operator desk
 * `admin/blockTrading/save`, `…/list`, `…/close` (audited). Money in currency units, times epoch ms.
 */
import { AppError } from '../domain/errors.js';
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { TradingContext } from '../domain/trading/context.js';
import { readyFeed } from '../domain/trading/context.js';
import { closeBlockOffer, listBlockOffers, saveBlockOffer } from '../domain/offerings/block-admin.js';
import { listOffers, myBlockPurchases, offerDetail, purchaseBlock, quoteBlock } from '../domain/offerings/block.js';
import { pageSlice } from '../../shared/page.js';
import type { BlockOfferForm, BlockTradingBuyForm, ById, PageRequest } from '../../shared/generated/index.js';

export function blockTradingRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  // Lists show the live market price: catch the feed up first (a closed market still has its last price).
  const fresh = async () => {
    await readyFeed(ctx.market).catch(() => undefined);
  };
  user.query<PageRequest>('blockTrading/list', 'api/pageRequest', async ({ body }) => (await fresh(), pageSlice((await listOffers(ctx)).items, body)));
  // One offer (the purchase screen's header); any status.
  user.query<ById>('blockTrading/detail', 'api/byId', async ({ body }) => (await fresh(), offerDetail(ctx, body.id)));
  // The ticket before confirming: the purchase form's body, priced like the purchase.
  user.query<BlockTradingBuyForm>('blockTrading/quote', 'screens/blockTradingBuy', async ({ body }) => (await fresh(), quoteBlock(ctx, body)));
  // One schema per form: the purchase form's.
  user.command<BlockTradingBuyForm>('blockTrading/purchase', 'screens/blockTradingBuy', ({ auth, body, idempotency }) => purchaseBlock(ctx, auth!.userId, body, idempotency), {
    confirm: { quantityField: 'quantity' },
    idempotent: true,
    refusals: { quantity: () => new AppError('quantityInvalid') },
  });
  user.query<PageRequest>('blockTrading/recordList', 'api/pageRequest', async ({ auth, body }) => (await fresh(), pageSlice((await myBlockPurchases(ctx, auth!.userId)).items, body)));

  // One schema per form: the offer form's; a field failing it keeps the domain's specific code.
  operator.command<BlockOfferForm>('admin/blockTrading/save', 'screens/blockTradingController', ({ auth, body }) => saveBlockOffer(ctx, auth!.userId, body), {
    refusals: {
      price: () => new AppError('amountInvalid'),
      quantity: () => new AppError('offerQuantityInvalid'),
      minQuantity: () => new AppError('offerQuantityInvalid'),
      opensAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.opensAt ?? '').slice(0, 40) }),
      closesAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.closesAt ?? '').slice(0, 40) }),
    },
  });
  operator.query<PageRequest>('admin/blockTrading/list', 'api/pageRequest', async ({ body }) => (await fresh(), pageSlice((await listBlockOffers(ctx)).items, body)));
  operator.command<ById>('admin/blockTrading/close', 'api/byId', ({ auth, body }) => closeBlockOffer(ctx, auth!.userId, body.id));
}
