/**
 * Login throttling (OWASP ASVS 5.0 §6.3): failed logins are counted per account and
 * per client IP in `auth_throttle`. After a few free failures each further failure doubles the
 * wait before the next attempt (1 s, 2 s, 4 s … capped at 5 minutes); a quiet quarter of an hour
 * forgets the failures and a successful login clears the account's count. There is no
 * permanent lockout an attacker could trigger. Also the per-IP request budget that `user/login`,
 * `user/register` and `user/changePassword` share (`LOGIN_PER_IP_PER_15MIN`).
 */
import { AppError } from './errors.js';
import type { Deps } from './deps.js';

/** Failures forgotten after this much quiet time (ms). */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Longest wait between attempts (ms). */
export const MAX_DELAY_MS = 5 * 60_000;
/** Free failures per account before delays start. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Free failures per IP before delays start (many users may share an IP). */
export const IP_FREE_FAILURES = 20;

/** The throttle key of an account (normalized email) or of a client IP. */
export const accountKey = (email: string): string => `account:${email}`;
export const ipKey = (ip: string): string => `ip:${ip}`;

/** Wait after the `failures`-th failure with `free` free ones (ms); 0 while still free. */
export function delayAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(20, failures - free - 1));
}

/**
 * Refuses an attempt while any key is waiting out its delay.
 * @throws AppError `loginThrottled` with `seconds` until the next attempt is allowed.
 */
export async function assertNotThrottled(deps: Deps, keys: string[]): Promise<void> {
  const now = deps.clock.now();
  const rows = await deps.db.selectFrom('auth_throttle').select(['blocked_until']).where('key', 'in', keys).execute();
  const until = Math.max(0, ...rows.map((r) => Number(r.blocked_until)));
  if (until > now) throw new AppError('loginThrottled', { seconds: Math.ceil((until - now) / 1000) });
}

/** Counts one failure for a key and sets its next allowed attempt. */
export async function recordFailure(deps: Deps, key: string, free: number): Promise<void> {
  const now = deps.clock.now();
  const row = await deps.db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
  const failures = row && now - Number(row.last_failure_at) < FAILURE_WINDOW_MS ? row.failures + 1 : 1;
  const blockedUntil = now + delayAfter(failures, free);
  await deps.db
    .insertInto('auth_throttle')
    .values({ key, failures, last_failure_at: now, blocked_until: blockedUntil })
    .onConflict((oc) => oc.column('key').doUpdateSet({ failures, last_failure_at: now, blocked_until: blockedUntil }))
    .execute();
}

/** Forgets a key's failures (after a successful login). */
export async function clearFailures(deps: Deps, key: string): Promise<void> {
  await deps.db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/**
 * A budget counter shared by every API process (Redis, see
 * `cluster/shared-budget.ts`). `take` counts one request of `key` in the fixed window holding
 * `now` and answers whether it is within `max`.
 */
export interface SharedBudget {
  take(key: string, max: number, windowMs: number, now: number): Promise<boolean>;
}

/**
 * A fixed-window request budget per client IP, shared by the calls that take a password or
 * a code (login, register, changePassword), on the injected clock. One per server process,
 * or one for all of them when a {@link SharedBudget} is given.
 */
export class IpBudget {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly deps: Deps,
    /** Requests per window. */
    private readonly max: number,
    private readonly windowMs = FAILURE_WINDOW_MS,
    private readonly shared?: SharedBudget,
  ) {}

  /**
   * Takes one request from the IP's budget.
   * @throws AppError `rateLimited` (1029) when the window's budget is used up.
   */
  async take(ip: string): Promise<void> {
    const now = this.deps.clock.now();
    if (this.shared) {
      if (!(await this.shared.take(`ip:${ip}`, this.max, this.windowMs, now))) throw new AppError('rateLimited');
      return;
    }
    if (this.windows.size > 10_000) {
      for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
    }
    let window = this.windows.get(ip);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(ip, window);
    }
    if (window.used >= this.max) throw new AppError('rateLimited');
    window.used++;
  }
}
