/**
 * Storage of one feed's bars: 1-minute and daily bars in `market_bars_1m` and
 * `market_bars_1d`, keyed by the provider id so each feed keeps its own series. Prices are
 * integer minor units, times epoch ms (market time), days India dates. Used by the feed only.
 */
import type { Db } from '../db/index.js';
import { type MarketBars1dTable } from '../db/market-tables.js';
import { addDays } from './calendar.js';
import { indiaDay } from '../../shared/india-time.js';
import type { Bar, DailyBar } from './types.js';

/** A daily bar as stored, with its symbol and origin. */
export type StoredDailyBar = DailyBar & { symbol: string; origin: MarketBars1dTable['origin'] };

const toBar = (row: { start_at: number; open: number; high: number; low: number; close: number; volume: number }): Bar => ({
  time: Number(row.start_at),
  open: Number(row.open),
  high: Number(row.high),
  low: Number(row.low),
  close: Number(row.close),
  volume: Number(row.volume),
});

const toDaily = (row: { day: string; open: number; high: number; low: number; close: number; volume: number }): DailyBar => ({
  day: row.day,
  open: Number(row.open),
  high: Number(row.high),
  low: Number(row.low),
  close: Number(row.close),
  volume: Number(row.volume),
});

export class BarStore {
  private readonly db: Db;

  constructor(db: Db, readonly feedId: string) {
    this.db = db;
  }

  /** Last stored price per symbol: the newest 1-minute close, else the newest daily close. */
  async lastPrices(): Promise<Map<string, number>> {
    const prices = new Map<string, number>();
    const daily = await this.db
      .selectFrom('market_bars_1d as b')
      .innerJoin(
        (eb) => eb.selectFrom('market_bars_1d').select(['symbol', (x) => x.fn.max('day').as('day')]).where('feed', '=', this.feedId).groupBy('symbol').as('m'),
        (join) => join.onRef('m.symbol', '=', 'b.symbol').onRef('m.day', '=', 'b.day'),
      )
      .select(['b.symbol', 'b.day', 'b.close'])
      .where('b.feed', '=', this.feedId)
      .execute();
    for (const row of daily) prices.set(row.symbol, Number(row.close));
    const minute = await this.db
      .selectFrom('market_bars_1m as b')
      .innerJoin(
        (eb) => eb.selectFrom('market_bars_1m').select(['symbol', (x) => x.fn.max('start_at').as('start_at')]).where('feed', '=', this.feedId).groupBy('symbol').as('m'),
        (join) => join.onRef('m.symbol', '=', 'b.symbol').onRef('m.start_at', '=', 'b.start_at'),
      )
      .select(['b.symbol', 'b.start_at', 'b.close'])
      .where('b.feed', '=', this.feedId)
      .execute();
    const dayOf = new Map(daily.map((row) => [row.symbol, row.day]));
    for (const row of minute) {
      const day = dayOf.get(row.symbol);
      if (!day || indiaDay(Number(row.start_at)) >= day) prices.set(row.symbol, Number(row.close));
    }
    return prices;
  }

  /** The newest day of generated (simulated backfill) history, or null. */
  async lastGeneratedDay(): Promise<string | null> {
    const row = await this.db.selectFrom('market_bars_1d').select((eb) => eb.fn.max('day').as('day')).where('feed', '=', this.feedId).where('origin', '=', 'generated').executeTakeFirst();
    return row?.day ?? null;
  }

