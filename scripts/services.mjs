/**
 * Whether the services the PostgreSQL and cluster tests need answer: one attempt each, bounded
 * in time, never retrying. Used by `npm test` (scripts/test.mjs) to decide which steps run and
 * by the cluster harness (tests/support/cluster.ts) to skip its suite.
 */
import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * Whether PostgreSQL at `url` accepts a connection and answers `select 1`.
 * @param timeoutMs longest wait for the connection and again for the query (ms).
 */
export async function postgresReachable(url, timeoutMs = 3000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether Redis at `url` answers PING with PONG (ioredis, one attempt, no reconnecting, no
 * offline queue).
 * @param timeoutMs longest wait for the connection and again for the PING (ms).
 */
export async function redisReachable(url, timeoutMs = 3000) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
