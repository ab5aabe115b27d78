/**
 * `Idempotency-Key` for money-moving calls (docs/product.md, Calls): per user and key, the first
 * successful answer is stored in the same transaction as its effect. A retry with the same
 * key and the same call and body returns that answer and moves nothing; the same key with
 * another call or body is refused (`idempotencyMismatch`). A failed attempt changes nothing
 * and is not remembered, so a retry runs again.
 *
 * Races: the key row is inserted first inside the operation's transaction. On PostgreSQL a
 * parallel retry blocks on the primary key until the first commits, then fails with a unique
 * violation and answers the stored response; on SQLite transactions are serialized.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import { uniqueViolation } from '../db/unique.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';
import { durableSoFar, moneyTransaction, type MoneyTransactionOptions } from './ledger/index.js';

/** The key and what it was sent with. */
export interface IdempotencyRequest {
  /** The header's value (validated by the HTTP layer). */
  key: string;
  /** Call name, e.g. `withdrawal`: the same key on another call is a mismatch. */
  call: string;
  /** The validated body. */
  body: unknown;
}

/** JSON with object keys sorted at every level, so equal bodies hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const requestHash = (request: IdempotencyRequest): string => createHash('sha256').update(`${request.call}\n${canonicalJson(request.body)}`).digest('hex');

async function stored<T>(db: Db, userId: string, request: IdempotencyRequest, hash: string): Promise<{ hit: true; response: T } | { hit: false }> {
  const row = await db.selectFrom('idempotency_keys').select(['request_hash', 'response_json']).where('user_id', '=', userId).where('key', '=', request.key).executeTakeFirst();
  if (!row) return { hit: false };
  if (row.request_hash !== hash) throw new AppError('idempotencyMismatch');
  // The first answer may be committed but not yet synced (SQLite): answered once it is durable.
  await durableSoFar(db);
  return { hit: true, response: JSON.parse(row.response_json) as T };
}

/**
 * Runs a money operation once per key: checks outside the transaction (`prepare`, may read
 * with `deps.db`), then the effect in one transaction (`apply`, must use only `trx`).
 * @param request null when the call carried no key: the operation simply runs.
 * @param options how the transaction may run when there is no key (`moneyTransaction`); with a
 *   key the key's row is written too, so it is always a transaction.
 * @returns the operation's answer, or the stored first answer for a retry.
 * @throws AppError `idempotencyMismatch`, or whatever `prepare` / `apply` throw.
 */
export async function runIdempotent<P, T>(
  deps: Deps,
  userId: string,
  request: IdempotencyRequest | null,
  prepare: () => Promise<P> | P,
  apply: (trx: Db, prepared: P) => Promise<T>,
  options: MoneyTransactionOptions = {},
): Promise<T> {
  if (!request) {
    const prepared = await prepare();
    return moneyTransaction(deps.db, (trx) => apply(trx, prepared), options);
  }
  const hash = requestHash(request);
  const first = await stored<T>(deps.db, userId, request, hash);
  if (first.hit) return first.response;
  const prepared = await prepare();
  try {
    return await moneyTransaction(deps.db, async (trx) => {
      const now = deps.clock.now();
      await trx.insertInto('idempotency_keys').values({ user_id: userId, key: request.key, request_hash: hash, response_json: 'null', created_at: now }).execute();
      const response = await apply(trx, prepared);
      await trx
        .updateTable('idempotency_keys')
        .set({ response_json: JSON.stringify(response ?? null) })
        .where('user_id', '=', userId)
        .where('key', '=', request.key)
        .execute();
      return response;
    });
  } catch (error) {
    if (!uniqueViolation(error)?.includes('idempotency_keys')) throw error;
    // A parallel request with this key committed first: answer what it answered.
    const winner = await stored<T>(deps.db, userId, request, hash);
    if (winner.hit) return winner.response;
    throw error;
  }
}

/**
 * A money command's prelude: {@link runIdempotent} with the clock read once before the checks,
 * so that the checks (`prepare`) and the effect (`apply`) see the same time (epoch ms).
 * @throws AppError `idempotencyMismatch`, or whatever `prepare` / `apply` throw.
 */
export function runMoneyCommand<P, T>(
  deps: Deps,
  userId: string,
  request: IdempotencyRequest | null,
  prepare: (now: number) => Promise<P> | P,
  apply: (trx: Db, prepared: P, now: number) => Promise<T>,
): Promise<T> {
  return runIdempotent(
    deps,
    userId,
    request,
    async () => {
      const now = deps.clock.now();
      return { now, prepared: await prepare(now) };
    },
    (trx, { now, prepared }) => apply(trx, prepared, now),
  );
}
