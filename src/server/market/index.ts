/**
 * Assembles the market-data side of the server: instrument master, NSE calendar,
 * the configured provider, the feed and the SSE hub, wired so every feed batch reaches the
 * hub. `start()` runs the once-per-second ticker; without it, reads catch up to the clock
 * (tests with a ManualClock). `stop()` ends streams, stops ticking and stores pending bars.
 */
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { SessionCalendar } from './calendar.js';
import type { MarketConfig } from './config.js';
import { MarketFeed, type QuoteState } from './feed.js';
import { QuoteHub } from './hub.js';
import { fxInstrument, loadInstruments, masterHolidays, type Instrument } from './instruments.js';
import { FX_SYMBOL } from '../../shared/currency.js';
import { ReplayProvider } from './providers/replay.js';
import { SimulatedProvider } from './providers/simulated.js';
import { loadVendorProvider } from './providers/vendor.js';
import type { MarketDataProvider } from './types.js';
import { inProcessTransport, type QuoteTransport } from '../cluster/quote-transport.js';

/** The market side of one server process. */
export interface Market {
  feed: MarketFeed;
  hub: QuoteHub;
  calendar: SessionCalendar;
  /**
   * The listed instruments (indices, equities, listed IPOs) in master order; the feed also
   * prices the EUR/INR rate, which is never listed.
   */
  readonly instruments: readonly Instrument[];
  /**
   * Lists an instrument that joins after start (an IPO at its listing): added to the
   * feed and to {@link instruments}. A no-op when already listed.
   */
  list(instrument: Instrument): Promise<void>;
  /** Waits for the feed's stored state and history, then catches up to the clock. */
  ready(): Promise<MarketFeed>;
  /** Wall time (epoch ms, the injected clock) the hub last received a batch; null before the first. */
  lastBatchAt(): number | null;
  /** Starts the once-per-second ticker. */
  start(): void;
  /** Ends SSE streams, stops the ticker, stores pending bars. */
  stop(): Promise<void>;
}

/** What `createMarket` needs besides the configuration. */
export interface MarketContext {
  db: Db;
  clock: Clock;
  /** Serializes a quote for SSE (the API's quote view as JSON). */
  serialize: (instrument: Instrument, quote: QuoteState) => string;
  log?: { error(obj: unknown, msg?: string): void };
  /**
   * How batches reach the hub — in-process (default) or Redis pub/sub, where only
   * the leader's feed publishes and every process's hub (and follower feed) consumes.
   */
  transport?: QuoteTransport;
}

/**
 * Creates the provider named by the configuration.
 * @throws Error for an unknown provider name.
 */
function createProvider(config: MarketConfig, instruments: readonly Instrument[], calendar: SessionCalendar): MarketDataProvider {
  if (config.provider === 'simulated') {
    return new SimulatedProvider(instruments, { seed: config.seed, calendar, followsCalendar: config.hours === 'session' });
  }
  if (config.provider === 'replay') {
    return new ReplayProvider(instruments, {
      dir: config.replay.dir,
      speed: config.replay.speed,
      startDay: config.replay.startDay ?? undefined,
      anchorMs: config.replay.anchorMs,
    });
  }
  if (config.provider.startsWith('module:')) {
    // The vendor adapter loads on init; until then this stand-in defers to it.
    const modulePath = config.provider.slice('module:'.length);
    let loaded: MarketDataProvider | null = null;
    const proxy: MarketDataProvider = {
      info: { id: 'vendor', real: true, followsCalendar: true },
      async init(lastPrices, wallMs) {
        loaded = await loadVendorProvider(modulePath, { instruments, options: config.vendorOptions });
        Object.assign(proxy.info, loaded.info);
        await loaded.init(lastPrices, wallMs);
      },
      marketTime: (wallMs) => loaded?.marketTime(wallMs) ?? wallMs,
      tick: (second) => loaded?.tick(second) ?? [],
      history: (symbol, beforeDay, count, anchor) => loaded?.history(symbol, beforeDay, count, anchor) ?? [],
      close: async () => loaded?.close?.(),
    };
    return proxy;
  }
  throw new Error(`unknown MARKET_PROVIDER '${config.provider}' (simulated, replay or module:/path)`);
}

/** Builds the market side; nothing runs until `ready()` or `start()`. */
export function createMarket(config: MarketConfig, context: MarketContext): Market {
  const instruments = loadInstruments();
  const priced = [...instruments, fxInstrument(FX_SYMBOL, config.fxReferenceMinor)];
  const calendar = new SessionCalendar([...masterHolidays(), ...config.holidays]);
  const provider = createProvider(config, priced, calendar);
  const feed = new MarketFeed(context.db, context.clock, provider, calendar, priced, { log: context.log });
  const hub = new QuoteHub(
    feed.bootId,
    (quote) => context.serialize(feed.instrument(quote.symbol)!, quote),
    (symbols) => symbols.map((s) => feed.quote(s)).filter((q): q is QuoteState => q !== undefined),
    () => {
      const status = feed.isReady ? feed.status() : null;
      return JSON.stringify({ time: context.clock.now(), open: status?.open ?? null });
    },
  );
  const transport = context.transport ?? inProcessTransport();
  let lastBatchAt: number | null = null;
  feed.subscribe((batch) => transport.publish({ ...batch, boot: feed.bootId }));
  transport.subscribe((batch) => {
    lastBatchAt = context.clock.now();
    feed.adopt(batch);
    hub.rebase(batch.boot);
    hub.publish(batch);
  });
  return {
    feed,
    hub,
    calendar,
    instruments,
    async list(instrument) {
      if (instruments.some((i) => i.symbol === instrument.symbol)) return;
      await feed.addInstrument(instrument);
      if (!instruments.some((i) => i.symbol === instrument.symbol)) instruments.push(instrument);
    },
    async ready() {
      await feed.ready();
      feed.sync();
      return feed;
    },
    lastBatchAt: () => lastBatchAt,
    start: () => feed.start(),
    async stop() {
      hub.closeAll();
      await feed.stop();
      await transport.close();
    },
  };
}
