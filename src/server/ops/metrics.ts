/**
 * Prometheus metrics of one process, via prom-client: request rate and
 * latency per call (`route` = the registered URL, e.g. `/api/order/buy`), SSE clients, feed
 * lag, settlement backlog, ledger postings and the last ledger check's violations per kind,
 * plus Node's default process metrics. Gauges
 * that need the database are read when Prometheus scrapes, never on the request path.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { Market } from '../market/index.js';
import type { LedgerCheckStatus } from '../domain/ledger/check-job.js';
import { LEDGER_VIOLATION_KINDS } from '../domain/ledger/check.js';

/** Everything the gauges read at scrape time. */
export interface MetricsSources {
  db: Db;
  clock: Clock;
  market: Market;
  isLeader(): boolean;
  /** The last ledger check of this process (`ledger.check` job), null before its first run. */
  ledgerCheck?: LedgerCheckStatus;
}

/** A registry with the server's metrics; `install` adds the request hooks. */
export function createMetrics(sources: MetricsSources): { registry: Registry; install(app: FastifyInstance): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'nivesh_http_requests_total', help: 'HTTP requests by route, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'nivesh_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({ name: 'nivesh_sse_clients', help: 'Connected SSE quote clients of this process', registers: [registry], collect() { this.set(sources.market.hub.size); } });
  new Gauge({ name: 'nivesh_feed_leader', help: '1 when this process computes the market feed', registers: [registry], collect() { this.set(sources.isLeader() ? 1 : 0); } });
  new Gauge({
    name: 'nivesh_feed_lag_seconds',
    help: 'Seconds since this process last received a quote batch',
    registers: [registry],
    collect() {
      const at = sources.market.lastBatchAt();
      this.set(at === null ? -1 : (sources.clock.now() - at) / 1000);
    },
  });
  new Gauge({
    name: 'nivesh_settlement_backlog',
    help: 'Open contracts past their expiry (not yet settled)',
    registers: [registry],
    async collect() {
      const row = await sql<{ n: number | string }>`select count(*) as n from contracts where status = 'open' and expires_at <= ${sources.clock.now()}`.execute(sources.db);
      this.set(Number(row.rows[0]?.n ?? 0));
    },
  });
  new Gauge({
    name: 'nivesh_ledger_postings',
    help: 'Ledger postings in the database',
    registers: [registry],
    async collect() {
      const row = await sql<{ n: number | string }>`select count(*) as n from postings`.execute(sources.db);
      this.set(Number(row.rows[0]?.n ?? 0));
    },
  });

  new Gauge({
    name: 'nivesh_ledger_violations',
    help: 'Violations per kind found by the last ledger check this process ran (absent before its first run)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const last = sources.ledgerCheck?.last;
      if (!last) return;
      for (const kind of LEDGER_VIOLATION_KINDS) this.set({ kind }, last.counts[kind]);
    },
  });

  return {
    registry,
    install(app) {
      // The labelled series of each route, method and status, looked up once: prom-client
      // hashes a label object on every `inc`/`observe`, its children do not.
      const series = new Map<string, { count: { inc(): void }; latency: { observe(seconds: number): void } }>();
      // A callback hook, not an async one: no promise and no extra microtask per request.
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched';
        if (route !== '/api/markets/stream') { // a stream's duration is not a latency
          const key = `${request.method} ${reply.statusCode} ${route}`;
          let children = series.get(key);
          if (!children) {
            children = { count: requests.labels(route, request.method, String(reply.statusCode)), latency: latency.labels(route, request.method) };
            series.set(key, children);
          }
          children.count.inc();
          children.latency.observe(reply.elapsedTime / 1000);
        }
        done();
      });
    },
  };
}
