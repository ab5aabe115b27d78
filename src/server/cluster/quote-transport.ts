/**
 * How quote batches travel from the feed leader to every process's SSE hub. The
 * in-process transport hands the batch straight on (one process, the default); the Redis
 * transport publishes it on a pub/sub channel that every process — the leader included —
 * subscribes to, so all SSE clients of all processes see the same batches in the same order.
 */
import type { Redis } from 'ioredis';
import type { QuoteBatch } from '../market/feed.js';
import type { ClusterLog } from './redis.js';

/** A batch on the wire: the leader's feed `boot` id makes `<boot>-<seq>` event ids global. */
export interface WireBatch extends QuoteBatch {
  boot: string;
}

/** Publishes the leader's batches; delivers every batch (own and others') to subscribers. */
export interface QuoteTransport {
  publish(batch: WireBatch): void;
  subscribe(listener: (batch: WireBatch) => void): () => void;
  close(): Promise<void>;
}

/** Same-process delivery, synchronous (tests with a ManualClock rely on it). */
export function inProcessTransport(): QuoteTransport {
  const listeners = new Set<(batch: WireBatch) => void>();
  return {
    publish(batch) {
      for (const listener of listeners) listener(batch);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
  };
}

/**
 * Redis pub/sub delivery on `<prefix>quotes`.
 * @param publisher a command connection; `subscriber` a connection used only for SUBSCRIBE.
 */
export function redisTransport(publisher: Redis, subscriber: Redis, prefix: string, log?: ClusterLog): QuoteTransport {
  const channel = `${prefix}quotes`;
  const listeners = new Set<(batch: WireBatch) => void>();
  void subscriber.subscribe(channel).catch((error: unknown) => log?.error({ err: error }, 'subscribing to quotes failed'));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let batch: WireBatch;
    try {
      batch = JSON.parse(message) as WireBatch;
    } catch {
      return;
    }
    for (const listener of listeners) {
      try {
        listener(batch);
      } catch (error) {
        log?.error({ err: error }, 'quote batch listener failed');
      }
    }
  });
  return {
    publish(batch) {
      void publisher.publish(channel, JSON.stringify(batch)).catch((error: unknown) => log?.error({ err: error }, 'publishing quotes failed'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
