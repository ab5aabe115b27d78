/**
 * Cross-process cache invalidation: a process that changes what
 * others cache (screens, messages, configuration — and the screen studio later) publishes a
 * topic; every process, itself included, runs that topic's handlers. The Redis bus uses one
 * pub/sub channel, so a change is seen by the others within milliseconds (the bound
 * is 1 s). The local bus serves a single process.
 */
import type { Redis } from 'ioredis';
import type { ClusterLog } from './redis.js';

/** A topic handler; `detail` is the publisher's optional string (e.g. a screen id). */
export type Invalidation = (detail: string | null) => void;

/** Publish/subscribe of invalidation topics. */
export interface CacheBus {
  /** Tells every process (this one included) that `topic` changed. */
  publish(topic: string, detail?: string): Promise<void>;
  /** Runs `handler` on every publish of `topic`; returns the unsubscribe function. */
  subscribe(topic: string, handler: Invalidation): () => void;
  close(): Promise<void>;
}

function handlers() {
  const byTopic = new Map<string, Set<Invalidation>>();
  return {
    add(topic: string, handler: Invalidation) {
      const set = byTopic.get(topic) ?? new Set();
      set.add(handler);
      byTopic.set(topic, set);
      return () => void set.delete(handler);
    },
    run(topic: string, detail: string | null, log?: ClusterLog) {
      for (const handler of byTopic.get(topic) ?? []) {
        try {
          handler(detail);
        } catch (error) {
          log?.error({ err: error, topic }, 'cache invalidation handler failed');
        }
      }
    },
    clear: () => byTopic.clear(),
  };
}

/** One process: handlers run synchronously on publish. */
export function localCacheBus(): CacheBus {
  const h = handlers();
  return {
    publish: async (topic, detail) => h.run(topic, detail ?? null),
    subscribe: (topic, handler) => h.add(topic, handler),
    close: async () => h.clear(),
  };
}

/** Several processes: topics on the Redis channel `<prefix>invalidate`. */
export function redisCacheBus(publisher: Redis, subscriber: Redis, prefix: string, log?: ClusterLog): CacheBus {
  const channel = `${prefix}invalidate`;
  const h = handlers();
  void subscriber.subscribe(channel).catch((error: unknown) => log?.error({ err: error }, 'subscribing to invalidations failed'));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const { topic, detail } = JSON.parse(message) as { topic: string; detail: string | null };
      h.run(topic, detail, log);
    } catch {
      // a foreign message on our channel: ignored
    }
  });
  return {
    async publish(topic, detail) {
      await publisher.publish(channel, JSON.stringify({ topic, detail: detail ?? null }));
    },
    subscribe: (topic, handler) => h.add(topic, handler),
    async close() {
      h.clear();
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
