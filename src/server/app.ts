/**
 * Builds the Fastify server: database, mail, messages, schema store, `/api` calls, demo
 * mailbox and the built client with an SPA fallback. `main.ts` listens; tests use `inject`
 * or listen on a random port.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { LOCALES } from '../shared/lang.js';
import { ManualClock, systemClock, type Clock } from './clock.js';
import { productionRefusals, type Config } from './config.js';
import { openDb, type Db } from './db/index.js';
import type { Deps } from './domain/deps.js';
import { forgetSessions } from './domain/sessions.js';
import { AppError } from './domain/errors.js';
import { loadMessages } from './i18n.js';
import { createMailer } from './mail/mailer.js';
import { createStorage } from './storage/index.js';
import { loadIdentityKey } from './domain/identity/cipher.js';
import { CallRegistry, callSchemas } from './http/calls.js';
import { apiNotFound, installEnvelope } from './http/envelope.js';
import { inlineStyleHashes, registerDelivery } from './http/delivery.js';
import { ShellRenderer } from './http/shell.js';
import { installNulGuard } from './http/nul-guard.js';
import { SchemaStore } from './screens/store.js';
import { formatProblems } from './screens/lint.js';
import { userRoutes } from './routes/user.js';
import { staffTotpRoutes } from './routes/staff-totp.js';
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
import { runSettlement, settlerJobs } from './domain/trading/settler.js';
import type { SettleReport } from './domain/trading/settle.js';
import type { TradingContext } from './domain/trading/context.js';
import { bindFeedToLeader, createCluster, type ClusterRuntime } from './cluster/index.js';
import { redisBudget } from './cluster/shared-budget.js';
import { JobRunner } from './jobs/runner.js';
import { createMetrics } from './ops/metrics.js';
import { opsRoutes } from './routes/ops.js';
import { openApiRoutes } from './routes/openapi.js';
import { screensAdminRoutes } from './routes/screens-admin.js';
import { studioRoutes } from './routes/studio.js';
import { formsRoutes } from './routes/forms.js';
import { refreshMessages, refreshPublished } from './domain/studio/sync.js';
import { ipoRoutes } from './routes/ipo.js';
import { etfRoutes } from './routes/etf.js';
import { documentRoutes } from './routes/documents.js';
import { ipoJob } from './domain/ipo/job.js';
import { runIpoJob, type IpoJobReport } from './domain/ipo/allot.js';
import { blockTradingRoutes } from './routes/block-trading.js';
import { gatherRoutes } from './routes/gather.js';
import { aiRecommendRoutes } from './routes/ai-recommend.js';
import { gatherJob, runDueTranches, type GatherReport } from './domain/offerings/gather-runner.js';
import { OrderMatcher, orderMatchJob, type MatchReport } from './domain/orders/fill.js';
import { refitBaskets } from './domain/ai/baskets.js';
import { refitJob } from './domain/ai/job.js';
import { ledgerCheckJob, type LedgerCheckStatus } from './domain/ledger/check-job.js';

/** A built server and what tests may reach into. */
export interface Server {
  app: FastifyInstance;
  deps: Deps;
  store: SchemaStore;
  calls: CallRegistry;
  /** Market data: feed (quotes, bars), SSE hub, calendar. */
  market: Market;
  /** Trading: the tick recorder and one settlement pass at `now` (default: the clock). */
  trading: TradingContext & { settle(now?: number): Promise<SettleReport> };
  /** Shared mode (Redis, feed leader lock, cache bus) or its in-process stand-ins. */
  cluster: ClusterRuntime;
  /** Background jobs, exactly once across processes; features register theirs here. */
  jobs: JobRunner;
  /** IPOs: one allotment/listing pass at `now` (default: the clock). */
  ipo: { run(now?: number): Promise<IpoJobReport> };
  /**
   * Offerings: one gather pass at `now` (default: the clock), a basket refit at
   * `now` regardless of the job's slot (the job itself: `jobs.runOnce('ai.refit', now)`).
   */
  offerings: { runGather(now?: number): Promise<GatherReport>; refit(now?: number): Promise<void> };
  /** Resting orders: one matcher pass at `now` (default: the clock): expiries, fills from ticks and current prices. */
  orders: { run(now?: number): Promise<MatchReport> };
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
  const refusals = productionRefusals(config);
  if (refusals.length) throw new Error(`refusing to start in production mode:\n  ${refusals.join('\n  ')}`);
  const db =
    options.db ??
    (await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, preparedStatements: config.pgPreparedStatements, poolMax: config.pgPoolMax ?? undefined } : { kind: 'sqlite', file: path.join(config.dataDir, 'nivesh.sqlite') }));
  const messages = loadMessages(config.localesDir);
  const deps: Deps = { db, clock, config, messages, mailer: createMailer(db, clock, config.smtpUrl, config.mailFrom), storage: createStorage(config), identityKey: loadIdentityKey(config) };

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1_048_576,
  });
  deps.log = app.log;
  messages.useLog(app.log);
  installEnvelope(app, messages);
  installNulGuard(app, messages);
  // With PostgreSQL + Redis, rate-limit counters, quote batches and cache
  // invalidations are shared by every process.
  const cluster = createCluster(config, app.log);
  // Compression and security headers for every answer; before any route. With them,
  // in demo mode only: which process answered (tests of several processes behind one port
  // read it); production answers never name a process id.
  // The shell's critical CSS is allowed by its hash (no 'unsafe-inline' styles).
  const shellHtml = path.join(config.clientDir, 'index.html');
  const styleHashes = fs.existsSync(shellHtml) ? inlineStyleHashes(fs.readFileSync(shellHtml, 'utf8')) : [];
  await registerDelivery(app, config, config.mode === 'demo' ? { 'X-Nivesh-Process': String(process.pid) } : {}, styleHashes);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rateLimited'),
    ...(cluster.redis ? { redis: cluster.redis, nameSpace: `${config.cluster.redisPrefix}rl:`, skipOnError: false } : {}),
  });

  // The store's lint context reads the call names lazily: calls register after it exists.
  const store: SchemaStore = new SchemaStore(config.schemasDir, () => ({
    calls: calls.names,
    callInfo: (name) => calls.info.get(name),
    missingIn: (id) => LOCALES.filter((locale) => !messages.has(locale, id)),
    labelsOf: (id) => LOCALES.flatMap((locale) => (messages.has(locale, id) ? [messages.catalog(locale)[id]!] : [])),
    callSchemas: (name) => callSchemas(calls, store, name),
  }), config.cluster.screenRecheckMs);
  const calls: CallRegistry = new CallRegistry(app, deps, store);

  // Markets and content. The ticker starts below; with a ManualClock (tests) it
  // never runs and reads catch up to the clock instead.
  const market = createMarket(config.market, {
    db,
    clock,
    serialize: (instrument, quote) => JSON.stringify(quoteView(instrument, quote)),
    log: app.log,
    transport: cluster.transport,
  });
  // Only the holder of the feed lock ticks; the others mirror its batches.
  bindFeedToLeader(market.feed, cluster.leader, app.log);
  // Cached screens and messages are dropped on every process when one publishes a change.
  cluster.bus.subscribe('screens', () => store.invalidate());
  cluster.bus.subscribe('messages', () => messages.reload());
  // Sessions kept in memory are forgotten on every process when one revokes a session.
  cluster.bus.subscribe('sessions', () => forgetSessions(db));
  deps.announce = (topic) => cluster.bus.publish(topic);
  // What the studio published (latest screen versions, texts) is served from the
  // start and re-read from the database whenever any process announces a change.
  await refreshMessages(deps);
  const studioLog = (error: unknown) => app.log.error({ err: error }, 'reloading studio publications failed');
  cluster.bus.subscribe('screens', () => void refreshPublished(deps, store).catch(studioLog));
  cluster.bus.subscribe('messages', () => void refreshMessages(deps).catch(studioLog));
  const ledgerCheck: LedgerCheckStatus = { last: null };
  const metrics = createMetrics({ db, clock, market, isLeader: () => cluster.leader.isLeader, ledgerCheck });
  metrics.install(app);
  const jobs = new JobRunner(db, clock, app.log);
  // Trading: ticks of symbols with open contracts are recorded from the feed.
  const trading: TradingContext = { deps, market, recorder: new TickRecorder(db, market.feed, app.log) };

  userRoutes(calls, deps, cluster.redis ? redisBudget(cluster.redis, config.cluster.redisPrefix) : undefined);

  staffTotpRoutes(calls, deps);
  bankRoutes(calls, deps);
  purseRoutes(calls, deps, market);
  moneyRoutes(calls, deps, market);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 2, parts: 3 } });
  ossRoutes(app, calls, deps);
  identityRoutes(calls, deps);
  orderRoutes(calls, trading);
  ipoRoutes(calls, deps, market);
  etfRoutes(calls, trading);
  documentRoutes(app, calls, deps);
  blockTradingRoutes(calls, trading);
  gatherRoutes(calls, trading);
  aiRecommendRoutes(calls, trading);
  marketRoutes(calls, deps, market);
  collectRoutes(calls, deps, market);
  contentRoutes(calls, deps, market);
  contentAdminRoutes(calls, deps);
  screensAdminRoutes(calls, deps, store, cluster.bus);
  studioRoutes(calls, deps, store, cluster.bus);
  formsRoutes(calls, deps, store);
  marketStreamRoutes(app, deps, market);
  opsRoutes(app, deps, market, cluster, metrics.registry);
  openApiRoutes(app, calls, store);
  uiRoutes(app, deps, store);
  if (config.mode === 'demo') devRoutes(app, deps);

  // The latest published screen versions, checked against the registered calls.
  await refreshPublished(deps, store);

  if (options.strictScreens) {
    const problems = store.lintAll();
    if (problems.length) {
      // Release what was opened here: a refused start must not leave the database open.
      await app.close();
      if (!options.db) await db.destroy();
      throw new Error(`screen layouts fail the catalogue:\n${formatProblems(problems)}`);
    }
  }

  // The shell with per-route preloads of the screen and the locale chunk.
  const shell = new ShellRenderer(config.clientDir, { has: (id) => store.screenIds().includes(id), blockKinds: (id) => store.blockKinds(id) }, config.money.accountCurrency);
  if (shell.exists()) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz next to every asset (vite.config.ts); sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; everything else is revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Every app route is a client route: serve the shell and let the router decide.
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    if (!shell.exists()) return reply.status(404).type('text/plain').send('Client not built: run `npm run build`.');
    const html = shell.render(request.url.split('?')[0]!, request.headers.cookie);
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(html);
  };
  app.get('/', (request, reply) => sendShell(request, reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return apiNotFound(messages, request, reply);
    return sendShell(request, reply);
  });

  // A hand-moved clock (tests) drives the feed through reads; any running clock gets the ticker.
  if (config.market.autoStart && !(clock instanceof ManualClock)) market.start();
  // Background jobs: contract settlement, IPO allotment and listing, gather
  // tranches and the AI basket refit, the ledger check. What fell due while the server was down runs at once; the intervals
  // only with a running clock (tests call `trading.settle(now)`, `ipo.run`, `offerings.runGather`;
  // `jobs.started` resolves after the start-up passes).
  const matcher = new OrderMatcher(trading);
  for (const job of [...settlerJobs(trading), ipoJob(deps, app.log, market), gatherJob(trading), orderMatchJob(trading, matcher), refitJob(trading, jobs), ledgerCheckJob(db, config.ledgerCheckIntervalMs, ledgerCheck, app.log)]) jobs.register(job);
  void jobs.launch(!(clock instanceof ManualClock));

  return {
    app,
    deps,
    store,
    calls,
    market,
    trading: { ...trading, settle: (now = clock.now()) => runSettlement(trading, now) },
    cluster,
    jobs,
    ipo: { run: (now = clock.now()) => runIpoJob(deps, now, app.log, market) },
    offerings: { runGather: (now = clock.now()) => runDueTranches(trading, now), refit: (now = clock.now()) => refitBaskets(trading, now) },
    orders: { run: (now = clock.now()) => matcher.run(now) },
    async close() {
      await jobs.stop();
      matcher.stop();
      await app.close();
      await trading.recorder.stop();
      await market.stop();
      await cluster.close();
      if (!options.db) await db.destroy();
    },
  };
}
