/**
 * The scale-out runtime of one process (docs/deploy.md). With `DATABASE_URL`
 * (PostgreSQL) and `REDIS_URL` set, processes share: the market feed (one leader by a
 * PostgreSQL advisory lock, quote batches on Redis pub/sub), rate-limit counters (Redis),
 * cache invalidations (Redis pub/sub). Otherwise everything is in-process, as before.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { MarketFeed } from '../market/feed.js';
import { localCacheBus, redisCacheBus, type CacheBus } from './cache-bus.js';
import { AdvisoryLeaderLock, soloLeader, type LeaderLock } from './leader.js';
import { inProcessTransport, redisTransport, type QuoteTransport } from './quote-transport.js';
import { openRedis, type ClusterLog } from './redis.js';

/** What the server uses of the cluster. */
export interface ClusterRuntime {
  /** True with PostgreSQL + Redis (several processes). */
  readonly shared: boolean;
  /** The command connection (rate limits), or null in single-process mode. */
  readonly redis: Redis | null;
  readonly leader: LeaderLock;
  readonly transport: QuoteTransport;
  readonly bus: CacheBus;
  /** Whether Redis answers PING (true without Redis). */
  redisReachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** Builds the runtime the configuration asks for; connects but starts no lock polling. */
export function createCluster(config: Config, log?: ClusterLog): ClusterRuntime {
  const { cluster } = config;
  if (!cluster.shared || !config.databaseUrl || !cluster.redisUrl) {
    return {
      shared: false,
      redis: null,
      leader: soloLeader(),
      transport: inProcessTransport(),
      bus: localCacheBus(),
      redisReachable: async () => true,
      close: async () => undefined,
    };
  }
  const redis = openRedis(cluster.redisUrl, 'nivesh', log);
  const subscriber = openRedis(cluster.redisUrl, 'nivesh-sub', log);
  const transport = redisTransport(redis, subscriber, cluster.redisPrefix, log);
  const bus = redisCacheBus(redis, subscriber, cluster.redisPrefix, log);
  const leader = new AdvisoryLeaderLock(config.databaseUrl, undefined, cluster.leaderPollMs, log);
  return {
    shared: true,
    redis,
    leader,
    transport,
    bus,
    async redisReachable() {
      try {
        return (await Promise.race([redis.ping(), new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 1000).unref())])) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await leader.stop();
      await transport.close();
      await bus.close();
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Puts the feed under the leader lock: it follows until this process holds the lock, leads
 * while it does, follows again when it loses it. A no-op for the solo lock (always leads).
 */
export function bindFeedToLeader(feed: MarketFeed, leader: LeaderLock, log?: ClusterLog): void {
  if (leader.isLeader) return;
  feed.follow();
  leader.onChange((leading) => {
    if (!leading) return feed.follow();
    feed.lead().catch((error: unknown) => log?.error({ err: error }, 'taking over the market feed failed'));
  });
  leader.start();
}
