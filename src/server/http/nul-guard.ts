/**
 * NUL bytes: a string containing U+0000 anywhere in a request's path, query or
 * JSON body is refused before any handler runs — code 1000 naming the field — on every
 * database (PostgreSQL cannot store U+0000 in text). So is a body nested deeper than
 * {@link MAX_BODY_DEPTH} levels: later code that walks a body (validation, logging, domain
 * code) never meets a nesting that could overflow its stack.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/lang.js';
import { AppError } from '../domain/errors.js';
import type { Messages } from '../i18n.js';
import { requestLocale } from './envelope.js';

/** Deepest nesting of arrays and objects a request may carry (the top-level body is level 1). */
export const MAX_BODY_DEPTH = 64;

/** What the guard found wrong, and where (the dotted field path). */
export interface InputProblem {
  field: string;
  kind: 'nul' | 'depth';
}

/**
 * The first string or key holding U+0000, or the first array/object nested deeper than
 * {@link MAX_BODY_DEPTH}, in document order; null when neither. Walks with an explicit stack
 * (no recursion), so any nesting the JSON parser accepted is checked without overflowing.
 * @param value a parsed JSON value or query object.
 * @param prefix the path so far (`''` at the top).
 */
export function findInputProblem(value: unknown, prefix = ''): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: prefix, depth: 0 }];
  while (stack.length) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { field: path || 'value', kind: 'nul' };
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth + 1 > MAX_BODY_DEPTH) return { field: path || 'value', kind: 'depth' };
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) children.push({ value: item[i], path: `${path}[${i}]`, depth: depth + 1 });
    } else {
      for (const [key, child] of Object.entries(item as Record<string, unknown>)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return { field: childPath.replace(/\u0000/g, '\\0'), kind: 'nul' };
        children.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/**
 * The dotted path of the first string or key holding U+0000, or null (nesting is not limited here).
 * @param value a parsed JSON value or query object.
 * @param prefix the path so far (`''` at the top).
 */
export function findNul(value: unknown, prefix = ''): string | null {
  const problem = findInputProblem(value, prefix);
  return problem?.kind === 'nul' ? problem.field : null;
}

/** The validation error for a NUL byte in `field`: code 1000, `data.errors` naming it. */
export function nulError(messages: Messages, locale: Locale, field: string): AppError {
  const message = `${field}: ${messages.format(locale, 'validation.nulByte')}`;
  return new AppError('validation', { detail: message }, { errors: [{ field, message }] });
}

/** The validation error for a body nested deeper than {@link MAX_BODY_DEPTH} at `field`: code 1000 naming it. */
export function depthError(messages: Messages, locale: Locale, field: string): AppError {
  const message = `${field}: ${messages.format(locale, 'validation.tooDeep', { max: MAX_BODY_DEPTH })}`;
  return new AppError('validation', { detail: message }, { errors: [{ field, message }] });
}

/** What is wrong with a request's path, query or body (NUL byte or nesting too deep); null when nothing. */
export function inputProblemInRequest(request: FastifyRequest): InputProblem | null {
  const pathPart = request.url.split('?')[0] ?? '';
  if (/%00/i.test(pathPart) || pathPart.includes('\u0000')) return { field: 'path', kind: 'nul' };
  return findInputProblem(request.params) ?? findInputProblem(request.query) ?? findInputProblem(request.body);
}

/** Where in a request a NUL byte sits: `path`, a query field or a body field; null when none. */
export function nulInRequest(request: FastifyRequest): string | null {
  const problem = inputProblemInRequest(request);
  return problem?.kind === 'nul' ? problem.field : null;
}

/**
 * Installs the guard on every route (before validation and handlers). A callback hook, not an
 * async one: every request passes it, and a clean request then costs no promise.
 */
export function installNulGuard(app: FastifyInstance, messages: Messages): void {
  app.addHook('preValidation', (request, _reply, done) => {
    let refusal: Error | undefined;
    try {
      const problem = inputProblemInRequest(request);
      if (problem) refusal = (problem.kind === 'nul' ? nulError : depthError)(messages, requestLocale(request), problem.field);
    } catch (error) {
      refusal = error as Error;
    }
    done(refusal);
  });
}
