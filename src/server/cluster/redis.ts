/**
 * Redis connections of one process: one for commands (rate limits, publishes) and
 * one per subscriber (a subscribed ioredis connection accepts no other commands). ioredis
 * reconnects by itself; errors are logged, never thrown into the process.
 */
import { Redis } from 'ioredis';

/** Logger subset used by the cluster modules. */
export interface ClusterLog {
  info?(obj: unknown, msg?: string): void;
  warn?(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Opens a Redis connection.
 * @param url `redis://host:port/db` (or `rediss://`).
 * @param name connection name shown by `CLIENT LIST`.
 */
export function openRedis(url: string, name: string, log?: ClusterLog): Redis {
  const redis = new Redis(url, { connectionName: name, maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  let reported = false;
  redis.on('error', (error: unknown) => {
    if (reported) return;
    reported = true; // ioredis retries every few ms: report once per outage
    log?.error({ err: error }, `redis ${name} unreachable`);
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}
