/**
 * Recorded price ticks: the settle price of a contract is the feed price
 * in effect at its expiry instant = the last tick recorded at or before it. The recorder
 * listens to every provider step of the feed (one per wall-clock second, also while a
 * ManualClock read catches up) and stores the ticks of watched symbols — those with open
 * contracts, in this process or (refreshed from the database by the settler) in any other —
 * into `price_ticks (symbol, at, price_minor)`; `at` is the wall-clock second (epoch ms).
 * The buy tick of each contract is written by the purchase itself. Inserts ignore an
 * existing (symbol, at): several processes may record the same second, the first one stays.
 */
import { runCompiled, slot } from '../../db/compiled-queries.js';
import type { Db } from '../../db/index.js';
import { OPEN_STATUS } from '../../db/open-status.js';
import type { MarketFeed } from '../../market/feed.js';

/** One recorded price: minor units at a wall-clock instant (epoch ms). */
export interface PriceTick {
  symbol: string;
  at: number;
  priceMinor: number;
}

const CHUNK = 500;

/**
 * Stores ticks, ignoring ones already recorded.
 * @param db the database or a transaction.
 */
export async function insertTicks(db: Db, ticks: readonly PriceTick[]): Promise<void> {
  const t = db;
  if (ticks.length === 1) {
    // One tick (a recorder's batch of one symbol): one compiled shape, not a query built per call.
    const [tick] = ticks as [PriceTick];
    await runCompiled(db, 'price_ticks:insert:1', { symbol: tick.symbol, at: tick.at, price: tick.priceMinor }, (d) =>
      d.insertInto('price_ticks').values({ symbol: slot<string>('symbol'), at: slot<number>('at'), price_minor: slot<number>('price') }).onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()),
    );
    return;
  }
  for (let i = 0; i < ticks.length; i += CHUNK) {
    const rows = ticks.slice(i, i + CHUNK).map((tick) => ({ symbol: tick.symbol, at: tick.at, price_minor: tick.priceMinor }));
    await t.insertInto('price_ticks').values(rows).onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()).execute();
  }
}

/**
 * The last recorded tick of a symbol at or before an instant, or null.
 * @param db the database or a transaction.
 */
export async function lastTickAtOrBefore(db: Db, symbol: string, at: number): Promise<PriceTick | null> {
  const row = await db
    .selectFrom('price_ticks')
    .select(['at', 'price_minor'])
    .where('symbol', '=', symbol)
    .where('at', '<=', at)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { symbol, at: Number(row.at), priceMinor: Number(row.price_minor) } : null;
}

/** Records the feed's ticks of watched symbols; see the module comment. */
export class TickRecorder {
  private readonly watched = new Map<string, number>();
  private queue: PriceTick[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    feed: MarketFeed,
    private readonly log?: { error(obj: unknown, msg?: string): void },
  ) {
    this.unsubscribe = feed.subscribeTicks((second, ticks) => {
      if (!this.watched.size) return;
      for (const tick of ticks) if (this.watched.has(tick.symbol)) this.queue.push({ symbol: tick.symbol, at: second, priceMinor: tick.price });
      if (this.queue.length && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush().catch(() => undefined));
      }
    });
  }

  /** Starts recording a symbol (after a purchase commits). */
  watch(symbol: string): void {
    this.watched.set(symbol, ++this.generation);
  }

  /** Symbols being recorded. */
  get symbols(): string[] {
    return [...this.watched.keys()];
  }

  /**
   * Watches exactly the symbols with open contracts in the database (any process's), keeping
   * symbols watched since the refresh began.
   */
  async refresh(): Promise<void> {
    const started = this.generation;
    const rows = await this.db.selectFrom('contracts').select('symbol').distinct().where('status', '=', OPEN_STATUS).execute();
    const open = new Set(rows.map((r) => r.symbol));
    for (const [symbol, generation] of this.watched) if (!open.has(symbol) && generation <= started) this.watched.delete(symbol);
    for (const symbol of open) if (!this.watched.has(symbol)) this.watched.set(symbol, started);
  }

  /** Resolves when every tick queued so far is stored. Errors are logged, not thrown. */
  flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length) {
      this.writing = this.writing.then(() =>
        insertTicks(this.db, batch).catch((error: unknown) => this.log?.error({ err: error }, 'recording price ticks failed')),
      );
    }
    return this.writing;
  }

  /**
   * Deletes ticks older than `before` that no open contract can still need (older than the
   * oldest open contract's buy time).
   */
  async prune(before: number): Promise<void> {
    const t = this.db;
    const oldest = await t.selectFrom('contracts').select((eb) => eb.fn.min('bought_at').as('at')).where('status', '=', OPEN_STATUS).executeTakeFirst();
    const limit = oldest?.at === null || oldest?.at === undefined ? before : Math.min(before, Number(oldest.at));
    await t.deleteFrom('price_ticks').where('at', '<', limit).execute();
  }

  /** Stops listening and stores what is queued. */
  async stop(): Promise<void> {
    this.unsubscribe();
    await this.flush();
  }
}
