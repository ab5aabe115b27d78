/**
 * NUL bytes: a string containing U+0000 anywhere in a request's path, query or
 * JSON body is refused before any handler runs — code 1000 naming the field — on every
 * database (PostgreSQL cannot store U+0000 in text and would answer 500).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/lang.js';
import { AppError } from '../domain/errors.js';
import type { Messages } from '../i18n.js';
import { requestLocale } from './envelope.js';

/**
 * The dotted path of the first string or key holding U+0000, or null.
 * @param value a parsed JSON value or query object.
 * @param prefix the path so far (`''` at the top).
 */
export function findNul(value: unknown, prefix = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? prefix || 'value' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${prefix}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (key.includes('\u0000')) return path.replace(/\u0000/g, '\\0');
      const hit = findNul(item, path);
      if (hit) return hit;
    }
  }
  return null;
}

/** The validation error for a NUL byte in `field`: code 1000, `data.errors` naming it. */
export function nulError(messages: Messages, locale: Locale, field: string): AppError {
  const message = `${field}: ${messages.format(locale, 'validation.nulByte')}`;
  return new AppError('validation', { detail: message }, { errors: [{ field, message }] });
}

/** Where in a request a NUL byte sits: `path`, a query field or a body field; null when none. */
export function nulInRequest(request: FastifyRequest): string | null {
  const pathPart = request.url.split('?')[0] ?? '';
  if (/%00/i.test(pathPart) || pathPart.includes('\u0000')) return 'path';
  return findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
}

/**
 * Installs the guard on every route (before validation and handlers). A callback hook, not an
 * async one: every request passes it, and a clean request then costs no promise.
 */
export function installNulGuard(app: FastifyInstance, messages: Messages): void {
  app.addHook('preValidation', (request, _reply, done) => {
    let refusal: Error | undefined;
    try {
      const field = nulInRequest(request);
      if (field) refusal = nulError(messages, requestLocale(request), field);
    } catch (error) {
      refusal = error as Error;
    }
    done(refusal);
  });
}
