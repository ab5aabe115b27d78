/**
 * Up/down contracts (docs/product.md, Up/down trading): `order/purchase` with `kind: "updown"`
 * and `order/contractDetail`. A purchase takes the buy price from the feed, holds the stake
 * (one journal entry `available → held`), stores the contract and its buy tick in the same
 * transaction, and starts recording the symbol's ticks. Settlement: `settle.ts`.
 */
import { fromMinor, toMinor } from '../../../shared/money.js';
import type { Direction } from '../../../shared/trade.js';
import type { UpDownOrder } from '../../../shared/generated/index.js';
import type { TradingConfig } from '../../trading-config.js';
import type { Db } from '../../db/index.js';
import { type ContractsTable } from '../../db/trading-tables.js';
import { AppError } from '../errors.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, placeHoldForNewRecord } from '../ledger/index.js';
import { livePrice, nameOf, type TradingContext } from './context.js';
import { hasAcknowledgedRisk } from './terms.js';

/**
 * Body of `order/purchase` for a contract, as `schemas/screens/updown.schema.json` (the up/down
 * form's schema) has validated it: direction 1 = up, 2 = down; amount in whole currency units;
 * duration in seconds. What depends on configuration (offered durations, amount bounds) is
 * checked here.
 */
export type ContractPurchaseInput = UpDownOrder;

/** The refusal of an amount outside the configured bounds (code 1403, naming them). */
export function amountOutOfBounds(terms: Pick<TradingConfig, 'amountMin' | 'amountMax'>): AppError {
  return new AppError('amountOutOfBounds', { min: terms.amountMin, max: terms.amountMax });
}

/** Answer of a contract purchase. Prices and amounts in currency units, times epoch ms. */
export interface ContractReceipt {
  id: string;
  symbol: string;
  name: string;
  direction: Direction;
  amount: number;
  buyPrice: number;
  /** Profit ratio, e.g. 0.85. */
  rate: number;
  duration: number;
  boughtAt: number;
  expiresAt: number;
}

/** A contract as its owner sees it (`order/contractDetail`). */
export interface ContractView extends ContractReceipt {
  status: ContractsTable['status'];
  settlePrice: number | null;
  /** Signed: +round(amount × rate) on a win, −amount on a loss, 0 when void; null while open. */
  profit: number | null;
  settledAt: number | null;
}

/** The API view of a contract row. */
export function contractView(ctx: TradingContext, row: ContractsTable): ContractView {
  return {
    id: row.id,
    symbol: row.symbol,
    name: nameOf(ctx.market, row.symbol),
    direction: Number(row.direction) === 1 ? 1 : 2,
    amount: fromMinor(Number(row.amount_minor)),
    buyPrice: fromMinor(Number(row.buy_price_minor)),
    rate: Number(row.rate_bp) / 10_000,
    duration: Number(row.duration_s),
    boughtAt: Number(row.bought_at),
    expiresAt: Number(row.expires_at),
    status: row.status,
    settlePrice: row.settle_price_minor === null ? null : fromMinor(Number(row.settle_price_minor)),
    profit: row.profit_minor === null ? null : fromMinor(Number(row.profit_minor)),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}

/**
 * Buys an up/down contract.
 * @throws AppError `updownDisabled`, `unknownSymbol`, `durationNotOffered`, `amountOutOfBounds`
 *   (outside the configured bounds), `riskNotAcknowledged`, `marketClosed`
 *   (feed follows the calendar and the market is closed), `marketUnavailable`,
 *   `insufficientBalance`, `idempotencyMismatch`.
 */
export async function purchaseContract(ctx: TradingContext, userId: string, input: ContractPurchaseInput, idempotency: IdempotencyRequest | null): Promise<ContractReceipt> {
  const { deps, market } = ctx;
  const terms = deps.config.trading;
  const receipt = await runIdempotent(
    deps,
    userId,
    idempotency,
    async () => {
      if (!terms.updownEnabled) throw new AppError('updownDisabled');
      const { instrument, priceMinor } = await livePrice(market, input.symbol);
      const option = terms.durations.find((d) => d.seconds === input.duration);
      if (!option) throw new AppError('durationNotOffered');
      const amount = input.amount;
      if (amount < terms.amountMin || amount > terms.amountMax) throw amountOutOfBounds(terms);
      if (!(await hasAcknowledgedRisk(deps.db, userId))) throw new AppError('riskNotAcknowledged');
      return { instrument, priceMinor, option, amountMinor: toMinor(amount), direction: input.direction, now: deps.clock.now() };
    },
    async (trx, { instrument, priceMinor, option, amountMinor, direction, now }) => {
      let row: ContractsTable | undefined;
      // The hold, the contract and its buy tick are written with the hold's entry (on
      // PostgreSQL one statement); the tick is kept when another purchase recorded that instant.
      await placeHoldForNewRecord(trx, now, { userId, amountMinor, kind: 'contract', entryKind: ENTRY_KINDS.contractPlaced, postingKind: 'contract_stake' }, ({ id, holdId }) => {
        row = {
          id,
          user_id: userId,
          symbol: instrument.symbol,
          direction,
          amount_minor: amountMinor,
          buy_price_minor: priceMinor,
          rate_bp: option.rateBasisPoints,
          duration_s: option.seconds,
          bought_at: now,
          expires_at: now + option.seconds * 1000,
          status: 'open',
          hold_id: holdId,
          settle_price_minor: null,
          settle_tick_at: null,
          profit_minor: null,
          settle_entry_id: null,
          settled_at: null,
        };
        return [
          { table: 'contracts', row },
          { table: 'price_ticks', row: { symbol: instrument.symbol, at: now, price_minor: priceMinor }, ignoreConflict: true },
        ];
      });
      const { status: _s, settlePrice: _p, profit: _r, settledAt: _a, ...view } = contractView(ctx, row!);
      return view;
    },
    // On PostgreSQL the hold's entry, the hold, the contract and the tick are one statement.
    { singleStatement: true },
  );
  ctx.recorder.watch(receipt.symbol);
  return receipt;
}

/** A contract row of its owner, or undefined. */
export async function contractRow(db: Db, userId: string, id: string): Promise<ContractsTable | undefined> {
  return db.selectFrom('contracts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * `order/contractDetail`: one of the caller's contracts.
 * @throws AppError `contractNotFound` — also for another user's contract.
 */
export async function getContract(ctx: TradingContext, userId: string, id: string): Promise<ContractView> {
  const row = await contractRow(ctx.deps.db, userId, id);
  if (!row) throw new AppError('contractNotFound');
  return contractView(ctx, row);
}
