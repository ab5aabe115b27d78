/**
 * Request budgets counted in Redis, so a per-IP limit holds across
 * every API process (`login`, `register`, `changePassword` share one, see
 * `domain/login-throttle.ts`). Fixed windows aligned to the injected clock: key
 * `<prefix>budget:<key>:<window start>`, `INCR` + `PEXPIRE` in one MULTI.
 */
import type { Redis } from 'ioredis';
import type { SharedBudget } from '../domain/login-throttle.js';

/** A {@link SharedBudget} on Redis. Redis errors propagate (the call answers 1099, nothing changes). */
export function redisBudget(redis: Redis, prefix: string): SharedBudget {
  return {
    async take(key, max, windowMs, now) {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const redisKey = `${prefix}budget:${key}:${windowStart}`;
      const result = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs * 2).exec();
      const count = Number(result?.[0]?.[1] ?? Number.POSITIVE_INFINITY);
      return count <= max;
    },
  };
}
