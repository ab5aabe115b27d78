/**
 * Reads the `Idempotency-Key` header of a money-moving call (docs/product.md, Calls). Optional:
 * without it the call simply runs. With it, the domain's `runIdempotent` returns the first
 * answer to a retry.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.js';
import type { IdempotencyRequest } from '../domain/idempotency.js';

const KEY = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The request's key bound to its call and validated body, or null when no key was sent.
 * @throws AppError `idempotencyKeyInvalid` (empty, repeated, longer than 100 characters or
 *   other than letters, digits, `.`, `_`, `:`, `-`).
 */
export function idempotencyOf(request: FastifyRequest, call: string, body: unknown): IdempotencyRequest | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('idempotencyKeyInvalid');
  return { key: header, call, body };
}
