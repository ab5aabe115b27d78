/**
 * The `{code, message, data}` envelope (docs/product.md, Calls): success bodies, and the one error
 * handler that turns every failure into a catalogue code, a localized message and the HTTP
 * status of its class.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, OK_CODE, type Envelope } from '../../shared/codes.js';
import { localeFromQuery, type Locale } from '../../shared/lang.js';
import { AppError } from '../domain/errors.js';
import type { Messages } from '../i18n.js';

/** The request's message locale from its `lang` query (default German). */
export function requestLocale(request: FastifyRequest): Locale {
  return localeFromQuery((request.query as Record<string, unknown> | undefined)?.lang);
}

/** A success envelope. */
export function ok<T>(messages: Messages, locale: Locale, data: T): Envelope<T> {
  return { code: OK_CODE, message: messages.format(locale, 'common.success'), data };
}

/** Sends an AppError as an envelope with its HTTP status. */
export function sendError(reply: FastifyReply, messages: Messages, locale: Locale, error: AppError): FastifyReply {
  const body: Envelope = { code: error.code, message: messages.format(locale, error.messageId, error.values), data: error.data };
  return reply.status(error.status).send(body);
}

/** Installs the error and not-found handlers for `/api`. */
export function installEnvelope(app: FastifyInstance, messages: Messages): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) return sendError(reply, messages, locale, error);
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendError(reply, messages, locale, new AppError('rateLimited'));
    // Over the body limit: its own refusal with the limit, not "could not be read".
    if (status === 413) return sendError(reply, messages, locale, new AppError('bodyTooLarge', { max: Math.round(request.server.initialConfig.bodyLimit! / 1024) }));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return sendError(reply, messages, locale, new AppError('badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, messages, locale, new AppError('internal'));
  });
}

/** The `/api` not-found answer. */
export function apiNotFound(messages: Messages, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, messages, requestLocale(request), new AppError('notFound'));
}

export { ERRORS };
