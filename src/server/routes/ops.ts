/**
 * Operations endpoints, outside the `/api` envelope:
 * - `GET /healthz` — liveness: 200 `{status:"ok"}` while the process serves requests;
 * - `GET /readyz` — readiness for the proxy and orchestrators: 200 when the database and
 *   Redis answer and the market feed is loaded — on a follower also: a quote batch from the
 *   leader within `FEED_STALE_MS` (or the market is closed); otherwise 503 naming the check;
 * - `GET /metrics` — Prometheus text, only from `METRICS_ALLOW` networks or with
 *   `Authorization: Bearer <METRICS_TOKEN>`; others get 403 with code 1870.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { Deps } from '../domain/deps.js';
import { AppError } from '../domain/errors.js';
import type { Market } from '../market/index.js';
import type { ClusterRuntime } from '../cluster/index.js';
import { metricsAccess } from '../ops/access.js';

/** A feed that delivered nothing for this long (ms) while the market is open is not ready. */
export const FEED_STALE_MS = 10_000;

/** Result of one readiness check. */
export interface Readiness {
  ready: boolean;
  checks: { database: boolean; redis: boolean; feed: boolean };
  leader: boolean;
  /** How long this process has led the feed (ms, its own monotonic clock); null on a follower. */
  leaderForMs: number | null;
}

/** Runs the readiness checks (database `select 1`, Redis PING, feed freshness). */
export async function readiness(deps: Deps, market: Market, cluster: ClusterRuntime): Promise<Readiness> {
  const database = await sql`select 1 as one`
    .execute(deps.db)
    .then(() => true)
    .catch(() => false);
  const redis = await cluster.redisReachable();
  let feed = await market.ready().then(() => true, () => false);
  if (feed && !cluster.leader.isLeader) {
    // A follower serves the leader's stream: it must have had a batch lately (a closed
    // market publishes nothing). The leader computes the prices itself.
    const at = market.lastBatchAt();
    feed = !market.feed.status().open || (at !== null && deps.clock.now() - at <= FEED_STALE_MS);
  }
  return { ready: database && redis && feed, checks: { database, redis, feed }, leader: cluster.leader.isLeader, leaderForMs: cluster.leader.leaderForMs };
}

export function opsRoutes(app: FastifyInstance, deps: Deps, market: Market, cluster: ClusterRuntime, registry: Registry): void {
  app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const result = await readiness(deps, market, cluster);
    return reply.status(result.ready ? 200 : 503).header('Cache-Control', 'no-store').send(result);
  });

  const allowed = metricsAccess(deps.config.cluster.metricsAllow, deps.config.cluster.metricsToken);
  app.get('/metrics', async (request, reply) => {
    if (!allowed(request.ip, request.headers.authorization)) throw new AppError('metricsForbidden');
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}
