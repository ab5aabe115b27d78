/**
 * Builds the Fastify server: database, mail, messages, schema store, `/api` calls, demo
 * mailbox and the built client with an SPA fallback. `main.ts` listens; tests use `inject`
 * or listen on a random port.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { LOCALES } from '../shared/lang.js';
import { ManualClock, systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDb, type Db } from './db/index.js';
import type { Deps } from './domain/deps.js';
import { AppError } from './domain/errors.js';
import { loadMessages } from './i18n.js';
import { createMailer } from './mail/mailer.js';
import { createStorage } from './storage/index.js';
import { loadIdentityKey } from './domain/identity/cipher.js';
import { CallRegistry } from './http/calls.js';
import { apiNotFound, installEnvelope } from './http/envelope.js';
import { SchemaStore } from './screens/store.js';
import { formatProblems } from './screens/lint.js';
import { userRoutes } from './routes/user.js';
import { bankRoutes } from './routes/bank.js';
import { purseRoutes } from './routes/purse.js';
import { moneyRoutes } from './routes/money.js';
import { uiRoutes } from './routes/ui.js';
import { devRoutes } from './routes/dev.js';
import { ossRoutes } from './routes/oss.js';
import { identityRoutes } from './routes/identity.js';
import { createMarket, type Market } from './market/index.js';
import { quoteView } from './domain/markets.js';
import { marketRoutes } from './routes/markets.js';
import { collectRoutes } from './routes/collect.js';
import { contentRoutes } from './routes/content.js';
import { contentAdminRoutes } from './routes/content-admin.js';
import { marketStreamRoutes } from './routes/market-stream.js';
import { orderRoutes } from './routes/order.js';
import { TickRecorder } from './domain/trading/ticks.js';
import { runSettlement, startSettler, type Settler } from './domain/trading/settler.js';
import type { SettleReport } from './domain/trading/settle.js';
import type { TradingContext } from './domain/trading/context.js';

/** A built server and what tests may reach into. */
export interface Server {
  app: FastifyInstance;
  deps: Deps;
  store: SchemaStore;
  calls: CallRegistry;
  /** Market data: feed (quotes, bars), SSE hub, calendar (issue 5). */
  market: Market;
  /** Trading (issue 6): the tick recorder and one settlement pass at `now` (default: the clock). */
  trading: TradingContext & { settle(now?: number): Promise<SettleReport>; settler: Settler };
  close(): Promise<void>;
}

/** Options beyond the configuration. */
export interface BuildOptions {
  clock?: Clock;
  /** An already open database (tests share one); otherwise opened from the configuration. */
  db?: Db;
  /** Refuse to build when a layout fails the catalogue (server start); lint prefers a report. */
  strictScreens?: boolean;
  logger?: boolean;
}

/**
 * Builds (but does not listen) the server.
 * @throws Error listing `file#pointer: message` lines when `strictScreens` and a layout is invalid.
 */
export async function buildServer(config: Config, options: BuildOptions = {}): Promise<Server> {
  const clock = options.clock ?? systemClock;
  const db =
    options.db ??
    (await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: path.join(config.dataDir, 'nivesh.sqlite') }));
  const messages = loadMessages(config.localesDir);
  const deps: Deps = { db, clock, config, messages, mailer: createMailer(db, clock, config.smtpUrl, config.mailFrom), storage: createStorage(config), identityKey: loadIdentityKey(config) };

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1_048_576,
  });
  installEnvelope(app, messages);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rateLimited'),
  });

  // The store's lint context reads the call names lazily: calls register after it exists.
  const store: SchemaStore = new SchemaStore(config.schemasDir, () => ({
    calls: calls.names,
    missingIn: (id) => LOCALES.filter((locale) => !messages.has(locale, id)),
  }));
  const calls: CallRegistry = new CallRegistry(app, deps, store);

  // Markets and content (issue 5). The ticker starts below; with a ManualClock (tests) it
  // never runs and reads catch up to the clock instead.
  const market = createMarket(config.market, { db, clock, serialize: (instrument, quote) => JSON.stringify(quoteView(instrument, quote)), log: app.log });
  // Trading (issue 6): ticks of symbols with open contracts are recorded from the feed.
  const trading: TradingContext = { deps, market, recorder: new TickRecorder(db, market.feed, app.log) };

  userRoutes(calls, deps);
  bankRoutes(calls, deps);
  purseRoutes(calls, deps, market);
  moneyRoutes(calls, deps);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 2, parts: 3 } });
  ossRoutes(app, calls, deps);
  identityRoutes(calls, deps);
  orderRoutes(calls, trading);
  marketRoutes(calls, deps, market);
  collectRoutes(calls, deps, market);
  contentRoutes(calls, deps, market);
  contentAdminRoutes(calls, deps);
  marketStreamRoutes(app, deps, market);
  uiRoutes(app, deps, store);
  if (config.mode === 'demo') devRoutes(app, deps);

  if (options.strictScreens) {
    const problems = store.lintAll();
    if (problems.length) {
      // Release what was opened here: a refused start must not leave the database open.
      await app.close();
      if (!options.db) await db.destroy();
      throw new Error(`screen layouts fail the catalogue:\n${formatProblems(problems)}`);
    }
  }

  const index = path.join(config.clientDir, 'index.html');
  if (fs.existsSync(index)) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; everything else is revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Every app route is a client route: serve the shell and let the router decide.
  const sendShell = (reply: FastifyReply) => {
    if (!fs.existsSync(index)) return reply.status(404).type('text/plain').send('Client not built: run `npm run build`.');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.readFileSync(index));
  };
  app.get('/', (_request, reply) => sendShell(reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') return apiNotFound(messages, request, reply);
    return sendShell(reply);
  });

  // A hand-moved clock (tests) drives the feed through reads; any running clock gets the ticker.
  if (config.market.autoStart && !(clock instanceof ManualClock)) market.start();
  // The settler settles what expired while the server was down at once; the interval runs
  // only with a running clock (tests call `trading.settle(now)` instead).
  const settler = startSettler(trading, clock, !(clock instanceof ManualClock), app.log);

  return {
    app,
    deps,
    store,
    calls,
    market,
    trading: { ...trading, settler, settle: (now = clock.now()) => runSettlement(trading, now) },
    async close() {
      await settler.stop();
      await app.close();
      await trading.recorder.stop();
      await market.stop();
      if (!options.db) await db.destroy();
    },
  };
}