  /** Whether the feed stored a live daily bar before `day`. */
  async hasLiveBefore(day: string): Promise<boolean> {
    const row = await this.db.selectFrom('market_bars_1d').select('day').where('feed', '=', this.feedId).where('origin', '=', 'live').where('day', '<', day).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Start of the earliest stored 1-minute bar at or after `fromMs`, or null. */
  async firstMinuteFrom(fromMs: number): Promise<number | null> {
    const row = await this.db.selectFrom('market_bars_1m').select((eb) => eb.fn.min('start_at').as('start_at')).where('feed', '=', this.feedId).where('start_at', '>=', fromMs).executeTakeFirst();
    return row?.start_at != null ? Number(row.start_at) : null;
  }

  /** Symbols with at least one daily bar before `day`. */
  async symbolsWithHistoryBefore(day: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('market_bars_1d').select('symbol').where('feed', '=', this.feedId).where('day', '<', day).groupBy('symbol').execute();
    return new Set(rows.map((r) => r.symbol));
  }

  /** Inserts daily bars, keeping any already stored for the same day. */
  async insertDaily(bars: StoredDailyBar[]): Promise<void> {
    if (!bars.length) return;
    const rows = bars.map((bar) => ({ feed: this.feedId, ...bar }));
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await tx.insertInto('market_bars_1d').values(rows.slice(i, i + 500)).onConflict((oc) => oc.columns(['feed', 'symbol', 'day']).doNothing()).execute();
      }
    });
  }

  /** Every symbol's daily bars in [fromDay, toDay], oldest first. */
  async dailyBetween(fromDay: string, toDay: string): Promise<StoredDailyBar[]> {
    const rows = await this.db.selectFrom('market_bars_1d').selectAll().where('feed', '=', this.feedId).where('day', '>=', fromDay).where('day', '<=', toDay).orderBy('day', 'asc').execute();
    return rows.map((row) => ({ ...toDaily(row), symbol: row.symbol, origin: row.origin }));
  }

  /** Highest high and lowest low per symbol over the year before `day` (the day excluded). */
  async yearExtremes(day: string): Promise<Map<string, { high: number; low: number }>> {
    const rows = await this.db
      .selectFrom('market_bars_1d')
      .select(['symbol', (eb) => eb.fn.max('high').as('high'), (eb) => eb.fn.min('low').as('low')])
      .where('feed', '=', this.feedId)
      .where('day', '>=', addDays(day, -365))
      .where('day', '<', day)
      .groupBy('symbol')
      .execute();
    return new Map(rows.map((row) => [row.symbol, { high: Number(row.high), low: Number(row.low) }]));
  }

  /** A symbol's stored 1-minute bars in [fromMs, toMs), oldest first. */
  async minuteBars(symbol: string, fromMs: number, toMs: number): Promise<Bar[]> {
    const rows = await this.db
      .selectFrom('market_bars_1m')
      .select(['start_at', 'open', 'high', 'low', 'close', 'volume'])
      .where('feed', '=', this.feedId)
      .where('symbol', '=', symbol)
      .where('start_at', '>=', fromMs)
      .where('start_at', '<', toMs)
      .orderBy('start_at', 'asc')
      .execute();
    return rows.map(toBar);
  }

  /** A symbol's stored daily bars in [fromDay, beforeDay), oldest first. */
  async dailyBars(symbol: string, fromDay: string, beforeDay: string): Promise<DailyBar[]> {
    const rows = await this.db
      .selectFrom('market_bars_1d')
      .select(['day', 'open', 'high', 'low', 'close', 'volume'])
      .where('feed', '=', this.feedId)
      .where('symbol', '=', symbol)
      .where('day', '>=', fromDay)
      .where('day', '<', beforeDay)
      .orderBy('day', 'asc')
      .execute();
    return rows.map(toDaily);
  }

  /**
   * Stores closed minutes and live days (upserts: the newest state wins) and, when asked,
   * deletes 1-minute bars before `pruneBefore` — one transaction.
   */
  async write(minutes: Array<{ symbol: string; bar: Bar }>, days: Array<{ symbol: string; bar: DailyBar }>, pruneBefore: number | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < minutes.length; i += 400) {
        await tx
          .insertInto('market_bars_1m')
          .values(minutes.slice(i, i + 400).map(({ symbol, bar }) => ({ feed: this.feedId, symbol, start_at: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume })))
          .onConflict((oc) => oc.columns(['feed', 'symbol', 'start_at']).doUpdateSet((eb) => ({ high: eb.ref('excluded.high'), low: eb.ref('excluded.low'), close: eb.ref('excluded.close'), volume: eb.ref('excluded.volume') })))
          .execute();
      }
      // One row per (symbol, day): the newest state wins.
      const latest = new Map<string, { symbol: string; bar: DailyBar }>();
      for (const entry of days) latest.set(`${entry.symbol}|${entry.bar.day}`, entry);
      const rows = [...latest.values()].map(({ symbol, bar }) => ({ feed: this.feedId, symbol, origin: 'live' as const, ...bar }));
      for (let i = 0; i < rows.length; i += 400) {
        await tx
          .insertInto('market_bars_1d')
          .values(rows.slice(i, i + 400))
          .onConflict((oc) =>
            oc.columns(['feed', 'symbol', 'day']).doUpdateSet((eb) => ({
              open: eb.ref('excluded.open'), high: eb.ref('excluded.high'), low: eb.ref('excluded.low'), close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'), origin: eb.ref('excluded.origin'),
            })),
          )
          .execute();
      }
      if (pruneBefore !== null) await tx.deleteFrom('market_bars_1m').where('feed', '=', this.feedId).where('start_at', '<', pruneBefore).execute();
    });
  }
}
