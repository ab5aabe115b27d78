/**
 * Block trading (docs/product.md, Calls): investor calls `blockTrading/list`,
 * `blockTrading/quote` (the ticket), `blockTrading/purchase` (with `Idempotency-Key`), `blockTrading/recordList`; the operator desk
 * `admin/blockTrading/save`, `…/list`, `…/close` (audited). Money in currency units, times epoch ms.
 */
import { AppError } from '../domain/errors.js';
import type { CallRegistry } from '../http/calls.js';
import type { TradingContext } from '../domain/trading/context.js';
import { readyFeed } from '../domain/trading/context.js';
import { closeBlockOffer, listBlockOffers, saveBlockOffer } from '../domain/offerings/block-admin.js';
import { listOffers, myBlockPurchases, offerDetail, purchaseBlock, quoteBlock } from '../domain/offerings/block.js';
import { pageSlice } from '../../shared/page.js';
import type { BlockOfferForm, BlockTradingBuyForm, ById, PageRequest } from '../../shared/generated/index.js';

export function blockTradingRoutes(calls: CallRegistry, ctx: TradingContext): void {
  // Lists show the live market price: catch the feed up first (a closed market still has its last price).
  const fresh = async () => {
    await readyFeed(ctx.market).catch(() => undefined);
  };
  calls.define<PageRequest>({ name: 'blockTrading/list', effect: 'query', access: 'user', body: 'api/pageRequest', handle: async ({ body }) => (await fresh(), pageSlice((await listOffers(ctx)).items, body)) });
  // One offer (the purchase screen's header); any status.
  calls.define<ById>({ name: 'blockTrading/detail', effect: 'query', access: 'user', body: 'api/byId', handle: async ({ body }) => (await fresh(), offerDetail(ctx, body.id)) });
  // The ticket before confirming: the purchase form's body, priced like the purchase.
  calls.define<BlockTradingBuyForm>({ name: 'blockTrading/quote', effect: 'query', access: 'user', body: 'screens/blockTradingBuy', handle: async ({ body }) => (await fresh(), quoteBlock(ctx, body)) });
  // One schema per form: the purchase form's.
  calls.define<BlockTradingBuyForm>({
    name: 'blockTrading/purchase',
    effect: 'command',
    confirm: { quantityField: 'quantity' },
    idempotent: true,
    access: 'user',
    body: 'screens/blockTradingBuy',
    refusals: { quantity: () => new AppError('quantityInvalid') },
    handle: ({ auth, body, idempotency }) => purchaseBlock(ctx, auth!.userId, body, idempotency),
  });
  calls.define<PageRequest>({ name: 'blockTrading/recordList', effect: 'query', access: 'user', body: 'api/pageRequest', handle: async ({ auth, body }) => (await fresh(), pageSlice((await myBlockPurchases(ctx, auth!.userId)).items, body)) });

  // One schema per form: the offer form's; a field failing it keeps the domain's specific code.
  calls.define<BlockOfferForm>({
    name: 'admin/blockTrading/save',
    effect: 'command',
    access: 'operator',
    body: 'screens/blockTradingController',
    refusals: {
      price: () => new AppError('amountInvalid'),
      quantity: () => new AppError('offerQuantityInvalid'),
      minQuantity: () => new AppError('offerQuantityInvalid'),
      opensAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.opensAt ?? '').slice(0, 40) }),
      closesAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.closesAt ?? '').slice(0, 40) }),
    },
    handle: ({ auth, body }) => saveBlockOffer(ctx, auth!.userId, body),
  });
  calls.define<PageRequest>({ name: 'admin/blockTrading/list', effect: 'query', access: 'operator', body: 'api/pageRequest', handle: async ({ body }) => (await fresh(), pageSlice((await listBlockOffers(ctx)).items, body)) });
  calls.define<ById>({ name: 'admin/blockTrading/close', effect: 'command', access: 'operator', body: 'api/byId', handle: ({ auth, body }) => closeBlockOffer(ctx, auth!.userId, body.id) });
}
